import { data, redirect } from 'react-router'
import type { Route } from './+types/forgot-password'
import { parseSubmission } from '~/lib/form'
import type { Language } from '~/lib/i18n'
import { getLocale } from '~/lib/i18next.server'
import { seoMeta } from '~/lib/seo'
import { EmailField, type ForgotPasswordActionData, ForgotPasswordView, PasswordResetRequestSchema } from '~/modules/accounts'
import { authPageMeta, requestPasswordReset } from '~/modules/accounts/index.server'
import { readFormDataWithLimit } from '~/lib/uploads.server'

const FORM_LIMIT = 16 * 1024

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const email = EmailField.safeParse(url.searchParams.get('email') ?? '')
  return {
    ...(await authPageMeta(request, context, 'forgot')),
    sent: url.searchParams.get('sent') === '1',
    email: email.success ? email.data : undefined,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? seoMeta({ title: loaderData.title, description: loaderData.description, origin: loaderData.origin, path: '/forgot-password', locale: loaderData.locale, noindex: true })
    : []

/** Asks for a reset link; the answer ("sent") is the same whether or not the account exists. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormDataWithLimit(request, FORM_LIMIT)
  if (!form.ok) return data<ForgotPasswordActionData>({ fieldErrors: {}, formError: 'errors:badRequest', values: {} }, { status: form.reason === 'tooLarge' ? 413 : 400 })
  const parsed = parseSubmission(PasswordResetRequestSchema, form.formData)
  if (!parsed.ok) return data<ForgotPasswordActionData>({ fieldErrors: parsed.fieldErrors, values: { email: parsed.values.email } }, { status: 400 })

  const result = await requestPasswordReset(request, parsed.value, { language: getLocale(context) as Language })
  if (!result.ok) return data<ForgotPasswordActionData>({ fieldErrors: {}, formError: result.messageKey, values: { email: parsed.value.email } }, { status: result.status })
  return redirect('/forgot-password?sent=1')
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <ForgotPasswordView sent={loaderData.sent} defaultEmail={loaderData.email} answer={actionData} />
}
