import { CircleAlert, Clock, LockKeyhole } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { FormAlert } from '~/components/form-alert'
import { SubmitButton } from '~/components/submit-button'
import { PasswordField } from '~/components/form-fields'
import { Button } from '~/components/ui/button'
import { useCheckedForm, usePostPending } from '~/components/use-checked-form'
import { type FieldErrors } from '../limits'
import { useAccountSchemas } from './use-account-schemas'
import { AuthCard } from './auth-card'
import { BackToLogin } from './forgot-password-view'

/** The /reset-password page: a form for a usable link, otherwise why the link does not work. */
export type ResetPasswordState = { state: 'form'; token: string } | { state: 'expired' } | { state: 'invalid' }

/** What the /reset-password action answers when the password was not changed. */
export type ResetPasswordActionData = { fieldErrors: FieldErrors; formError?: string; link?: 'expired' | 'invalid' }

function BadLink({ expired }: { expired: boolean }) {
  const { t } = useTranslation('auth')
  return (
    <AuthCard
      icon={expired ? <Clock className="size-6 text-amber-600" aria-hidden /> : <CircleAlert className="size-6 text-destructive" aria-hidden />}
      title={expired ? t('reset.expiredTitle') : t('reset.invalidTitle')}
      description={expired ? t('reset.expiredText') : t('reset.invalidText')}
      footer={<BackToLogin />}
    >
      <Button asChild>
        <Link to="/forgot-password">{t('reset.requestNew')}</Link>
      </Button>
    </AuthCard>
  )
}

/** The new-password form (two fields, checked here before submit and again by the action). */
export function ResetPasswordView({ view, answer }: { view: ResetPasswordState; answer?: ResetPasswordActionData }) {
  const { t } = useTranslation('auth')
  const busy = usePostPending('/reset-password')
  const schemas = useAccountSchemas()
  const { formRef, errors, onSubmit } = useCheckedForm(schemas && ((data) => schemas.parseSubmission(schemas.ResetPasswordSchema, data)), answer?.fieldErrors)

  if (answer?.link || view.state !== 'form') return <BadLink expired={(answer?.link ?? view.state) === 'expired'} />

  return (
    <AuthCard icon={<LockKeyhole className="size-6 text-primary" aria-hidden />} title={t('reset.title')} description={t('reset.description')}>
      <Form
        ref={formRef}
        method="post"
        // The token stays in the address, so a refused submit shows this form again (with or without JavaScript).
        action={`/reset-password?${new URLSearchParams({ token: view.token }).toString()}`}
        noValidate
        className="flex flex-col gap-5"
        onSubmit={onSubmit}
      >
        <FormAlert error={answer?.formError} />
        <input type="hidden" name="token" value={view.token} />
        <PasswordField purpose="new" id="reset-password" name="password" label={t('reset.newPassword')} hint={t('fields.passwordHint')} error={errors.password} readOnly={busy} />
        <PasswordField purpose="new" id="reset-confirm-password" name="confirmPassword" label={t('fields.confirmPassword')} error={errors.confirmPassword} readOnly={busy} />
        <SubmitButton pending={busy} pendingLabel={t('reset.submitting')}>
          {t('reset.submit')}
        </SubmitButton>
      </Form>
    </AuthCard>
  )
}
