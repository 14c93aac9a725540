import { useTranslation } from 'react-i18next'
import type { Route } from './+types/trade-logistics'
import { seoMeta } from '~/lib/seo'
import { tList, type TitledText } from '~/modules/content/trade/content'
import {
  DeeperLinks,
  OnThisPage,
  TradeBody,
  TradeBreadcrumbs,
  TradeCta,
  TradeDisclaimer,
  TradeHero,
  TradeSection,
} from '~/modules/content/trade/components/layout'
import { BulletList, StepList } from '~/modules/content/trade/components/lists'
import { IncotermsTable, RoutesTable } from '~/modules/content/trade/components/tables'
import { loadTradeMeta } from '~/modules/content/trade/meta.server'

export const loader = ({ request, context }: Route.LoaderArgs) => loadTradeMeta(request, context, 'logistics')

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta({ ...loaderData, path: '/trade-instructions/logistics' }) : []

export default function TradeLogistics() {
  const { t } = useTranslation('trade')
  const sections = [
    { id: 'routes', label: t('routes.title') },
    { id: 'instc', label: t('logistics.instc.title') },
    { id: 'timeline', label: t('logistics.timeline.title') },
    { id: 'incoterms', label: t('incoterms.title') },
    { id: 'cargo', label: t('logistics.cargo.title') },
  ]
  return (
    <>
      <TradeHero
        eyebrow={t('logistics.eyebrow')}
        title={t('logistics.title')}
        intro={t('logistics.intro')}
        breadcrumbs={<TradeBreadcrumbs current={t('logistics.title')} />}
      >
        <OnThisPage items={sections} />
      </TradeHero>
      <TradeBody>
        <TradeSection id="routes" title={t('routes.title')} intro={t('routes.intro')}>
          <RoutesTable />
        </TradeSection>
        <TradeSection id="instc" title={t('logistics.instc.title')}>
          <div className="max-w-3xl space-y-4 leading-7">
            {tList(t, 'logistics.instc.body').map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        </TradeSection>
        <TradeSection id="timeline" title={t('logistics.timeline.title')}>
          <StepList steps={tList<TitledText>(t, 'logistics.timeline.steps')} />
        </TradeSection>
        <TradeSection id="incoterms" title={t('incoterms.title')} intro={t('incoterms.intro')}>
          <IncotermsTable />
        </TradeSection>
        <TradeSection id="cargo" title={t('logistics.cargo.title')}>
          <BulletList items={tList(t, 'logistics.cargo.items')} />
        </TradeSection>
        <DeeperLinks exclude="logistics" />
        <TradeCta />
        <TradeDisclaimer />
      </TradeBody>
    </>
  )
}
