import { CheckCircle2 } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, useNavigate } from 'react-router'
import { SubmitButton } from '~/components/submit-button'
import { PasswordField, TextField } from '~/components/form-fields'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { useCheckedForm, usePostPending } from '~/components/use-checked-form'
import { KYC_DOCUMENT } from '~/domain/uploads'
import { KYC_FIELD } from '~/modules/kyc'
import { registrationSummary, verifyEmailPath, type FieldErrors } from '../limits'
import { useAccountSchemas } from './use-account-schemas'
import { ActionToast } from './action-toast'
import { AuthLinkPrompt } from './auth-card'
import { CountryField, EmailAddressField, ProfileTextField, UserTypeField } from './profile-form-field'

/** Spec §9: the registration page moves on to /verify-email after 2 seconds. */
export const REGISTER_REDIRECT_MS = 2000

/** What the /register action answers. */
export type RegisterActionData =
  | { ok: true; email: string; messageKey: string }
  | {
      ok: false
      fieldErrors: FieldErrors
      /** A message without a field: shown as a toast. */
      formError?: string
      formErrorValues?: Record<string, string>
      values: Record<string, string>
    }

function RegisterSuccess({ answer }: { answer: Extract<RegisterActionData, { ok: true }> }) {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const next = verifyEmailPath(answer.email)
  useEffect(() => {
    const timer = setTimeout(() => navigate(next), REGISTER_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [navigate, next])
  return (
    <>
      <Alert variant="success" role="status">
        <CheckCircle2 className="size-4" aria-hidden />
        <AlertTitle>{t(answer.messageKey)}</AlertTitle>
        <AlertDescription>{t('register.redirecting')}</AlertDescription>
      </Alert>
      <Button asChild variant="outline">
        <Link to={next}>{t('register.continue')}</Link>
      </Button>
    </>
  )
}

/**
 * Spec §2/§5 registration form (multipart, works without JavaScript). The same schema as the
 * action checks it before submit; the KYC picker only shows for sellers (pure CSS, so it works
 * without JavaScript too).
 */
export function RegisterForm({ answer }: { answer?: RegisterActionData }) {
  const { t } = useTranslation('auth')
  const busy = usePostPending('/register')
  const schemas = useAccountSchemas()
  const form = useCheckedForm(schemas && ((data) => schemas.parseSubmission(schemas.RegisterSchema, data, { files: [KYC_FIELD] })), answer?.ok === false ? answer.fieldErrors : undefined)

  if (answer?.ok) return <RegisterSuccess answer={answer} />

  const { errors } = form
  const values = answer?.values ?? {}
  const summary = registrationSummary(errors)
  const fields = { idPrefix: 'register', errors, values }

  return (
    <>
      <Form ref={form.formRef} method="post" action="/register" encType="multipart/form-data" noValidate className="flex flex-col gap-5" onSubmit={form.onSubmit}>
        {summary.length > 0 ? (
          <Alert variant="destructive">
            <AlertDescription>
              <ul className="list-inside list-disc">
                {summary.map((key) => (
                  <li key={key}>{t(key)}</li>
                ))}
              </ul>
            </AlertDescription>
          </Alert>
        ) : null}
        <ProfileTextField name="name" {...fields} />
        <EmailAddressField id="register-email" defaultValue={values.email} error={errors.email} />
        <div className="grid gap-5 sm:grid-cols-2">
          <PasswordField purpose="new" id="register-password" name="password" label={t('fields.password')} hint={t('fields.passwordHint')} error={errors.password} />
          <PasswordField purpose="new" id="register-confirmPassword" name="confirmPassword" label={t('fields.confirmPassword')} error={errors.confirmPassword} />
        </div>
        <CountryField {...fields} />
        <UserTypeField idPrefix="register" error={errors.userType} value={values.userType} />
        <div className="hidden [form:has(#register-userType-Seller:checked)_&]:block" data-testid="kyc-field">
          <TextField
            id="register-kycDocument"
            name={KYC_FIELD}
            type="file"
            accept={KYC_DOCUMENT.accept}
            className="h-auto cursor-pointer py-2"
            label={t('fields.kycDocument')}
            hint={t('fields.kycHint')}
            error={errors.kycDocument}
          />
        </div>
        <ProfileTextField name="companyName" {...fields} />
        <ProfileTextField name="phoneNumber" {...fields} />
        <SubmitButton pending={busy} pendingLabel={t('register.submitting')}>
          {t('register.submit')}
        </SubmitButton>
        <p className="text-center text-sm text-muted-foreground">
          <AuthLinkPrompt prompt={t('register.haveAccount')} to="/login" link={t('register.login')} />
        </p>
      </Form>
      <ActionToast answer={answer} messageKey={answer?.ok === false ? answer.formError : null} values={answer?.ok === false ? answer.formErrorValues : undefined} />
    </>
  )
}
