import { useTranslation } from 'react-i18next'
import { Form, useLocation } from 'react-router'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { Spinner } from '~/components/ui/spinner'
import { PASSWORD_MAX, PASSWORD_MIN } from '~/domain'
import { useIntentSubmitting, type ProfileFormResult } from './profile-edit-form'
import { TextField } from './profile-form-field'

/** Change the password: the current one is required; other sessions can be signed out at the same time. */
export function ProfilePasswordForm({ result }: { result?: ProfileFormResult }) {
  const { t } = useTranslation('account')
  const location = useLocation()
  const submitting = useIntentSubmitting('changePassword')
  const errors = result?.fieldErrors ?? {}
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">{t('password.title')}</h2>
        <CardDescription>{t('password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form key={location.key} method="post" className="flex flex-col gap-5" noValidate aria-label={t('password.title')}>
          <input type="hidden" name="intent" value="changePassword" />
          {result?.formError ? (
            <Alert variant="destructive">
              <AlertDescription>{t(result.formError)}</AlertDescription>
            </Alert>
          ) : null}
          <TextField
            id="password-current"
            name="currentPassword"
            type="password"
            label={t('password.current')}
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
            error={errors.currentPassword}
          />
          <TextField
            id="password-new"
            name="newPassword"
            type="password"
            label={t('password.new')}
            hint={t('password.newHint')}
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            error={errors.newPassword}
          />
          <TextField
            id="password-confirm"
            name="confirmPassword"
            type="password"
            label={t('password.confirm')}
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX}
            error={errors.confirmPassword}
          />
          <label htmlFor="password-revoke" className="flex items-center gap-2 text-sm">
            <input id="password-revoke" type="checkbox" name="revokeOtherSessions" defaultChecked className="size-4 accent-primary" />
            {t('password.revokeOthers')}
          </label>
          <Button type="submit" disabled={submitting} className="self-start">
            {submitting ? <Spinner label={t('password.submitting')} className="size-4" /> : t('password.submit')}
          </Button>
        </Form>
      </CardContent>
    </Card>
  )
}
