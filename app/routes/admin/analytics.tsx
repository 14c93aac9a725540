import { useTranslation } from 'react-i18next'
import type { Route } from './+types/analytics'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { getI18n, getLocale } from '~/lib/i18next.server'
import type { Language } from '~/lib/i18n'
import { useReader } from '~/lib/reader'
import { AdminErrorBoundary, AdminShell } from '~/modules/admin'
import { adminHeader, requireAdmin } from '~/modules/admin/index.server'
import { type BarItem, BarListChart, ChartCard, type ChartId, ChartTable, type DateRange, formatAmount, formatCount, formatDay, formatMonth, formatPercent, isoDay, OrderValueChart, PaidVsDueChart, parseDateRange, presetRange, RANGE_PRESETS, RangePicker, rangeQuery, SignupsChart } from '~/modules/analytics'
import { getAnalytics, type TopDto, type TopItemDto } from '~/modules/analytics/index.server'
import { CURRENCIES, unitText } from '~/domain'

/**
 * GET /admin/analytics?from&to. A range that is unreadable, reversed or longer than three years is not
 * an error page: the page answers 200 with the message and the default range (the admin fixes it in
 * the picker above; the charts below stay useful).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, 'analytics:read')
  const today = isoDay(new Date())
  const { range, preset, error } = parseDateRange(new URL(request.url).searchParams, today)
  const locale = getLocale(context) as Language
  const [analytics, i18n] = await Promise.all([getAnalytics(range, locale), getI18n(request, context)])
  return {
    admin: adminHeader(admin),
    locale,
    title: i18n.t('adminAnalytics:meta.title'),
    range,
    preset,
    presets: RANGE_PRESETS.map((p) => ({ preset: p, range: presetRange(p, today) })),
    error,
    analytics,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? 'Analytics'} | Setu` }, { name: 'robots', content: 'noindex' }]

const exportHref = (chart: ChartId, range: DateRange) => `/admin/analytics/export?${rangeQuery(range, { chart })}`

/** Each chart's texts, under adminAnalytics:charts.<key>. */
const CHART_KEYS = {
  signups: 'signups',
  'signups-breakdown': 'breakdown',
  'kyc-funnel': 'kycFunnel',
  conversion: 'conversion',
  'order-value': 'orderValue',
  'paid-vs-due': 'paidVsDue',
  'top-categories': 'topCategories',
  'top-products': 'topProducts',
} as const satisfies Record<ChartId, string>

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('adminAnalytics')
  const { admin, locale: lng, range, preset, presets, error, analytics } = loaderData
  const { signups, breakdown, kycFunnel, conversion, orderValue, paidVsDue, topCategories, topProducts } = analytics
  const reader = useReader()
  const count = (n: number) => formatCount(n, reader)
  const pct = (p: string | null) => formatPercent(p, reader)
  /** A chart card's id, title, description and Download CSV link. */
  const card = (id: ChartId) => ({ id, title: t(`charts.${CHART_KEYS[id]}.title`), description: t(`charts.${CHART_KEYS[id]}.description`), downloadHref: exportHref(id, range) })

  const breakdownBars: BarItem[] = [
    ...breakdown.byCountry.map((c) => ({ key: `country-${c.key}`, label: t(`countries.${c.key}`), value: c.count, note: count(c.count) })),
    ...breakdown.byType.map((u) => ({ key: `type-${u.key}`, label: t(`userTypes.${u.key}`), value: u.count, note: count(u.count), muted: true })),
  ]
  const kycBars: BarItem[] = kycFunnel.map((s) => ({ key: s.stage, label: t(`charts.kycFunnel.stages.${s.stage}`), value: s.count, note: pct(s.percent), muted: s.stage === 'pending' || s.stage === 'rejected' }))
  const conversionBars: BarItem[] = conversion.stages.map((s) => ({ key: s.stage, label: t(`charts.conversion.stages.${s.stage}`), value: s.count, note: pct(s.percent) }))
  const moneyRows = orderValue.filter((m) => m.orders > 0)
  const currencies = CURRENCIES.filter((c) => moneyRows.some((m) => m.currency === c))
  const paymentRows = paidVsDue.filter((m) => m.paidCount > 0 || m.dueCount > 0)
  const paymentCurrencies = CURRENCIES.filter((c) => paymentRows.some((m) => m.currency === c))
  const paymentLabels = { paid: t('charts.paidVsDue.paid'), due: t('charts.paidVsDue.due') }

  /** A quantity ordered with its unit ("120 t", "3 40-ft containers"); each is summed in one unit only. */
  const ordered = (i: TopItemDto) => (i.ordered ? `${count(Number(i.ordered.quantity))} ${t(...unitText(i.ordered.unit, Number(i.ordered.quantity)))}` : '')
  const topCard = (id: 'top-categories' | 'top-products', top: TopDto) => {
    const key = CHART_KEYS[id]
    const lists = [
      { metric: 'byViews' as const, items: top.byViews },
      { metric: 'byOrders' as const, items: top.byOrders },
    ]
    return (
      <ChartCard
        {...card(id)}
        className="lg:col-span-2"
        empty={top.byViews.length === 0 && top.byOrders.length === 0}
        chartClassName="grid gap-6 md:grid-cols-2"
        chart={lists.map((l) => (
          <div key={l.metric} className="flex min-w-0 flex-col gap-2">
            <p className="text-sm font-medium">{t(`charts.${l.metric}`)}</p>
            {l.items.length ? (
              <div className="h-72">
                <BarListChart reader={reader} valueName={t(`charts.${l.metric === 'byViews' ? 'views' : 'orders'}`)} data={l.items.map((i) => ({ key: `${i.id}-${i.ordered?.unit ?? ''}`, label: i.name, value: i.value, note: i.ordered ? `${count(i.value)} · ${ordered(i)}` : count(i.value) }))} />
              </div>
            ) : (
              <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{t('empty')}</p>
            )}
          </div>
        ))}
        table={
          <div className="grid gap-6 md:grid-cols-2">
            {lists.map((l) => (
              <ChartTable
                key={l.metric}
                caption={`${t(`charts.${key}.title`)}: ${t(`charts.${l.metric}`)}`}
                columns={[
                  { label: t(`charts.${key}.name`) },
                  { label: t('columns.rank'), numeric: true },
                  { label: t(`charts.${l.metric === 'byViews' ? 'views' : 'orders'}`), numeric: true },
                  ...(l.items.some((i) => i.ordered) ? [{ label: t('columns.quantityOrdered'), numeric: true }] : []),
                ]}
                rows={l.items.map((i, n) => ({
                  key: `${i.id}-${i.ordered?.unit ?? ''}`,
                  lang: i.lang === lng ? undefined : i.lang,
                  cells: [i.name, count(n + 1), count(i.value), ...(l.items.some((x) => x.ordered) ? [ordered(i)] : [])],
                }))}
              />
            ))}
          </div>
        }
      />
    )
  }

  return (
    <AdminShell admin={admin} locale={lng}>
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{t('description')}</p>
      <RangePicker range={range} preset={preset} presets={presets} invalid={Boolean(error)} />
      {error ? (
        <Alert variant="destructive" className="mt-4" id="analytics-range-error" data-testid="range-error">
          <AlertDescription>
            {t(`range.errors.${error}`)} {t('range.usingDefault')}
          </AlertDescription>
        </Alert>
      ) : null}
      <p className="mt-4 text-sm" aria-live="polite" data-testid="range-summary">
        {t('range.showing', { from: formatDay(range.from, reader), to: formatDay(range.to, reader) })}
      </p>

      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <ChartCard
          {...card('signups')}
          className="lg:col-span-2"
          empty={breakdown.total === 0}
          summary={<p className="text-sm">{t('charts.signups.total', { count: breakdown.total, formatted: count(breakdown.total) })}</p>}
          chart={<SignupsChart data={signups} reader={reader} labels={{ buyers: t('userTypes.Buyer'), sellers: t('userTypes.Seller') }} />}
          table={
            <ChartTable
              caption={card('signups').title}
              columns={[{ label: t('columns.weekOf') }, { label: t('userTypes.Buyer'), numeric: true }, { label: t('userTypes.Seller'), numeric: true }, { label: t('columns.total'), numeric: true }]}
              rows={signups.map((w) => ({ key: w.week, cells: [formatDay(w.week, reader), count(w.buyers), count(w.sellers), count(w.total)] }))}
            />
          }
        />

        <ChartCard
          {...card('signups-breakdown')}
          empty={breakdown.total === 0}
          chart={<BarListChart data={breakdownBars} reader={reader} valueName={t('columns.signups')} />}
          table={
            <ChartTable
              caption={card('signups-breakdown').title}
              columns={[{ label: t('columns.group') }, { label: t('columns.signups'), numeric: true }]}
              rows={breakdownBars.map((b) => ({ key: b.key, cells: [b.label, count(b.value)] }))}
            />
          }
        />

        <ChartCard
          {...card('kyc-funnel')}
          empty={kycFunnel[0]?.count === 0}
          chart={<BarListChart data={kycBars} reader={reader} valueName={t('columns.sellers')} />}
          table={
            <ChartTable
              caption={card('kyc-funnel').title}
              columns={[{ label: t('columns.stage') }, { label: t('columns.sellers'), numeric: true }, { label: t('columns.shareOfRegistered'), numeric: true }]}
              rows={kycFunnel.map((s) => ({ key: s.stage, cells: [t(`charts.kycFunnel.stages.${s.stage}`), count(s.count), pct(s.percent)] }))}
            />
          }
        />

        <ChartCard
          {...card('conversion')}
          empty={conversion.stages[0]?.count === 0}
          summary={<p className="text-sm" data-testid="quote-to-order">{t('charts.conversion.quoteToOrder', { percent: pct(conversion.quoteToOrderPercent) })}</p>}
          chart={<BarListChart data={conversionBars} reader={reader} valueName={t('columns.rfqs')} />}
          table={
            <ChartTable
              caption={card('conversion').title}
              columns={[{ label: t('columns.stage') }, { label: t('columns.rfqs'), numeric: true }, { label: t('columns.shareOfCreated'), numeric: true }]}
              rows={conversion.stages.map((s) => ({ key: s.stage, cells: [t(`charts.conversion.stages.${s.stage}`), count(s.count), pct(s.percent)] }))}
            />
          }
        />

        <ChartCard
          {...card('order-value')}
          empty={moneyRows.length === 0}
          chartClassName="grid gap-6 md:grid-cols-2 xl:grid-cols-3"
          chart={currencies.map((c) => (
            <div key={c} className="flex min-w-0 flex-col gap-2">
              <p className="text-sm font-medium">{c}</p>
              <div className="h-56">
                <OrderValueChart currency={c} reader={reader} valueName={t('columns.orderValue')} data={orderValue.filter((m) => m.currency === c)} />
              </div>
            </div>
          ))}
          table={
            <ChartTable
              caption={card('order-value').title}
              columns={[{ label: t('columns.month') }, { label: t('columns.currency') }, { label: t('columns.orders'), numeric: true }, { label: t('columns.orderValue'), numeric: true }]}
              rows={moneyRows.map((m) => ({ key: `${m.month}-${m.currency}`, cells: [formatMonth(m.month, reader), m.currency, count(m.orders), formatAmount(m.total, m.currency, reader)] }))}
            />
          }
          className="lg:col-span-2"
        />

        <ChartCard
          {...card('paid-vs-due')}
          empty={paymentRows.length === 0}
          chartClassName="grid gap-6 md:grid-cols-2 xl:grid-cols-3"
          chart={paymentCurrencies.map((c) => (
            <div key={c} className="flex min-w-0 flex-col gap-2">
              <p className="text-sm font-medium">{c}</p>
              <div className="h-56">
                <PaidVsDueChart currency={c} reader={reader} labels={paymentLabels} data={paidVsDue.filter((m) => m.currency === c)} />
              </div>
            </div>
          ))}
          table={
            <ChartTable
              caption={card('paid-vs-due').title}
              columns={[
                { label: t('columns.dueMonth') },
                { label: t('columns.currency') },
                { label: paymentLabels.paid, numeric: true },
                { label: t('columns.paidMilestones'), numeric: true },
                { label: paymentLabels.due, numeric: true },
                { label: t('columns.dueMilestones'), numeric: true },
              ]}
              rows={paymentRows.map((m) => ({
                key: `${m.month}-${m.currency}`,
                cells: [formatMonth(m.month, reader), m.currency, formatAmount(m.paid, m.currency, reader), count(m.paidCount), formatAmount(m.due, m.currency, reader), count(m.dueCount)],
              }))}
            />
          }
          className="lg:col-span-2"
        />

        {topCard('top-categories', topCategories)}
        {topCard('top-products', topProducts)}
      </div>
    </AdminShell>
  )
}

export const ErrorBoundary = AdminErrorBoundary
