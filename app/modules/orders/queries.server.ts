// Orders (issue 8 items 7 and 9): made by createOrder (lifecycle.server.ts) from a product page or an accepted quote; read
// here by either party, with the timeline of status changes (commands.server.ts writes them).
import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { orderEvents, orders, profiles, quotes, rfqs } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { type Page, pageOf, pageOffset } from '~/lib/paging'
import { type Currency, type IncotermCode, type LanguageCode, type OrderStatus, type QuantityUnit, type ShippingMethod, type TradingCountry, tradePartyOf, UUID_PATTERN } from '~/domain'
import { type RateStamp, readRateStamp } from '~/modules/rates'
import { ORDER_PAGE_SIZE } from './limits'
import type { OrderRole } from './policy'
import { partyName, partyNameOrNull } from '~/lib/party-name.server'

/**
 * A direct order's product name in the viewer's language, then English, then any translation (as the
 * catalog's card texts), with the language it is in so the page can mark a fallback with `lang`.
 */
function productText(locale: LanguageCode) {
  const pick = (column: 'name' | 'language_code') =>
    sql`(select pt.${sql.raw(column)} from product_translations pt where pt.product_id = ${orders.productId} and btrim(pt.name) <> ''
      order by (pt.language_code = ${locale}) desc, (pt.language_code = 'en') desc, pt.language_code limit 1)`
  return { name: sql<string | null>`${pick('name')}`, lang: sql<LanguageCode | null>`${pick('language_code')}` }
}

/** Whether an open dispute stands on the order (issue 10 item 7). */
const openDispute = sql<boolean>`exists (select 1 from disputes d where d.order_id = ${orders.id} and d.status = 'open')`

export type OrderListItemDto = {
  id: string
  rfqId: string | null
  quoteId: string | null
  rfqTitle: string | null
  /** A direct order from the product page: the product (null once the product is deleted). */
  productId: string | null
  productName: string | null
  /** The language productName is in (the viewer's, or a fallback). */
  productNameLang: LanguageCode | null
  /** The other party: the person's name, their company (or the name again when none) and country. */
  counterpartyName: string
  counterpartyCompany: string
  counterpartyCountry: TradingCountry
  quantity: number
  unit: QuantityUnit
  total: string
  currency: Currency
  status: OrderStatus
  /** An open dispute stands on the order (it shows Disputed; status changes wait for the decision). */
  disputed: boolean
  /** The exchange rates stamped when the order was made (ADR 028): the list shows the total in the reader's currency at them; null: not recorded. */
  rates: RateStamp | null
  createdAt: string
}

export type OrderList = Page<OrderListItemDto>

/** One page of the orders where the profile is the buyer (or the seller), newest first; the other party and product names shown. */
export async function listOrders(profileId: string, side: 'buyer' | 'seller', page: number, locale: LanguageCode = 'en'): Promise<OrderList> {
  const db = getDb()
  const product = productText(locale)
  const mine = side === 'buyer' ? eq(orders.buyerId, profileId) : eq(orders.sellerId, profileId)
  const other = side === 'buyer' ? orders.sellerId : orders.buyerId
  const [{ n }] = await db.select({ n: count() }).from(orders).where(mine)
  const rows = await db
    .select({
      id: orders.id,
      rfqId: orders.rfqId,
      quoteId: orders.quoteId,
      rfqTitle: rfqs.title,
      productId: orders.productId,
      productName: product.name,
      productNameLang: product.lang,
      counterpartyName: profiles.name,
      counterpartyCompany: partyName(profiles),
      counterpartyCountry: profiles.country,
      quantity: orders.quantity,
      unit: orders.unit,
      total: orders.total,
      currency: orders.currency,
      status: orders.status,
      disputed: openDispute,
      rateStamp: orders.rateStamp,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, other))
    .leftJoin(rfqs, eq(rfqs.id, orders.rfqId))
    .where(and(mine))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_PAGE_SIZE)
    .offset(pageOffset(page, ORDER_PAGE_SIZE))
  const items = rows.map(({ rateStamp, ...r }) => ({ ...r, disputed: Boolean(r.disputed), counterpartyCountry: r.counterpartyCountry!, rates: readRateStamp(rateStamp), createdAt: r.createdAt.toISOString() }))
  return pageOf(items, n, page, ORDER_PAGE_SIZE)
}

/** `byModerator`: the cancellation a moderator's 'cancel and refund' dispute decision made (no marketplace actor). */
export type OrderEventDto = { status: OrderStatus; note: string | null; actorName: string | null; actorRole: OrderRole | null; byModerator: boolean; createdAt: string }

export type OrderDetailDto = {
  id: string
  viewerRole: OrderRole
  status: OrderStatus
  /** An open dispute stands on the order (it shows Disputed; status changes wait for the decision). */
  disputed: boolean
  buyer: { company: string; country: TradingCountry }
  seller: { company: string; country: TradingCountry }
  rfqTitle: string | null
  /** A direct order from the product page: the product, and the shipping chosen (null: none). */
  product: { id: string; name: string | null; lang: LanguageCode | null } | null
  shipping: { method: ShippingMethod; price: string; currency: Currency } | null
  /** The negotiation page, while its quote still exists. */
  negotiationPath: string | null
  unitPrice: string
  quantity: number
  unit: QuantityUnit
  total: string
  currency: Currency
  /** Trade terms of a quote order; null on a product order. */
  incoterm: IncotermCode | null
  incotermPlace: string | null
  leadTimeDays: number | null
  paymentTerms: string | null
  /** The exchange rates in force when the order was made (ADR 028); null: made before Setu recorded them. */
  rates: RateStamp | null
  /** An order from a quote: the accepted offer's round and the rates stamped when that offer was made (null when none were recorded). */
  offerRates: { round: number; stamp: RateStamp } | null
  createdAt: string
  events: OrderEventDto[]
}

/** The accepted offer of a quote order: its last round with terms (the offer or counter that was accepted). */
const acceptedOffer = (column: 'round' | 'rate_stamp') =>
  sql.raw(`(select r.${column} from quote_rounds r where r.quote_id = orders.quote_id and r.action in ('offer', 'counter') order by r.round desc limit 1)`)

const buyerProfile = alias(profiles, 'buyer_profile')
const sellerProfile = alias(profiles, 'seller_profile')

/** The order as one of its parties sees it, with every status change oldest first; null for anyone else or a malformed id. */
export async function getOrder(viewerProfileId: string, orderId: string, locale: LanguageCode = 'en'): Promise<OrderDetailDto | null> {
  if (!UUID_PATTERN.test(orderId)) return null
  const db = getDb()
  const product = productText(locale)
  const [row] = await db
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      status: orders.status,
      disputed: openDispute,
      buyerCompany: partyName(buyerProfile),
      buyerCountry: buyerProfile.country,
      sellerCompany: partyName(sellerProfile),
      sellerCountry: sellerProfile.country,
      rfqId: orders.rfqId,
      rfqTitle: rfqs.title,
      productId: orders.productId,
      productName: product.name,
      productNameLang: product.lang,
      shippingMethod: orders.shippingMethod,
      shippingPrice: orders.shippingPrice,
      shippingCurrency: orders.shippingCurrency,
      unit: orders.unit,
      quoteId: quotes.id,
      unitPrice: orders.unitPrice,
      quantity: orders.quantity,
      total: orders.total,
      currency: orders.currency,
      incoterm: orders.incoterm,
      incotermPlace: orders.incotermPlace,
      leadTimeDays: orders.leadTimeDays,
      paymentTerms: orders.paymentTerms,
      rateStamp: orders.rateStamp,
      offerRound: sql<number | null>`${acceptedOffer('round')}`,
      offerRateStamp: sql<unknown>`${acceptedOffer('rate_stamp')}`,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(buyerProfile, eq(buyerProfile.id, orders.buyerId))
    .innerJoin(sellerProfile, eq(sellerProfile.id, orders.sellerId))
    .leftJoin(rfqs, eq(rfqs.id, orders.rfqId))
    .leftJoin(quotes, eq(quotes.id, orders.quoteId))
    .where(eq(orders.id, orderId))
  if (!row) return null
  const viewerRole: OrderRole | null = tradePartyOf(row, viewerProfileId)
  if (!viewerRole) return null
  const events = await db
    .select({
      status: orderEvents.status,
      note: orderEvents.note,
      actorId: orderEvents.actorId,
      actorName: partyNameOrNull(profiles),
      // A Cancelled entry without an actor on an order whose dispute ended in 'cancel and refund' is that
      // decision: a disputed order's status is frozen until the decision, and nothing follows Cancelled.
      byModerator: sql<boolean>`(${orderEvents.actorId} is null and ${orderEvents.status} = 'Cancelled' and exists (
        select 1 from disputes d where d.order_id = ${orderEvents.orderId} and d.decision = 'cancel_refund'))`,
      createdAt: orderEvents.createdAt,
    })
    .from(orderEvents)
    .leftJoin(profiles, eq(profiles.id, orderEvents.actorId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))
  return {
    id: row.id,
    viewerRole,
    status: row.status,
    disputed: Boolean(row.disputed),
    buyer: { company: row.buyerCompany, country: row.buyerCountry! },
    seller: { company: row.sellerCompany, country: row.sellerCountry! },
    rfqTitle: row.rfqTitle,
    product: row.productId ? { id: row.productId, name: row.productName, lang: row.productNameLang } : null,
    shipping: row.shippingMethod && row.shippingPrice && row.shippingCurrency ? { method: row.shippingMethod, price: row.shippingPrice, currency: row.shippingCurrency } : null,
    negotiationPath: row.rfqId && row.quoteId ? `/rfqs/${row.rfqId}/quotes/${row.quoteId}` : null,
    unitPrice: row.unitPrice,
    quantity: row.quantity,
    unit: row.unit,
    total: row.total,
    currency: row.currency,
    incoterm: row.incoterm,
    incotermPlace: row.incotermPlace,
    leadTimeDays: row.leadTimeDays,
    paymentTerms: row.paymentTerms,
    rates: readRateStamp(row.rateStamp),
    offerRates: offerRatesOf(row.offerRound, row.offerRateStamp),
    createdAt: row.createdAt.toISOString(),
    events: events.map((e) => ({
      status: e.status,
      note: e.note,
      actorName: e.actorName,
      actorRole: tradePartyOf(row, e.actorId),
      byModerator: Boolean(e.byModerator),
      createdAt: e.createdAt.toISOString(),
    })),
  }
}

function offerRatesOf(round: number | null, value: unknown): OrderDetailDto['offerRates'] {
  const stamp = round === null ? null : readRateStamp(value)
  return stamp ? { round: Number(round), stamp } : null
}
