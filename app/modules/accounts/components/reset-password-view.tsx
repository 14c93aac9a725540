import { CircleAlert, Clock, LockKeyhole } from 'lucide-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, useNavigation } from 'react-router'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Spinner } from '~/components/ui/spinner'
import { PASSWORD_MAX, PASSWORD_MIN } from '~/domain'
import { type FieldErrors } from '../limits'
import { useAccountSchemas } from './use-account-schemas'
import { AuthCard } from './auth-card'
import { TextField } from './profile-form-field'

/** The /reset-password page: a form for a usable link, otherwise why the link does not work. */
export type ResetPasswordState = { state: 'form'; token: string } | { state: 'expired' } | { state: 'invalid' }

/** What the /reset-password action answers when the password was not changed. */
export type ResetPasswordActionData = { fieldErrors: FieldErrors; formError?: string; link?: 'expired' | 'invalid' }

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline'

function BadLink({ expired }: { expired: boolean }) {
  const { t } = useTranslation('auth')
  return (
    <AuthCard
      icon={expired ? <Clock className="size-6 text-amber-600" aria-hidden /> : <CircleAlert className="size-6 text-destructive" aria-hidden />}
      title={expired ? t('reset.expiredTitle') : t('reset.invalidTitle')}
      description={expired ? t('reset.expiredText') : t('reset.invalidText')}
      footer={
        <>
          {t('forgot.remembered')}{' '}
          <Link to="/login" className={linkClass}>
            {t('forgot.backToLogin')}
          </Link>
        </>
      }
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
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formAction?.split('?')[0] === '/reset-password'
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const schemas = useAccountSchemas()

  if (answer?.link || view.state !== 'form') return <BadLink expired={(answer?.link ?? view.state) === 'expired'} />
  const errors = clientErrors ?? answer?.fieldErrors ?? {}

  return (
    <AuthCard icon={<LockKeyhole className="size-6 text-primary" aria-hidden />} title={t('reset.title')} description={t('reset.description')}>
      <Form
        ref={formRef}
        method="post"
        // The token stays in the address, so a refused submit shows this form again (with or without JavaScript).
        action={`/reset-password?${new URLSearchParams({ token: view.token }).toString()}`}
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          // Before the schemas have loaded the action checks the form (the same schema, the same errors).
          if (!schemas) return
          const parsed = schemas.parseSubmission(schemas.ResetPasswordSchema, new FormData(event.currentTarget))
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
        <input type="hidden" name="token" value={view.token} />
        <TextField
          id="reset-password"
          name="password"
          type="password"
          label={t('reset.newPassword')}
          hint={t('fields.passwordHint')}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          error={errors.password}
          readOnly={busy}
        />
        <TextField
          id="reset-confirm-password"
          name="confirmPassword"
          type="password"
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          error={errors.confirmPassword}
          readOnly={busy}
        />
        <Button type="submit" disabled={busy} aria-disabled={busy}>
          {busy ? <Spinner label={t('reset.submitting')} className="size-4" /> : t('reset.submit')}
        </Button>
      </Form>
    </AuthCard>
  )
}
