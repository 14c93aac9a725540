import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/security'
import { getI18n, getLocale } from '~/lib/i18next.server'
import type { Language } from '~/lib/i18n'
import { redirectWithToast } from '~/lib/toast.server'
import { AdminErrorBoundary, AdminShell, SECURITY_FORM, SecurityActionSchema, type SecurityAnswer, TwoFactorSettings } from '~/modules/admin'
import { parseSubmission } from '~/lib/form'
import { adminHeader, confirmTwoFactorSetup, disableTwoFactor, requireAdmin, type SecurityResult, startTwoFactorSetup, twoFactorState } from '~/modules/admin/index.server'
import { readFormDataWithLimit } from '~/lib/uploads.server'

const FORM_LIMIT = 8 * 1024
// The answer to "turn on" carries the secret and backup codes: never cached anywhere.
const noStore = { 'Cache-Control': 'private, no-store' }

/** The signed-in admin's own security settings (every role): two-factor sign-in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const [state, i18n] = await Promise.all([twoFactorState(admin.id), getI18n(request, context)])
  return data({ admin: adminHeader(admin), locale: getLocale(context) as Language, title: i18n.t('adminAccounts:meta.security'), state }, { headers: noStore })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? 'Security'} | Setu` }, { name: 'robots', content: 'noindex' }]

function refused(intent: string, result: Extract<SecurityResult<unknown>, { ok: false }>) {
  const answer: SecurityAnswer =
    result.field === 'form' ? { intent, formError: result.messageKey, minutes: result.minutes } : { intent, fieldErrors: { [result.field]: result.messageKey } }
  return data(answer, { status: result.status, headers: noStore })
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readFormDataWithLimit(request, FORM_LIMIT)
  if (!form.ok) return data<SecurityAnswer>({ formError: 'adminAccounts:errors.invalid' }, { status: form.reason === 'tooLarge' ? 413 : 400 })
  const parsed = parseSubmission(SecurityActionSchema, form.formData, SECURITY_FORM)
  const intent = String(form.formData.get('intent') ?? '').slice(0, 20)
  if (!parsed.ok) return data<SecurityAnswer>({ intent, fieldErrors: parsed.fieldErrors }, { status: 400 })
  const input = parsed.value
  if (input.intent === 'enable') {
    const result = await startTwoFactorSetup(request, admin, input.password)
    if (!result.ok) return refused(input.intent, result)
    return data<SecurityAnswer>({ intent: input.intent, setup: result.value }, { headers: noStore })
  }
  if (input.intent === 'verify') {
    const result = await confirmTwoFactorSetup(request, admin, input.code)
    if (!result.ok) return refused(input.intent, result)
    return redirectWithToast(request, '/admin/security', { type: 'success', key: 'adminAccounts:twoFactor.enabled' })
  }
  const result = await disableTwoFactor(request, admin, input.password, input.code)
  if (!result.ok) return refused(input.intent, result)
  return redirectWithToast(request, '/admin/security', { type: 'success', key: 'adminAccounts:twoFactor.disabled' })
}

export default function AdminSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('adminAccounts')
  return (
    <AdminShell admin={loaderData.admin} locale={loaderData.locale}>
      <h1 className="text-2xl font-bold">{t('security.title')}</h1>
      <p className="mt-1 mb-6 text-sm text-muted-foreground">{t('security.description')}</p>
      <TwoFactorSettings state={loaderData.state} answer={actionData} />
    </AdminShell>
  )
}

export const ErrorBoundary = AdminErrorBoundary
