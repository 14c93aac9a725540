import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Spinner } from '~/components/ui/spinner'
import { PASSWORD_MAX } from '~/domain'
import { EMAIL_MAX, type FieldErrors } from '../limits'
import { useAccountSchemas } from './use-account-schemas'
import { ActionToast } from './action-toast'
import { TextField } from './profile-form-field'

/** What the /login action answers when signing in did not work. */
export type LoginActionData = {
  fieldErrors: FieldErrors
  /** A message without a field: shown as a toast. */
  formError?: string
  formErrorValues?: Record<string, string>
  values: { email?: string }
}

function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
}

/** Spec §2 Login: email and password; validated here before submit and again by the action. */
export function LoginForm({ redirectTo, defaultEmail, answer }: { redirectTo: string; defaultEmail?: string; answer?: LoginActionData }) {
  const { t } = useTranslation('auth')
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formAction?.split('?')[0] === '/login'
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const schemas = useAccountSchemas()
  const errors = clientErrors ?? answer?.fieldErrors ?? {}

  return (
    <>
      <Form
        ref={formRef}
        method="post"
        action="/login"
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          // Before the schemas have loaded the action checks the form (the same schema, the same errors).
          if (!schemas) return
          const parsed = schemas.parseSubmission(schemas.LoginSchema, new FormData(event.currentTarget))
          if (parsed.ok) return setClientErrors(null)
          event.preventDefault()
          setClientErrors(parsed.fieldErrors)
          requestAnimationFrame(() => focusFirstInvalid(formRef.current))
        }}
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          id="login-email"
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
        <TextField
          id="login-password"
          name="password"
          type="password"
          label={t('fields.password')}
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX}
          error={errors.password}
          readOnly={busy}
        />
        <Link to="/forgot-password" className="-mt-3 self-end text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('login.forgotPassword')}
        </Link>
        <Button type="submit" disabled={busy} aria-disabled={busy}>
          {busy ? <Spinner label={t('login.submitting')} className="size-4" /> : t('login.submit')}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          {t('login.noAccount')}{' '}
          <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('login.register')}
          </Link>
        </p>
      </Form>
      <ActionToast answer={answer} messageKey={answer?.formError} values={answer?.formErrorValues} />
    </>
  )
}
