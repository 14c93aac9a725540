import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import { FormAlert } from '~/components/form-alert'
import { FormField, fieldAria } from '~/components/form-field'
import { SelectField, SelectOptions, TextareaField } from '~/components/form-fields'
import { SubmitButton } from '~/components/submit-button'
import { useCheckedForm } from '~/components/use-checked-form'
import { DISPUTE_EVIDENCE } from '~/domain/uploads'
import { DISPUTE_REASONS } from '~/domain'
import { DISPUTE_TEXT_MAX } from '../enums'
import { parseAnswerForm, parseOpenDisputeForm, type DisputeFieldErrors } from '../schemas'

export type DisputeActionData = { fieldErrors?: DisputeFieldErrors }

const pickedFiles = (form: FormData) => form.getAll(DISPUTE_EVIDENCE.field).filter((v): v is File => typeof v !== 'string' && v.size > 0)

/** The action's own parser plus the evidence rule's quick check of the picked files, as one check before submit. */
function checkedWithFiles(parse: (form: FormData, files: number) => { ok: true } | { ok: false; fieldErrors: DisputeFieldErrors }) {
  return (data: FormData): { ok: true } | { ok: false; fieldErrors: DisputeFieldErrors } => {
    const files = pickedFiles(data)
    const parsed = parse(data, files.length)
    if (!parsed.ok) return parsed
    const fileProblem = DISPUTE_EVIDENCE.check(files)
    return fileProblem ? { ok: false, fieldErrors: { files: fileProblem } } : parsed
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
  const busy = useNavigation().state === 'submitting'
  const { errors, formProps } = useCheckedForm(checkedWithFiles(parseOpenDisputeForm), actionData?.fieldErrors, busy)
  return (
    <Form {...formProps} encType="multipart/form-data" className="flex flex-col gap-4" data-testid="open-dispute-form">
      <input type="hidden" name="intent" value="open" />
      <FormAlert error={errors.form} />
      <SelectField id="dispute-reason" label={t('form.reason')} error={errors.reason} name="reason" required defaultValue="">
        <option value="" disabled>
          {t('form.reasonPlaceholder')}
        </option>
        <SelectOptions options={DISPUTE_REASONS} optionLabel={(r) => t(`reasons.${r}`)} />
      </SelectField>
      <TextareaField
        id="dispute-description"
        label={t('form.description')}
        hint={t('form.descriptionHint', { max: DISPUTE_TEXT_MAX })}
        error={errors.description}
        name="description"
        rows={6}
        required
        maxLength={DISPUTE_TEXT_MAX}
      />
      <FilesField id="dispute-files" error={errors.files} />
      <div>
        <SubmitButton pending={busy} pendingLabel={t('form.opening')} data-testid="open-dispute-submit">
          {t('form.open')}
        </SubmitButton>
      </div>
    </Form>
  )
}

/** A party's answer in the thread, with optional evidence. */
export function AnswerDisputeForm({ actionData }: { actionData?: DisputeActionData }) {
  const { t } = useTranslation('disputes')
  const busy = useNavigation().state === 'submitting'
  const { errors, formProps } = useCheckedForm(checkedWithFiles(parseAnswerForm), actionData?.fieldErrors, busy)
  return (
    <Form {...formProps} encType="multipart/form-data" className="flex flex-col gap-4" data-testid="answer-dispute-form">
      <input type="hidden" name="intent" value="answer" />
      <FormAlert error={errors.form} />
      <TextareaField
        id="dispute-answer"
        label={t('form.answer')}
        hint={t('form.descriptionHint', { max: DISPUTE_TEXT_MAX })}
        error={errors.body}
        name="body"
        rows={4}
        required
        maxLength={DISPUTE_TEXT_MAX}
      />
      <FilesField id="dispute-answer-files" error={errors.files} />
      <div>
        <SubmitButton pending={busy} pendingLabel={t('form.sending')} data-testid="answer-dispute-submit">
          {t('form.send')}
        </SubmitButton>
      </div>
    </Form>
  )
}
