import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useFetcher, useLocation } from 'react-router'
import { FormAlert } from '~/components/form-alert'
import { SubmitButton } from '~/components/submit-button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Spinner } from '~/components/ui/spinner'
import type { FieldErrors } from '../schemas'
import { ProfileFields, UserTypeField } from './profile-form-field'

/** What the /complete-profile action answers when the form has problems. */
export type CompleteProfileActionData = {
  fieldErrors: FieldErrors
  formError?: string
  values: Record<string, string>
}

export const COMPLETE_PROFILE_FETCHER = 'complete-profile'

/**
 * Spec §2 'Complete Your Profile': shown instead of the page for a signed-in user without a
 * profile. Posts to /complete-profile, which answers with a full page reload on success.
 */
export function CompleteProfileForm({ email, initial }: { email: string; initial?: CompleteProfileActionData }) {
  const { t } = useTranslation('account')
  const fetcher = useFetcher<CompleteProfileActionData>({ key: COMPLETE_PROFILE_FETCHER })
  const location = useLocation()
  const result = fetcher.data ?? initial
  const errors = result?.fieldErrors ?? {}
  const values = result?.values ?? {}
  const submitting = fetcher.state === 'submitting'
  // After a successful submit the server asks for a full reload; until it happens, show a spinner.
  const reloading = fetcher.state === 'loading' && !fetcher.data
  const formRef = useRef<HTMLFormElement>(null)

  useEffect(() => {
    if (fetcher.state !== 'idle' || !result) return
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"] input, [aria-invalid="true"]')
    first?.focus()
  }, [fetcher.state, result])

  const redirectTo = location.pathname === '/complete-profile' ? '/' : `${location.pathname}${location.search}`

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight">{t('completeProfile.title')}</h1>
          <CardDescription>{t('completeProfile.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {reloading ? (
            <div className="flex justify-center py-10">
              <Spinner label={t('common:loading')} />
            </div>
          ) : (
            <fetcher.Form ref={formRef} method="post" action="/complete-profile" className="flex flex-col gap-5" noValidate>
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <FormAlert error={result?.formError} />
              <div className="flex flex-col gap-2">
                <Label htmlFor="complete-email">{t('fields.email')}</Label>
                <Input id="complete-email" type="email" value={email} readOnly aria-describedby="complete-email-hint" className="bg-muted" />
                <p id="complete-email-hint" className="text-xs text-muted-foreground">
                  {t('fields.emailReadOnly')}
                </p>
              </div>
              <ProfileFields idPrefix="complete" errors={errors} values={values} disabled={submitting} />
              <UserTypeField idPrefix="complete" error={errors.userType} value={values.userType} disabled={submitting} />
              <SubmitButton pending={submitting} pendingLabel={t('completeProfile.submitting')}>
                {t('completeProfile.submit')}
              </SubmitButton>
            </fetcher.Form>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
