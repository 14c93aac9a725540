import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import { parseSubmission } from '~/lib/form'
import { FormField, fieldAria } from '~/components/form-field'
import { useDialogForm } from '~/components/use-dialog-form'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '~/components/ui/dialog'
import { NativeSelect } from '~/components/ui/native-select'
import { Spinner } from '~/components/ui/spinner'
import { Textarea } from '~/components/ui/textarea'
import { DISPUTE_DECISIONS } from '~/domain'
import { DISPUTE_TEXT_MAX } from '../enums'
import { DecideDisputeSchema, DECISION_FORM, MODERATOR_MESSAGE_FORM, ModeratorMessageSchema, type AdminDisputeFieldErrors } from '../schemas'

export type AdminDisputeActionData = { fieldErrors?: AdminDisputeFieldErrors; formError?: string }

/** The moderator's message to both parties (checked by the action's schema before it is sent). */
export function ModeratorMessageForm({ actionData }: { actionData?: AdminDisputeActionData }) {
  const { t } = useTranslation('adminDisputes')
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'message'
  const [client, setClient] = useState<AdminDisputeFieldErrors | null>(null)
  const server = actionData?.fieldErrors?.body !== undefined || actionData?.formError ? actionData : undefined
  const error = client?.body ?? server?.fieldErrors?.body
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (busy) return void event.preventDefault()
    const parsed = parseSubmission(ModeratorMessageSchema, new FormData(event.currentTarget), MODERATOR_MESSAGE_FORM)
    if (parsed.ok) return setClient(null)
    event.preventDefault()
    setClient(parsed.fieldErrors)
    const form = event.currentTarget
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
  }
  return (
    <Form method="post" noValidate className="flex flex-col gap-3" onSubmit={onSubmit} data-testid="moderator-message-form">
      <input type="hidden" name="intent" value="message" />
      <FormField id="moderator-message" label={t('message.label')} hint={t('message.hint', { max: DISPUTE_TEXT_MAX })} error={error}>
        <Textarea {...fieldAria('moderator-message', error, true)} name="body" rows={4} required maxLength={DISPUTE_TEXT_MAX} />
      </FormField>
      <div>
        <Button type="submit" variant="outline" disabled={busy} aria-disabled={busy} data-testid="moderator-message-submit">
          {busy ? <Spinner className="size-4" /> : null}
          {busy ? t('message.sending') : t('message.send')}
        </Button>
      </div>
    </Form>
  )
}

/** The decision dialog: one of four decisions and the written resolution both parties will read. */
export function DecideDisputeDialog({ action }: { action: string }) {
  const { t } = useTranslation('adminDisputes')
  const { fetcher, formRef, busy, errors, formError, open, onOpenChange, onSubmit } = useDialogForm<AdminDisputeFieldErrors>((f) => parseSubmission(DecideDisputeSchema, f, DECISION_FORM))
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button data-testid="dispute-decide">{t('decide.open')}</Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('decide.title')}</DialogTitle>
          <DialogDescription>{t('decide.description')}</DialogDescription>
        </DialogHeader>
        <fetcher.Form ref={formRef} method="post" action={action} noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="decide" />
          {formError ? (
            <Alert variant="destructive">
              <AlertDescription>{t(formError)}</AlertDescription>
            </Alert>
          ) : null}
          <FormField id="dispute-decision" label={t('decide.decision')} error={errors.decision}>
            <NativeSelect {...fieldAria('dispute-decision', errors.decision)} name="decision" required defaultValue="">
              <option value="" disabled>
                {t('decide.decisionPlaceholder')}
              </option>
              {DISPUTE_DECISIONS.map((d) => (
                <option key={d} value={d}>
                  {t(`disputes:decisions.${d}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <p className="text-xs text-muted-foreground">{t('decide.effect')}</p>
          <FormField id="dispute-resolution" label={t('decide.resolution')} hint={t('decide.resolutionHint', { max: DISPUTE_TEXT_MAX })} error={errors.resolution}>
            <Textarea {...fieldAria('dispute-resolution', errors.resolution, true)} name="resolution" rows={6} required maxLength={DISPUTE_TEXT_MAX} />
          </FormField>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('decide.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy} data-testid="dispute-decide-submit">
              {busy ? <Spinner className="size-4" /> : null}
              {busy ? t('decide.submitting') : t('decide.submit')}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
