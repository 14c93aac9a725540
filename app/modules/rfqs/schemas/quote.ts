// The quote dialog on the seller's RFQ board (issue 8 item 5): the same schema checks it in the browser
// and in the action.
import { z } from 'zod'
import type { FieldErrors, SubmissionOptions } from '~/lib/form'
import { CURRENCIES, INCOTERMS, MONEY_PATTERN, UUID_PATTERN } from '~/domain'
import { quantityField } from '~/domain/quantity-field'
import { noNul, PLACE_MAX } from './common'

export const LEAD_TIME_MAX = 365
export const VALIDITY_MAX = 180
export const VALIDITY_DEFAULT = 30
export const PAYMENT_TERMS_MAX = 500
export const QUOTE_MESSAGE_MAX = 2000

/** Every field the quote dialog posts; the fuzz targets and tests use the same list. */
export const QUOTE_FIELDS = [
  'rfqId',
  'unitPrice',
  'currency',
  'minOrderQuantity',
  'incoterm',
  'incotermPlace',
  'leadTimeDays',
  'paymentTerms',
  'validityDays',
  'message',
] as const
export type QuoteField = (typeof QUOTE_FIELDS)[number]
export type QuoteFieldErrors = FieldErrors<QuoteField>

/** How `parseSubmission` reads the dialog: an unknown RFQ is the whole form's error. */
export const QUOTE_FORM = { fields: QUOTE_FIELDS, formFields: ['rfqId'] } satisfies SubmissionOptions<QuoteField>

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

/** The quote dialog: the same schema checks it in the browser and in the action. */
export const SubmitQuoteSchema = z.object({
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
  paymentTerms: noNul.pipe(z
    .string()
    .trim()
    .max(PAYMENT_TERMS_MAX, q('paymentTermsMax'))
    .transform((v) => v || null)),
  validityDays: wholeNumber(1, VALIDITY_MAX, 'validity', VALIDITY_DEFAULT),
  message: noNul.pipe(z
    .string()
    .trim()
    .max(QUOTE_MESSAGE_MAX, q('messageMax'))
    .transform((v) => v || null)),
})
export type SubmitQuoteInput = z.infer<typeof SubmitQuoteSchema>
/** Withdraw: the seller's own quote id (checked against the owner on the server). */
export const WithdrawQuoteSchema = z.object({ intent: z.literal('withdraw'), quoteId: z.string().regex(UUID_PATTERN) })
