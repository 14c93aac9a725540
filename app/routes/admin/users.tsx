import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/users'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { parseSubmission } from '~/lib/form'
import { AdminErrorBoundary, AdminShell, parseUserFilter, USER_ACTION_FORM, type UserActionFieldErrors, UserActionSchema, UserDetailDialog, UserFilters, UserKycCard, userListSearch, UserTable } from '~/modules/admin'
import { readForm } from '~/lib/form.server'
import { getI18n, getLocale } from '~/lib/i18next.server'
import type { Language } from '~/lib/i18n'
import { redirectWithToast } from '~/lib/toast.server'
import { adminHeader, changeUserStatus, getKycPendingCard, getUserDetail, listUsers, requireAdmin, safeAdminRedirect, updateUserNotes } from '~/modules/admin/index.server'

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, 'user:read')
  const url = new URL(request.url)
  const filter = parseUserFilter(url)
  const canReviewKyc = admin.permissions.includes('kyc:review')
  const [page, kycCard, detail, i18n] = await Promise.all([
    listUsers(filter),
    getKycPendingCard({ canReviewKyc }),
    filter.user ? getUserDetail(filter.user, { canReviewKyc }) : null,
    getI18n(request, context),
  ])
  // ?user= naming no profile: the list still shows, with a 404 and a message in place of the dialog.
  const detailMissing = Boolean(url.searchParams.get('user')) && !detail
  return data(
    {
      admin: adminHeader(admin),
      locale: getLocale(context) as Language,
      title: i18n.t('adminUsers:meta.title'),
      filter: { q: filter.q, status: filter.status ?? '', kyc: filter.kyc ?? '', page: page.page },
      page,
      kycCard,
      detail,
      detailMissing,
      canManage: admin.permissions.includes('user:manage'),
      canReviewKyc,
    },
    // Signed View KYC links and admin notes: never cached.
    { status: detailMissing ? 404 : 200, headers: { 'Cache-Control': 'private, no-store' } },
  )
}

type ActionData = { fieldErrors?: UserActionFieldErrors; formError?: string }

const FAILURES = {
  notFound: { status: 404, key: 'adminUsers:errors.notFound' },
  unchanged: { status: 409, key: 'adminUsers:errors.statusUnchanged' },
  notesUnchanged: { status: 409, key: 'adminUsers:errors.notesUnchanged' },
  stale: { status: 409, key: 'adminUsers:errors.notesStale' },
} as const

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, 'user:manage')
  const parsed = parseSubmission(UserActionSchema, await readForm(request), USER_ACTION_FORM)
  if (!parsed.ok) return data<ActionData>({ fieldErrors: parsed.fieldErrors }, { status: 400 })
  const input = parsed.value
  // Back to the same view (filters and page) with this user's dialog open.
  const back = safeAdminRedirect(`/admin/users${userListSearch(parseUserFilter(new URL(request.url)), input.profileId)}`)
  if (input.intent === 'status') {
    const result = await changeUserStatus(admin, request, input)
    if (!result.ok) {
      const failure = FAILURES[result.reason]
      return data<ActionData>({ formError: failure.key }, { status: failure.status })
    }
    return redirectWithToast(request, back, { type: 'success', key: `adminUsers:toast.${result.to}` })
  }
  const result = await updateUserNotes(admin, request, input)
  if (!result.ok) {
    const failure = FAILURES[result.reason === 'unchanged' ? 'notesUnchanged' : result.reason]
    return data<ActionData>({ formError: failure.key }, { status: failure.status })
  }
  return redirectWithToast(request, back, { type: 'success', key: 'adminUsers:toast.notesSaved' })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? 'User Management'} | Setu` }, { name: 'robots', content: 'noindex' }]

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('adminUsers')
  const { admin, locale, filter, page, kycCard, detail, detailMissing, canManage, canReviewKyc } = loaderData
  const listHref = `/admin/users${userListSearch(filter)}`
  return (
    <AdminShell admin={admin} locale={locale}>
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{t('description')}</p>
      <div className="mt-6 flex flex-col gap-6">
        {detailMissing ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{t('errors.notFound')}</AlertDescription>
          </Alert>
        ) : null}
        {detail ? (
          <UserDetailDialog
            key={detail.profileId}
            detail={detail}
            canManage={canManage}
            canReviewKyc={canReviewKyc}
            actionHref={`/admin/users${userListSearch(filter, detail.profileId)}`}
            closeHref={listHref}
          />
        ) : null}
        <UserFilters filter={filter} />
        <UserKycCard card={kycCard} canReviewKyc={canReviewKyc} />
        <UserTable page={page} filter={filter} />
      </div>
    </AdminShell>
  )
}

export const ErrorBoundary = AdminErrorBoundary
