import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import type { Route } from './+types/moderation'
import { parseSubmission } from '~/lib/form'
import { readForm } from '~/lib/form.server'
import { getI18n, getLocale } from '~/lib/i18next.server'
import type { Language } from '~/lib/i18n'
import { redirectWithToast } from '~/lib/toast.server'
import { cn } from '~/lib/utils'
import { useFormat } from '~/lib/use-format'
import { AdminErrorBoundary, AdminShell, listPager, ModerationReport, parseModerationFilter, REPORT_DECISION_FORM, REPORT_STATUSES, type ReportDecisionFieldErrors, ReportDecisionSchema, type ReportStatus } from '~/modules/admin'
import { adminHeader, decideReport, listReports, requireAdmin } from '~/modules/admin/index.server'
import { Pager } from '~/components/pager'

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, 'moderation:review')
  const filter = parseModerationFilter(new URL(request.url))
  const [reports, i18n] = await Promise.all([listReports(filter), getI18n(request, context)])
  // Private messages are on this page: never keep it in a cache.
  return data(
    { admin: adminHeader(admin), locale: getLocale(context) as Language, title: i18n.t('admin:meta.moderation'), reports },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

type ActionData = { fieldErrors?: ReportDecisionFieldErrors; formError?: string }

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, 'moderation:review')
  const parsed = parseSubmission(ReportDecisionSchema, await readForm(request), REPORT_DECISION_FORM)
  if (!parsed.ok) return data<ActionData>({ fieldErrors: parsed.fieldErrors }, { status: 400 })
  const result = await decideReport(admin, request, parsed.value)
  if (!result.ok) {
    return result.reason === 'alreadyDecided'
      ? data<ActionData>({ formError: 'admin:moderation.errors.alreadyDecided' }, { status: 409 })
      : data<ActionData>({ formError: 'admin:moderation.errors.notFound' }, { status: 404 })
  }
  return redirectWithToast(request, '/admin/moderation', { type: 'success', key: `admin:moderation.done.${result.decision}` })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? 'Moderation'} | Setu` }, { name: 'robots', content: 'noindex' }]

const statusHref = (status: ReportStatus, page = 1) => {
  const params = new URLSearchParams()
  if (status !== 'open') params.set('status', status)
  if (page > 1) params.set('page', String(page))
  const qs = params.toString()
  return qs ? `/admin/moderation?${qs}` : '/admin/moderation'
}

export default function AdminModeration({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const { admin, locale, reports } = loaderData
  const format = useFormat()
  return (
    <AdminShell admin={admin} locale={locale}>
      <h1 className="text-2xl font-bold">{t('moderation.title', { count: reports.openCount, n: format.count(reports.openCount) })}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{t('moderation.description')}</p>
      <nav aria-label={t('moderation.filter')} className="mt-6">
        <ul className="inline-flex flex-wrap gap-1 rounded-md bg-muted p-1">
          {REPORT_STATUSES.map((status) => (
            <li key={status}>
              <Link
                to={statusHref(status)}
                aria-current={reports.status === status ? 'page' : undefined}
                className={cn(
                  'inline-flex rounded-sm px-3 py-1.5 text-sm font-medium hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
                  reports.status === status ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground',
                )}
              >
                {t(`moderation.tabs.${status}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {t(`moderation.total.${reports.status}`, { count: reports.total, n: format.count(reports.total) })}
      </p>
      {reports.items.length === 0 ? (
        <p className="mt-4 rounded-md border bg-background p-6 text-center text-muted-foreground" data-testid="moderation-empty">
          {t(`moderation.empty.${reports.status}`)}
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-4">
          {reports.items.map((report) => (
            <li key={report.id}>
              <ModerationReport report={report} />
            </li>
          ))}
        </ul>
      )}
      <Pager {...listPager(reports, (n) => statusHref(reports.status, n), t('moderation.pagination'), t)} />
    </AdminShell>
  )
}

export const ErrorBoundary = AdminErrorBoundary
