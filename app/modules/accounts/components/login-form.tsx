import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { SubmitButton } from '~/components/submit-button'
import { PasswordField } from '~/components/form-fields'
import { useCheckedForm, usePostPending } from '~/components/use-checked-form'
import { type FieldErrors } from '../limits'
import { useAccountSchemas } from './use-account-schemas'
import { ActionToast } from './action-toast'
import { AuthLinkPrompt } from './auth-card'
import { EmailAddressField } from './profile-form-field'

/** What the /login action answers when signing in did not work. */
export type LoginActionData = {
  fieldErrors: FieldErrors
  /** A message without a field: shown as a toast. */
  formError?: string
  formErrorValues?: Record<string, string>
  values: { email?: string }
}

/** Spec §2 Login: email and password; validated here before submit and again by the action. */
export function LoginForm({ redirectTo, defaultEmail, answer }: { redirectTo: string; defaultEmail?: string; answer?: LoginActionData }) {
  const { t } = useTranslation('auth')
  const busy = usePostPending('/login')
  const schemas = useAccountSchemas()
  const { formRef, errors, onSubmit } = useCheckedForm(schemas && ((data) => schemas.parseSubmission(schemas.LoginSchema, data)), answer?.fieldErrors)

  return (
    <>
      <Form ref={formRef} method="post" action="/login" noValidate className="flex flex-col gap-5" onSubmit={onSubmit}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailAddressField id="login-email" defaultValue={answer?.values.email ?? defaultEmail} error={errors.email} readOnly={busy} />
        <PasswordField purpose="current" id="login-password" name="password" label={t('fields.password')} error={errors.password} readOnly={busy} />
        <Link to="/forgot-password" className="-mt-3 self-end text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('login.forgotPassword')}
        </Link>
        <SubmitButton pending={busy} pendingLabel={t('login.submitting')}>
          {t('login.submit')}
        </SubmitButton>
        <p className="text-center text-sm text-muted-foreground">
          <AuthLinkPrompt prompt={t('login.noAccount')} to="/register" link={t('login.register')} />
        </p>
      </Form>
      <ActionToast answer={answer} messageKey={answer?.formError} values={answer?.formErrorValues} />
    </>
  )
}
