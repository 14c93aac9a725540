import { randomUUID } from 'node:crypto'
import { parseSubmission } from '~/lib/form'
import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/create-rfq'
import { SignInGate } from '~/components/gate-card'
import { PageHeader } from '~/components/page-header'
import type { Language } from '~/lib/i18n'
import { readForm } from '~/lib/form.server'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { noindexMeta } from '~/lib/noindex-meta'
import { redirectWithToast } from '~/lib/toast.server'
import { enforceLimit, limitAnswer } from '~/lib/rate-limit.server'
import { getCurrentUser, getUnverifiedEmail, requireUser, throwSignInRequired } from '~/modules/accounts/index.server'
import { listCategoryOptions } from '~/modules/catalog/index.server'
import { createRfq } from '~/modules/rfqs/index.server'
import { createRfqSchema, quantityPrefill, RFQ_FORM, RfqForm, rfqFormValues, utcToday } from '~/modules/rfqs'

// Create RFQ (spec §2 Create RFQ, §5 RFQ form, issue 8 item 1). Any signed-in user with a profile
// may ask for quotes: sellers buy too (their inputs, packaging); see docs/architecture.md.
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Language
  const [i18n, user] = await Promise.all([getI18n(request, context), getCurrentUser(request)])
  const page = { locale, origin: publicOrigin(request), title: i18n.t('rfqs:create.title'), description: i18n.t('rfqs:create.description') }
  // Spec §2: visitors get a 'Login Required' page here, not a redirect (spec §8: an unverified session
  // goes to verify). Without a profile the layout shows the profile form in place of this page.
  if (!user && (await getUnverifiedEmail(request))) return throwSignInRequired(request)
  if (!user?.profile) return { ...page, state: user ? ('noProfile' as const) : ('anonymous' as const), form: null }
  return {
    ...page,
    state: 'ready' as const,
    form: {
      categories: await listCategoryOptions(locale),
      // One-time token: a second submit of this form (double click, resend) creates nothing new.
      submissionKey: randomUUID(),
      today: utcToday(),
      quantity: quantityPrefill(new URL(request.url).searchParams),
    },
  }
}

export const meta: Route.MetaFunction = noindexMeta('/create-rfq')

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  if (!user.profile) return data({ formError: 'rfqs:errors.profileNotFound' }, { status: 400 })
  const form = await readForm(request)
  const parsed = parseSubmission(createRfqSchema(utcToday()), form, RFQ_FORM)
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors, values: rfqFormValues(form) }, { status: 400 })
  // Counted once the form is valid, before anything is written (issue 26 item 9).
  const limit = await enforceLimit('rfqCreate', user.profile.id)
  if (!limit.ok) return limitAnswer(limit, { values: rfqFormValues(form) })
  const saved = await createRfq(user.profile.id, parsed.value)
  if (!saved.ok) return data({ fieldErrors: saved.fieldErrors, values: rfqFormValues(form) }, { status: 400 })
  return redirectWithToast(request, '/rfqs', { type: 'success', key: 'rfqs:create.success' })
}

export default function CreateRfq({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('rfqs')
  if (loaderData.state === 'anonymous') {
    return (
      <SignInGate title={t('gate.loginTitle')} description={t('gate.loginDescription')} redirectTo="/create-rfq" loginLabel={t('gate.login')} registerLabel={t('gate.register')} />
    )
  }
  if (!loaderData.form) return null
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <PageHeader title={t('create.title')} description={t('create.description')} />
      <RfqForm {...loaderData.form} answer={actionData} />
    </div>
  )
}
