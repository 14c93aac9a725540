import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { FormAlert } from '~/components/form-alert'
import { SubmitButton } from '~/components/submit-button'
import { PasswordField, TextField } from '~/components/form-fields'
import { usePostPending } from '~/components/use-checked-form'
import { ADMIN_EMAIL_MAX, type AdminFieldErrors } from '../schemas'

/** What /admin/login's action answers when signing in did not work (i18n keys). */
export type AdminLoginAnswer = { fieldErrors: AdminFieldErrors; formError?: string; email: string; minutes?: number }

/** Spec §2 Admin login: email and password, both required; inputs disabled while busy; an alert on failure. */
export function AdminLoginForm({ redirectTo, answer }: { redirectTo: string; answer?: AdminLoginAnswer }) {
  const { t } = useTranslation('admin')
  const busy = usePostPending('/admin/login')
  const errors = answer?.fieldErrors ?? {}
  return (
    <Form method="post" action="/admin/login" className="flex flex-col gap-5" aria-busy={busy}>
      <FormAlert error={answer?.formError} values={answer?.minutes ? { count: answer.minutes } : undefined} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <TextField
        id="admin-email"
        name="email"
        type="email"
        label={t('login.email')}
        autoComplete="username"
        required
        maxLength={ADMIN_EMAIL_MAX}
        defaultValue={answer?.email}
        error={errors.email}
        disabled={busy}
      />
      <PasswordField purpose="current" id="admin-password" name="password" label={t('login.password')} error={errors.password} disabled={busy} />
      <SubmitButton pending={busy} pendingLabel={t('login.submitting')}>
        {t('login.submit')}
      </SubmitButton>
    </Form>
  )
}
