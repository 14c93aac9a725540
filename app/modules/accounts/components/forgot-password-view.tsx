import { KeyRound, MailCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { FormAlert } from '~/components/form-alert'
import { SubmitButton } from '~/components/submit-button'
import { useCheckedForm, usePostPending } from '~/components/use-checked-form'
import { type FieldErrors } from '../limits'
import { useAccountSchemas } from './use-account-schemas'
import { AuthCard, AuthLinkPrompt } from './auth-card'
import { EmailAddressField } from './profile-form-field'

/** What the /forgot-password action answers when it could not take the request. */
export type ForgotPasswordActionData = { fieldErrors: FieldErrors; formError?: string; values: { email?: string } }

/** "Remembered your password? Back to login": the footer of the forgot- and reset-password cards. */
export function BackToLogin() {
  const { t } = useTranslation('auth')
  return <AuthLinkPrompt prompt={t('forgot.remembered')} to="/login" link={t('forgot.backToLogin')} />
}

/** The /forgot-password page: the email form, or the same "sent" answer whether or not the account exists. */
export function ForgotPasswordView({ sent, defaultEmail, answer }: { sent: boolean; defaultEmail?: string; answer?: ForgotPasswordActionData }) {
  const { t } = useTranslation('auth')
  const busy = usePostPending('/forgot-password')
  const schemas = useAccountSchemas()
  const { formRef, errors, onSubmit } = useCheckedForm(schemas && ((data) => schemas.parseSubmission(schemas.PasswordResetRequestSchema, data)), answer?.fieldErrors)

  if (sent && !answer) {
    return (
      <AuthCard icon={<MailCheck className="size-6 text-primary" aria-hidden />} title={t('forgot.sentTitle')} description={t('forgot.sentText')} footer={<BackToLogin />}>
        <p className="text-center text-sm text-muted-foreground">
          <AuthLinkPrompt prompt={t('forgot.notArrived')} to="/forgot-password" link={t('forgot.again')} />
        </p>
      </AuthCard>
    )
  }

  return (
    <AuthCard icon={<KeyRound className="size-6 text-primary" aria-hidden />} title={t('forgot.title')} description={t('forgot.description')} footer={<BackToLogin />}>
      <Form ref={formRef} method="post" action="/forgot-password" noValidate className="flex flex-col gap-5" onSubmit={onSubmit}>
        <FormAlert error={answer?.formError} />
        <EmailAddressField id="forgot-email" defaultValue={answer?.values.email ?? defaultEmail} error={errors.email} readOnly={busy} />
        <SubmitButton pending={busy} pendingLabel={t('forgot.submitting')}>
          {t('forgot.submit')}
        </SubmitButton>
      </Form>
    </AuthCard>
  )
}
