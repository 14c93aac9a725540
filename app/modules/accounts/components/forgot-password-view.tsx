import { KeyRound, MailCheck } from 'lucide-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, useNavigation } from 'react-router'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Spinner } from '~/components/ui/spinner'
import { EMAIL_MAX, type FieldErrors } from '../limits'
import { useAccountSchemas } from './use-account-schemas'
import { AuthCard } from './auth-card'
import { TextField } from './profile-form-field'

/** What the /forgot-password action answers when it could not take the request. */
export type ForgotPasswordActionData = { fieldErrors: FieldErrors; formError?: string; values: { email?: string } }

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline'

function BackToLogin() {
  const { t } = useTranslation('auth')
  return (
    <>
      {t('forgot.remembered')}{' '}
      <Link to="/login" className={linkClass}>
        {t('forgot.backToLogin')}
      </Link>
    </>
  )
}

/** The /forgot-password page: the email form, or the same "sent" answer whether or not the account exists. */
export function ForgotPasswordView({ sent, defaultEmail, answer }: { sent: boolean; defaultEmail?: string; answer?: ForgotPasswordActionData }) {
  const { t } = useTranslation('auth')
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formAction?.split('?')[0] === '/forgot-password'
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const schemas = useAccountSchemas()
  const errors = clientErrors ?? answer?.fieldErrors ?? {}

  if (sent && !answer) {
    return (
      <AuthCard icon={<MailCheck className="size-6 text-primary" aria-hidden />} title={t('forgot.sentTitle')} description={t('forgot.sentText')} footer={<BackToLogin />}>
        <p className="text-center text-sm text-muted-foreground">
          {t('forgot.notArrived')}{' '}
          <Link to="/forgot-password" className={linkClass}>
            {t('forgot.again')}
          </Link>
        </p>
      </AuthCard>
    )
  }

  return (
    <AuthCard icon={<KeyRound className="size-6 text-primary" aria-hidden />} title={t('forgot.title')} description={t('forgot.description')} footer={<BackToLogin />}>
      <Form
        ref={formRef}
        method="post"
        action="/forgot-password"
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          // Before the schemas have loaded the action checks the form (the same schema, the same errors).
          if (!schemas) return
          const parsed = schemas.parseSubmission(schemas.PasswordResetRequestSchema, new FormData(event.currentTarget))
          if (parsed.ok) return setClientErrors(null)
          event.preventDefault()
          setClientErrors(parsed.fieldErrors)
          requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
        }}
      >
        {answer?.formError ? (
          <Alert variant="destructive">
            <AlertDescription>{t(answer.formError)}</AlertDescription>
          </Alert>
        ) : null}
        <TextField
          id="forgot-email"
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="email"
          required
          maxLength={EMAIL_MAX}
          defaultValue={answer?.values.email ?? defaultEmail}
          error={errors.email}
          readOnly={busy}
        />
        <Button type="submit" disabled={busy} aria-disabled={busy}>
          {busy ? <Spinner label={t('forgot.submitting')} className="size-4" /> : t('forgot.submit')}
        </Button>
      </Form>
    </AuthCard>
  )
}
