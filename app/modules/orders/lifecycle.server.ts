// The one place an order is made, moved along and cancelled (issue 27 item 4, issue 29 item 2). Both run inside
// the caller's transaction, so the flow that starts them (a product order, an accepted quote, a
// dispute's decision, a party's status change) writes everything or nothing.
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { orderEvents, orders, products } from '../../../db/schema'
import type { Db } from '~/lib/db.server'
import type { NotifyInput } from '~/modules/notifications/index.server'
import { orderShipmentBlockers, startMilestones } from '~/modules/payments/index.server'
import { ratesInForce } from '~/modules/rates/index.server'
import { utcDay, type MilestoneEvent, type OrderStatus, type QuantityUnit } from '~/domain'
import { restocksOnCancel } from './policy'

/** A transaction handle (or the database itself, for a single statement). */
export type OrderWriter = Parameters<Parameters<Db['transaction']>[0]>[0]

type OrderRow = typeof orders.$inferInsert

/** What the order is made of; the status (Pending), the total, the rate stamp and the timestamps are the command's. */
export type NewOrder = Omit<OrderRow, 'id' | 'status' | 'total' | 'unit' | 'rateStamp' | 'createdAt' | 'updatedAt'> & {
  /** What the quantity counts: the RFQ's unit, or the product's for a direct order. */
  unit: QuantityUnit
  /** Who made it (the buyer placing, or accepting a seller's offer; the seller accepting a counter). */
  actorId: string
  /** The RFQ's title for the seller's notice, when the order comes from a quote. */
  title?: string
  now: Date
}

/**
 * The total payable in the order's currency, multiplied in SQL (numeric is exact; 12.5 t × 245.55 is
 * rounded half up to the cent, as the cost summary shows it before the order (multiplyDecimal)): the goods, plus shipping only
 * when it is priced in the same currency (never converted, ADR 006).
 */
function orderTotal(unitPrice: string, quantity: number, currency: string, shipping: { price: string; currency: string } | null): SQL {
  const goods = sql`round(${unitPrice}::numeric * ${String(quantity)}::numeric, 2)`
  return shipping && shipping.currency === currency ? sql`(${goods} + ${shipping.price}::numeric)` : goods
}

/** A made order and the seller's 'order placed' notice, which the caller sends in its batch (the order of notices is the flow's). */
export type CreatedOrder = { id: string; total: string; notice: NotifyInput }

/**
 * Writes the order (Pending) with the exchange rates in force at `now` (its rate stamp, ADR 028) and its
 * first order_events row, and composes the seller's notice. Null when a unique key already holds one
 * (the buyer's form token, or the quote already ordered): nothing is written.
 */
export async function createOrder(tx: OrderWriter, input: NewOrder): Promise<CreatedOrder | null> {
  const { actorId, title, now, ...values } = input
  const shipping = values.shippingPrice != null && values.shippingCurrency != null ? { price: values.shippingPrice, currency: values.shippingCurrency } : null
  const total = orderTotal(values.unitPrice, values.quantity, values.currency, shipping)
  const rateStamp = await ratesInForce(tx, values.currency, now)
  const [order] = await tx
    .insert(orders)
    .values({ ...values, total, rateStamp, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: orders.id, total: orders.total })
  if (!order) return null
  await tx.insert(orderEvents).values({ orderId: order.id, status: 'Pending', actorId, createdAt: now })
  const notice: NotifyInput = {
    recipientId: values.sellerId,
    actorId,
    kind: 'order_placed',
    params: { ...(title === undefined ? {} : { title }), order: order.id.slice(0, 8), amount: order.total, currency: values.currency, quantity: String(values.quantity), unit: values.unit },
    link: `/orders/${order.id}`,
  }
  return { ...order, notice }
}

export type CancelOrder = {
  orderId: string
  /** The status just read: the update applies only while the order is still in it. */
  from: OrderStatus
  note: string | null
  /** Null for a moderator's decision (the system acts). */
  actorId: string | null
  /** Narrows the update to one party's order (a party's own change). */
  where?: SQL
  now: Date
}

/**
 * Cancels the order: the conditional update from `from` (false, and nothing written, when it changed in
 * between), the product's units back to stock when the goods never left (policy.restocksOnCancel; only
 * ever once, as Cancelled is final), and the order_events row.
 */
export async function cancelOrder(tx: OrderWriter, input: CancelOrder): Promise<boolean> {
  const { orderId, from, note, actorId, now } = input
  const [cancelled] = await tx
    .update(orders)
    .set({ status: 'Cancelled', updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, from), input.where))
    .returning({ productId: orders.productId, quantity: orders.quantity })
  if (!cancelled) return false
  if (cancelled.productId && restocksOnCancel(from)) {
    await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${cancelled.quantity}`, updatedAt: now })
      .where(eq(products.id, cancelled.productId))
  }
  await tx.insert(orderEvents).values({ orderId, status: 'Cancelled', note, actorId, createdAt: now })
  return true
}

/** The payment milestone event each forward status is (issue 29): its milestones fall due with it. */
const MILESTONE_EVENT_OF: Partial<Record<OrderStatus, MilestoneEvent>> = { Accepted: 'order_accepted', Shipped: 'shipped', Delivered: 'delivered' }

export type MoveOrder = {
  orderId: string
  /** The status just read: the update applies only while the order is still in it. */
  from: OrderStatus
  /** A forward status (Accepted, Shipped, Delivered); Cancelled goes through cancelOrder. */
  to: Exclude<OrderStatus, 'Cancelled'>
  note: string | null
  actorId: string
  /** Narrows the update to one party's order (a party's own change). */
  where?: SQL
  now: Date
}

/**
 * Why a move was not made: the order changed in between, or (to Shipped) payment milestones due before
 * shipment are not confirmed yet (their positions, for the message that names them).
 */
export type MoveOrderRefusal = { moved: false; reason: 'changed' } | { moved: false; reason: 'unpaid'; positions: number[] }

/**
 * Moves the order forward in the caller's transaction: the ship gate (Shipped is refused while a
 * milestone due before shipment is not confirmed: shipmentBlockers, ADR 033), the conditional update
 * from `from`, the order_events row, and the milestones on the status's event falling due from today.
 * Nothing is written on a refusal.
 */
export async function moveOrder(tx: OrderWriter, input: MoveOrder): Promise<{ moved: true } | MoveOrderRefusal> {
  const { orderId, from, to, note, actorId, now } = input
  if (to === 'Shipped') {
    const blockers = await orderShipmentBlockers(tx, orderId)
    if (blockers.length > 0) return { moved: false, reason: 'unpaid', positions: blockers.map((b) => b.position) }
  }
  const [updated] = await tx
    .update(orders)
    .set({ status: to, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, from), input.where))
    .returning({ id: orders.id })
  if (!updated) return { moved: false, reason: 'changed' }
  await tx.insert(orderEvents).values({ orderId, status: to, note, actorId, createdAt: now })
  const event = MILESTONE_EVENT_OF[to]
  if (event) await startMilestones(tx, orderId, event, utcDay(now))
  return { moved: true }
}
