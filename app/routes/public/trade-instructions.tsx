import { ArrowRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, type ShouldRevalidateFunction } from 'react-router'
import type { Route } from './+types/trade-instructions'
import { Button } from '~/components/ui/button'
import { getI18n } from '~/lib/i18next.server'
import { seoMeta } from '~/lib/seo'
import { DeeperLinks, type FaqItem, FaqList, onlyTabChanged, parseTradeTab, tList, TradeBody, TradeCta, TradeDisclaimer, TradeHero, TradeSection, TradeTabs } from '~/modules/content'
import { loadTradeMeta } from '~/modules/content/index.server'

export async function loader({ request, context }: Route.LoaderArgs) {
  const [base, i18n] = await Promise.all([loadTradeMeta(request, context, 'hub'), getI18n(request, context)])
  const tab = parseTradeTab(new URL(request.url).searchParams.get('tab'))
  // Plain questions and answers for the FAQPage structured data.
  const faq = tList<FaqItem>(i18n.t, 'trade:faq.items').map(({ q, a }) => ({ q, a }))
  return { ...base, tab, faq }
}

// Switching tabs only rewrites ?tab=; this page's data does not depend on it.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && onlyTabChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return []
  return [
    ...seoMeta({ ...loaderData, path: '/trade-instructions' }),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        inLanguage: loaderData.locale,
        mainEntity: loaderData.faq.map(({ q, a }) => ({
          '@type': 'Question',
          name: q,
          acceptedAnswer: { '@type': 'Answer', text: a },
        })),
      },
    },
  ]
}

export default function TradeInstructions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('trade')
  return (
    <>
      <TradeHero eyebrow={t('hub.eyebrow')} title={t('hub.title')} intro={t('hub.intro')}>
        <Button asChild size="lg">
          <Link to="/marketplace">
            {t('shared.browseMarketplace')} <ArrowRight aria-hidden />
          </Link>
        </Button>
      </TradeHero>
      <TradeBody>
        <TradeTabs initialTab={loaderData.tab} />
        <DeeperLinks />
        <TradeSection id="faq" title={t('faq.title')}>
          <FaqList items={tList<FaqItem>(t, 'faq.items')} />
        </TradeSection>
        <TradeCta />
        <TradeDisclaimer />
      </TradeBody>
    </>
  )
}
