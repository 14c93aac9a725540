// Order status changes (issue 8 item 9): the seller moves the order along, the buyer may cancel while
// Pending. Every change writes its order_events row in the same transaction as the update.
import { and, eq } from 'drizzle-orm'
import { orderEvents, orders } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import type { OrderStatus } from '~/modules/rfqs/enums'
import { isFinalOrderStatus, orderTransitionVerdict, type OrderRole } from './policy'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type OrderRefusal = { ok: false; status: 403 | 404 | 409; error: string }
export type ChangeOrderResult = { ok: true; status: OrderStatus; role: OrderRole } | OrderRefusal

const refuse = (status: OrderRefusal['status'], key: string): OrderRefusal => ({ ok: false, status, error: `rfqs:orders.errors.${key}` })

/**
 * Moves the order to `target` for one of its parties. Refusals write nothing: 404 for anyone else (or
 * no such order), 403 for a status the role never sets, 409 for the wrong moment. The update is
 * conditional on the status just read (… AND status = expected), so of two changes at once only
 * one applies; the other gets 409 'changedMeanwhile'.
 */
export async function changeOrderStatus(actorProfileId: string, orderId: string, target: OrderStatus, note: string | null, only?: OrderRole): Promise<ChangeOrderResult> {
  if (!UUID.test(orderId)) return refuse(404, 'notFound')
  const db = getDb()
  const [order] = await db.select({ buyerId: orders.buyerId, sellerId: orders.sellerId, status: orders.status }).from(orders).where(eq(orders.id, orderId))
  if (!order) return refuse(404, 'notFound')
  const role: OrderRole | null = order.sellerId === actorProfileId ? 'seller' : order.buyerId === actorProfileId ? 'buyer' : null
  if (!role || (only && role !== only)) return refuse(404, 'notFound')
  const verdict = orderTransitionVerdict(order.status, role, target)
  if (verdict === 'never') return refuse(403, 'buyerCancelOnly')
  if (verdict === 'notNow') return refuse(409, isFinalOrderStatus(order.status) ? 'closed' : role === 'buyer' ? 'buyerTooLate' : 'notNext')
  return db.transaction(async (tx) => {
    const now = new Date()
    const party = role === 'seller' ? eq(orders.sellerId, actorProfileId) : eq(orders.buyerId, actorProfileId)
    const [updated] = await tx
      .update(orders)
      .set({ status: target, updatedAt: now })
      .where(and(eq(orders.id, orderId), party, eq(orders.status, order.status)))
      .returning({ id: orders.id })
    if (!updated) return refuse(409, 'changedMeanwhile')
    await tx.insert(orderEvents).values({ orderId, status: target, note, actorId: actorProfileId, createdAt: now })
    return { ok: true as const, status: target, role }
  })
}

