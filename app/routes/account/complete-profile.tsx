import { data, redirect, redirectDocument, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/complete-profile'
import { parseSubmission, submittedValues } from '~/lib/form'
import type { Language } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { noindexMeta } from '~/lib/noindex-meta'
import { toastHeader } from '~/lib/toast.server'
import { type CompleteProfileActionData, CompleteProfileForm, CompleteProfileSchema } from '~/modules/accounts'
import { createProfile, type CurrentUser, getCurrentUser, requireUser } from '~/modules/accounts/index.server'
import { safeRedirect } from '~/lib/safe-redirect'

// The form itself is shown by the root layout on any page; this route receives it. Only a user who
// still needs a profile stays here (that is how a browser without JavaScript sees the form's errors).
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request)
  if (!user || user.profile) throw redirect('/')
  const i18n = await getI18n(request, context)
  return {
    locale: getLocale(context) as Language,
    origin: publicOrigin(request),
    title: i18n.t('account:completeProfile.title'),
    description: i18n.t('account:completeProfile.description'),
  }
}

export const meta: Route.MetaFunction = noindexMeta('/complete-profile')

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request)
  let formData: FormData
  try {
    formData = await request.formData()
  } catch {
    return data<CompleteProfileActionData>({ fieldErrors: {}, formError: 'account:errors.badRequest', values: {} }, { status: 400 })
  }
  const redirectTo = safeRedirect(formData.get('redirectTo'))
  // A second submit (double click, second tab) never creates a second profile.
  if (user.profile) return redirectDocument(redirectTo)
  const parsed = parseSubmission(CompleteProfileSchema, formData)
  if (!parsed.ok) return data<CompleteProfileActionData>({ fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 })
  const result = await createProfile(user, parsed.value, { language: getLocale(context) as Language })
  if (!result.ok) {
    return data<CompleteProfileActionData>(
      { fieldErrors: result.fieldErrors, formError: result.formError, values: submittedValues(formData) },
      { status: 409 },
    )
  }
  // Spec §2: after profile creation the page fully reloads.
  return redirectDocument(redirectTo, {
    headers: { 'Set-Cookie': await toastHeader(request, { type: 'success', key: 'account:completeProfile.created' }) },
  })
}

/** Only reached without JavaScript, when the posted form had problems: show it again with them. */
export default function CompleteProfile({ actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData('root') as { user: CurrentUser | null } | undefined
  if (!root?.user) return null
  return <CompleteProfileForm email={root.user.email} initial={actionData} />
}
