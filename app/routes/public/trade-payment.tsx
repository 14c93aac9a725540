import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Route } from './+types/trade-payment'
import { seoMeta } from '~/lib/seo'
import { tList } from '~/modules/content/trade/content'
import { CurrenciesList, IncotermsList } from '~/modules/content/trade/components/blocks'
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
import { BulletList } from '~/modules/content/trade/components/lists'
import { PaymentMethodsTable } from '~/modules/content/trade/components/tables'
import { loadTradeMeta } from '~/modules/content/trade/meta.server'

export const loader = ({ request, context }: Route.LoaderArgs) => loadTradeMeta(request, context, 'payment')

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta({ ...loaderData, path: '/trade-instructions/payment' }) : []

export default function TradePayment() {
  const { t } = useTranslation('trade')
  const sections = [
    { id: 'methods', label: t('payments.title') },
    { id: 'currencies', label: t('currencies.title') },
    { id: 'rupee-settlement', label: t('payment.srva.title') },
    { id: 'letters-of-credit', label: t('payment.lc.title') },
    { id: 'compliance', label: t('payment.compliance.title') },
    { id: 'trade-terms', label: t('payment.terms.title') },
  ]
  return (
    <>
      <TradeHero
        eyebrow={t('payment.eyebrow')}
        title={t('payment.title')}
        intro={t('payment.intro')}
        breadcrumbs={<TradeBreadcrumbs current={t('payment.title')} />}
      >
        <OnThisPage items={sections} />
      </TradeHero>
      <TradeBody>
        <TradeSection id="methods" title={t('payments.title')} intro={t('payments.intro')}>
          <PaymentMethodsTable />
          <h3 className="mb-3 mt-8 text-lg font-semibold">{t('payment.choosing.title')}</h3>
          <BulletList items={tList(t, 'payment.choosing.items')} />
        </TradeSection>
        <TradeSection id="currencies" title={t('currencies.title')} intro={t('currencies.intro')}>
          <CurrenciesList />
        </TradeSection>
        <TradeSection id="rupee-settlement" title={t('payment.srva.title')} intro={t('payment.srva.intro')}>
          <ol className="list-decimal space-y-2 pl-6 leading-7 marker:font-semibold marker:text-primary">
            {tList(t, 'payment.srva.steps').map((step, i) => (
              <li key={i} className="pl-1">
                {step}
              </li>
            ))}
          </ol>
        </TradeSection>
        <TradeSection id="letters-of-credit" title={t('payment.lc.title')}>
          <BulletList items={tList(t, 'payment.lc.items')} />
        </TradeSection>
        <TradeSection id="compliance" title={t('payment.compliance.title')}>
          <BulletList items={tList(t, 'payment.compliance.items')} />
        </TradeSection>
        <TradeSection id="trade-terms" title={t('payment.terms.title')} intro={t('payment.terms.intro')}>
          <IncotermsList />
          <Link
            to="/trade-instructions/logistics#incoterms"
            className="mt-4 inline-block rounded-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('shared.deeper.logistics.link')}
          </Link>
        </TradeSection>
        <DeeperLinks exclude="payment" />
        <TradeCta />
        <TradeDisclaimer />
      </TradeBody>
    </>
  )
}
