// The trade loop (issue 8): requests for quote, sellers' quotes, the negotiation in turns and orders.
import { sql } from 'drizzle-orm'
import { check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { CURRENCIES, INCOTERMS, QUANTITY_UNITS, LOCATION_PREFERENCES, LIVE_QUOTE_STATUSES, ORDER_STATUSES, QUOTE_STATUSES, RFQ_STATUSES, ROUND_ACTIONS, TRADE_PARTIES, type Currency, type IncotermCode, type LocationPreference, type OrderStatus, type QuantityUnit, type QuoteStatus, type RfqStatus, type RoundAction, type ShippingMethod, type TradeParty } from '../../app/domain'
import { profiles } from './accounts'
import { categories, products } from './catalog'
import { sqlList, wholeInUnit } from './sql-lists'
import { idColumn, partOf, quantityColumn } from './columns'

/** A buyer's request for quote (spec §3 RFQ, plus the trade terms of issue 8). */
export const rfqs = pgTable(
  'rfqs',
  {
    id: idColumn(),
    buyerId: partOf('buyer_id', () => profiles.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: text('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** Money is exact: numeric(14,2), read as a string. */
    budgetMin: numeric('budget_min', { precision: 14, scale: 2 }),
    budgetMax: numeric('budget_max', { precision: 14, scale: 2 }),
    currency: text('currency').$type<Currency>().notNull().default('USD'),
    quantity: quantityColumn('quantity').notNull().default(1),
    unit: text('unit').$type<QuantityUnit>().notNull().default('pieces'),
    deadline: date('deadline', { mode: 'string' }),
    locationPreference: text('location_preference').$type<LocationPreference>().notNull().default('Both'),
    incoterm: text('incoterm').$type<IncotermCode>(),
    incotermPlace: text('incoterm_place'),
    destination: text('destination'),
    hsCode: text('hs_code'),
    /**
     * A product request (issue 8 item 2, spec §3 Product-RFQ): asked from a product page and addressed to
     * that product's seller alone. Both set, or both null for an RFQ open to every matching seller. The
     * product may be deleted later; the request keeps its seller.
     */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    sellerId: uuid('seller_id').references(() => profiles.id, { onDelete: 'cascade' }),
    /** The addressed seller's reason when they reject a product request (status 'rejected'). */
    rejectionReason: text('rejection_reason'),
    status: text('status').$type<RfqStatus>().notNull().default('open'),
    /** The form's one-time token: a second submit of the same form finds this row instead of making another. */
    submissionKey: uuid('submission_key').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('rfqs_budget_min_check', sql`${t.budgetMin} is null or ${t.budgetMin} >= 0`),
    check('rfqs_budget_max_check', sql`${t.budgetMax} is null or ${t.budgetMax} >= 0`),
    check('rfqs_budget_range_check', sql`${t.budgetMin} is null or ${t.budgetMax} is null or ${t.budgetMax} >= ${t.budgetMin}`),
    check('rfqs_quantity_check', sql`${t.quantity} > 0`),
    check('rfqs_whole_quantity_check', wholeInUnit(t.unit, t.quantity)),
    check('rfqs_unit_check', sql`${t.unit} in ${sqlList(QUANTITY_UNITS)}`),
    check('rfqs_currency_check', sql`${t.currency} in ${sqlList(CURRENCIES)}`),
    check('rfqs_location_check', sql`${t.locationPreference} in ${sqlList(LOCATION_PREFERENCES)}`),
    check('rfqs_incoterm_check', sql`${t.incoterm} is null or ${t.incoterm} in ${sqlList(INCOTERMS)}`),
    check('rfqs_hs_code_check', sql`${t.hsCode} is null or ${t.hsCode} ~ '^[0-9]{4,10}$'`),
    check('rfqs_status_check', sql`${t.status} in ${sqlList(RFQ_STATUSES)}`),
    check('rfqs_product_seller_check', sql`${t.productId} is null or ${t.sellerId} is not null`),
    check('rfqs_rejected_check', sql`(${t.status} = 'rejected') = (${t.rejectionReason} is not null) and (${t.status} <> 'rejected' or ${t.sellerId} is not null)`),
    check('rfqs_rejection_reason_check', sql`${t.rejectionReason} is null or char_length(${t.rejectionReason}) between 1 and 1000`),
    check('rfqs_closed_at_check', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
    check('rfqs_title_check', sql`char_length(${t.title}) between 5 and 200`),
    // A product request's description is the buyer's optional message; an open RFQ needs 20 characters.
    check('rfqs_description_check', sql`char_length(${t.description}) <= 5000 and (${t.sellerId} is not null or char_length(${t.description}) >= 20)`),
    index('rfqs_buyer_created_idx').on(t.buyerId, t.createdAt.desc()),
    index('rfqs_status_created_idx').on(t.status, t.createdAt),
    // Admin analytics: RFQs in a date range.
    index('rfqs_created_idx').on(t.createdAt),
    index('rfqs_seller_created_idx').on(t.sellerId, t.createdAt.desc()).where(sql`${t.sellerId} is not null`),
    uniqueIndex('rfqs_buyer_submission_key').on(t.buyerId, t.submissionKey),
  ],
)

/** A seller's quote on an RFQ (issue 8 item 5). Shown as Expired once expires_at passes, before any job sets it. */
export const quotes = pgTable(
  'quotes',
  {
    id: idColumn(),
    rfqId: partOf('rfq_id', () => rfqs.id),
    sellerId: partOf('seller_id', () => profiles.id),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    /** In the RFQ's unit, like every quantity of the quote (quotes have no unit of their own). */
    minOrderQuantity: quantityColumn('min_order_quantity').notNull().default(1),
    /** The quantity of the current offer; null until someone counters: the RFQ's quantity. */
    quantity: quantityColumn('quantity'),
    incoterm: text('incoterm').$type<IncotermCode>().notNull(),
    incotermPlace: text('incoterm_place').notNull(),
    leadTimeDays: integer('lead_time_days').notNull(),
    paymentTerms: text('payment_terms'),
    validityDays: integer('validity_days').notNull().default(30),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    message: text('message'),
    status: text('status').$type<QuoteStatus>().notNull().default('Quoted'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Structured payment terms (issue 29, ADR 033), read through readPaymentTerms; payment_terms is the free text of older rows. */
    paymentSchedule: jsonb('payment_schedule'),
  },
  (t) => [
    check('quotes_unit_price_check', sql`${t.unitPrice} >= 0`),
    check('quotes_currency_check', sql`${t.currency} in ${sqlList(CURRENCIES)}`),
    check('quotes_moq_check', sql`${t.minOrderQuantity} > 0`),
    check('quotes_quantity_check', sql`${t.quantity} is null or ${t.quantity} > 0`),
    check('quotes_incoterm_check', sql`${t.incoterm} in ${sqlList(INCOTERMS)}`),
    check('quotes_incoterm_place_check', sql`char_length(${t.incotermPlace}) between 1 and 120`),
    check('quotes_lead_time_check', sql`${t.leadTimeDays} between 1 and 365`),
    check('quotes_payment_terms_check', sql`${t.paymentTerms} is null or char_length(${t.paymentTerms}) <= 500`),
    check('quotes_validity_check', sql`${t.validityDays} between 1 and 180`),
    check('quotes_message_check', sql`${t.message} is null or char_length(${t.message}) <= 2000`),
    check('quotes_status_check', sql`${t.status} in ${sqlList(QUOTE_STATUSES)}`),
    // One live quote per seller per RFQ: a double submit or a race makes one row.
    uniqueIndex('quotes_rfq_seller_live_key').on(t.rfqId, t.sellerId).where(sql`${t.status} in ${sqlList(LIVE_QUOTE_STATUSES)}`),
    index('quotes_rfq_created_idx').on(t.rfqId, t.createdAt),
    index('quotes_seller_created_idx').on(t.sellerId, t.createdAt.desc()),
    check('quotes_payment_schedule_check', sql`${t.paymentSchedule} is null or jsonb_typeof(${t.paymentSchedule}) = 'object'`),
  ],
)

/**
 * Every round of the negotiation on a quote (issue 8 item 6), oldest first: the seller's offer, each
 * counter, and the closing accept, decline or withdraw. Offer and counter rounds carry the terms.
 */
export const quoteRounds = pgTable(
  'quote_rounds',
  {
    id: idColumn(),
    quoteId: partOf('quote_id', () => quotes.id),
    round: integer('round').notNull(),
    authorRole: text('author_role').$type<TradeParty>().notNull(),
    authorId: uuid('author_id').references(() => profiles.id, { onDelete: 'set null' }),
    action: text('action').$type<RoundAction>().notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }),
    quantity: quantityColumn('quantity'),
    incoterm: text('incoterm').$type<IncotermCode>(),
    incotermPlace: text('incoterm_place'),
    leadTimeDays: integer('lead_time_days'),
    paymentTerms: text('payment_terms'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    message: text('message'),
    /** A note the system adds (an i18n key under rfqs:negotiation.notes): 'notSelected'. */
    note: text('note'),
    /** Offer and counter rounds: the rates in force when made (rates module's RateStamp, read through its schema; never changed, ADR 028). */
    rateStamp: jsonb('rate_stamp').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Structured payment terms (issue 29, ADR 033), read through readPaymentTerms; payment_terms is the free text of older rows. */
    paymentSchedule: jsonb('payment_schedule'),
  },
  (t) => [
    check('quote_rounds_author_check', sql`${t.authorRole} in ${sqlList(TRADE_PARTIES)}`),
    check('quote_rounds_action_check', sql`${t.action} in ${sqlList(ROUND_ACTIONS)}`),
    check('quote_rounds_terms_check', sql`${t.action} not in ('offer', 'counter') or (${t.unitPrice} is not null and ${t.quantity} is not null and ${t.incoterm} is not null and ${t.expiresAt} is not null)`),
    check('quote_rounds_price_check', sql`${t.unitPrice} is null or ${t.unitPrice} >= 0`),
    check('quote_rounds_quantity_check', sql`${t.quantity} is null or ${t.quantity} > 0`),
    check('quote_rounds_message_check', sql`${t.message} is null or char_length(${t.message}) <= 2000`),
    check('quote_rounds_rate_stamp_check', sql`${t.rateStamp} is null or (${t.action} in ('offer', 'counter') and jsonb_typeof(${t.rateStamp}) = 'object')`),
    uniqueIndex('quote_rounds_quote_round_key').on(t.quoteId, t.round),
    check('quote_rounds_payment_schedule_check', sql`${t.paymentSchedule} is null or jsonb_typeof(${t.paymentSchedule}) = 'object'`),
  ],
)

/**
 * An order (issue 8 items 7 and 8): made by accepting a quote (rfq_id, quote_id and the trade terms set)
 * or directly from a product page (product_id, shipping_*; incoterm, place and lead time null: the
 * product page has none, and inventing them would put terms nobody agreed in the order).
 */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    rfqId: uuid('rfq_id').references(() => rfqs.id, { onDelete: 'set null' }),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    buyerId: partOf('buyer_id', () => profiles.id),
    sellerId: partOf('seller_id', () => profiles.id),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
    quantity: quantityColumn('quantity').notNull(),
    /** What the quantity counts and the unit price is per: the RFQ's, or the product's for a direct order. */
    unit: text('unit').$type<QuantityUnit>().notNull().default('pieces'),
    currency: text('currency').$type<Currency>().notNull(),
    /** unit_price × quantity, multiplied in SQL (numeric is exact); wide enough for the largest product. */
    total: numeric('total', { precision: 24, scale: 2 }).notNull(),
    incoterm: text('incoterm').$type<IncotermCode>(),
    incotermPlace: text('incoterm_place'),
    leadTimeDays: integer('lead_time_days'),
    paymentTerms: text('payment_terms'),
    /** A direct order from the product page; the product may be deleted later, the order stays. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    shippingMethod: text('shipping_method').$type<ShippingMethod>(),
    shippingPrice: numeric('shipping_price', { precision: 14, scale: 2 }),
    shippingCurrency: text('shipping_currency').$type<Currency>(),
    /** The product form's one-time token: a second submit of the same form finds this order instead of making another. */
    submissionKey: uuid('submission_key'),
    status: text('status').$type<OrderStatus>().notNull().default('Pending'),
    /** The rates in force when the order was made (rates module's RateStamp, read through its schema; never changed, ADR 028). */
    rateStamp: jsonb('rate_stamp').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Structured payment terms (issue 29, ADR 033), read through readPaymentTerms; payment_terms is the free text of older rows. */
    paymentSchedule: jsonb('payment_schedule'),
  },
  (t) => [
    check('orders_rate_stamp_check', sql`${t.rateStamp} is null or jsonb_typeof(${t.rateStamp}) = 'object'`),
    check('orders_status_check', sql`${t.status} in ${sqlList(ORDER_STATUSES)}`),
    check('orders_quantity_check', sql`${t.quantity} > 0`),
    check('orders_whole_quantity_check', wholeInUnit(t.unit, t.quantity)),
    check('orders_unit_check', sql`${t.unit} in ${sqlList(QUANTITY_UNITS)}`),
    check('orders_unit_price_check', sql`${t.unitPrice} >= 0`),
    check('orders_currency_check', sql`${t.currency} in ${sqlList(CURRENCIES)}`),
    // One order per quote: a double-clicked accept or a race makes one row.
    uniqueIndex('orders_quote_key').on(t.quoteId),
    uniqueIndex('orders_buyer_submission_key').on(t.buyerId, t.submissionKey),
    check('orders_shipping_check', sql`(${t.shippingMethod} is null) = (${t.shippingPrice} is null) and (${t.shippingPrice} is null) = (${t.shippingCurrency} is null)`),
    check('orders_shipping_price_check', sql`${t.shippingPrice} is null or ${t.shippingPrice} >= 0`),
    index('orders_product_idx').on(t.productId),
    index('orders_buyer_created_idx').on(t.buyerId, t.createdAt.desc()),
    index('orders_seller_created_idx').on(t.sellerId, t.createdAt.desc()),
    // Admin analytics: orders in a date range.
    index('orders_created_idx').on(t.createdAt),
    check('orders_payment_schedule_check', sql`${t.paymentSchedule} is null or jsonb_typeof(${t.paymentSchedule}) = 'object'`),
  ],
)

/** The history of an order's status, the first row 'Pending' when the order is made. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: idColumn(),
    orderId: partOf('order_id', () => orders.id),
    status: text('status').$type<OrderStatus>().notNull(),
    note: text('note'),
    actorId: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_events_status_check', sql`${t.status} in ${sqlList(ORDER_STATUSES)}`),
    index('order_events_order_idx').on(t.orderId, t.createdAt),
  ],
)
