import { useTranslation } from 'react-i18next'
import { data, redirect, redirectDocument } from 'react-router'
import type { Route } from './+types/two-factor'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { getI18n } from '~/lib/i18next.server'
import { redirectWithToast } from '~/lib/toast.server'
import { TWO_FACTOR_SIGN_IN_FORM, type TwoFactorSignInAnswer, TwoFactorSignInForm, TwoFactorSignInSchema } from '~/modules/admin'
import { parseSubmission } from '~/lib/form'
import { completeTwoFactorSignIn, readTwoFactorChallenge, requireNoAdmin, safeAdminRedirect } from '~/modules/admin/index.server'
import { readFormDataWithLimit } from '~/lib/uploads.server'

const FORM_LIMIT = 8 * 1024

const noStore = { 'Cache-Control': 'private, no-store' }

/** The second sign-in step: only after a right password of an admin with two-factor sign-in on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const redirectTo = safeAdminRedirect(url.searchParams.get('redirectTo'))
  await requireNoAdmin(request, redirectTo)
  if (!(await readTwoFactorChallenge(request))) throw redirect(loginPath(redirectTo))
  const i18n = await getI18n(request, context)
  const method: 'totp' | 'backup' = url.searchParams.get('method') === 'backup' ? 'backup' : 'totp'
  return data({ title: i18n.t('adminAccounts:meta.twoFactor'), redirectTo, method }, { headers: noStore })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? 'Two-factor sign-in'} | Setu` }, { name: 'robots', content: 'noindex' }]

/** /admin/login, coming back to `redirectTo` afterwards. */
function loginPath(redirectTo: string): string {
  return redirectTo === '/admin/dashboard' ? '/admin/login' : `/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormDataWithLimit(request, FORM_LIMIT)
  if (!form.ok) return data<TwoFactorSignInAnswer>({ formError: 'adminAccounts:errors.invalid' }, { status: form.reason === 'tooLarge' ? 413 : 400 })
  const redirectTo = safeAdminRedirect(form.formData.get('redirectTo'))
  // No challenge (never signed in, expired, used up): back to the password, with the reason; nothing written.
  const challenge = await readTwoFactorChallenge(request)
  if (!challenge) return redirectWithToast(request, loginPath(redirectTo), { type: 'error', key: 'adminAccounts:twoFactor.errors.expired' })
  const parsed = parseSubmission(TwoFactorSignInSchema, form.formData, TWO_FACTOR_SIGN_IN_FORM)
  if (!parsed.ok) return data<TwoFactorSignInAnswer>({ fieldErrors: parsed.fieldErrors }, { status: 400 })
  const result = await completeTwoFactorSignIn(request, challenge, parsed.value)
  if (!result.ok) {
    // The challenge is over (too many wrong codes, expired): sign in again, told why.
    if (result.restart) return redirectWithToast(request, loginPath(redirectTo), { type: 'error', key: result.messageKey }, { headers: result.headers })
    const aboutTheCode = result.messageKey === 'adminAccounts:twoFactor.errors.invalidCode' || result.messageKey === 'adminAccounts:twoFactor.errors.codeUsed'
    const answer: TwoFactorSignInAnswer = aboutTheCode ? { fieldErrors: { code: result.messageKey } } : { formError: result.messageKey }
    return data(answer, { status: result.status, headers: result.headers })
  }
  // A full page load, so the panel starts from the new session cookie.
  return redirectDocument(redirectTo, { headers: result.headers })
}

export default function AdminTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('adminAccounts')
  return (
    <main id="main" className="flex flex-1 items-center justify-center bg-muted/30 px-4 py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight">{t('twoFactor.signIn.title')}</h1>
          <CardDescription>{loaderData.method === 'totp' ? t('twoFactor.signIn.description') : t('twoFactor.signIn.backupDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <TwoFactorSignInForm key={loaderData.method} method={loaderData.method} redirectTo={loaderData.redirectTo} answer={actionData} />
        </CardContent>
      </Card>
    </main>
  )
}
