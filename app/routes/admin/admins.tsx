import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/admins'
import { Badge } from '~/components/ui/badge'
import { getI18n, getLocale } from '~/lib/i18next.server'
import type { Language } from '~/lib/i18n'
import { redirectWithToast } from '~/lib/toast.server'
import { useFormat } from '~/lib/use-format'
import { type AdminChangeResult, adminHeader, changeAdminRole, createAdminByAdmin, listAdminAccounts, parseAdminAccountsPage, requireAdmin, setAdminActive } from '~/modules/admin/index.server'
import { ADMIN_ACCOUNT_FORM, AdminAccountActionSchema, type AdminAccountFieldErrors, AdminErrorBoundary, AdminShell, ChangeRoleDialog, ChangeStatusDialog, CreateAdminDialog, headCells, listPager, RowActions } from '~/modules/admin'
import { parseSubmission } from '~/lib/form'
import { readFormDataWithLimit } from '~/lib/uploads.server'
import { DataTable } from '~/components/data-table'
import { TableCell, TableRow } from '~/components/ui/table'

const FORM_LIMIT = 16 * 1024

/** Spec §6 system administration: the admin accounts (super_admin only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, 'admin:manage')
  const [accounts, i18n] = await Promise.all([listAdminAccounts(admin, parseAdminAccountsPage(new URL(request.url))), getI18n(request, context)])
  return data({ admin: adminHeader(admin), locale: getLocale(context) as Language, title: i18n.t('adminAccounts:meta.admins'), accounts }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? 'Admin Accounts'} | Setu` }, { name: 'robots', content: 'noindex' }]

type ActionData = { fieldErrors?: AdminAccountFieldErrors; formError?: string }

const CHANGE_REFUSALS: Record<Extract<AdminChangeResult, { ok: false }>['reason'], { status: number; key: string }> = {
  notFound: { status: 404, key: 'adminAccounts:errors.notFound' },
  self: { status: 409, key: 'adminAccounts:errors.self' },
  lastSuperAdmin: { status: 409, key: 'adminAccounts:errors.lastSuperAdmin' },
  unchanged: { status: 409, key: 'adminAccounts:errors.unchanged' },
  forbidden: { status: 403, key: 'adminAccounts:errors.forbidden' },
}

export async function action({ request }: Route.ActionArgs) {
  // Admins and moderators are refused here (403) before the form is read: nothing is written.
  const admin = await requireAdmin(request, 'admin:manage')
  const form = await readFormDataWithLimit(request, FORM_LIMIT)
  if (!form.ok) return data<ActionData>({ formError: 'adminAccounts:errors.invalid' }, { status: form.reason === 'tooLarge' ? 413 : 400 })
  const parsed = parseSubmission(AdminAccountActionSchema, form.formData, ADMIN_ACCOUNT_FORM)
  if (!parsed.ok) return data<ActionData>({ fieldErrors: parsed.fieldErrors }, { status: 400 })
  const input = parsed.value
  if (input.intent === 'create') {
    const result = await createAdminByAdmin(admin, request, input)
    if (!result.ok) {
      return result.reason === 'emailTaken'
        ? data<ActionData>({ fieldErrors: { email: 'adminAccounts:errors.emailTaken' } }, { status: 409 })
        : data<ActionData>({ fieldErrors: { password: result.problem } }, { status: 400 })
    }
    return redirectWithToast(request, '/admin/admins', { type: 'success', key: 'adminAccounts:create.created' })
  }
  const result =
    input.intent === 'role' ? await changeAdminRole(admin, request, input.adminId, input.role) : await setAdminActive(admin, request, input.adminId, input.intent === 'activate')
  if (!result.ok) {
    const refusal = CHANGE_REFUSALS[result.reason]
    return data<ActionData>({ formError: refusal.key }, { status: refusal.status })
  }
  const toast = input.intent === 'role' ? 'adminAccounts:role.changed' : input.intent === 'activate' ? 'adminAccounts:status.activated' : 'adminAccounts:status.deactivated'
  return redirectWithToast(request, '/admin/admins', { type: 'success', key: toast })
}

export default function AdminAccounts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('adminAccounts')
  const { t: tAdmin } = useTranslation('admin')
  const { admin, locale, accounts } = loaderData
  const format = useFormat()
  const pageHref = (n: number) => (n > 1 ? `/admin/admins?page=${n}` : '/admin/admins')
  return (
    <AdminShell admin={admin} locale={locale}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('list.title')}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t('list.description', { count: accounts.total })}</p>
        </div>
        <CreateAdminDialog />
      </div>
      <DataTable
        rows={accounts.items}
        label={t('list.tableLabel')}
        className="mt-6 bg-background"
        testId="admin-accounts"
        pager={listPager(accounts, pageHref, t('list.pagination'), tAdmin)}
        head={headCells([t('list.name'), t('list.email'), t('list.role'), t('list.status'), t('list.twoFactor'), t('list.lastLogin'), t('list.actions')])}
      >
        {(item) => (
          <TableRow key={item.id} className="align-top" data-testid="admin-account-row" data-email={item.email}>
            <TableCell className="font-medium">
              {item.fullName}
              {item.isSelf ? <span className="ml-1 text-xs text-muted-foreground">({t('list.you')})</span> : null}
            </TableCell>
            <TableCell className="break-all">{item.email}</TableCell>
            <TableCell>
              <Badge variant={item.role === 'super_admin' ? 'default' : 'secondary'}>{tAdmin(`roles.${item.role}`)}</Badge>
            </TableCell>
            <TableCell>
              <Badge variant={item.isActive ? 'outline' : 'destructive'} data-testid="admin-account-status">
                {item.isActive ? t('list.active') : t('list.inactive')}
              </Badge>
            </TableCell>
            <TableCell>{item.twoFactorEnabled ? t('list.on') : t('list.off')}</TableCell>
            <TableCell className="whitespace-nowrap">
              {item.lastLogin ? <time dateTime={item.lastLogin}>{format.dateTime(item.lastLogin)}</time> : t('list.never')}
            </TableCell>
            {item.isSelf ? (
              <TableCell>
                <span className="text-muted-foreground">—</span>
              </TableCell>
            ) : (
              <RowActions>
                <ChangeRoleDialog account={item} />
                <ChangeStatusDialog account={item} />
              </RowActions>
            )}
          </TableRow>
        )}
      </DataTable>
    </AdminShell>
  )
}

export const ErrorBoundary = AdminErrorBoundary
