import { ShieldCheck, ShieldOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import { FormField, fieldAria } from '~/components/form-field'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Spinner } from '~/components/ui/spinner'
import { PASSWORD_MAX } from '~/domain'
import type { SecurityFieldErrors } from './admin-account-schemas'

export type TwoFactorStateDto = 'off' | 'pending' | 'on'
export type TwoFactorSetupView = { qrDataUrl: string; secret: string; backupCodes: string[] }
/** What /admin/security's action answers: errors (i18n keys), or the setup to show once. */
export type SecurityAnswer = { intent?: string; fieldErrors?: SecurityFieldErrors; formError?: string; minutes?: number; setup?: TwoFactorSetupView }

function useBusy(intent: string) {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formAction === '/admin/security' && navigation.formData?.get('intent') === intent
}

function FormAlert({ answer }: { answer?: SecurityAnswer }) {
  const { t } = useTranslation('adminAccounts')
  const message = answer?.formError ?? answer?.fieldErrors?.form
  if (!message) return null
  return (
    <Alert variant="destructive">
      <AlertDescription>{answer?.minutes ? t(message, { count: answer.minutes }) : t(message)}</AlertDescription>
    </Alert>
  )
}

/** Groups of four characters, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim()

/** The signed-in admin's two-factor sign-in: status, turning it on (password → QR and backup codes → first code), turning it off. */
export function TwoFactorSettings({ state, answer }: { state: TwoFactorStateDto; answer?: SecurityAnswer }) {
  const { t } = useTranslation('adminAccounts')
  const mine = (intent: string) => (answer?.intent === intent ? answer : undefined)
  const setup = answer?.setup
  return (
    <Card>
      <CardHeader>
        <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold leading-none">
          {state === 'on' ? <ShieldCheck className="size-5 text-primary" aria-hidden /> : <ShieldOff className="size-5 text-muted-foreground" aria-hidden />}
          {t('twoFactor.title')}
          <Badge variant={state === 'on' ? 'default' : 'secondary'} data-testid="two-factor-status">
            {t(`twoFactor.status.${state}`)}
          </Badge>
        </h2>
        <CardDescription>{t('twoFactor.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {state === 'on' ? <DisableForm answer={mine('disable')} /> : null}
        {state !== 'on' && !setup ? <EnableForm answer={mine('enable')} restart={state === 'pending'} /> : null}
        {setup ? <SetupDetails setup={setup} /> : null}
        {state === 'pending' || setup ? <VerifyForm answer={mine('verify')} /> : null}
      </CardContent>
    </Card>
  )
}

function EnableForm({ answer, restart }: { answer?: SecurityAnswer; restart: boolean }) {
  const { t } = useTranslation('adminAccounts')
  const busy = useBusy('enable')
  const error = answer?.fieldErrors?.password
  return (
    <Form method="post" action="/admin/security" className="flex max-w-md flex-col gap-4" aria-busy={busy}>
      <h3 className="font-semibold">{restart ? t('twoFactor.enable.restartTitle') : t('twoFactor.enable.title')}</h3>
      <p className="text-sm text-muted-foreground">{t('twoFactor.enable.description')}</p>
      <FormAlert answer={answer} />
      <input type="hidden" name="intent" value="enable" />
      <FormField id="two-factor-enable-password" label={t('twoFactor.enable.password')} error={error}>
        <Input {...fieldAria('two-factor-enable-password', error)} name="password" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX} disabled={busy} />
      </FormField>
      <Button type="submit" className="self-start" disabled={busy} aria-disabled={busy}>
        {busy ? <Spinner className="size-4" /> : null}
        {busy ? t('twoFactor.enable.submitting') : t('twoFactor.enable.submit')}
      </Button>
    </Form>
  )
}

function SetupDetails({ setup }: { setup: TwoFactorSetupView }) {
  const { t } = useTranslation('adminAccounts')
  return (
    <section aria-labelledby="two-factor-setup-title" className="flex flex-col gap-4" data-testid="two-factor-setup">
      <h3 id="two-factor-setup-title" className="font-semibold">
        {t('twoFactor.setup.title')}
      </h3>
      <p className="text-sm">{t('twoFactor.setup.scan')}</p>
      <img src={setup.qrDataUrl} alt={t('twoFactor.setup.qrAlt')} width={220} height={220} className="rounded-md border bg-white p-2" />
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium" id="two-factor-secret-label">
          {t('twoFactor.setup.secretLabel')}
        </p>
        <code className="w-fit rounded bg-muted px-2 py-1 font-mono text-sm break-all" aria-labelledby="two-factor-secret-label" data-testid="two-factor-secret" data-secret={setup.secret}>
          {grouped(setup.secret)}
        </code>
      </div>
      <div className="flex flex-col gap-2">
        <h4 className="text-sm font-semibold">{t('twoFactor.setup.backupTitle')}</h4>
        <p className="text-sm text-muted-foreground">{t('twoFactor.setup.backupHint')}</p>
        <ul className="grid w-fit grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm" data-testid="two-factor-backup-codes">
          {setup.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </div>
    </section>
  )
}

function VerifyForm({ answer }: { answer?: SecurityAnswer }) {
  const { t } = useTranslation('adminAccounts')
  const busy = useBusy('verify')
  const error = answer?.fieldErrors?.code
  return (
    <Form method="post" action="/admin/security" className="flex max-w-md flex-col gap-4" aria-busy={busy}>
      <h3 className="font-semibold">{t('twoFactor.setup.verifyTitle')}</h3>
      <FormAlert answer={answer} />
      <input type="hidden" name="intent" value="verify" />
      <FormField id="two-factor-verify-code" label={t('twoFactor.setup.codeLabel')} hint={t('twoFactor.setup.codeHint')} error={error}>
        <Input
          {...fieldAria('two-factor-verify-code', error, true)}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={7}
          disabled={busy}
        />
      </FormField>
      <Button type="submit" className="self-start" disabled={busy} aria-disabled={busy}>
        {busy ? <Spinner className="size-4" /> : null}
        {busy ? t('twoFactor.setup.submitting') : t('twoFactor.setup.submit')}
      </Button>
    </Form>
  )
}

function DisableForm({ answer }: { answer?: SecurityAnswer }) {
  const { t } = useTranslation('adminAccounts')
  const busy = useBusy('disable')
  const errors = answer?.fieldErrors ?? {}
  return (
    <Form method="post" action="/admin/security" className="flex max-w-md flex-col gap-4" aria-busy={busy}>
      <h3 className="font-semibold">{t('twoFactor.disable.title')}</h3>
      <p className="text-sm text-muted-foreground">{t('twoFactor.disable.description')}</p>
      <FormAlert answer={answer} />
      <input type="hidden" name="intent" value="disable" />
      <FormField id="two-factor-disable-password" label={t('twoFactor.disable.password')} error={errors.password}>
        <Input {...fieldAria('two-factor-disable-password', errors.password)} name="password" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX} disabled={busy} />
      </FormField>
      <FormField id="two-factor-disable-code" label={t('twoFactor.disable.code')} error={errors.code}>
        <Input {...fieldAria('two-factor-disable-code', errors.code)} name="code" type="text" inputMode="numeric" autoComplete="one-time-code" required maxLength={7} disabled={busy} />
      </FormField>
      <Button type="submit" variant="destructive" className="self-start" disabled={busy} aria-disabled={busy}>
        {busy ? <Spinner className="size-4" /> : null}
        {busy ? t('twoFactor.disable.submitting') : t('twoFactor.disable.submit')}
      </Button>
    </Form>
  )
}
