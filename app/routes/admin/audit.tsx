import { Download } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import type { Route } from './+types/audit'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { NativeSelect } from '~/components/ui/native-select'
import { getI18n, getLocale } from '~/lib/i18next.server'
import type { Language } from '~/lib/i18n'
import { useFormat } from '~/lib/use-format'
import { AdminErrorBoundary } from '~/modules/admin/components/admin-error-boundary'
import { AdminShell } from '~/modules/admin/components/admin-shell'
import { listAdminOptions, listAuditEntries } from '~/modules/admin/queries.server'
import { AUDIT_ACTIONS } from '~/modules/admin/roles'
import { auditFilterQuery, parseAuditFilter } from '~/modules/admin/schemas'
import { adminHeader, requireAdmin } from '~/modules/admin/session.server'
import { AdminPager } from '~/modules/admin/components/admin-pager'

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
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-action">{t('audit.filterAction')}</Label>
          <NativeSelect id="audit-action" name="action" defaultValue={filter.action}>
            <option value="">{t('audit.all')}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`audit.actions.${a}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-admin">{t('audit.filterAdmin')}</Label>
          <NativeSelect id="audit-admin" name="admin" defaultValue={filter.admin}>
            <option value="">{t('audit.all')}</option>
            {admins.map((a) => (
              <option key={a.id} value={a.id}>
                {a.fullName} ({a.email})
              </option>
            ))}
          </NativeSelect>
        </div>
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
      {page.entries.length === 0 ? (
        <p className="mt-6 rounded-md border bg-background p-6 text-center text-muted-foreground">{t('audit.empty')}</p>
      ) : (
        // Focusable so keyboard users can scroll a table wider than the screen (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus
        <div className="mt-3 overflow-x-auto rounded-md border bg-background" tabIndex={0} role="region" aria-label={t('audit.title')}>
          <table className="w-full text-left text-sm" data-testid="audit-table">
            <thead className="border-b bg-muted/50">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">{t('audit.time')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('audit.admin')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('audit.action')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('audit.target')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('audit.details')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('audit.ip')}</th>
              </tr>
            </thead>
            <tbody>
              {page.entries.map((e) => (
                <tr key={e.id} className="border-b last:border-0 align-top">
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={e.createdAt}>{format.dateTime(e.createdAt, 'medium')}</time>
                  </td>
                  <td className="px-3 py-2">{e.adminName ? `${e.adminName} (${e.adminEmail})` : (e.adminEmail ?? t('audit.unknownAdmin'))}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{(AUDIT_ACTIONS as readonly string[]).includes(e.action) ? t(`audit.actions.${e.action}`) : e.action}</td>
                  <td className="px-3 py-2">{[e.targetType, e.targetId].filter(Boolean).join(' ')}</td>
                  <td className="px-3 py-2 break-all">{details(e.oldValue, e.newValue)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{e.ipAddress ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AdminPager
        page={page.page}
        pageCount={page.pageCount}
        href={pageHref}
        label={t('audit.pagination')}
        previous={t('audit.previous')}
        next={t('audit.next')}
        position={t('audit.page', { page: page.page, pageCount: page.pageCount })}
      />
    </AdminShell>
  )
}

export const ErrorBoundary = AdminErrorBoundary
