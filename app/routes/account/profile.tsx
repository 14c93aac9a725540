import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import type { Route } from './+types/profile'
import { parseSubmission, submittedValues } from '~/lib/form'
import type { Language } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { noindexMeta } from '~/lib/noindex-meta'
import { redirectWithToast } from '~/lib/toast.server'
import { ChangePasswordSchema, isSeller, PROFILE_INTENTS, ProfileDetails, ProfileEditForm, type ProfileFormResult, type ProfileIntent, ProfilePasswordForm, ProfileSessionsCard, ProfileTradeDetailsForm, TradeDetailsSchema, UpdateProfileSchema } from '~/modules/accounts'
import { changePassword, countOtherSessions, getOwnProfile, requireUser, revokeOtherSessions, updateProfile, updateTradeDetails } from '~/modules/accounts/index.server'
import { KycStatusBadge } from '~/modules/kyc'

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const locale = getLocale(context) as Language
  const [i18n, profile, otherSessions] = await Promise.all([
    getI18n(request, context),
    getOwnProfile(user.id),
    countOtherSessions(request, user.id),
  ])
  return {
    locale,
    origin: publicOrigin(request),
    title: i18n.t('account:profile.title'),
    description: i18n.t('account:profile.description'),
    profile,
    otherSessions,
  }
}

export const meta: Route.MetaFunction = noindexMeta('/profile')

type ActionData = ProfileFormResult & { intent: ProfileIntent | 'unknown' }
const fail = (intent: ActionData['intent'], result: ProfileFormResult, status = 400) => data<ActionData>({ intent, ...result }, { status })

export async function action({ request }: Route.ActionArgs) {
  // Every intent re-checks the session here, on the server.
  const user = await requireUser(request)
  let formData: FormData
  try {
    formData = await request.formData()
  } catch {
    return fail('unknown', { fieldErrors: {}, formError: 'account:errors.badRequest' })
  }
  const intent = formData.get('intent')
  if (!PROFILE_INTENTS.includes(intent as ProfileIntent)) return fail('unknown', { fieldErrors: {}, formError: 'account:errors.badRequest' })

  switch (intent as ProfileIntent) {
    case 'updateProfile': {
      if (!user.profile) return fail('updateProfile', { fieldErrors: {}, formError: 'account:errors.profileMissing' }, 409)
      const parsed = parseSubmission(UpdateProfileSchema, formData)
      if (!parsed.ok) return fail('updateProfile', parsed)
      const result = await updateProfile(user.id, parsed.value)
      if (!result.ok) return fail('updateProfile', { ...result, values: submittedValues(formData) }, 409)
      return redirectWithToast(request, '/profile', { type: 'success', key: 'account:profile.updated' })
    }
    case 'updateTradeDetails': {
      const parsed = parseSubmission(TradeDetailsSchema, formData)
      if (!parsed.ok) return fail('updateTradeDetails', parsed)
      const result = await updateTradeDetails(user.id, parsed.value)
      if (!result.ok) return fail('updateTradeDetails', { ...result, values: submittedValues(formData) }, 409)
      return redirectWithToast(request, '/profile', { type: 'success', key: 'account:tradeDetails.saved' })
    }
    case 'changePassword': {
      const parsed = parseSubmission(ChangePasswordSchema, formData)
      if (!parsed.ok) return fail('changePassword', { fieldErrors: parsed.fieldErrors })
      const result = await changePassword(request, parsed.value, user)
      if (!result.ok) return fail('changePassword', result)
      // With other sessions revoked, better-auth issued a new session cookie for this browser.
      const headers = new Headers()
      for (const cookie of result.headers?.getSetCookie() ?? []) headers.append('Set-Cookie', cookie)
      return redirectWithToast(request, '/profile', { type: 'success', key: 'account:password.changed' }, { headers })
    }
    case 'revokeOtherSessions': {
      await revokeOtherSessions(request, user.id)
      return redirectWithToast(request, '/profile', { type: 'success', key: 'account:sessions.revoked' })
    }
  }
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('account')
  const { profile, otherSessions } = loaderData
  // Without a profile the root layout shows the 'Complete Your Profile' form instead of this page.
  if (!profile) return null
  const resultFor = (intent: ProfileIntent) => (actionData?.intent === intent ? actionData : undefined)
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t('profile.title')}</h1>
        <p className="text-muted-foreground">{t('profile.description')}</p>
      </header>
      {actionData?.intent === 'unknown' && actionData.formError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t(actionData.formError)}
        </p>
      ) : null}
      <ProfileDetails
        profile={profile}
        kyc={
          isSeller(profile) ? (
            <span className="flex flex-wrap items-center gap-3">
              <KycStatusBadge status={profile.kycStatus} />
              <Link to="/kyc-upload" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                {profile.kycStatus === 'Approved' ? t('profile.kycView') : t('profile.kycManage')}
              </Link>
            </span>
          ) : undefined
        }
      />
      <ProfileEditForm profile={profile} result={resultFor('updateProfile')} />
      <ProfileTradeDetailsForm profile={profile} result={resultFor('updateTradeDetails')} />
      <ProfilePasswordForm result={resultFor('changePassword')} />
      <ProfileSessionsCard otherSessions={otherSessions} />
    </div>
  )
}
