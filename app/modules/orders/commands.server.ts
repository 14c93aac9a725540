// Order status changes (issue 8 item 9): the seller moves the order along, the buyer may cancel while
// Pending. Every change writes its order_events row in the same transaction as the update.
import { and, eq, gte, lte, ne, sql } from 'drizzle-orm'
import { disputes, orderMilestones, orders, products, profiles } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { queueOrderDocuments } from '~/modules/documents/index.server'
import { notify } from '~/modules/notifications/index.server'
import { type OrderStatus, type PaymentTerms, tradePartyOf, UNIT_RULES, UUID_PATTERN } from '~/domain'
import { milestoneRows } from '~/modules/payments'
import { cancelOrder, createOrder, moveOrder, type CreatedOrder, type NewOrder, type OrderWriter } from './lifecycle.server'
import { isFinalOrderStatus, orderTransitionVerdict, type OrderRole } from './policy'
import { orderQuantityError, shippingIndexError, type PlaceOrderInput } from './schemas'

/** `values`: what the message names (the unconfirmed payment milestones of a refused shipment). */
export type OrderRefusal = { ok: false; status: 403 | 404 | 409; error: string; values?: Record<string, string | number> }
export type ChangeOrderResult = { ok: true; status: OrderStatus; role: OrderRole } | OrderRefusal

const refuse = (status: OrderRefusal['status'], key: string): OrderRefusal => ({ ok: false, status, error: `rfqs:orders.errors.${key}` })
/** Shipped refused while payment milestones due before shipment are not confirmed (issue 29): the message names them. */
const shipBlocked = (positions: number[]): OrderRefusal => ({ ok: false, status: 409, error: 'payments:milestones.errors.shipBlocked', values: { count: positions.length, milestones: positions.join(', ') } })

/**
 * Moves the order to `target` for one of its parties. Refusals write nothing: 404 for anyone else (or
 * no such order), 403 for a status the role never sets, 409 for the wrong moment. The update is
 * conditional on the status just read (… AND status = expected), so of two changes at once only
 * one applies; the other gets 409 'changedMeanwhile'.
 */
export async function changeOrderStatus(actorProfileId: string, orderId: string, target: OrderStatus, note: string | null, only?: OrderRole): Promise<ChangeOrderResult> {
  if (!UUID_PATTERN.test(orderId)) return refuse(404, 'notFound')
  const db = getDb()
  const [order] = await db.select({ buyerId: orders.buyerId, sellerId: orders.sellerId, status: orders.status }).from(orders).where(eq(orders.id, orderId))
  if (!order) return refuse(404, 'notFound')
  const role: OrderRole | null = tradePartyOf(order, actorProfileId)
  if (!role || (only && role !== only)) return refuse(404, 'notFound')
  const verdict = orderTransitionVerdict(order.status, role, target)
  if (verdict === 'never') return refuse(403, 'buyerCancelOnly')
  if (verdict === 'notNow') return refuse(409, isFinalOrderStatus(order.status) ? 'closed' : role === 'buyer' ? 'buyerTooLate' : 'notNext')
  const result = await db.transaction(async (tx) => {
    // While a dispute is open the order stands still (issue 10 item 7). The order row is locked first, as
    // opening a dispute locks it, so a status change and an opening never cross.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update')
    const [dispute] = await tx.select({ id: disputes.id }).from(disputes).where(and(eq(disputes.orderId, orderId), eq(disputes.status, 'open'))).limit(1)
    if (dispute) return { ok: false as const, status: 409 as const, error: 'disputes:errors.orderDisputed' }
    const now = new Date()
    const party = role === 'seller' ? eq(orders.sellerId, actorProfileId) : eq(orders.buyerId, actorProfileId)
    if (target === 'Cancelled') {
      if (!(await cancelOrder(tx, { orderId, from: order.status, note, actorId: actorProfileId, where: party, now }))) return refuse(409, 'changedMeanwhile')
    } else {
      const moved = await moveOrder(tx, { orderId, from: order.status, to: target, note, actorId: actorProfileId, where: party, now })
      if (!moved.moved) return moved.reason === 'unpaid' ? shipBlocked(moved.positions) : refuse(409, 'changedMeanwhile')
    }
    await notify(tx, {
      recipientId: role === 'seller' ? order.buyerId : order.sellerId,
      actorId: actorProfileId,
      kind: 'order_status_changed',
      params: { order: orderId.slice(0, 8), status: target },
      link: `/orders/${orderId}`,
    })
    return { ok: true as const, status: target, role }
  })
  // The documents this status makes due (a proforma on Accepted, the shipping papers on Shipped), made off the request path.
  if (result.ok) await queueOrderDocuments(orderId, result.status)
  return result
}

/** An order to make and the payment terms its parties agreed (ADR 033), locked into it. */
export type NewOrderWithTerms = Omit<NewOrder, 'paymentSchedule'> & {
  /** The accepted terms; null only for a quote made before structured terms, whose free text (paymentTerms) the order keeps. */
  paymentSchedule: PaymentTerms | null
}

/**
 * The one way an order is made, from an accepted quote or a direct order (issue 29 item 1): the order
 * (createOrder) with the accepted payment terms in orders.payment_schedule, and one order_milestones row
 * per milestone (milestoneRows: amounts split exactly, adding up to the order's total in its currency;
 * each upcoming, as nothing has happened to a Pending order yet), in the caller's transaction. Null, and
 * nothing written, when createOrder makes nothing.
 */
export async function createOrderWithTerms(tx: OrderWriter, input: NewOrderWithTerms): Promise<CreatedOrder | null> {
  const order = await createOrder(tx, input)
  if (!order || !input.paymentSchedule) return order
  const rows = milestoneRows(input.paymentSchedule, { total: order.total, currency: input.currency })
  await tx.insert(orderMilestones).values(rows.map((row) => ({ ...row, orderId: order.id, createdAt: input.now, updatedAt: input.now })))
  return order
}

export type PlaceOrderRefusal = { ok: false; status: 400 | 403 | 404 | 409; error: string; count?: number }
export type PlaceOrderResult = { ok: true; orderId: string; created: boolean } | PlaceOrderRefusal

const placeRefuse = (status: PlaceOrderRefusal['status'], error: string, count?: number): PlaceOrderRefusal => ({ ok: false, status, error, count })
const catalogError = (key: string) => `catalog:product.order.errors.${key}`

/** Thrown inside the transaction to undo the stock reservation when the form's token already made an order. */
class DuplicateSubmission extends Error {}

/**
 * A direct order from the product page (issue 8 item 8), in one transaction: the stock is reserved by a
 * conditional update (… AND stock_quantity >= q), so two buyers never take the same last units (the
 * loser gets 409), then the order with the buyer's payment terms and their milestones
 * (createOrderWithTerms) and its first Pending event are written. The form's one-time token
 * (unique per buyer) turns a double submit into the first order. Refusals write nothing.
 */
export async function placeProductOrder(buyerProfileId: string, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const db = getDb()
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerProfileId), eq(orders.submissionKey, input.submissionKey)))
  if (existing) return { ok: true, orderId: existing.id, created: false }
  const publicProduct = and(eq(products.id, input.productId), eq(products.isActive, true), eq(profiles.accountStatus, 'active'), eq(profiles.kycStatus, 'Approved'))
  const [product] = await db
    .select({
      sellerId: products.sellerId,
      price: products.price,
      currency: products.currency,
      unit: products.unit,
      stockQuantity: products.stockQuantity,
      minimumOrderQuantity: products.minimumOrderQuantity,
      shippingOptions: products.shippingOptions,
    })
    .from(products)
    .innerJoin(profiles, eq(profiles.id, products.sellerId))
    .where(publicProduct)
  if (!product) return placeRefuse(404, catalogError('notFound'))
  if (product.sellerId === buyerProfileId) return placeRefuse(403, catalogError('ownProduct'))
  const shippingError = shippingIndexError(input.shipping, product.shippingOptions.length)
  if (shippingError) return placeRefuse(400, shippingError)
  const quantityError = orderQuantityError(input.quantity, { ...product, unitDecimals: UNIT_RULES[product.unit].decimals })
  if (quantityError) return placeRefuse(quantityError.key.endsWith('belowMoq') || quantityError.key.startsWith('units:') ? 400 : 409, quantityError.key, quantityError.count)
  const shipping = input.shipping === null ? null : product.shippingOptions[input.shipping]!
  try {
    return await db.transaction(async (tx) => {
      const [reserved] = await tx
        .update(products)
        .set({ stockQuantity: sql`${products.stockQuantity} - ${input.quantity}`, updatedAt: new Date() })
        .where(
          and(
            eq(products.id, input.productId),
            eq(products.isActive, true),
            ne(products.sellerId, buyerProfileId),
            gte(products.stockQuantity, input.quantity),
            lte(products.minimumOrderQuantity, input.quantity),
            // The price read above is the price ordered: a change in between refuses rather than charges another.
            eq(products.price, product.price),
            eq(products.currency, product.currency),
            // And in the unit read: a quantity of tonnes never takes kilograms.
            eq(products.unit, product.unit),
          ),
        )
        .returning({ stockQuantity: products.stockQuantity })
      if (!reserved) {
        const [now] = await tx.select({ unit: products.unit, stockQuantity: products.stockQuantity, minimumOrderQuantity: products.minimumOrderQuantity, isActive: products.isActive }).from(products).where(eq(products.id, input.productId))
        if (!now || !now.isActive) return placeRefuse(404, catalogError('notFound'))
        const again = orderQuantityError(input.quantity, { ...now, unitDecimals: UNIT_RULES[now.unit].decimals })
        return again ? placeRefuse(409, again.key, again.count) : placeRefuse(409, catalogError('changed'))
      }
      const order = await createOrderWithTerms(tx, {
        productId: input.productId,
        buyerId: buyerProfileId,
        sellerId: product.sellerId,
        unitPrice: product.price,
        quantity: input.quantity,
        unit: product.unit,
        currency: product.currency,
        shippingMethod: shipping?.method ?? null,
        shippingPrice: shipping?.price ?? null,
        shippingCurrency: shipping?.currency ?? null,
        submissionKey: input.submissionKey,
        // The terms the buyer proposed, with their milestones; the seller accepts the order or not.
        paymentSchedule: input.terms,
        actorId: buyerProfileId,
        now: new Date(),
      })
      if (!order) throw new DuplicateSubmission()
      await notify(tx, order.notice)
      return { ok: true as const, orderId: order.id, created: true }
    })
  } catch (error) {
    if (!(error instanceof DuplicateSubmission)) throw error
    const [first] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.buyerId, buyerProfileId), eq(orders.submissionKey, input.submissionKey)))
    if (!first) throw error
    return { ok: true, orderId: first.id, created: false }
  }
}
