// The order status forms (issue 8 item 9): the seller's status dialog and the buyer's cancel dialog.
// One schema each, shared by the form (checked before submit) and the action. Messages are i18n keys.
import { z } from 'zod'
import { ORDER_STATUSES } from '~/modules/rfqs/enums'

export { ORDER_STATUSES, type OrderStatus } from '~/modules/rfqs/enums'

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
export const OrderStatusInListSchema = OrderStatusSchema.extend({ orderId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { message: 'rfqs:orders.errors.notFound' }) })

/** The buyer's cancel confirmation: an optional reason. */
export const CancelOrderSchema = z.object({ note })
export type CancelOrderInput = z.infer<typeof CancelOrderSchema>

export type OrderFormErrors = Partial<Record<'status' | 'note' | 'orderId', string>>

/** Parses a form with one of the schemas above into the value or field errors (i18n keys). */
export function parseOrderForm<S extends z.ZodType>(schema: S, form: FormData): { ok: true; value: z.infer<S> } | { ok: false; fieldErrors: OrderFormErrors } {
  const raw: Record<string, string> = {}
  for (const key of ['orderId', 'status', 'note'] as const) {
    const v = form.get(key)
    if (typeof v === 'string') raw[key] = v
  }
  const parsed = schema.safeParse(raw)
  if (parsed.success) return { ok: true, value: parsed.data }
  const fieldErrors: OrderFormErrors = {}
  for (const issue of parsed.error.issues) {
    const k = issue.path[0] as keyof OrderFormErrors
    if (k && !fieldErrors[k]) fieldErrors[k] = issue.message
  }
  return { ok: false, fieldErrors }
}
