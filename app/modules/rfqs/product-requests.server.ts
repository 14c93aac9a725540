// Product requests (issue 8 item 2, ADR 009): "Request a quote" on a product page makes an RFQ addressed
// to that product's seller alone (rfqs.product_id and seller_id set), and that seller may reject it with a
// reason. Quoting, the negotiation and accepting into an order are the RFQ's own (quotes.server.ts,
// negotiation.server.ts). Every refusal writes nothing.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { productTranslations, products, profiles, quotes, rfqs } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { enforceLimit, type LimitRefusal } from '~/lib/rate-limit.server'
import { notify } from '~/modules/notifications/index.server'
import { LIVE_QUOTE_STATUSES, UUID_PATTERN } from '~/domain'
import { rejectVerdict } from './policy'
import { TITLE_MAX, TITLE_MIN } from './schemas/create-rfq'
import { requestQuantityError, type ProductRequestInput, type RejectRequestInput } from './schemas/product-request'

/** `limit`: set when the buyer's request limit (app/lib/action-limits.ts) refused it, for the answer's Retry-After. */
export type RequestRefusal = { ok: false; status: 400 | 403 | 404 | 409 | 429; error: string; count?: number; limit?: LimitRefusal }
export type CreateProductRequestResult = { ok: true; id: string; duplicate: boolean } | RequestRefusal
export type RejectRequestResult = { ok: true } | RequestRefusal

const refuse = (status: RequestRefusal['status'], error: string, count?: number): RequestRefusal => ({ ok: false, status, error, count })

/**
 * A product's name in `locale`, then English, then any language it has (blank names count as missing):
 * SQL for the product id in `productId`.
 */
export function productNameSql(productId: unknown, locale: string) {
  return sql<string | null>`(select btrim(x.name) from ${productTranslations} x where x.product_id = ${productId} and btrim(x.name) <> ''
    order by (x.language_code = ${locale}) desc, (x.language_code = 'en') desc, x.language_code limit 1)`
}

/** The generated title: the product's name, cut to the title's limit; a name too short for it goes into `shortTitle`. */
function requestTitle(name: string, shortTitle: (name: string) => string): string {
  const title = name.length >= TITLE_MIN ? name : shortTitle(name)
  // Cut by code points, so a title never ends in half a surrogate pair.
  return Array.from(title).slice(0, TITLE_MAX).join('').trim()
}

export type ProductRequestOptions = {
  /** The buyer's language: the title is the product's name in it. */
  locale: string
  /** A title for a product whose name is shorter than the title's minimum (translated by the caller). */
  shortTitle: (name: string) => string
}

/**
 * Creates the buyer's request for a public product, addressed to its seller, and notifies the seller in
 * the same transaction. A second submit of the same form (same one-time token) creates nothing and
 * answers with the first request: the unique (buyer_id, submission_key) index decides, so two requests
 * racing each other still make one row and one notice.
 */
export async function createProductRequest(buyerId: string, productId: string, input: ProductRequestInput, opts: ProductRequestOptions): Promise<CreateProductRequestResult> {
  if (!UUID_PATTERN.test(productId)) return refuse(404, 'rfqs:productRequest.errors.notFound')
  return getDb().transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: rfqs.id })
      .from(rfqs)
      .where(and(eq(rfqs.buyerId, buyerId), eq(rfqs.submissionKey, input.submissionKey)))
    if (existing) return { ok: true as const, id: existing.id, duplicate: true }
    const [product] = await tx
      .select({
        sellerId: products.sellerId,
        categoryId: products.categoryId,
        minimumOrderQuantity: products.minimumOrderQuantity,
        hsCode: sql<string | null>`${products.attributes}->>'hsCode'`,
        unit: products.unit,
        name: productNameSql(products.id, opts.locale),
      })
      .from(products)
      .innerJoin(profiles, eq(profiles.id, products.sellerId))
      // Public: active, and its seller active and KYC approved (as the product page and the catalog).
      .where(and(eq(products.id, productId.toLowerCase()), eq(products.isActive, true), eq(profiles.accountStatus, 'active'), eq(profiles.kycStatus, 'Approved')))
    if (!product) return refuse(404, 'rfqs:productRequest.errors.notFound')
    if (product.sellerId === buyerId) return refuse(403, 'rfqs:productRequest.errors.ownProduct')
    const quantityError = requestQuantityError(input.quantity, product)
    if (quantityError) return refuse(400, quantityError.key, quantityError.count)
    // Counted in the transaction, once the request would be written: a double submit or a refused request
    // does not count (issue 26 item 9).
    const limit = await enforceLimit('productRequest', buyerId, 1, tx)
    if (!limit.ok) return { ok: false as const, status: 429 as const, error: limit.messageKey, limit }
    const name = product.name ?? ''
    const title = requestTitle(name, opts.shortTitle)
    const hsCode = product.hsCode?.replace(/[\s.]/g, '') ?? ''
    const now = new Date()
    const [row] = await tx
      .insert(rfqs)
      .values({
        buyerId,
        productId: productId.toLowerCase(),
        sellerId: product.sellerId,
        title,
        description: input.message,
        categoryId: product.categoryId,
        currency: input.currency,
        quantity: input.quantity,
        // The request counts in the product's unit, as its minimum order and stock do.
        unit: product.unit,
        locationPreference: 'Both',
        hsCode: /^\d{4,10}$/.test(hsCode) ? hsCode : null,
        submissionKey: input.submissionKey,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [rfqs.buyerId, rfqs.submissionKey] })
      .returning({ id: rfqs.id })
    if (!row) {
      // A concurrent submit of the same form won: answer with its request.
      const [first] = await tx
        .select({ id: rfqs.id })
        .from(rfqs)
        .where(and(eq(rfqs.buyerId, buyerId), eq(rfqs.submissionKey, input.submissionKey)))
      return { ok: true as const, id: first!.id, duplicate: true }
    }
    await notify(tx, {
      recipientId: product.sellerId,
      actorId: buyerId,
      kind: 'request_received',
      params: { title, product: name, quantity: String(input.quantity), unit: product.unit, currency: input.currency },
      link: '/dashboard/rfqs',
    })
    return { ok: true as const, id: row.id, duplicate: false }
  })
}

/**
 * The addressed seller rejects an open product request they hold no live quote on, with a reason, and
 * the buyer is notified. The RFQ row is locked (FOR UPDATE) as `submitQuote` locks it, so a reject and
 * a quote of the same seller cannot both win; the update is conditional on the status as well.
 */
export async function rejectProductRequest(sellerId: string, input: RejectRequestInput): Promise<RejectRequestResult> {
  if (!UUID_PATTERN.test(input.rfqId)) return refuse(404, 'rfqs:reject.errors.notFound')
  return getDb().transaction(async (tx) => {
    const [rfq] = await tx
      .select({ buyerId: rfqs.buyerId, sellerId: rfqs.sellerId, status: rfqs.status, title: rfqs.title })
      .from(rfqs)
      .where(eq(rfqs.id, input.rfqId))
      .for('update')
    if (!rfq) return refuse(404, 'rfqs:reject.errors.notFound')
    const [live] = await tx
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(eq(quotes.rfqId, input.rfqId), eq(quotes.sellerId, sellerId), inArray(quotes.status, [...LIVE_QUOTE_STATUSES])))
      .limit(1)
    const verdict = rejectVerdict(rfq, sellerId, Boolean(live))
    if (verdict === 'notFound') return refuse(404, 'rfqs:reject.errors.notFound')
    if (verdict === 'notOpen') return refuse(409, 'rfqs:reject.errors.notOpen')
    if (verdict === 'quoted') return refuse(409, 'rfqs:reject.errors.quoted')
    const [row] = await tx
      .update(rfqs)
      .set({ status: 'rejected', rejectionReason: input.reason, updatedAt: new Date() })
      .where(and(eq(rfqs.id, input.rfqId), eq(rfqs.sellerId, sellerId), eq(rfqs.status, 'open')))
      .returning({ id: rfqs.id })
    if (!row) return refuse(409, 'rfqs:reject.errors.notOpen')
    await notify(tx, {
      recipientId: rfq.buyerId,
      actorId: sellerId,
      kind: 'request_rejected',
      params: { title: rfq.title, reason: input.reason },
      link: '/rfqs',
    })
    return { ok: true as const }
  })
}
