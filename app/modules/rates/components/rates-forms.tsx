import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import { FormField, fieldAria } from '~/components/form-field'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { NativeSelect } from '~/components/ui/native-select'
import { Spinner } from '~/components/ui/spinner'
import { CURRENCIES, RATE_EARLIEST_DATE, RATE_NOTE_MAX, RATES_CSV_HEADER, RATES_CSV_MAX_ROWS } from '~/domain'
import { RATES_CSV } from '~/domain/uploads'
import { parseSubmission, type FieldErrors } from '~/lib/form'
import { describeCsvProblem, latestEffectiveDate, RATE_FORM, rateEntrySchema, type CsvProblem, type RateField } from '../schemas'

export const RATES_PATH = '/admin/rates'

/** The pair the form starts with: the one most rates are entered for. */
const DEFAULT_PAIR = { from: 'USD', to: 'INR' } as const

/** What the rates page's action answers a refused form with. */
export type RatesActionData =
  | { intent: 'add'; fieldErrors: FieldErrors<RateField>; values?: Record<string, string>; errorValues?: Record<string, string> }
  | { intent: 'import'; problem: CsvProblem }

/** Enter one rate: the pair, the rate, its effective date and source note. Checked here and again by the action. */
export function RateEntryForm({ today, answer }: { today: string; answer?: Extract<RatesActionData, { intent: 'add' }> }) {
  const { t } = useTranslation('adminRates')
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formAction === RATES_PATH && navigation.formData?.get('intent') === 'add'
  const [clientErrors, setClientErrors] = useState<FieldErrors<RateField> | null>(null)
  const errors = clientErrors ?? answer?.fieldErrors ?? {}
  const errorValues = clientErrors ? undefined : answer?.errorValues
  const values = answer?.values ?? {}
  return (
    <Form
      method="post"
      action={RATES_PATH}
      noValidate
      className="grid gap-4 rounded-md border bg-background p-4 sm:grid-cols-2 lg:grid-cols-3"
      data-testid="rate-form"
      onSubmit={(event) => {
        const checked = parseSubmission(rateEntrySchema(today), new FormData(event.currentTarget), RATE_FORM)
        setClientErrors(checked.ok ? null : checked.fieldErrors)
        if (!checked.ok) {
          event.preventDefault()
          const first = Object.keys(checked.fieldErrors)[0]
          if (first) (event.currentTarget.elements.namedItem(first) as HTMLElement | null)?.focus()
        }
      }}
    >
      <input type="hidden" name="intent" value="add" />
      {(['from', 'to'] as const).map((name) => (
        <FormField key={name} id={`rate-${name}`} label={t(`fields.${name}`)} error={errors[name]}>
          <NativeSelect {...fieldAria(`rate-${name}`, errors[name])} name={name} defaultValue={values[name] ?? DEFAULT_PAIR[name]} required>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ))}
      <FormField id="rate-rate" label={t('fields.rate')} error={errors.rate} errorValues={errorValues} hint={t('form.rateHint')}>
        <Input {...fieldAria('rate-rate', errors.rate, true)} name="rate" inputMode="decimal" autoComplete="off" defaultValue={values.rate ?? ''} required />
      </FormField>
      <FormField id="rate-date" label={t('fields.effectiveDate')} error={errors.effectiveDate}>
        <Input {...fieldAria('rate-date', errors.effectiveDate)} name="effectiveDate" type="date" min={RATE_EARLIEST_DATE} max={latestEffectiveDate(today)} defaultValue={values.effectiveDate ?? today} required />
      </FormField>
      <FormField id="rate-source" label={t('fields.source')} error={errors.source} hint={t('form.sourceHint', { max: RATE_NOTE_MAX })}>
        <Input {...fieldAria('rate-source', errors.source, true)} name="source" maxLength={RATE_NOTE_MAX} defaultValue={values.source ?? ''} required />
      </FormField>
      <div className="flex items-end">
        <Button type="submit" disabled={busy} data-testid="rate-submit">
          {busy ? <Spinner className="size-4" /> : null}
          {busy ? t('form.saving') : t('form.submit')}
        </Button>
      </div>
    </Form>
  )
}

/** Import many rates from a CSV file: all of them, or none with the first bad row named. */
export function RatesCsvForm({ answer }: { answer?: Extract<RatesActionData, { intent: 'import' }> }) {
  const { t } = useTranslation('adminRates')
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formAction === RATES_PATH && navigation.formData?.get('intent') === 'import'
  const [clientError, setClientError] = useState<string | null>(null)
  const message = clientError ? t(clientError, { limit: `${RATES_CSV.maxBytes / 1024} KB` }) : answer ? describeCsvProblem(t, answer.problem) : null
  const id = 'rates-csv'
  return (
    <Form
      method="post"
      action={RATES_PATH}
      encType="multipart/form-data"
      className="flex flex-col gap-3 rounded-md border bg-background p-4"
      data-testid="rates-csv-form"
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem(RATES_CSV.field) as HTMLInputElement | null
        const problem = RATES_CSV.check(Array.from(input?.files ?? []))
        setClientError(problem)
        if (problem) {
          event.preventDefault()
          input?.focus()
        }
      }}
    >
      <input type="hidden" name="intent" value="import" />
      <FormField id={id} label={t('csv.label')} hint={t('csv.hint', { header: RATES_CSV_HEADER.join(','), max: RATES_CSV_MAX_ROWS })}>
        <Input
          {...fieldAria(id, message ?? undefined, true)}
          name={RATES_CSV.field}
          type="file"
          accept={RATES_CSV.accept}
          required
          onChange={() => setClientError(null)}
          className="h-auto cursor-pointer py-2"
        />
      </FormField>
      {message ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive" data-testid="rates-csv-error">
          {message}
        </p>
      ) : null}
      <Button type="submit" variant="outline" disabled={busy} className="self-start" data-testid="rates-csv-submit">
        {busy ? <Spinner className="size-4" /> : null}
        {busy ? t('csv.importing') : t('csv.submit')}
      </Button>
    </Form>
  )
}
