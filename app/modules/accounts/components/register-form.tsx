import { CheckCircle2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, useNavigate, useNavigation } from 'react-router'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { NativeSelect } from '~/components/ui/native-select'
import { Spinner } from '~/components/ui/spinner'
import { KYC_DOCUMENT } from '~/domain/uploads'
import { KYC_FIELD } from '~/modules/kyc'
import { PASSWORD_MAX, PASSWORD_MIN, TRADING_COUNTRIES } from '~/domain'
import { COMPANY_MAX, EMAIL_MAX, NAME_MAX, NAME_MIN, PHONE_MAX, PHONE_MIN, registrationSummary, verifyEmailPath, type FieldErrors } from '../limits'
import { useAccountSchemas } from './use-account-schemas'
import { ActionToast } from './action-toast'
import { describedBy, FieldError, TextField, UserTypeField } from './profile-form-field'

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
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formAction?.split('?')[0] === '/register'
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const schemas = useAccountSchemas()

  if (answer?.ok) return <RegisterSuccess answer={answer} />

  const errors = clientErrors ?? answer?.fieldErrors ?? {}
  const values = answer?.values ?? {}
  const summary = registrationSummary(errors)
  const kycId = 'register-kycDocument'
  const countryId = 'register-country'

  return (
    <>
      <Form
        ref={formRef}
        method="post"
        action="/register"
        encType="multipart/form-data"
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          // Before the schemas have loaded the action checks the form (the same schema, the same errors).
          if (!schemas) return
          const parsed = schemas.parseSubmission(schemas.RegisterSchema, new FormData(event.currentTarget), { files: [KYC_FIELD] })
          if (parsed.ok) return setClientErrors(null)
          event.preventDefault()
          setClientErrors(parsed.fieldErrors)
          requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"] input, [aria-invalid="true"]')?.focus())
        }}
      >
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
        <TextField id="register-name" name="name" label={t('account:fields.name')} autoComplete="name" required minLength={NAME_MIN} maxLength={NAME_MAX} defaultValue={values.name} error={errors.name} />
        <TextField id="register-email" name="email" type="email" label={t('fields.email')} autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={values.email} error={errors.email} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="register-password"
            name="password"
            type="password"
            label={t('fields.password')}
            hint={t('fields.passwordHint')}
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            error={errors.password}
          />
          <TextField
            id="register-confirmPassword"
            name="confirmPassword"
            type="password"
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            error={errors.confirmPassword}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={countryId}>{t('account:fields.country')}</Label>
          <NativeSelect id={countryId} name="country" required defaultValue={values.country ?? ''} {...describedBy(countryId, errors.country)}>
            <option value="" disabled>
              {t('account:fields.countryPlaceholder')}
            </option>
            {TRADING_COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {t(`account:countries.${c}`)}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={`${countryId}-error`} message={errors.country} />
        </div>
        <UserTypeField idPrefix="register" error={errors.userType} value={values.userType} />
        <div className="hidden flex-col gap-2 [form:has(#register-userType-Seller:checked)_&]:flex" data-testid="kyc-field">
          <Label htmlFor={kycId}>{t('fields.kycDocument')}</Label>
          <Input id={kycId} name={KYC_FIELD} type="file" accept={KYC_DOCUMENT.accept} className="h-auto cursor-pointer py-2" {...describedBy(kycId, errors.kycDocument, true)} />
          <p id={`${kycId}-hint`} className="text-xs text-muted-foreground">
            {t('fields.kycHint')}
          </p>
          <FieldError id={`${kycId}-error`} message={errors.kycDocument} />
        </div>
        <TextField
          id="register-company"
          name="companyName"
          label={t('account:fields.companyName')}
          hint={t('account:fields.companyHint')}
          autoComplete="organization"
          maxLength={COMPANY_MAX}
          defaultValue={values.companyName}
          error={errors.companyName}
        />
        <TextField
          id="register-phone"
          name="phoneNumber"
          type="tel"
          label={t('account:fields.phoneNumber')}
          hint={t('account:fields.phoneHint')}
          autoComplete="tel"
          required
          minLength={PHONE_MIN}
          maxLength={PHONE_MAX}
          defaultValue={values.phoneNumber}
          error={errors.phoneNumber}
        />
        <Button type="submit" disabled={busy} aria-disabled={busy}>
          {busy ? <Spinner label={t('register.submitting')} className="size-4" /> : t('register.submit')}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          {t('register.haveAccount')}{' '}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('register.login')}
          </Link>
        </p>
      </Form>
      <ActionToast answer={answer} messageKey={answer?.ok === false ? answer.formError : null} values={answer?.ok === false ? answer.formErrorValues : undefined} />
    </>
  )
}
