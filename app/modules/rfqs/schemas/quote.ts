// The quote dialog on the seller's RFQ board (issue 8 item 5): the same schema checks it in the browser
// and in the action.
import { z } from 'zod'
import type { FieldErrors, SubmissionOptions } from '~/lib/form'
import { CURRENCIES, INCOTERMS, MONEY_PATTERN, UUID_PATTERN } from '~/domain'
import { quantityField } from '~/domain/quantity-field'
import { PAYMENT_TERMS_FIELDS, withPaymentTerms } from '~/modules/payments'
import { noNul, PLACE_MAX } from './common'

export const LEAD_TIME_MAX = 365
export const VALIDITY_MAX = 180
export const VALIDITY_DEFAULT = 30
export const QUOTE_MESSAGE_MAX = 2000

/** The quote's own fields (the payment terms' inputs come with PaymentTermsFields, under `terms.`). */
const QUOTE_OWN_FIELDS = ['rfqId', 'unitPrice', 'currency', 'minOrderQuantity', 'incoterm', 'incotermPlace', 'leadTimeDays', 'validityDays', 'message'] as const
export type QuoteField = (typeof QUOTE_OWN_FIELDS)[number]
/** A payment terms input's name (terms.method, terms.milestones.0.share…). */
export type TermsField = `terms.${string}`
export type QuoteFieldErrors = FieldErrors<QuoteField | TermsField>

/** Every field the quote dialog posts, the payment terms' included; the fuzz targets and tests use the same list. */
export const QUOTE_FIELDS: readonly string[] = [...QUOTE_OWN_FIELDS, ...PAYMENT_TERMS_FIELDS]

/** How `parseSubmission` reads the dialog: an unknown RFQ is the whole form's error. */
export const QUOTE_FORM = { fields: QUOTE_FIELDS, formFields: ['rfqId'] } satisfies SubmissionOptions

const q = (key: string) => `rfqs:quote.errors.${key}`

/** A whole number from a text field, between min and max; empty falls back to `empty` (or is refused). */
export const wholeNumber = (min: number, max: number, key: string, empty?: number) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v === '' && empty !== undefined) return
      if (!/^\d{1,12}$/.test(v) || Number(v) < min || Number(v) > max) ctx.addIssue({ code: 'custom', message: q(key) })
    })
    .transform((v) => (v === '' && empty !== undefined ? empty : Number(v)))

/** The quote's own fields, without the payment terms (the counter-offer picks from them). */
export const QuoteTermsSchema = z.object({
  rfqId: z.string().trim().regex(UUID_PATTERN, q('rfq')).transform((v) => v.toLowerCase()),
  unitPrice: z
    .string()
    .trim()
    .transform((v) => v.replace(',', '.').replace(/^\+/, ''))
    .superRefine((v, ctx) => {
      if (v === '') return void ctx.addIssue({ code: 'custom', message: q('priceRequired') })
      if (/^-\d*(\.\d*)?$/.test(v)) return void ctx.addIssue({ code: 'custom', message: q('pricePositive') })
      if (!MONEY_PATTERN.test(v)) ctx.addIssue({ code: 'custom', message: q('priceFormat') })
    })
    .transform((v) => (Number(v) === 0 ? '0.00' : v.replace(/^0+(?=\d)/, ''))),
  currency: z.enum(CURRENCIES, { message: q('currency') }),
  // In the RFQ's unit (0.75 ct; whole containers): the unit's rule is checked by the dialog and by submitQuote.
  minOrderQuantity: quantityField({ format: q('moq'), zero: q('moq'), max: q('moq') }, { empty: 1 }),
  incoterm: z.enum(INCOTERMS, { message: q('incoterm') }),
  incotermPlace: noNul.pipe(z.string().trim().min(1, q('placeRequired')).max(PLACE_MAX, q('placeMax'))),
  leadTimeDays: wholeNumber(1, LEAD_TIME_MAX, 'leadTime'),
  validityDays: wholeNumber(1, VALIDITY_MAX, 'validity', VALIDITY_DEFAULT),
  message: noNul.pipe(z
    .string()
    .trim()
    .max(QUOTE_MESSAGE_MAX, q('messageMax'))
    .transform((v) => v || null)),
})

/**
 * The quote dialog: the quote's fields and the seller's payment terms (ADR 033, `terms`); the same
 * schema checks it in the browser and in the action.
 */
export const SubmitQuoteSchema = withPaymentTerms(QuoteTermsSchema)
export type SubmitQuoteInput = z.output<typeof SubmitQuoteSchema>
/** Withdraw: the seller's own quote id (checked against the owner on the server). */
export const WithdrawQuoteSchema = z.object({ intent: z.literal('withdraw'), quoteId: z.string().regex(UUID_PATTERN) })
