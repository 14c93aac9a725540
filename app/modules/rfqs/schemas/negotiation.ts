// Negotiation (issue 8 item 6): counters in turns on the quote's page.
import { z } from 'zod'
import type { FieldErrors, SubmissionOptions } from '~/lib/form'
import { unitQuantityError, type QuantityUnit } from '~/domain'
import { quantityField } from '~/domain/quantity-field'
import { PAYMENT_TERMS_FIELDS, withPaymentTerms } from '~/modules/payments'
import { QuoteTermsSchema, type TermsField } from './quote'

/** The counter-offer's own fields (the payment terms' inputs come with PaymentTermsFields, under `terms.`). */
const COUNTER_OWN_FIELDS = ['unitPrice', 'quantity', 'incoterm', 'incotermPlace', 'leadTimeDays', 'validityDays', 'message'] as const
export type CounterField = (typeof COUNTER_OWN_FIELDS)[number] | TermsField
export type CounterFieldErrors = FieldErrors<CounterField>

/** Every field the counter-offer form posts, the payment terms' included; the fuzz targets and tests use the same list. */
export const COUNTER_FIELDS: readonly string[] = [...COUNTER_OWN_FIELDS, ...PAYMENT_TERMS_FIELDS]

/**
 * A counter-offer: the quote's terms (same rules as the quote dialog) plus the quantity and a whole set
 * of payment terms (ADR 033); the currency stays the quote's.
 */
export const CounterOfferSchema = withPaymentTerms(
  QuoteTermsSchema.pick({
    unitPrice: true,
    incoterm: true,
    incotermPlace: true,
    leadTimeDays: true,
    validityDays: true,
    message: true,
  }).extend({
    // In the RFQ's unit: its rule is counterQuantityError's, in the dialog and against the database.
    quantity: quantityField({ format: 'rfqs:quote.errors.quantity', zero: 'rfqs:quote.errors.quantity', max: 'rfqs:quote.errors.quantity' }),
  }),
)
export type CounterOfferInput = z.output<typeof CounterOfferSchema>

/** How `parseSubmission` reads the counter-offer form. */
export const COUNTER_FORM = { fields: COUNTER_FIELDS } satisfies SubmissionOptions

/**
 * A counter-offer's quantity against its unit (the RFQ's: no 2.5 containers) and the quote's minimum order
 * (the seller's MOQ): an i18n key and the count for it, or null. Checked in the counter dialog before it
 * is sent and in the action against the database; the quantity is never raised to the minimum, it is
 * refused (issue 26 item 4).
 */
export function counterQuantityError(quantity: number, minOrderQuantity: number, unit: QuantityUnit): { key: string; count?: number } | null {
  const unitError = unitQuantityError(quantity, unit)
  if (unitError) return { key: unitError }
  return quantity < minOrderQuantity ? { key: 'rfqs:negotiation.errors.belowMoq', count: minOrderQuantity } : null
}

/** The negotiation page's buttons: which action the form asks for. */
export const NegotiationIntentSchema = z.object({ intent: z.enum(['counter', 'accept', 'decline', 'withdraw']) })
