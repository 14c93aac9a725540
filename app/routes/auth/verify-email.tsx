import { data } from 'react-router'
import type { Route } from './+types/verify-email'
import { parseSubmission } from '~/lib/form'
import type { Language } from '~/lib/i18n'
import { getLocale } from '~/lib/i18next.server'
import { seoMeta } from '~/lib/seo'
import { redirectWithToast } from '~/lib/toast.server'
import { authPageMeta, getUnverifiedEmail, resendVerificationEmail, verifyEmailToken } from '~/modules/accounts/index.server'
import { EmailField, type ResendActionData, ResendVerificationSchema, verifyEmailPath, type VerifyEmailState, VerifyEmailView } from '~/modules/accounts'
import { readFormDataWithLimit } from '~/lib/uploads.server'

const FORM_LIMIT = 16 * 1024

/**
 * Spec §4: no token → pending (for the address in the link, or else the one of the request's
 * unverified session, sent here by spec §8); a token of another type → error; otherwise the token decides.
 */
async function verificationState(request: Request, url: URL): Promise<VerifyEmailState> {
  const token = url.searchParams.get('token')
  if (!token) {
    const email = EmailField.safeParse(url.searchParams.get('email') ?? '')
    return { state: 'pending', email: email.success ? email.data : await getUnverifiedEmail(request) }
  }
  if (url.searchParams.get('type') !== 'signup') return { state: 'error', reason: 'invalid' }
  return verifyEmailToken(token)
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [meta, view] = await Promise.all([authPageMeta(request, context, 'verify'), verificationState(request, new URL(request.url))])
  return { ...meta, view }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? seoMeta({ title: loaderData.title, description: loaderData.description, origin: loaderData.origin, path: '/verify-email', locale: loaderData.locale, noindex: true })
    : []

const fail = (answer: Omit<Extract<ResendActionData, { ok: false }>, 'ok'>, status: number) =>
  data<ResendActionData>({ ok: false, ...answer }, { status })

/** The resend action: a new link for an unverified account (same answer whether or not one exists). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormDataWithLimit(request, FORM_LIMIT)
  if (!form.ok) return fail({ fieldErrors: {}, formError: 'errors:badRequest', values: {} }, 400)
  const raw = form.formData.get('email')
  const typed = typeof raw === 'string' ? raw.trim().slice(0, 254) : ''
  // Spec §8: resending without an address.
  if (!typed) return fail({ fieldErrors: { email: 'errors:verification.noEmail' }, values: {} }, 400)
  const parsed = parseSubmission(ResendVerificationSchema, form.formData)
  if (!parsed.ok) return fail({ fieldErrors: parsed.fieldErrors, values: { email: typed } }, 400)

  const result = await resendVerificationEmail(request, parsed.value.email, { language: getLocale(context) as Language })
  if (!result.ok) {
    const { error } = result
    return fail(
      error.field
        ? { fieldErrors: { [error.field]: error.messageKey }, values: { email: typed } }
        : { fieldErrors: {}, formError: error.messageKey, formErrorValues: error.values, values: { email: typed } },
      error.status,
    )
  }
  return redirectWithToast(request, verifyEmailPath(parsed.value.email), { type: 'success', key: 'auth:verify.resent' })
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  return <VerifyEmailView view={loaderData.view} answer={actionData} />
}
