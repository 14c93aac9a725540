import { data } from 'react-router'
import type { Route } from './+types/register'
import { KYC_DOCUMENT } from '~/domain/uploads'
import { parseSubmission, submittedValues } from '~/lib/form'
import type { Language } from '~/lib/i18n'
import { getLocale } from '~/lib/i18next.server'
import { seoMeta } from '~/lib/seo'
import { readUploadForm } from '~/lib/uploads.server'
import { authPageMeta, registerAccount, requireAnonymous } from '~/modules/accounts/index.server'
import { AuthCard, type RegisterActionData, RegisterForm, RegisterSchema } from '~/modules/accounts'
import { KYC_FIELD } from '~/modules/kyc'

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request)
  return authPageMeta(request, context, 'register')
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta({ title: loaderData.title, description: loaderData.description, origin: loaderData.origin, path: '/register', locale: loaderData.locale }) : []

const fail = (answer: Omit<Extract<RegisterActionData, { ok: false }>, 'ok'>, status: number) =>
  data<RegisterActionData>({ ok: false, ...answer }, { status })

export async function action({ request, context }: Route.ActionArgs) {
  await requireAnonymous(request)
  // The body is read with a cap (one 5 MB document plus the text fields), so huge uploads stop early.
  const form = await readUploadForm(request, KYC_DOCUMENT)
  if (!form.ok) {
    return form.reason === 'tooLarge'
      ? fail({ fieldErrors: { [KYC_FIELD]: 'kyc:errors.tooLarge' }, values: {} }, 413)
      : fail({ fieldErrors: {}, formError: 'errors:badRequest', values: {} }, 400)
  }
  const parsed = parseSubmission(RegisterSchema, form.formData, { files: [KYC_FIELD] })
  if (!parsed.ok) return fail({ fieldErrors: parsed.fieldErrors, values: parsed.values }, 400)

  const result = await registerAccount(request, parsed.value, { language: getLocale(context) as Language })
  if (!result.ok) {
    const error = result.error
    return fail(
      {
        fieldErrors: result.fieldErrors,
        formError: error && !error.field ? error.messageKey : undefined,
        formErrorValues: error?.values,
        values: submittedValues(form.formData),
      },
      error?.status ?? 400,
    )
  }
  return data<RegisterActionData>({ ok: true, email: result.email, messageKey: result.messageKey })
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard wide title={loaderData.title} description={loaderData.description}>
      <RegisterForm answer={actionData} />
    </AuthCard>
  )
}
