// The order status forms (issue 8 item 9): the seller's status dialog and the buyer's cancel dialog.
// One schema each, shared by the form (checked before submit) and the action. Messages are i18n keys.
import { z } from 'zod'
import { ORDER_STATUSES, UUID_PATTERN } from '~/domain'
import type { FieldErrors } from '~/lib/form'
import { withPaymentTerms } from '~/modules/payments'
import { orderErrorKey as e, readOrderQuantity } from './limits'

export * from './limits'

export const ORDER_NOTE_MAX = 1000

/** Every field the forms post; the fuzz targets use the same list. */
export const ORDER_STATUS_FIELDS = ['intent', 'orderId', 'status', 'note'] as const

// Control characters (NUL and the rest, but not newline or tab) are stripped; an empty note is no note.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g
const note = z
  .string()
  .optional()
  .transform((s) => (s ?? '').replace(CONTROL, '').trim())
  .refine((s) => s.length <= ORDER_NOTE_MAX, { message: 'rfqs:orders.errors.noteTooLong' })
  .transform((s) => (s === '' ? null : s))

const status = z.enum(ORDER_STATUSES, { message: 'rfqs:orders.errors.status' })

/** The seller's status dialog on the order page: the new status and an optional note. */
export const OrderStatusSchema = z.object({ status, note })
export type OrderStatusInput = z.infer<typeof OrderStatusSchema>

/** The same dialog in the Orders tab, which also names the order. */
export const OrderStatusInListSchema = OrderStatusSchema.extend({ orderId: z.string().regex(UUID_PATTERN, { message: 'rfqs:orders.errors.notFound' }) })

/** The buyer's cancel confirmation: an optional reason. */
export const CancelOrderSchema = z.object({ note })
export type CancelOrderInput = z.infer<typeof CancelOrderSchema>

export type OrderFormErrors = FieldErrors<'status' | 'note' | 'orderId'>

/**
 * Place order: the product, a whole quantity, the index of the chosen shipping option (empty when the
 * product has none), the form's one-time token and the payment terms the buyer proposes (ADR 033,
 * under `terms.`: PaymentTermsFields). Bounds that depend on the product (minimum order,
 * stock, number of shipping options) are checked by `orderQuantityError` / `shippingIndexError`,
 * in the form before submit and again in the command against the database.
 */
export const PlaceOrderSchema = withPaymentTerms(z.object({
  productId: z.string({ message: e('notFound') }).regex(UUID_PATTERN, { message: e('notFound') }).transform((v) => v.toLowerCase()),
  // Read by the same rule as the form (limits.ts): never rounded or clamped, refused when unreadable.
  quantity: z.string({ message: e('quantity') }).transform((v, ctx) => {
    const n = readOrderQuantity(v)
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: e('quantity') })
      return z.NEVER
    }
    return n
  }),
  shipping: z
    .string()
    .optional()
    .transform((s) => (s ?? '').trim())
    .refine((s) => s === '' || /^\d{1,3}$/.test(s), { message: e('shipping') })
    .transform((s) => (s === '' ? null : Number(s))),
  submissionKey: z.string({ message: e('expired') }).trim().regex(UUID_PATTERN, { message: e('expired') }).transform((v) => v.toLowerCase()),
}))
export type PlaceOrderInput = z.output<typeof PlaceOrderSchema>

// The product page checks the order form with this chunk, which it loads lazily (the public pages' JS
// budget): the form helper travels with the schema.
export { parseSubmission } from '~/lib/form'
