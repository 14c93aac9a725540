import { CircleAlert, Clock, MailCheck, ShieldCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { SubmitButton } from '~/components/submit-button'
import { TitledRegion } from '~/components/titled-region'
import { Button } from '~/components/ui/button'
import { useCheckedForm, usePostPending } from '~/components/use-checked-form'
import { type FieldErrors } from '../limits'
import { useAccountSchemas } from './use-account-schemas'
import { ActionToast } from './action-toast'
import { AuthCard, AuthLinkPrompt } from './auth-card'
import { EmailAddressField } from './profile-form-field'

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
  const busy = usePostPending('/verify-email')
  const schemas = useAccountSchemas()
  const failed = answer && !answer.ok ? answer : undefined
  const { formRef, errors, onSubmit } = useCheckedForm(
    schemas &&
      ((data) => {
        const parsed = schemas.parseSubmission(schemas.ResendVerificationSchema, data)
        // No address at all has its own message (the page may not know one to fill in).
        return !parsed.ok && !String(data.get('email') ?? '').trim() ? { ok: false, fieldErrors: { email: 'errors:verification.noEmail' } } : parsed
      }),
    failed?.fieldErrors,
  )
  return (
    <TitledRegion headingId="resend-title" title={t('verify.resendTitle')} titleClassName="font-semibold" className="flex flex-col gap-3 rounded-md border p-4">
      <p className="text-sm text-muted-foreground">{t('verify.resendHint')}</p>
      <Form ref={formRef} method="post" action="/verify-email" noValidate className="flex flex-col gap-3" onSubmit={onSubmit}>
        <EmailAddressField id="resend-email" defaultValue={failed?.values.email ?? (answer?.ok ? answer.email : email) ?? ''} error={errors.email} readOnly={busy} />
        <SubmitButton variant="outline" className="self-start" pending={busy} pendingLabel={t('verify.resending')}>
          {t('verify.resend')}
        </SubmitButton>
      </Form>
      <ActionToast answer={answer} messageKey={answer?.ok ? 'auth:verify.resent' : failed?.formError} values={failed?.formErrorValues} type={answer?.ok ? 'success' : 'error'} />
    </TitledRegion>
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
          footer={<AuthLinkPrompt prompt={t('verify.registerAgainPrompt')} to="/register" link={t('verify.registerAgain')} />}
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
          footer={<AuthLinkPrompt prompt={t('verify.alreadyVerified')} to="/login" link={t('verify.login')} />}
        >
          <ResendForm email={view.email} answer={answer} />
        </AuthCard>
      )
  }
}
