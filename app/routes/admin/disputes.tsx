import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import type { Route } from './+types/disputes'
import { Badge } from '~/components/ui/badge'
import { getI18n, getLocale } from '~/lib/i18next.server'
import type { Language } from '~/lib/i18n'
import { useFormat } from '~/lib/use-format'
import { cn } from '~/lib/utils'
import { AdminErrorBoundary } from '~/modules/admin/components/admin-error-boundary'
import { AdminShell } from '~/modules/admin/components/admin-shell'
import { adminHeader, requireAdmin } from '~/modules/admin/session.server'
import { DISPUTE_OVERDUE_DAYS, DISPUTE_QUEUE_FILTERS, type DisputeQueueFilter } from '~/modules/disputes/enums'
import { listDisputeQueue } from '~/modules/disputes/queries.server'
import { parseQueueQuery } from '~/modules/disputes/schemas'
import { AdminPager } from '~/modules/admin/components/admin-pager'

// The moderators' dispute queue (issue 10 item 7): open disputes oldest first, Overdue after three days
// without an act (judged in SQL against now()), resolved ones by a filter; paginated in the database.
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, 'dispute:resolve')
  const { filter, page } = parseQueueQuery(new URL(request.url).searchParams)
  const [queue, i18n] = await Promise.all([listDisputeQueue(filter, page), getI18n(request, context)])
  return data({ admin: adminHeader(admin), locale: getLocale(context) as Language, title: i18n.t('adminDisputes:meta.queue'), queue }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? 'Dispute Resolution'} | Setu` }, { name: 'robots', content: 'noindex' }]

const href = (filter: DisputeQueueFilter, page = 1) => {
  const params = new URLSearchParams()
  if (filter !== 'open') params.set('status', filter)
  if (page > 1) params.set('page', String(page))
  const qs = params.toString()
  return qs ? `/admin/disputes?${qs}` : '/admin/disputes'
}

export default function AdminDisputes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('adminDisputes')
  const { admin, locale, queue } = loaderData
  const format = useFormat()
  return (
    <AdminShell admin={admin} locale={locale}>
      <h1 className="text-2xl font-bold">{t('queue.title')}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{t('queue.description', { days: DISPUTE_OVERDUE_DAYS })}</p>
      <nav aria-label={t('queue.filters')} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {DISPUTE_QUEUE_FILTERS.map((f) => (
            <li key={f}>
              <Link
                to={href(f)}
                aria-current={queue.filter === f ? 'page' : undefined}
                className={cn(
                  'inline-flex h-9 items-center gap-2 rounded-md border px-3 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                  queue.filter === f && 'border-primary bg-primary/10 text-primary',
                )}
                data-testid={`dispute-filter-${f}`}
              >
                {t(`queue.filter.${f}`)} <span className="tabular-nums">({queue.counts[f]})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {queue.items.length === 0 ? (
        <p className="mt-6 rounded-md border bg-background p-6 text-center text-muted-foreground" data-testid="dispute-queue-empty">
          {t(`queue.empty.${queue.filter}`)}
        </p>
      ) : (
        // Focusable so keyboard users can scroll a table wider than the screen (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus
        <div className="mt-4 overflow-x-auto rounded-md border bg-background" tabIndex={0} role="region" aria-label={t('queue.tableLabel')}>
          <table className="w-full text-left text-sm" data-testid="dispute-queue">
            <thead className="border-b bg-muted/50">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">{t('queue.order')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('queue.buyer')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('queue.seller')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('queue.reason')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('queue.openedAt')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{queue.filter === 'resolved' ? t('queue.decidedAt') : t('queue.lastActivity')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('queue.status')}</th>
              </tr>
            </thead>
            <tbody>
              {queue.items.map((d) => (
                <tr key={d.id} className="border-b last:border-0 align-top" data-testid="dispute-queue-row">
                  <td className="px-3 py-2">
                    <Link to={`/admin/disputes/${d.id}`} className="font-mono font-medium text-primary underline-offset-4 hover:underline">
                      {d.orderRef}
                      <span className="sr-only"> {t('queue.open')}</span>
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    <span className="font-medium">{d.buyer.company}</span>
                    <span className="block text-xs text-muted-foreground">
                      {d.buyer.name} · {t(`countries.${d.buyer.country}`)}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    <span className="font-medium">{d.seller.company}</span>
                    <span className="block text-xs text-muted-foreground">
                      {d.seller.name} · {t(`countries.${d.seller.country}`)}
                    </span>
                  </td>
                  <td className="px-3 py-2">{t(`disputes:reasons.${d.reason}`)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={d.createdAt}>{format.dateTime(d.createdAt)}</time>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={d.decidedAt ?? d.lastActivityAt}>{format.dateTime(d.decidedAt ?? d.lastActivityAt)}</time>
                  </td>
                  <td className="px-3 py-2">
                    <span className="flex flex-wrap gap-1">
                      <Badge variant={d.status === 'open' ? 'secondary' : 'success'}>{d.decision ? t(`disputes:decisions.${d.decision}`) : t(`disputes:statuses.${d.status}`)}</Badge>
                      {d.overdue ? (
                        <Badge variant="destructive" data-testid="dispute-overdue">
                          {t('queue.overdue')}
                        </Badge>
                      ) : null}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AdminPager
        page={queue.page}
        pageCount={queue.pageCount}
        href={(n) => href(queue.filter, n)}
        label={t('queue.pagination')}
        previous={t('queue.previous')}
        next={t('queue.next')}
        position={t('queue.page', { page: queue.page, pageCount: queue.pageCount })}
      />
    </AdminShell>
  )
}

export const ErrorBoundary = AdminErrorBoundary
