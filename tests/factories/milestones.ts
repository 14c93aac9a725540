// An order with payment milestones (issue 29), made the way an accepted quote makes one: its terms on the
// order and its rows from milestoneRows (upcoming, or due for the events `happened` names).
import { eq } from 'drizzle-orm'
import { orderMilestones, orders } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import type { MilestoneEvent, OrderStatus, PaymentTerms } from '~/domain'
import { milestoneRows } from '~/modules/payments/schedule'
import { createOrder } from './orders'

/** 30 % when the seller accepts the order, 70 % fourteen days after shipment. */
export const ADVANCE_AND_BALANCE: PaymentTerms = {
  method: 'bank_transfer',
  methodDays: null,
  shipBeforePaid: false,
  milestones: [
    { share: '30', event: 'order_accepted', offsetDays: 0 },
    { share: '70', event: 'shipped', offsetDays: 14 },
  ],
}

/** An order of 5,000.00 USD between the two with `terms` and its milestone rows; returns its id and the milestones' ids by position. */
export async function createOrderWithMilestones(
  buyerId: string,
  sellerId: string,
  opts: { status?: OrderStatus; terms?: PaymentTerms; happened?: Partial<Record<MilestoneEvent, string>> } = {},
) {
  const terms = opts.terms ?? ADVANCE_AND_BALANCE
  const order = await createOrder(buyerId, sellerId, opts.status ?? 'Pending')
  await getDb().update(orders).set({ paymentSchedule: terms }).where(eq(orders.id, order.id))
  const rows = milestoneRows(terms, { total: '5000.00', currency: 'USD' }, opts.happened ?? {})
  const made = await getDb()
    .insert(orderMilestones)
    .values(rows.map((row) => ({ ...row, orderId: order.id })))
    .returning({ id: orderMilestones.id, position: orderMilestones.position })
  const milestoneIds = made.sort((a, b) => a.position - b.position).map((m) => m.id)
  return { ...order, milestoneIds }
}
