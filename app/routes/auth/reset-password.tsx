import { data } from 'react-router'
import type { Route } from './+types/reset-password'
import { parseSubmission } from '~/lib/form'
import { seoMeta } from '~/lib/seo'
import { redirectWithToast } from '~/lib/toast.server'
import { type ResetPasswordActionData, ResetPasswordSchema, type ResetPasswordState, ResetPasswordView } from '~/modules/accounts'
import { authPageMeta, checkResetToken, resetPassword } from '~/modules/accounts/index.server'
import { readFormDataWithLimit } from '~/lib/uploads.server'

const FORM_LIMIT = 16 * 1024

/** The link's token decides what the page shows: the form, or why the link no longer works. */
async function resetState(token: string | null): Promise<ResetPasswordState> {
  if (!token) return { state: 'invalid' }
  const { state } = await checkResetToken(token)
  return state === 'valid' ? { state: 'form', token } : { state }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [meta, view] = await Promise.all([authPageMeta(request, context, 'reset'), resetState(new URL(request.url).searchParams.get('token'))])
  return { ...meta, view }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? seoMeta({ title: loaderData.title, description: loaderData.description, origin: loaderData.origin, path: '/reset-password', locale: loaderData.locale, noindex: true })
    : []

/**
 * The token is in the address: it must not leak to other sites in a Referer, nor sit in a cache.
 * ('no-referrer' would also blank the Origin of our own form post, which the CSRF guard refuses.)
 */
export function headers() {
  return { 'Referrer-Policy': 'same-origin', 'Cache-Control': 'no-store' }
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormDataWithLimit(request, FORM_LIMIT)
  if (!form.ok) return data<ResetPasswordActionData>({ fieldErrors: {}, formError: 'errors:badRequest' }, { status: form.reason === 'tooLarge' ? 413 : 400 })
  const parsed = parseSubmission(ResetPasswordSchema, form.formData)
  if (!parsed.ok) {
    const { token, ...fieldErrors } = parsed.fieldErrors
    return data<ResetPasswordActionData>(token ? { fieldErrors: {}, link: 'invalid' } : { fieldErrors }, { status: 400 })
  }

  const result = await resetPassword(request, parsed.value)
  if (!result.ok) return data<ResetPasswordActionData>({ fieldErrors: result.fieldErrors, formError: result.formError, link: result.link }, { status: result.status })
  return redirectWithToast(request, '/login', { type: 'success', key: 'auth:reset.success' })
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <ResetPasswordView view={loaderData.view} answer={actionData} />
}
