import { CircleAlert, Clock, MailCheck, ShieldCheck } from 'lucide-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Spinner } from '~/components/ui/spinner'
import { EMAIL_MAX, type FieldErrors } from '../limits'
import { useAccountSchemas } from './use-account-schemas'
import { ActionToast } from './action-toast'
import { AuthCard } from './auth-card'
import { TextField } from './profile-form-field'

/** Spec §2 Email verification states. */
export type VerifyEmailState =
  | { state: 'pending'; email: string | null }
  | { state: 'success' }
  | { state: 'expired'; email: string | null }
  | { state: 'error'; reason: 'invalid' | 'unexpected' }

/** What the resend action answers. */
export type ResendActionData =
  | { ok: true; email: string }
  | { ok: false; fieldErrors: FieldErrors; formError?: string; formErrorValues?: Record<string, string>; values: { email?: string } }

function ResendForm({ email, answer }: { email: string | null; answer?: ResendActionData }) {
  const { t } = useTranslation('auth')
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' && navigation.formAction?.split('?')[0] === '/verify-email'
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const schemas = useAccountSchemas()
  const failed = answer && !answer.ok ? answer : undefined
  const errors = clientErrors ?? failed?.fieldErrors ?? {}
  return (
    <section aria-labelledby="resend-title" className="flex flex-col gap-3 rounded-md border p-4">
      <h2 id="resend-title" className="font-semibold">
        {t('verify.resendTitle')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('verify.resendHint')}</p>
      <Form
        ref={formRef}
        method="post"
        action="/verify-email"
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          // Before the schemas have loaded the action checks the form (the same schema, the same errors).
          if (!schemas) return
          const parsed = schemas.parseSubmission(schemas.ResendVerificationSchema, new FormData(event.currentTarget))
          if (parsed.ok) return setClientErrors(null)
          event.preventDefault()
          const empty = !String(new FormData(event.currentTarget).get('email') ?? '').trim()
          setClientErrors(empty ? { email: 'errors:verification.noEmail' } : parsed.fieldErrors)
          requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
        }}
      >
        <TextField
          id="resend-email"
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="email"
          required
          maxLength={EMAIL_MAX}
          defaultValue={failed?.values.email ?? (answer?.ok ? answer.email : email) ?? ''}
          error={errors.email}
          readOnly={busy}
        />
        <Button type="submit" variant="outline" disabled={busy} aria-disabled={busy} className="self-start">
          {busy ? <Spinner label={t('verify.resending')} className="size-4" /> : t('verify.resend')}
        </Button>
      </Form>
      <ActionToast answer={answer} messageKey={answer?.ok ? 'auth:verify.resent' : failed?.formError} values={failed?.formErrorValues} type={answer?.ok ? 'success' : 'error'} />
    </section>
  )
}

/** The /verify-email page body for each state. */
export function VerifyEmailView({ view, answer }: { view: VerifyEmailState; answer?: ResendActionData }) {
  const { t } = useTranslation('auth')
  switch (view.state) {
    case 'success':
      return (
        <AuthCard icon={<ShieldCheck className="size-6 text-emerald-600" aria-hidden />} title={t('verify.successTitle')} description={t('verify.successText')}>
          <Button asChild>
            <Link to="/login">{t('verify.login')}</Link>
          </Button>
        </AuthCard>
      )
    case 'expired':
      return (
        <AuthCard icon={<Clock className="size-6 text-amber-600" aria-hidden />} title={t('verify.expiredTitle')} description={t('verify.expiredText')}>
          <ResendForm email={view.email} answer={answer} />
        </AuthCard>
      )
    case 'error':
      return (
        <AuthCard
          icon={<CircleAlert className="size-6 text-destructive" aria-hidden />}
          title={t('verify.errorTitle')}
          description={
            view.reason === 'unexpected'
              ? t('errors:verification.unexpected')
              : t('errors:verification.failed', { message: t('errors:verification.invalid') })
          }
          footer={
            <>
              {t('verify.registerAgainPrompt')}{' '}
              <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
                {t('verify.registerAgain')}
              </Link>
            </>
          }
        >
          <ResendForm email={null} answer={answer} />
        </AuthCard>
      )
    default:
      return (
        <AuthCard
          icon={<MailCheck className="size-6 text-primary" aria-hidden />}
          title={t('verify.pendingTitle')}
          description={view.email ? t('verify.pendingText', { email: view.email }) : t('verify.pendingTextNoEmail')}
          footer={
            <>
              {t('verify.alreadyVerified')}{' '}
              <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
                {t('verify.login')}
              </Link>
            </>
          }
        >
          <ResendForm email={view.email} answer={answer} />
        </AuthCard>
      )
  }
}
