// The one place an order is made and the one place it is cancelled (issue 27 item 4). Both run inside
// the caller's transaction, so the flow that starts them (a product order, an accepted quote, a
// dispute's decision, a party's status change) writes everything or nothing.
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { orderEvents, orders, products } from '../../../db/schema'
import type { Db } from '~/lib/db.server'
import type { NotifyInput } from '~/modules/notifications/index.server'
import { ratesInForce } from '~/modules/rates/index.server'
import type { OrderStatus, QuantityUnit } from '~/domain'
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
