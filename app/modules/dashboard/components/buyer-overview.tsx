import { Bell, ClipboardList, FileText, MessageSquare, Plus, ShoppingCart } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ConvertedAmount } from '~/components/reader-amount'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { useFormat } from '~/lib/use-format'
import { ORDER_STATUSES, unitText } from '~/domain'
import type { BuyerOverviewDto } from '../buyer-overview.server'

// The buyer's overview (issue 26 item 6): counters that each lead to their list, the quotes waiting for
// an answer, the newest open RFQs and the orders by status. Plain links and lists, no client state:
// it reads the same before and after hydration on a low-end phone.

const linkClass = 'text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm'

function Counter({ icon, label, value, testId, to, linkLabel }: { icon: ReactNode; label: string; value: number; testId: string; to: string; linkLabel: string }) {
  const format = useFormat()
  return (
    <Card>
      <CardContent className="flex items-center gap-3 p-3 sm:p-4">
        {/* Two counters a row on a phone: the icon gives way to the words. */}
        <span className="rounded-md bg-primary/10 p-2 text-primary max-sm:hidden">{icon}</span>
        <div className="flex min-w-0 flex-col">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold" data-testid={testId}>
            {format.count(value)}
          </p>
          <Link to={to} className={linkClass} data-testid={`${testId}-link`}>
            {linkLabel}
          </Link>
        </div>
      </CardContent>
    </Card>
  )
}

function Section({ id, title, children, more }: { id: string; title: string; children: ReactNode; more?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3" data-testid={id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {more}
      </div>
      {children}
    </section>
  )
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">{children}</p>
}

/** The buyer's overview: every count is real and every block links to its full list. */
export function BuyerOverview({ overview }: { overview: BuyerOverviewDto }) {
  const { t } = useTranslation(['account', 'rfqs'])
  const format = useFormat()
  const { openRfqs, awaitingQuotes, orders } = overview
  return (
    <div className="flex flex-col gap-8" data-testid="buyer-overview">
      <section aria-label={t('account:buying.countersLabel')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Counter icon={<ClipboardList className="size-5" aria-hidden />} label={t('account:buying.openRfqs')} value={openRfqs.total} testId="buyer-open-rfqs" to="/rfqs" linkLabel={t('account:buying.toRfqs')} />
        <Counter icon={<FileText className="size-5" aria-hidden />} label={t('account:buying.awaitingQuotes')} value={awaitingQuotes.total} testId="buyer-awaiting-quotes" to="/rfqs" linkLabel={t('account:buying.toQuotes')} />
        <Counter icon={<MessageSquare className="size-5" aria-hidden />} label={t('account:buying.unreadMessages')} value={overview.unreadMessages} testId="buyer-unread-messages" to="/messages" linkLabel={t('account:buying.toMessages')} />
        <Counter icon={<Bell className="size-5" aria-hidden />} label={t('account:buying.unreadNotifications')} value={overview.unreadNotifications} testId="buyer-unread-notifications" to="/notifications" linkLabel={t('account:buying.toNotifications')} />
      </section>

      <div className="grid gap-8 lg:grid-cols-2">
        <Section
          id="buyer-quotes-heading"
          title={t('account:buying.quotesTitle')}
          more={
            awaitingQuotes.total > awaitingQuotes.items.length ? (
              <Link to="/rfqs" className={linkClass}>
                {t('account:buying.allQuotes', { count: awaitingQuotes.total })}
              </Link>
            ) : null
          }
        >
          {awaitingQuotes.items.length === 0 ? (
            <Empty>{t('account:buying.noQuotes')}</Empty>
          ) : (
            <ul className="flex flex-col gap-2" data-testid="buyer-quote-list">
              {awaitingQuotes.items.map((q) => (
                <li key={q.id} className="flex flex-col gap-1 rounded-md border p-3">
                  <p className="font-medium break-words">{q.rfqTitle}</p>
                  <p className="text-sm break-words">
                    {t('account:buying.quoteFrom', { seller: q.sellerCompany })}
                    {' · '}
                    {t('account:buying.quotePrice', { price: format.money(q.unitPrice, q.currency), per: t(`units:per.${q.unit}`), quantity: format.count(q.quantity), unit: t(...unitText(q.unit, q.quantity)) })}{' '}
                    <ConvertedAmount amount={q.unitPrice} currency={q.currency} className="text-xs" />
                  </p>
                  <p className="text-xs text-muted-foreground">{t('account:buying.validUntil', { date: format.date(q.expiresAt) })}</p>
                  <Link to={`/rfqs/${q.rfqId}/quotes/${q.id}`} className={linkClass}>
                    {t('account:buying.answer')}
                    <span className="sr-only">: {q.rfqTitle}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section
          id="buyer-rfqs-heading"
          title={t('account:buying.rfqsTitle')}
          more={
            <Link to="/rfqs" className={linkClass}>
              {openRfqs.total > openRfqs.items.length ? t('account:buying.allRfqs', { count: openRfqs.total }) : t('account:buying.toRfqs')}
            </Link>
          }
        >
          {openRfqs.items.length === 0 ? (
            <Empty>{t('account:buying.noRfqs')}</Empty>
          ) : (
            <ul className="flex flex-col gap-2" data-testid="buyer-rfq-list">
              {openRfqs.items.map((r) => (
                <li key={r.id} className="flex flex-col gap-1 rounded-md border p-3">
                  <p className="font-medium break-words">{r.title}</p>
                  <p className="text-sm">
                    {format.count(r.quantity)} {t(...unitText(r.unit, r.quantity))}
                    {' · '}
                    {r.quoteCount === 0 ? t('rfqs:list.noQuotes') : t('rfqs:list.quoteCount', { count: r.quoteCount })}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {r.productRequest ? `${t('rfqs:list.productRequest')} · ` : null}
                    {t('account:buying.created', { date: format.date(r.createdAt) })}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <Button asChild variant="outline" className="self-start">
            <Link to="/create-rfq">
              <Plus className="size-4" aria-hidden />
              {t('account:dashboard.createRfq')}
            </Link>
          </Button>
        </Section>
      </div>

      <Section
        id="buyer-orders-heading"
        title={t('account:buying.ordersTitle')}
        more={
          <Link to="/orders" className={linkClass}>
            {t('account:buying.toOrders')}
          </Link>
        }
      >
        {orders.total === 0 ? (
          <Empty>{t('account:buying.noOrders')}</Empty>
        ) : (
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" data-testid="buyer-orders">
            <div className="flex flex-col rounded-md border p-3">
              <dt className="text-sm text-muted-foreground">{t('account:buying.ordersTotal')}</dt>
              <dd className="text-xl font-bold" data-testid="buyer-orders-total">
                {format.count(orders.total)}
              </dd>
            </div>
            {ORDER_STATUSES.map((status) => (
              <div key={status} className="flex flex-col rounded-md border p-3">
                <dt className="flex items-center gap-1 text-sm text-muted-foreground">
                  <ShoppingCart className="size-3.5" aria-hidden />
                  {t(`rfqs:orderStatuses.${status}`)}
                </dt>
                <dd className="text-xl font-bold" data-testid={`buyer-orders-${status}`}>
                  {format.count(orders.byStatus[status])}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Section>
    </div>
  )
}
