import { useEffect, useState } from 'react'
import { parseSubmission } from '~/lib/form'
import { useTranslation } from 'react-i18next'
import { Form, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '~/components/ui/dialog'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { NativeSelect } from '~/components/ui/native-select'
import { Textarea } from '~/components/ui/textarea'
import type { NegotiationAction } from '../enums'
import type { OfferTerms } from '../negotiation.server'
import { INCOTERMS } from '~/domain'
import { PLACE_MAX } from '../schemas/common'
import { counterQuantityError, CounterOfferSchema, COUNTER_FORM, type CounterField, type CounterFieldErrors } from '../schemas/negotiation'
import { PAYMENT_TERMS_MAX, QUOTE_MESSAGE_MAX, VALIDITY_DEFAULT } from '../schemas/quote'

/** Accept, decline or withdraw, each behind a confirmation dialog (Radix: focus trapped, Escape closes). */
function ConfirmAction({ action, busy }: { action: Exclude<NegotiationAction, 'counter'>; busy: boolean }) {
  const { t } = useTranslation('rfqs')
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={action === 'accept' ? 'default' : 'outline'}>{t(`negotiation.actions.${action}`)}</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(`negotiation.confirm.${action}Title`)}</DialogTitle>
          <DialogDescription>{t(`negotiation.confirm.${action}Description`)}</DialogDescription>
        </DialogHeader>
        <Form method="post" className="flex justify-end gap-2" onSubmit={() => setOpen(false)}>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('negotiation.confirm.cancel')}
            </Button>
          </DialogClose>
          {/* Disabled while sending: a double click makes one request (and the server makes one order anyway). */}
          <Button type="submit" name="intent" value={action} disabled={busy} variant={action === 'accept' ? 'default' : 'destructive'}>
            {t(`negotiation.confirm.${action}`)}
          </Button>
        </Form>
      </DialogContent>
    </Dialog>
  )
}

function Field({ name, label, error, count, children }: { name: CounterField; label: string; error?: string; count?: number; children: React.ReactNode }) {
  const { t } = useTranslation('rfqs')
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={`counter-${name}`}>{label}</Label>
      {children}
      {error ? (
        <p id={`counter-${name}-error`} className="text-sm text-destructive">
          {t(error, { count })}
        </p>
      ) : null}
    </div>
  )
}

/** The counter-offer form in a dialog, checked with the action's schema before it is sent. */
function CounterDialog({
  offer,
  minOrderQuantity,
  currency,
  serverErrors,
  serverCount,
  busy,
}: {
  offer: OfferTerms
  minOrderQuantity: number
  currency: string
  serverErrors?: CounterFieldErrors
  serverCount?: number
  busy: boolean
}) {
  const { t } = useTranslation('rfqs')
  const [open, setOpen] = useState(Boolean(serverErrors))
  const [clientErrors, setClientErrors] = useState<{ errors: CounterFieldErrors; count?: number } | null>(null)
  const errors = clientErrors?.errors ?? serverErrors ?? {}
  const count = clientErrors ? clientErrors.count : serverCount
  // The server refused the counter (a rule the browser could not check): show the form again with its errors.
  useEffect(() => {
    if (serverErrors) setOpen(true)
  }, [serverErrors])
  const aria = (name: CounterField) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `counter-${name}-error` } : {})
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">{t('negotiation.actions.counter')}</Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('negotiation.counter.title')}</DialogTitle>
          <DialogDescription>{t('negotiation.counter.description', { currency })}</DialogDescription>
        </DialogHeader>
        <Form
          method="post"
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            const result = parseSubmission(CounterOfferSchema, new FormData(e.currentTarget), COUNTER_FORM)
            // The quantity as typed, at least the quote's minimum order: refused, never raised (issue 26 item 4).
            const moq = result.ok ? counterQuantityError(result.value.quantity, minOrderQuantity) : null
            if (!result.ok) {
              e.preventDefault()
              setClientErrors({ errors: result.fieldErrors })
            } else if (moq) {
              e.preventDefault()
              setClientErrors({ errors: { quantity: moq.key }, count: moq.count })
            } else setClientErrors(null)
          }}
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <Field name="unitPrice" label={t('negotiation.counter.unitPrice', { currency })} error={errors.unitPrice}>
              <Input id="counter-unitPrice" name="unitPrice" inputMode="decimal" defaultValue={offer.unitPrice} required {...aria('unitPrice')} />
            </Field>
            <Field name="quantity" label={t('negotiation.counter.quantity')} error={errors.quantity} count={count}>
              <Input id="counter-quantity" name="quantity" inputMode="numeric" defaultValue={offer.quantity} required {...aria('quantity')} />
              {minOrderQuantity > 1 ? <p className="text-xs text-muted-foreground">{t('negotiation.counter.moqHint', { count: minOrderQuantity })}</p> : null}
            </Field>
            <Field name="incoterm" label={t('quote.incoterm')} error={errors.incoterm}>
              <NativeSelect id="counter-incoterm" name="incoterm" defaultValue={offer.incoterm} {...aria('incoterm')}>
                {INCOTERMS.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field name="incotermPlace" label={t('quote.incotermPlace')} error={errors.incotermPlace}>
              <Input id="counter-incotermPlace" name="incotermPlace" maxLength={PLACE_MAX} defaultValue={offer.incotermPlace} required {...aria('incotermPlace')} />
            </Field>
            <Field name="leadTimeDays" label={t('quote.leadTime')} error={errors.leadTimeDays}>
              <Input id="counter-leadTimeDays" name="leadTimeDays" inputMode="numeric" defaultValue={offer.leadTimeDays} required {...aria('leadTimeDays')} />
            </Field>
            <Field name="validityDays" label={t('quote.validity')} error={errors.validityDays}>
              <Input id="counter-validityDays" name="validityDays" inputMode="numeric" defaultValue={VALIDITY_DEFAULT} {...aria('validityDays')} />
            </Field>
          </div>
          <Field name="paymentTerms" label={t('quote.paymentTerms')} error={errors.paymentTerms}>
            <Input id="counter-paymentTerms" name="paymentTerms" maxLength={PAYMENT_TERMS_MAX} defaultValue={offer.paymentTerms ?? ''} {...aria('paymentTerms')} />
          </Field>
          <Field name="message" label={t('negotiation.counter.message')} error={errors.message}>
            <Textarea id="counter-message" name="message" maxLength={QUOTE_MESSAGE_MAX} rows={3} {...aria('message')} />
          </Field>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('negotiation.confirm.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" name="intent" value="counter" disabled={busy}>
              {t('negotiation.counter.send')}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  )
}

/** Only the actions the viewer may take now (the server checks again). */
export function NegotiationActions({
  actions,
  offer,
  minOrderQuantity,
  currency,
  fieldErrors,
  errorCount,
}: {
  actions: NegotiationAction[]
  offer: OfferTerms
  /** The quote's minimum order: a counter asks for at least this many. */
  minOrderQuantity: number
  currency: string
  fieldErrors?: CounterFieldErrors
  /** The count for a server refusal's message (the minimum order). */
  errorCount?: number
}) {
  const busy = useNavigation().state !== 'idle'
  return (
    <div className="flex flex-wrap gap-2" data-testid="negotiation-actions">
      {actions.includes('accept') ? <ConfirmAction action="accept" busy={busy} /> : null}
      {actions.includes('counter') ? <CounterDialog offer={offer} minOrderQuantity={minOrderQuantity} currency={currency} serverErrors={fieldErrors} serverCount={errorCount} busy={busy} /> : null}
      {actions.includes('decline') ? <ConfirmAction action="decline" busy={busy} /> : null}
      {actions.includes('withdraw') ? <ConfirmAction action="withdraw" busy={busy} /> : null}
    </div>
  )
}
