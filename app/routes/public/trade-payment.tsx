import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Route } from './+types/trade-payment'
import { seoMeta } from '~/lib/seo'
import { BulletList, CurrenciesList, IncotermsList, PaymentMethodsTable, tList, TradeSubpageLayout } from '~/modules/content'
import { loadTradeMeta } from '~/modules/content/index.server'

export const loader = ({ request, context }: Route.LoaderArgs) => loadTradeMeta(request, context, 'payment')

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta({ ...loaderData, path: '/trade-instructions/payment' }) : []

export default function TradePayment() {
  const { t } = useTranslation('trade')
  return (
    <TradeSubpageLayout
      page="payment"
      sections={[
        {
          id: 'methods',
          title: t('payments.title'),
          intro: t('payments.intro'),
          content: (
            <>
              <PaymentMethodsTable />
              <h3 className="mb-3 mt-8 text-lg font-semibold">{t('payment.choosing.title')}</h3>
              <BulletList items={tList(t, 'payment.choosing.items')} />
            </>
          ),
        },
        { id: 'currencies', title: t('currencies.title'), intro: t('currencies.intro'), content: <CurrenciesList /> },
        {
          id: 'rupee-settlement',
          title: t('payment.srva.title'),
          intro: t('payment.srva.intro'),
          content: (
            <ol className="list-decimal space-y-2 pl-6 leading-7 marker:font-semibold marker:text-primary">
              {tList(t, 'payment.srva.steps').map((step, i) => (
                <li key={i} className="pl-1">
                  {step}
                </li>
              ))}
            </ol>
          ),
        },
        { id: 'letters-of-credit', title: t('payment.lc.title'), content: <BulletList items={tList(t, 'payment.lc.items')} /> },
        { id: 'compliance', title: t('payment.compliance.title'), content: <BulletList items={tList(t, 'payment.compliance.items')} /> },
        {
          id: 'trade-terms',
          title: t('payment.terms.title'),
          intro: t('payment.terms.intro'),
          content: (
            <>
              <IncotermsList />
              <Link
                to="/trade-instructions/logistics#incoterms"
                className="mt-4 inline-block rounded-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                {t('shared.deeper.logistics.link')}
              </Link>
            </>
          ),
        },
      ]}
    />
  )
}
