import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useLocation, useNavigation } from 'react-router'
import { FormAlert } from '~/components/form-alert'
import { SubmitButton } from '~/components/submit-button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import type { FieldErrors } from '../schemas'
import type { OwnProfile } from '../profile-queries.server'
import { ProfileFields } from './profile-form-field'

export type ProfileFormResult = { fieldErrors: FieldErrors; formError?: string; values?: Record<string, string> }

/** Submitting state of the /profile form with this intent. */
export function useIntentSubmitting(intent: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

/**
 * One of the /profile page's forms, in its own card: posts `intent` to the page's action, shows the
 * action's message for the whole form above the fields, and a submit button that spins while it is sent.
 */
export function ProfileFormCard({
  intent,
  title,
  description,
  result,
  submitLabel,
  pendingLabel,
  children,
}: {
  intent: string
  title: string
  description: string
  result?: ProfileFormResult
  submitLabel: string
  pendingLabel: string
  children: React.ReactNode
}) {
  const location = useLocation()
  const submitting = useIntentSubmitting(intent)
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form key={location.key} method="post" className="flex flex-col gap-5" noValidate aria-label={title}>
          <input type="hidden" name="intent" value={intent} />
          <FormAlert error={result?.formError} />
          {children}
          <SubmitButton pending={submitting} pendingLabel={pendingLabel} className="self-start">
            {submitLabel}
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  )
}

/** Edit name, country, company and phone (the email and account type are fixed). */
export function ProfileEditForm({ profile, result }: { profile: OwnProfile; result?: ProfileFormResult }) {
  const { t } = useTranslation('account')
  const values = result?.values ?? {
    name: profile.name,
    country: profile.country,
    companyName: profile.companyName ?? '',
    phoneNumber: profile.phoneNumber,
  }
  return (
    <ProfileFormCard
      intent="updateProfile"
      title={t('profile.editTitle')}
      description={t('profile.editDescription')}
      result={result}
      submitLabel={t('profile.save')}
      pendingLabel={t('profile.saving')}
    >
      <ProfileFields idPrefix="profile" errors={result?.fieldErrors ?? {}} values={values} />
    </ProfileFormCard>
  )
}
