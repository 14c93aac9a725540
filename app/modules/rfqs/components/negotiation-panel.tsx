import { useEffect } from 'react'
import { parseSubmission } from '~/lib/form'
import { useTranslation } from 'react-i18next'
import { DialogForm } from '~/components/dialog-form'
import { SelectField, TextareaField, TextField } from '~/components/form-fields'
import { useNavigationDialogForm } from '~/components/use-dialog-form'
import { Button } from '~/components/ui/button'
import type { NegotiationAction } from '../enums'
import type { OfferTerms } from '../negotiation.server'
import { INCOTERMS, type QuantityUnit, unitText } from '~/domain'
import { useFormat } from '~/lib/use-format'
import { PLACE_MAX } from '../schemas/common'
import { counterQuantityError, CounterOfferSchema, COUNTER_FORM, type CounterField, type CounterFieldErrors } from '../schemas/negotiation'
import { QUOTE_MESSAGE_MAX, VALIDITY_DEFAULT } from '../schemas/quote'
import { paymentTermsDraft, PaymentTermsFields } from '~/modules/payments'

/** Accept, decline or withdraw, each behind a confirmation dialog (Radix: focus trapped, Escape closes). */
function ConfirmAction({ action }: { action: Exclude<NegotiationAction, 'counter'> }) {
  const { t } = useTranslation('rfqs')
  const dialog = useNavigationDialogForm()
  return (
    <DialogForm
      state={dialog}
      trigger={<Button variant={action === 'accept' ? 'default' : 'outline'}>{t(`negotiation.actions.${action}`)}</Button>}
      title={t(`negotiation.confirm.${action}Title`)}
      description={t(`negotiation.confirm.${action}Description`)}
      cancel={t('negotiation.confirm.cancel')}
      submit={t(`negotiation.confirm.${action}`)}
      // DialogForm disables it while sending: a double click makes one request (and the server makes one order anyway).
      submitProps={{ name: 'intent', value: action, variant: action === 'accept' ? 'default' : 'destructive' }}
    />
  )
}

/** The counter-offer form in a dialog, checked with the action's schema before it is sent. */
function CounterDialog({
  offer,
  minOrderQuantity,
  unit,
  currency,
  serverErrors,
  serverCount,
}: {
  offer: OfferTerms
  minOrderQuantity: number
  unit: QuantityUnit
  currency: string
  serverErrors?: CounterFieldErrors
  serverCount?: number
}) {
  const { t } = useTranslation('rfqs')
  const format = useFormat()
  // It stays open once sent: the action's refusal (a rule the browser could not check) shows it again with its errors.
  const dialog = useNavigationDialogForm<CounterFieldErrors>(
    (form) => {
      const result = parseSubmission(CounterOfferSchema, form, COUNTER_FORM)
      // The quantity as typed, in the unit's decimals and at least the quote's minimum order: refused, never raised (issue 26 item 4).
      const moq = result.ok ? counterQuantityError(result.value.quantity, minOrderQuantity, unit) : null
      return moq ? { ok: false, fieldErrors: { quantity: moq.key }, count: moq.count } : result
    },
    { closeOnSubmit: false, defaultOpen: Boolean(serverErrors) },
  )
  const { clientErrors, setOpen } = dialog
  const errors = clientErrors?.errors ?? serverErrors ?? {}
  const count = clientErrors ? clientErrors.count : serverCount
  useEffect(() => {
    if (serverErrors) setOpen(true)
  }, [serverErrors, setOpen])
  const field = (name: Exclude<CounterField, `terms.${string}`>) => ({ id: `counter-${name}`, name, error: errors[name], errorValues: count === undefined ? undefined : { count, unit: t(...unitText(unit, count)) } })
  return (
    <DialogForm
      state={dialog}
      trigger={<Button variant="secondary">{t('negotiation.actions.counter')}</Button>}
      title={t('negotiation.counter.title')}
      description={t('negotiation.counter.description', { currency })}
      cancel={t('negotiation.confirm.cancel')}
      submit={t('negotiation.counter.send')}
      submitProps={{ name: 'intent', value: 'counter' }}
      className="sm:max-w-2xl"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...field('unitPrice')} label={t('negotiation.counter.unitPrice', { currency })} inputMode="decimal" defaultValue={offer.unitPrice} required />
        <TextField
          {...field('quantity')}
          label={t('negotiation.counter.quantity', { unit: t(`units:short.${unit}`) })}
          hint={minOrderQuantity !== 1 ? t('negotiation.counter.moqHint', { count: minOrderQuantity, quantity: format.count(minOrderQuantity), unit: t(...unitText(unit, minOrderQuantity)) }) : undefined}
          inputMode="decimal"
          defaultValue={offer.quantity}
          required
        />
        <SelectField {...field('incoterm')} label={t('quote.incoterm')} options={INCOTERMS} defaultValue={offer.incoterm} />
        <TextField {...field('incotermPlace')} label={t('quote.incotermPlace')} maxLength={PLACE_MAX} defaultValue={offer.incotermPlace} required />
        <TextField {...field('leadTimeDays')} label={t('quote.leadTime')} inputMode="numeric" defaultValue={offer.leadTimeDays} required />
        <TextField {...field('validityDays')} label={t('quote.validity')} inputMode="numeric" defaultValue={VALIDITY_DEFAULT} />
      </div>
      {/* The counter starts from the offer's payment terms (an older offer's free text: from the default). */}
      <PaymentTermsFields defaultValue={offer.payment.kind === 'terms' ? paymentTermsDraft(offer.payment.terms) : undefined} errors={errors} />
      <TextareaField {...field('message')} label={t('negotiation.counter.message')} maxLength={QUOTE_MESSAGE_MAX} rows={3} />
    </DialogForm>
  )
}

/** Only the actions the viewer may take now (the server checks again). */
export function NegotiationActions({
  actions,
  offer,
  minOrderQuantity,
  unit,
  currency,
  fieldErrors,
  errorCount,
}: {
  actions: NegotiationAction[]
  offer: OfferTerms
  /** The quote's minimum order: a counter asks for at least this many. */
  minOrderQuantity: number
  /** The RFQ's unit, which every quantity of the quote counts. */
  unit: QuantityUnit
  currency: string
  fieldErrors?: CounterFieldErrors
  /** The count for a server refusal's message (the minimum order). */
  errorCount?: number
}) {
  return (
    <div className="flex flex-wrap gap-2" data-testid="negotiation-actions">
      {actions.includes('accept') ? <ConfirmAction action="accept" /> : null}
      {actions.includes('counter') ? <CounterDialog offer={offer} minOrderQuantity={minOrderQuantity} unit={unit} currency={currency} serverErrors={fieldErrors} serverCount={errorCount} /> : null}
      {actions.includes('decline') ? <ConfirmAction action="decline" /> : null}
      {actions.includes('withdraw') ? <ConfirmAction action="withdraw" /> : null}
    </div>
  )
}
