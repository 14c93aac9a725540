import { useTranslation } from 'react-i18next'
import { data, redirect, redirectDocument } from 'react-router'
import type { Route } from './+types/login'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { getI18n } from '~/lib/i18next.server'
import { requireNoAdmin, safeAdminRedirect, signInAdmin } from '~/modules/admin/index.server'
import { ADMIN_EMAIL_MAX, ADMIN_LOGIN_FORM, type AdminLoginAnswer, AdminLoginForm, AdminLoginSchema } from '~/modules/admin'
import { parseSubmission } from '~/lib/form'

/** /admin/two-factor, carrying where to go after the code (a safe admin path, or none for the dashboard). */
function twoFactorPath(redirectTo: string): string {
  return redirectTo === '/admin/dashboard' ? '/admin/two-factor' : `/admin/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`
}
import { readFormDataWithLimit } from '~/lib/uploads.server'

const FORM_LIMIT = 16 * 1024

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get('redirectTo')
  await requireNoAdmin(request, redirectTo)
  const i18n = await getI18n(request, context)
  return { title: i18n.t('admin:meta.login'), redirectTo: safeAdminRedirect(redirectTo) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? 'Admin Login'} | Setu` }, { name: 'robots', content: 'noindex' }]

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormDataWithLimit(request, FORM_LIMIT)
  if (!form.ok) return data<AdminLoginAnswer>({ fieldErrors: {}, formError: 'admin:login.badRequest', email: '' }, { status: form.reason === 'tooLarge' ? 413 : 400 })
  const parsed = parseSubmission(AdminLoginSchema, form.formData, ADMIN_LOGIN_FORM)
  if (!parsed.ok) return data<AdminLoginAnswer>({ fieldErrors: parsed.fieldErrors, email: (parsed.values.email ?? '').slice(0, ADMIN_EMAIL_MAX) }, { status: 400 })
  const result = await signInAdmin(request, parsed.value)
  if (!result.ok) {
    return data<AdminLoginAnswer>({ fieldErrors: {}, formError: result.messageKey, email: parsed.value.email, minutes: result.minutes }, { status: result.status, headers: result.headers })
  }
  const redirectTo = safeAdminRedirect(form.formData.get('redirectTo'))
  // Two-factor sign-in on: the password only opened the second step; no session exists yet.
  if (result.twoFactor) return redirect(twoFactorPath(redirectTo), { headers: result.headers })
  // A full page load, so the panel starts from the new session cookie.
  return redirectDocument(redirectTo, { headers: result.headers })
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin')
  return (
    <main id="main" className="flex flex-1 items-center justify-center bg-muted/30 px-4 py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight">{t('login.title')}</h1>
          <CardDescription>{t('login.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent>
          <AdminLoginForm redirectTo={loaderData.redirectTo} answer={actionData} />
        </CardContent>
      </Card>
    </main>
  )
}
