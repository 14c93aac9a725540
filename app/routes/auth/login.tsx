import { data, redirectDocument } from 'react-router'
import type { Route } from './+types/login'
import { parseSubmission } from '~/lib/form'
import { seoMeta } from '~/lib/seo'
import { redirectWithToast } from '~/lib/toast.server'
import { authPageMeta, requireAnonymous, signIn } from '~/modules/accounts/index.server'
import { AuthCard, EmailField, type LoginActionData, LoginForm, LoginSchema, safeRedirectTo, verifyEmailPath } from '~/modules/accounts'
import { readFormDataWithLimit } from '~/lib/uploads.server'

const FORM_LIMIT = 16 * 1024

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request)
  const url = new URL(request.url)
  const email = EmailField.safeParse(url.searchParams.get('email') ?? '')
  return {
    ...(await authPageMeta(request, context, 'login')),
    redirectTo: safeRedirectTo(url.searchParams.get('redirectTo')),
    email: email.success ? email.data : undefined,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta({ title: loaderData.title, description: loaderData.description, origin: loaderData.origin, path: '/login', locale: loaderData.locale }) : []

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormDataWithLimit(request, FORM_LIMIT)
  if (!form.ok) return data<LoginActionData>({ fieldErrors: {}, formError: 'errors:badRequest', values: {} }, { status: form.reason === 'tooLarge' ? 413 : 400 })
  const parsed = parseSubmission(LoginSchema, form.formData)
  if (!parsed.ok) return data<LoginActionData>({ fieldErrors: parsed.fieldErrors, values: { email: parsed.values.email } }, { status: 400 })

  const result = await signIn(request, parsed.value)
  if (result.ok) {
    // Spec §2: success leads to the home page (or the page that asked for a login) with a full page load.
    return redirectDocument(safeRedirectTo(form.formData.get('redirectTo')), { headers: result.headers })
  }
  const { error } = result
  if (error.code === 'EMAIL_NOT_CONFIRMED') {
    return redirectWithToast(request, verifyEmailPath(parsed.value.email), { type: 'error', key: error.messageKey }, { headers: result.headers })
  }
  const answer: LoginActionData = error.field
    ? { fieldErrors: { [error.field]: error.messageKey }, values: { email: parsed.value.email } }
    : { fieldErrors: {}, formError: error.messageKey, formErrorValues: error.values, values: { email: parsed.value.email } }
  return data(answer, { status: error.status, headers: result.headers })
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard title={loaderData.title} description={loaderData.description}>
      <LoginForm redirectTo={loaderData.redirectTo} defaultEmail={loaderData.email} answer={actionData} />
    </AuthCard>
  )
}
