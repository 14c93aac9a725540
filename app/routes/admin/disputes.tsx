import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import type { Route } from './+types/disputes'
import { Badge } from '~/components/ui/badge'
import { getI18n, getLocale } from '~/lib/i18next.server'
import type { Language } from '~/lib/i18n'
import { useFormat } from '~/lib/use-format'
import { cn } from '~/lib/utils'
import { AdminErrorBoundary, AdminShell, headCells, listPager } from '~/modules/admin'
import { adminHeader, requireAdmin } from '~/modules/admin/index.server'
import { DISPUTE_OVERDUE_DAYS, DISPUTE_QUEUE_FILTERS, type DisputeQueueFilter, parseQueueQuery } from '~/modules/disputes'
import { listDisputeQueue } from '~/modules/disputes/index.server'
import { DataTable } from '~/components/data-table'
import { TableCell, TableRow } from '~/components/ui/table'

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
      <DataTable
        rows={queue.items}
        label={t('queue.tableLabel')}
        empty={t(`queue.empty.${queue.filter}`)}
        className="mt-4 bg-background"
        emptyClassName="mt-6 bg-background"
        testId="dispute-queue"
        emptyTestId="dispute-queue-empty"
        pager={listPager(queue, (n) => href(queue.filter, n), t('queue.pagination'), t, 'queue')}
        head={headCells([t('queue.order'), t('queue.buyer'), t('queue.seller'), t('queue.reason'), t('queue.openedAt'), queue.filter === 'resolved' ? t('queue.decidedAt') : t('queue.lastActivity'), t('queue.status')])}
      >
        {(d) => (
          <TableRow key={d.id} className="align-top" data-testid="dispute-queue-row">
            <TableCell>
              <Link to={`/admin/disputes/${d.id}`} className="font-mono font-medium text-primary underline-offset-4 hover:underline">
                {d.orderRef}
                <span className="sr-only"> {t('queue.open')}</span>
              </Link>
            </TableCell>
            <TableCell>
              <span className="font-medium">{d.buyer.company}</span>
              <span className="block text-xs text-muted-foreground">
                {d.buyer.name} · {t(`countries.${d.buyer.country}`)}
              </span>
            </TableCell>
            <TableCell>
              <span className="font-medium">{d.seller.company}</span>
              <span className="block text-xs text-muted-foreground">
                {d.seller.name} · {t(`countries.${d.seller.country}`)}
              </span>
            </TableCell>
            <TableCell>{t(`disputes:reasons.${d.reason}`)}</TableCell>
            <TableCell className="whitespace-nowrap">
              <time dateTime={d.createdAt}>{format.dateTime(d.createdAt)}</time>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <time dateTime={d.decidedAt ?? d.lastActivityAt}>{format.dateTime(d.decidedAt ?? d.lastActivityAt)}</time>
            </TableCell>
            <TableCell>
              <span className="flex flex-wrap gap-1">
                <Badge variant={d.status === 'open' ? 'secondary' : 'success'}>{d.decision ? t(`disputes:decisions.${d.decision}`) : t(`disputes:statuses.${d.status}`)}</Badge>
                {d.overdue ? (
                  <Badge variant="destructive" data-testid="dispute-overdue">
                    {t('queue.overdue')}
                  </Badge>
                ) : null}
              </span>
            </TableCell>
          </TableRow>
        )}
      </DataTable>
    </AdminShell>
  )
}

export const ErrorBoundary = AdminErrorBoundary
