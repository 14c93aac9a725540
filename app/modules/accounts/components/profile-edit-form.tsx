import { useTranslation } from 'react-i18next'
import { Form, useLocation, useNavigation } from 'react-router'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { Spinner } from '~/components/ui/spinner'
import type { FieldErrors } from '../schemas'
import type { OwnProfile } from '../profile-queries.server'
import { ProfileFields } from './profile-form-field'

export type ProfileFormResult = { fieldErrors: FieldErrors; formError?: string; values?: Record<string, string> }

/** Submitting state of the /profile form with this intent. */
export function useIntentSubmitting(intent: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

/** Edit name, country, company and phone (the email and account type are fixed). */
export function ProfileEditForm({ profile, result }: { profile: OwnProfile; result?: ProfileFormResult }) {
  const { t } = useTranslation('account')
  const location = useLocation()
  const submitting = useIntentSubmitting('updateProfile')
  const values = result?.values ?? {
    name: profile.name,
    country: profile.country,
    companyName: profile.companyName ?? '',
    phoneNumber: profile.phoneNumber,
  }
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">{t('profile.editTitle')}</h2>
        <CardDescription>{t('profile.editDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form key={location.key} method="post" className="flex flex-col gap-5" noValidate aria-label={t('profile.editTitle')}>
          <input type="hidden" name="intent" value="updateProfile" />
          {result?.formError ? (
            <Alert variant="destructive">
              <AlertDescription>{t(result.formError)}</AlertDescription>
            </Alert>
          ) : null}
          <ProfileFields idPrefix="profile" errors={result?.fieldErrors ?? {}} values={values} />
          <Button type="submit" disabled={submitting} className="self-start">
            {submitting ? <Spinner label={t('profile.saving')} className="size-4" /> : t('profile.save')}
          </Button>
        </Form>
      </CardContent>
    </Card>
  )
}
