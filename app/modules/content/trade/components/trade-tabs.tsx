import { memo, useState, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { TRADE_TABS, parseTradeTab, searchWithTab, type TradeTab, type TradeTabKey } from '../tabs'
import { CustomsLogisticsPanel, DocumentationPanel, GettingStartedPanel, PaymentLegalPanel, ProductGuidelinesPanel } from './hub-panels'

// Memoised: switching tabs only flips the panels' visibility, so their (long) content need not re-render.
const PANELS: Record<TradeTabKey, ComponentType> = {
  gettingStarted: memo(GettingStartedPanel),
  productGuidelines: memo(ProductGuidelinesPanel),
  documentation: memo(DocumentationPanel),
  customsLogistics: memo(CustomsLogisticsPanel),
  paymentLegal: memo(PaymentLegalPanel),
}

/**
 * The five topic tabs. The active tab lives in `?tab=` so it can be linked and is rendered by the server;
 * switching replaces the URL without scrolling. Local state makes the switch instant while the router
 * catches up, and follows the URL when it changes from elsewhere (back/forward, links).
 */
export function TradeTabs({ initialTab }: { initialTab: TradeTab }) {
  const { t } = useTranslation('trade')
  const [searchParams, setSearchParams] = useSearchParams()
  const urlTab = searchParams.has('tab') ? parseTradeTab(searchParams.get('tab')) : initialTab
  const [tab, setTab] = useState<TradeTab>(urlTab)
  const [syncedUrlTab, setSyncedUrlTab] = useState<TradeTab>(urlTab)
  if (urlTab !== syncedUrlTab) {
    setSyncedUrlTab(urlTab)
    setTab(urlTab)
  }

  function selectTab(value: string) {
    const next = parseTradeTab(value)
    if (next === tab) return
    setTab(next)
    setSearchParams((current) => searchWithTab(current, next), { replace: true, preventScrollReset: true })
  }

  return (
    <Tabs value={tab} onValueChange={selectTab} className="flex flex-col gap-2">
      <TabsList aria-label={t('hub.tabsLabel')} className="w-full justify-start sm:w-auto sm:self-start">
        {TRADE_TABS.map(({ slug, key }) => (
          <TabsTrigger key={slug} value={slug} className="px-3.5 py-2">
            {t(`hub.tabs.${key}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      {TRADE_TABS.map(({ slug, key }) => {
        const Panel = PANELS[key]
        return (
          // Every panel is in the server HTML (forceMount) so the whole guide is indexable; inactive ones are hidden.
          <TabsContent key={slug} value={slug} forceMount className="mt-6 rounded-sm data-[state=inactive]:hidden">
            <Panel />
          </TabsContent>
        )
      })}
    </Tabs>
  )
}
