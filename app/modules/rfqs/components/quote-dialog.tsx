import { useState } from 'react'
import { parseSubmission } from '~/lib/form'
import { useTranslation } from 'react-i18next'
import { DialogForm, TriggerButton } from '~/components/dialog-form'
import { SelectField, TextareaField, TextField } from '~/components/form-fields'
import { useDialogForm } from '~/components/use-dialog-form'
import { CURRENCIES, INCOTERMS, type QuantityUnit, unitQuantityError, unitText } from '~/domain'
import { useFormat } from '~/lib/use-format'
import { PLACE_MAX } from '../schemas/common'
import { PaymentTermsFields } from '~/modules/payments'
import { SubmitQuoteSchema, QUOTE_FORM, QUOTE_MESSAGE_MAX, VALIDITY_DEFAULT, type QuoteField, type QuoteFieldErrors } from '../schemas/quote'

export type QuoteAnswer = { fieldErrors?: QuoteFieldErrors; formError?: string }

/** What a product request prefills (spec §5: price and currency from the product; its minimum order). */
export type QuotePrefill = { unitPrice: string | null; currency: string | null; minOrderQuantity: number | null }

/**
 * The quote dialog (spec §5 Quote dialog): a Radix Dialog, checked by the action's schema before it is
 * sent. On a product request, `prefill` carries the product's price, currency and minimum order.
 */
export function QuoteDialog({
  rfq,
  action,
  prefill = null,
}: {
  rfq: { id: string; title: string; currency: string; incoterm: string | null; incotermPlace: string | null; quantity: number; unit: QuantityUnit }
  action: string
  prefill?: QuotePrefill | null
}) {
  const { t } = useTranslation('rfqs')
  const format = useFormat()
  const dialog = useDialogForm<QuoteFieldErrors>((form) => {
    const parsed = parseSubmission(SubmitQuoteSchema, form, QUOTE_FORM)
    // The minimum order counts the RFQ's unit (the action checks it again against the database).
    const unitError = parsed.ok ? unitQuantityError(parsed.value.minOrderQuantity, rfq.unit) : null
    return unitError ? { ok: false, fieldErrors: { minOrderQuantity: unitError } } : parsed
  })
  const { errors, formError } = dialog
  const [price, setPrice] = useState(prefill?.unitPrice ?? '')
  const quotable = (c: string | null | undefined): c is string => !!c && (CURRENCIES as readonly string[]).includes(c)
  const field = (name: QuoteField) => ({ id: `quote-${rfq.id}-${name}`, name, error: errors[name] })

  return (
    <DialogForm
      state={dialog}
      action={action}
      hidden={{ intent: 'quote', rfqId: rfq.id }}
      trigger={<TriggerButton size="sm" label={t('quote.open')} subject={rfq.title} />}
      title={t('quote.title')}
      description={t('quote.description', { title: rfq.title })}
      className="sm:max-w-2xl"
      error={formError && t(formError)}
      cancel={t('quote.cancel')}
      submit={t('quote.submit')}
      pending={t('quote.submitting')}
      // Spec §5: submit is disabled while the price is empty.
      submitProps={{ disabled: price.trim() === '' }}
    >
      <p className="text-sm text-muted-foreground" data-testid="quote-unit">
        {t('quote.inUnit', { per: t(`units:per.${rfq.unit}`), unit: t(`units:short.${rfq.unit}`) })}
      </p>
      <div className="grid grid-cols-[2fr_1fr] gap-2">
        <TextField {...field('unitPrice')} label={t('quote.unitPrice')} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
        <SelectField {...field('currency')} label={t('quote.currency')} options={CURRENCIES} defaultValue={[prefill?.currency, rfq.currency].find(quotable) ?? 'USD'} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...field('minOrderQuantity')}
          label={t('quote.moq', { unit: t(`units:short.${rfq.unit}`) })}
          hint={t('quote.requested', { quantity: format.count(rfq.quantity), unit: t(...unitText(rfq.unit, rfq.quantity)) })}
          inputMode="decimal"
          defaultValue={String(prefill?.minOrderQuantity ?? 1)}
        />
        <TextField {...field('leadTimeDays')} label={t('quote.leadTime')} inputMode="numeric" />
        <SelectField {...field('incoterm')} label={t('quote.incoterm')} options={INCOTERMS} optionLabel={(c) => `${c} — ${t(`incoterms.${c}`)}`} defaultValue={rfq.incoterm ?? 'FOB'} />
        <TextField {...field('incotermPlace')} label={t('quote.incotermPlace')} maxLength={PLACE_MAX} defaultValue={rfq.incotermPlace ?? ''} />
        <TextField {...field('validityDays')} label={t('quote.validity')} inputMode="numeric" defaultValue={String(VALIDITY_DEFAULT)} />
      </div>
      {/* The seller's payment terms (ADR 033): 30 % on the proforma and 70 % on shipment unless changed. */}
      <PaymentTermsFields errors={errors} />
      <TextareaField {...field('message')} label={t('quote.message')} rows={4} maxLength={QUOTE_MESSAGE_MAX} />
    </DialogForm>
  )
}
