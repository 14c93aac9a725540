// The payment terms inputs (issue 29 item 1): a method, its days where it has them, and the milestone
// rows, with a live line saying what the shares add up to. Built on the shared form fields; posts the
// names PaymentTermsFormSchema / withPaymentTerms read (terms.method, terms.milestones.0.share…), so a
// form places it among its own fields and checks it with the same schema in the browser and the action.
import { useEffect, useId, useReducer, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { SelectField, TextField } from '~/components/form-fields'
import { Button } from '~/components/ui/button'
import { MILESTONE_EVENTS, MILESTONES_MAX, OFFSET_DAYS_MAX, METHOD_DAYS_MAX, METHOD_DAYS_MIN, PAYMENT_METHODS, methodNeedsDays, type PaymentMethod } from '~/domain'
import type { FieldErrors } from '~/lib/form'
import { useFormat } from '~/lib/use-format'
import { DEFAULT_PAYMENT_TERMS, PAYMENT_TERMS_ERROR_VALUES, SCHEDULE_FIELD, paymentTermsDraft, termsField, type PaymentTermsDraft } from '../terms-form'
import { draftReducer, draftState, draftTotal, totalStatus } from './terms-draft'

export type PaymentTermsFieldsProps = {
  /** What the inputs start with: an offer's terms to counter, the user's last submission, or the default 30/70. */
  defaultValue?: PaymentTermsDraft
  /** The refusal's field errors (the form's `fieldErrors`); the terms' are under their input names. */
  errors?: FieldErrors
}

/** The payment terms inputs of a quote, a counter-offer or an order form. */
export function PaymentTermsFields({ defaultValue, errors = {} }: PaymentTermsFieldsProps) {
  const { t } = useTranslation('payments')
  const format = useFormat()
  const uid = useId()
  const id = (name: string) => `${uid}-${name}`
  const [state, dispatch] = useReducer(draftReducer, defaultValue ?? paymentTermsDraft(DEFAULT_PAYMENT_TERMS), draftState)
  const focusRow = useRef<number | 'add' | null>(null)
  const shareInputs = useRef(new Map<number, HTMLInputElement>())
  const addButton = useRef<HTMLButtonElement>(null)

  // After adding a row its share takes the focus; after removing one, the row before it (or the add button).
  useEffect(() => {
    const target = focusRow.current
    focusRow.current = null
    if (target === 'add') addButton.current?.focus()
    else if (target !== null) shareInputs.current.get(target)?.focus()
  }, [state.rows])

  const method = (PAYMENT_METHODS as readonly string[]).includes(state.method) ? (state.method as PaymentMethod) : null
  const status = totalStatus(draftTotal(state))
  const percent = (hundredths: number) => format.number(hundredths / 100, { maximumFractionDigits: 2 })
  const scheduleError = errors[SCHEDULE_FIELD]
  const full = state.rows.length >= MILESTONES_MAX

  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-base font-semibold">{t('form.legend')}</legend>
      <SelectField
        id={id('method')}
        name={termsField('method')}
        label={t('form.method')}
        value={state.method}
        onChange={(e) => dispatch({ type: 'method', value: e.target.value })}
        options={PAYMENT_METHODS}
        optionLabel={(m) => t(`methods.${m}`)}
        error={errors[termsField('method')]}
        errorValues={PAYMENT_TERMS_ERROR_VALUES}
      />
      {method && methodNeedsDays(method) ? (
        <TextField
          id={id('method-days')}
          name={termsField('methodDays')}
          label={t('form.methodDays')}
          hint={t('form.methodDaysHint')}
          inputMode="numeric"
          type="number"
          min={METHOD_DAYS_MIN}
          max={METHOD_DAYS_MAX}
          required
          value={state.methodDays}
          onChange={(e) => dispatch({ type: 'methodDays', value: e.target.value })}
          error={errors[termsField('methodDays')]}
          errorValues={PAYMENT_TERMS_ERROR_VALUES}
        />
      ) : null}

      <fieldset className="flex flex-col gap-3" aria-describedby={`${id('schedule')}-hint ${id('schedule')}-status${scheduleError ? ` ${id('schedule')}-error` : ''}`}>
        <legend className="mb-1 text-sm font-semibold">{t('form.schedule')}</legend>
        <p id={`${id('schedule')}-hint`} className="text-xs text-muted-foreground">
          {t('form.scheduleHint')}
        </p>
        <ol className="flex flex-col gap-3">
          {state.rows.map((row, i) => {
            const n = i + 1
            const rowId = (input: string) => id(`m${row.key}-${input}`)
            return (
              <li key={row.key}>
                <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-[8rem_1fr_8rem_auto] sm:items-end">
                  <legend className="px-1 text-sm font-medium">{t('form.milestone', { n })}</legend>
                  <TextField
                    id={rowId('share')}
                    ref={(el) => {
                      if (el) shareInputs.current.set(row.key, el)
                      else shareInputs.current.delete(row.key)
                    }}
                    name={termsField('milestones', i, 'share')}
                    label={t('form.share')}
                    inputMode="decimal"
                    autoComplete="off"
                    required
                    value={row.share}
                    onChange={(e) => dispatch({ type: 'row', index: i, input: 'share', value: e.target.value })}
                    error={errors[termsField('milestones', i, 'share')]}
                    errorValues={PAYMENT_TERMS_ERROR_VALUES}
                  />
                  <SelectField
                    id={rowId('event')}
                    name={termsField('milestones', i, 'event')}
                    label={t('form.event')}
                    value={row.event}
                    onChange={(e) => dispatch({ type: 'row', index: i, input: 'event', value: e.target.value })}
                    options={MILESTONE_EVENTS}
                    optionLabel={(event) => t(`events.${event}`)}
                    error={errors[termsField('milestones', i, 'event')]}
                    errorValues={PAYMENT_TERMS_ERROR_VALUES}
                  />
                  <TextField
                    id={rowId('offset')}
                    name={termsField('milestones', i, 'offsetDays')}
                    label={t('form.offsetDays')}
                    inputMode="numeric"
                    type="number"
                    min={0}
                    max={OFFSET_DAYS_MAX}
                    value={row.offsetDays}
                    onChange={(e) => dispatch({ type: 'row', index: i, input: 'offsetDays', value: e.target.value })}
                    error={errors[termsField('milestones', i, 'offsetDays')]}
                    errorValues={PAYMENT_TERMS_ERROR_VALUES}
                  />
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={state.rows.length <= 1}
                    onClick={() => {
                      const before = state.rows[i - 1] ?? state.rows[i + 1]
                      focusRow.current = before ? before.key : 'add'
                      dispatch({ type: 'remove', index: i })
                    }}
                  >
                    {t('form.remove', { n })}
                  </Button>
                </fieldset>
              </li>
            )
          })}
        </ol>
        <p id={`${id('schedule')}-status`} role="status" aria-live="polite" className={status.key === 'totalOk' ? 'text-sm' : 'text-sm font-medium text-destructive'}>
          {t(`form.${status.key}`, { total: percent(status.total), rest: percent(status.rest) })}
        </p>
        {scheduleError ? (
          <p id={`${id('schedule')}-error`} className="text-sm text-destructive">
            {t(scheduleError, PAYMENT_TERMS_ERROR_VALUES)}
          </p>
        ) : null}
        <div>
          <Button
            ref={addButton}
            type="button"
            variant="secondary"
            size="sm"
            disabled={full}
            onClick={() => {
              focusRow.current = state.nextKey
              dispatch({ type: 'add' })
            }}
          >
            {t('form.add')}
          </Button>
        </div>
      </fieldset>

      <div className="flex items-start gap-2">
        <input
          id={id('ship-before-paid')}
          type="checkbox"
          name={termsField('shipBeforePaid')}
          value="on"
          checked={state.shipBeforePaid}
          onChange={(e) => dispatch({ type: 'shipBeforePaid', value: e.target.checked })}
          className="mt-0.5 size-4 accent-primary"
        />
        <label htmlFor={id('ship-before-paid')} className="text-sm">
          {t('form.shipBeforePaid')}
        </label>
      </div>
    </fieldset>
  )
}
