import { useTranslation } from 'react-i18next'
import { Form, Link, useNavigation } from 'react-router'
import { FormField, fieldAria } from '~/components/form-field'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Spinner } from '~/components/ui/spinner'

/** What /admin/two-factor's action answers when the code did not sign the admin in (i18n keys). */
export type TwoFactorSignInAnswer = { fieldErrors?: { code?: string; form?: string }; formError?: string }

/**
 * The second sign-in step: the six-digit code from the authenticator app, or (behind a link that
 * works without JavaScript) one of the backup codes shown when two-factor sign-in was turned on.
 */
export function TwoFactorSignInForm({ method, redirectTo, answer }: { method: 'totp' | 'backup'; redirectTo: string; answer?: TwoFactorSignInAnswer }) {
  const { t } = useTranslation('adminAccounts')
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formAction?.split('?')[0] === '/admin/two-factor'
  const codeError = answer?.fieldErrors?.code
  const formError = answer?.formError ?? answer?.fieldErrors?.form
  const query = (m: 'totp' | 'backup') => {
    const params = new URLSearchParams()
    if (m === 'backup') params.set('method', 'backup')
    if (redirectTo !== '/admin/dashboard') params.set('redirectTo', redirectTo)
    const s = params.toString()
    return s ? `/admin/two-factor?${s}` : '/admin/two-factor'
  }
  const loginHref = redirectTo === '/admin/dashboard' ? '/admin/login' : `/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`
  return (
    <Form method="post" action={query(method)} className="flex flex-col gap-5" aria-busy={busy}>
      {formError ? (
        <Alert variant="destructive">
          <AlertDescription>{t(formError)}</AlertDescription>
        </Alert>
      ) : null}
      <input type="hidden" name="method" value={method} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormField
        id="two-factor-code"
        label={method === 'totp' ? t('twoFactor.signIn.code') : t('twoFactor.signIn.backupCode')}
        hint={method === 'totp' ? t('twoFactor.signIn.codeHint') : t('twoFactor.signIn.backupHint')}
        error={codeError}
      >
        <Input
          {...fieldAria('two-factor-code', codeError, true)}
          name="code"
          type="text"
          inputMode={method === 'totp' ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          required
          maxLength={method === 'totp' ? 7 : 11}
          // The only field of a page reached right after the password: it is where the admin types next.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          disabled={busy}
        />
      </FormField>
      <Button type="submit" disabled={busy} aria-disabled={busy}>
        {busy ? <Spinner label={t('twoFactor.signIn.submitting')} className="size-4" /> : t('twoFactor.signIn.submit')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Link to={query(method === 'totp' ? 'backup' : 'totp')} className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
          {method === 'totp' ? t('twoFactor.signIn.useBackup') : t('twoFactor.signIn.useApp')}
        </Link>
        <Link to={loginHref} className="text-muted-foreground underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
          {t('twoFactor.signIn.restart')}
        </Link>
      </div>
    </Form>
  )
}
