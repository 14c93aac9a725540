// Product requests (issue 8 item 2): "Request a quote" on a product page, addressed to its seller, and
// the seller's rejection of one.
import { z } from 'zod'
import type { FieldErrors, SubmissionOptions } from '~/lib/form'
import { CURRENCIES, unitQuantityError, UUID_PATTERN, type QuantityUnit } from '~/domain'
import { quantityField } from '~/domain/quantity-field'
import { CONTROL } from './common'

export const REQUEST_MESSAGE_MAX = 2000
export const REJECTION_REASON_MAX = 1000

/** Every field the product page's request dialog posts; the fuzz targets and tests use the same list. */
export const PRODUCT_REQUEST_FIELDS = ['quantity', 'currency', 'message', 'submissionKey'] as const
export type ProductRequestField = (typeof PRODUCT_REQUEST_FIELDS)[number]
export type ProductRequestErrors = FieldErrors<ProductRequestField>

/** How `parseSubmission` reads the dialog: the one-time token's error is shown for the whole form. */
export const PRODUCT_REQUEST_FORM = { fields: PRODUCT_REQUEST_FIELDS, formFields: ['submissionKey'] } satisfies SubmissionOptions<ProductRequestField>

const pr = (key: string) => `rfqs:productRequest.errors.${key}`

/**
 * The request dialog: a quantity (12.5 t), the currency and an optional message, with the form's one-time
 * token. The product's unit and minimum order are checked by `requestQuantityError`, in the dialog before submit
 * and again in the command against the database.
 */
export const ProductRequestSchema = z.object({
  quantity: quantityField({ format: pr('quantity'), zero: pr('quantity'), max: pr('quantityMax') }),
  currency: z.enum(CURRENCIES, { message: pr('currency') }),
  message: z
    .string()
    .transform((v) => v.replace(CONTROL, '').trim())
    .refine((v) => v.length <= REQUEST_MESSAGE_MAX, pr('messageMax')),
  submissionKey: z.string().trim().regex(UUID_PATTERN, pr('expired')).transform((v) => v.toLowerCase()),
})
export type ProductRequestInput = z.infer<typeof ProductRequestSchema>
/** The product's rules on the quantity: its unit's decimals, then at least its minimum order (an i18n key and the count for it), or null. */
export function requestQuantityError(quantity: number, product: { minimumOrderQuantity: number; unit: QuantityUnit }): { key: string; count?: number } | null {
  const unitError = unitQuantityError(quantity, product.unit)
  if (unitError) return { key: unitError }
  return quantity < product.minimumOrderQuantity ? { key: pr('belowMoq'), count: product.minimumOrderQuantity } : null
}

/** The seller's "Reject" on a product request: the request and a required reason (spec §7: update to Rejected). */
export const RejectRequestSchema = z.object({
  rfqId: z.string().trim().regex(UUID_PATTERN, 'rfqs:reject.errors.notFound').transform((v) => v.toLowerCase()),
  reason: z
    .string({ message: 'rfqs:reject.errors.reasonRequired' })
    .transform((v) => v.replace(CONTROL, '').trim())
    .refine((v) => v.length >= 1, 'rfqs:reject.errors.reasonRequired')
    .refine((v) => v.length <= REJECTION_REASON_MAX, 'rfqs:reject.errors.reasonMax'),
})
export type RejectRequestInput = z.infer<typeof RejectRequestSchema>
export type RejectFieldErrors = FieldErrors<'reason'>

/** How `parseSubmission` reads the reject dialog: an unknown request is the whole form's error. */
export const REJECT_FORM = { fields: ['rfqId', 'reason'], formFields: ['rfqId'] } satisfies SubmissionOptions<'rfqId' | 'reason'>
