import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import { FormField, fieldAria } from '~/components/form-field'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { NativeSelect } from '~/components/ui/native-select'
import { Spinner } from '~/components/ui/spinner'
import { Textarea } from '~/components/ui/textarea'
import { DISPUTE_EVIDENCE } from '~/domain/uploads'
import { DISPUTE_REASONS } from '~/domain'
import { DISPUTE_TEXT_MAX } from '../enums'
import { parseAnswerForm, parseOpenDisputeForm, type DisputeFieldErrors } from '../schemas'

export type DisputeActionData = { fieldErrors?: DisputeFieldErrors }

const pickedFiles = (form: FormData) => form.getAll(DISPUTE_EVIDENCE.field).filter((v): v is File => typeof v !== 'string' && v.size > 0)

/** Runs the action's own parser before the form is sent; on a refusal shows its errors and focuses the first. */
function useCheckedForm(parse: (form: FormData, files: number) => { ok: true } | { ok: false; fieldErrors: DisputeFieldErrors }, server?: DisputeFieldErrors) {
  const [client, setClient] = useState<DisputeFieldErrors | null>(null)
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  return {
    busy,
    errors: client ?? server ?? {},
    onSubmit(event: FormEvent<HTMLFormElement>) {
      if (busy) return void event.preventDefault()
      const form = event.currentTarget
      const data = new FormData(form)
      const files = pickedFiles(data)
      const parsed = parse(data, files.length)
      const fileProblem = DISPUTE_EVIDENCE.check(files)
      const problems = !parsed.ok ? parsed.fieldErrors : fileProblem ? { files: fileProblem } : null
      if (!problems) return setClient(null)
      event.preventDefault()
      setClient(problems)
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
    },
  }
}

function FilesField({ id, error }: { id: string; error?: string }) {
  const { t } = useTranslation('disputes')
  return (
    <FormField id={id} label={t('form.files')} hint={t('form.filesHint', { max: DISPUTE_EVIDENCE.maxCount })} error={error}>
      <input
        {...fieldAria(id, error, true)}
        name={DISPUTE_EVIDENCE.field}
        type="file"
        multiple
        accept={DISPUTE_EVIDENCE.accept}
        className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
    </FormField>
  )
}

/** Open a dispute: reason, what happened, up to five evidence files. */
export function OpenDisputeForm({ actionData }: { actionData?: DisputeActionData }) {
  const { t } = useTranslation('disputes')
  const { busy, errors, onSubmit } = useCheckedForm(parseOpenDisputeForm, actionData?.fieldErrors)
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="flex flex-col gap-4" onSubmit={onSubmit} data-testid="open-dispute-form">
      <input type="hidden" name="intent" value="open" />
      {errors.form ? (
        <Alert variant="destructive">
          <AlertDescription>{t(errors.form)}</AlertDescription>
        </Alert>
      ) : null}
      <FormField id="dispute-reason" label={t('form.reason')} error={errors.reason}>
        <NativeSelect {...fieldAria('dispute-reason', errors.reason)} name="reason" required defaultValue="">
          <option value="" disabled>
            {t('form.reasonPlaceholder')}
          </option>
          {DISPUTE_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`reasons.${r}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="dispute-description" label={t('form.description')} hint={t('form.descriptionHint', { max: DISPUTE_TEXT_MAX })} error={errors.description}>
        <Textarea {...fieldAria('dispute-description', errors.description, true)} name="description" rows={6} required maxLength={DISPUTE_TEXT_MAX} />
      </FormField>
      <FilesField id="dispute-files" error={errors.files} />
      <div>
        <Button type="submit" disabled={busy} aria-disabled={busy} data-testid="open-dispute-submit">
          {busy ? <Spinner className="size-4" /> : null}
          {busy ? t('form.opening') : t('form.open')}
        </Button>
      </div>
    </Form>
  )
}

/** A party's answer in the thread, with optional evidence. */
export function AnswerDisputeForm({ actionData }: { actionData?: DisputeActionData }) {
  const { t } = useTranslation('disputes')
  const { busy, errors, onSubmit } = useCheckedForm(parseAnswerForm, actionData?.fieldErrors)
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="flex flex-col gap-4" onSubmit={onSubmit} data-testid="answer-dispute-form">
      <input type="hidden" name="intent" value="answer" />
      {errors.form ? (
        <Alert variant="destructive">
          <AlertDescription>{t(errors.form)}</AlertDescription>
        </Alert>
      ) : null}
      <FormField id="dispute-answer" label={t('form.answer')} hint={t('form.descriptionHint', { max: DISPUTE_TEXT_MAX })} error={errors.body}>
        <Textarea {...fieldAria('dispute-answer', errors.body, true)} name="body" rows={4} required maxLength={DISPUTE_TEXT_MAX} />
      </FormField>
      <FilesField id="dispute-answer-files" error={errors.files} />
      <div>
        <Button type="submit" disabled={busy} aria-disabled={busy} data-testid="answer-dispute-submit">
          {busy ? <Spinner className="size-4" /> : null}
          {busy ? t('form.sending') : t('form.send')}
        </Button>
      </div>
    </Form>
  )
}
