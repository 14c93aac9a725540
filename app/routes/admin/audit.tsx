import { Download } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import type { Route } from './+types/audit'
import { AdminErrorBoundary, AdminShell, AUDIT_ACTIONS, auditFilterQuery, FilterSelect, headCells, listPager, parseAuditFilter } from '~/modules/admin'
import { DataTable } from '~/components/data-table'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { TableCell, TableRow } from '~/components/ui/table'
import { getI18n, getLocale } from '~/lib/i18next.server'
import type { Language } from '~/lib/i18n'
import { useFormat } from '~/lib/use-format'
import { adminHeader, listAdminOptions, listAuditEntries, requireAdmin } from '~/modules/admin/index.server'

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, 'audit:read')
  const filter = parseAuditFilter(new URL(request.url))
  const [page, admins, i18n] = await Promise.all([listAuditEntries(filter), listAdminOptions(), getI18n(request, context)])
  return {
    admin: adminHeader(admin),
    locale: getLocale(context) as Language,
    title: i18n.t('admin:meta.audit'),
    filter: { action: filter.action ?? '', admin: filter.admin ?? '', from: filter.from ?? '', to: filter.to ?? '' },
    admins,
    page,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? 'Audit Log'} | Setu` }, { name: 'robots', content: 'noindex' }]

/** A short, readable summary of an entry's values. */
function details(oldValue: unknown, newValue: unknown): string {
  const show = (v: unknown) => (v && typeof v === 'object' ? Object.entries(v as Record<string, unknown>).map(([k, x]) => `${k}: ${String(x)}`).join(', ') : v == null ? '' : String(v))
  const before = show(oldValue)
  const after = show(newValue)
  return before ? `${before} → ${after}` : after
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  const { admin, locale, filter, admins, page } = loaderData
  const format = useFormat()
  const pageHref = (n: number) => {
    const params = auditFilterQuery(filter)
    if (n > 1) params.set('page', String(n))
    const qs = params.toString()
    return qs ? `/admin/audit?${qs}` : '/admin/audit'
  }
  const filterQuery = auditFilterQuery(filter).toString()
  const exportHref = filterQuery ? `/admin/audit/export?${filterQuery}` : '/admin/audit/export'
  const filtered = Boolean(filter.action || filter.admin || filter.from || filter.to)
  return (
    <AdminShell admin={admin} locale={locale}>
      <h1 className="text-2xl font-bold">{t('audit.title')}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{t('audit.description')}</p>
      <Form method="get" action="/admin/audit" className="mt-6 flex flex-wrap items-end gap-4">
        <FilterSelect id="audit-action" name="action" label={t('audit.filterAction')} value={filter.action} all={t('audit.all')} options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`) }))} />
        <FilterSelect id="audit-admin" name="admin" label={t('audit.filterAdmin')} value={filter.admin} all={t('audit.all')} options={admins.map((a) => ({ value: a.id, label: `${a.fullName} (${a.email})` }))} />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-from">{t('audit.from')}</Label>
          <Input id="audit-from" type="date" name="from" defaultValue={filter.from} className="w-auto" />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-to">{t('audit.to')}</Label>
          <Input id="audit-to" type="date" name="to" defaultValue={filter.to} className="w-auto" />
        </div>
        <Button type="submit">{t('audit.apply')}</Button>
        {filtered ? (
          <Link to="/admin/audit" className="py-2 text-sm font-medium text-primary underline-offset-4 hover:underline">
            {t('audit.reset')}
          </Link>
        ) : null}
      </Form>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t('audit.total', { count: page.total })}
          {filter.from || filter.to ? ` ${t('audit.datesUtc')}` : ''}
        </p>
        {/* A file download, not a client route: a plain anchor that keeps the filters. */}
        <a
          href={exportHref}
          download
          className="inline-flex h-9 items-center gap-2 rounded-md border bg-background px-3 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
          data-testid="audit-export"
        >
          <Download className="size-4" aria-hidden />
          {t('audit.downloadCsv')}
        </a>
      </div>
      <DataTable
        label={t('audit.title')}
        rows={page.entries}
        empty={t('audit.empty')}
        className="mt-3 bg-background"
        emptyClassName="mt-6 bg-background"
        testId="audit-table"
        head={headCells([t('audit.time'), t('audit.admin'), t('audit.action'), t('audit.target'), t('audit.details'), t('audit.ip')])}
        pager={listPager(page, pageHref, t('audit.pagination'), t)}
      >
        {(e) => (
          <TableRow key={e.id} className="align-top">
            <TableCell className="whitespace-nowrap">
              <time dateTime={e.createdAt}>{format.dateTime(e.createdAt, 'medium')}</time>
            </TableCell>
            <TableCell>{e.adminName ? `${e.adminName} (${e.adminEmail})` : (e.adminEmail ?? t('audit.unknownAdmin'))}</TableCell>
            <TableCell className="whitespace-nowrap">{(AUDIT_ACTIONS as readonly string[]).includes(e.action) ? t(`audit.actions.${e.action}`) : e.action}</TableCell>
            <TableCell>{[e.targetType, e.targetId].filter(Boolean).join(' ')}</TableCell>
            <TableCell className="break-all">{details(e.oldValue, e.newValue)}</TableCell>
            <TableCell className="whitespace-nowrap">{e.ipAddress ?? ''}</TableCell>
          </TableRow>
        )}
      </DataTable>
    </AdminShell>
  )
}

export const ErrorBoundary = AdminErrorBoundary
