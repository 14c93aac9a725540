import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import { FormField, fieldAria } from '~/components/form-field'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Spinner } from '~/components/ui/spinner'
import { PASSWORD_MAX } from '~/domain'
import { ADMIN_EMAIL_MAX, type AdminFieldErrors } from '../schemas'

/** What /admin/login's action answers when signing in did not work (i18n keys). */
export type AdminLoginAnswer = { fieldErrors: AdminFieldErrors; formError?: string; email: string; minutes?: number }

/** Spec §2 Admin login: email and password, both required; inputs disabled while busy; an alert on failure. */
export function AdminLoginForm({ redirectTo, answer }: { redirectTo: string; answer?: AdminLoginAnswer }) {
  const { t } = useTranslation('admin')
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formAction?.split('?')[0] === '/admin/login'
  const errors = answer?.fieldErrors ?? {}
  return (
    <Form method="post" action="/admin/login" className="flex flex-col gap-5" aria-busy={busy}>
      {answer?.formError ? (
        <Alert variant="destructive">
          <AlertDescription>{answer.minutes ? t(answer.formError, { count: answer.minutes }) : t(answer.formError)}</AlertDescription>
        </Alert>
      ) : null}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormField id="admin-email" label={t('login.email')} error={errors.email}>
        <Input
          {...fieldAria('admin-email', errors.email)}
          name="email"
          type="email"
          autoComplete="username"
          required
          maxLength={ADMIN_EMAIL_MAX}
          defaultValue={answer?.email}
          disabled={busy}
        />
      </FormField>
      <FormField id="admin-password" label={t('login.password')} error={errors.password}>
        <Input
          {...fieldAria('admin-password', errors.password)}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX}
          disabled={busy}
        />
      </FormField>
      <Button type="submit" disabled={busy} aria-disabled={busy}>
        {busy ? <Spinner label={t('login.submitting')} className="size-4" /> : t('login.submit')}
      </Button>
    </Form>
  )
}
