import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useLocation, useNavigation } from 'react-router'
import { FormAlert } from '~/components/form-alert'
import { SubmitButton } from '~/components/submit-button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import type { FieldErrors } from '../schemas'
import type { OwnProfile } from '../profile-queries.server'
import { PreferredCurrencyField, ProfileFields } from './profile-form-field'

export type ProfileFormResult = { fieldErrors: FieldErrors; formError?: string; values?: Record<string, string> }

/** Submitting state of the /profile form with this intent. */
export function useIntentSubmitting(intent: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

/** The texts (`account` keys) of each /profile form, by the intent it posts. */
const PROFILE_FORMS = {
  updateProfile: { title: 'profile.editTitle', description: 'profile.editDescription', submit: 'profile.save', pending: 'profile.saving' },
  changePassword: { title: 'password.title', description: 'password.description', submit: 'password.submit', pending: 'password.submitting' },
} as const

/**
 * One of the /profile page's forms, in its own card: posts `intent` to the page's action, shows the
 * action's message for the whole form above the fields, and a submit button that spins while it is sent.
 */
export function ProfileFormCard({ intent, result, children }: { intent: keyof typeof PROFILE_FORMS; result?: ProfileFormResult; children: React.ReactNode }) {
  const { t } = useTranslation('account')
  const location = useLocation()
  const submitting = useIntentSubmitting(intent)
  const texts = PROFILE_FORMS[intent]
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">{t(texts.title)}</h2>
        <CardDescription>{t(texts.description)}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form key={location.key} method="post" className="flex flex-col gap-5" noValidate aria-label={t(texts.title)}>
          <input type="hidden" name="intent" value={intent} />
          <FormAlert error={result?.formError} />
          {children}
          <SubmitButton pending={submitting} pendingLabel={t(texts.pending)} className="self-start">
            {t(texts.submit)}
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  )
}

/** Edit name, country, company and phone (the email and account type are fixed). */
export function ProfileEditForm({ profile, result }: { profile: OwnProfile; result?: ProfileFormResult }) {
  const values = result?.values ?? {
    name: profile.name,
    country: profile.country,
    companyName: profile.companyName ?? '',
    phoneNumber: profile.phoneNumber,
    preferredCurrency: profile.preferredCurrency,
  }
  return (
    <ProfileFormCard intent="updateProfile" result={result}>
      <ProfileFields idPrefix="profile" errors={result?.fieldErrors ?? {}} values={values} />
      <PreferredCurrencyField idPrefix="profile" errors={result?.fieldErrors ?? {}} values={values} />
    </ProfileFormCard>
  )
}
