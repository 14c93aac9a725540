// The RFQ's allowed values: shared by the database schema (db/schema/trade.ts), the form and the
// action. No Drizzle here, so the browser can load it.

export const RFQ_CURRENCIES = ['USD', 'INR', 'RUB', 'EUR'] as const
export type RfqCurrency = (typeof RFQ_CURRENCIES)[number]

export const LOCATION_PREFERENCES = ['India', 'Russia', 'Both'] as const
export type LocationPreference = (typeof LOCATION_PREFERENCES)[number]

/** Incoterms 2020: the four sea-only rules last. */
export const INCOTERMS = ['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF'] as const
export type IncotermCode = (typeof INCOTERMS)[number]

export const QUANTITY_UNITS = ['pieces', 'kg', 'tonnes', 'litres', 'metres', 'm2', 'm3', 'containers', 'sets', 'pairs', 'boxes', 'carats'] as const
export type QuantityUnit = (typeof QUANTITY_UNITS)[number]

/**
 * 'awarded' once a quote is accepted; 'expired' once its deadline has passed with no award (the
 * scheduled job); 'rejected' when the seller a product request is addressed to declines it.
 */
export const RFQ_STATUSES = ['open', 'closed', 'awarded', 'expired', 'rejected'] as const
export type RfqStatus = (typeof RFQ_STATUSES)[number]

/** A quote's currency (spec §9: quote and product currencies are USD, INR, RUB). */
export const QUOTE_CURRENCIES = ['USD', 'INR', 'RUB'] as const
export type QuoteCurrency = (typeof QUOTE_CURRENCIES)[number]

/** Quoted: the buyer's turn; Countered: the seller's turn; Expired is shown once the current offer lapses. */
export const QUOTE_STATUSES = ['Quoted', 'Accepted', 'Rejected', 'Expired', 'Countered', 'Withdrawn'] as const
export type QuoteStatus = (typeof QUOTE_STATUSES)[number]

/** A live quote holds the seller's one place on the RFQ (the partial unique index repeats this list). */
export const LIVE_QUOTE_STATUSES = ['Quoted', 'Countered', 'Accepted'] as const satisfies readonly QuoteStatus[]

/** An RFQ stops taking quotes once it has this many (withdrawn ones do not count). */
export const MAX_QUOTES_PER_RFQ = 10

/** Who wrote a round of the negotiation, and what it did. */
export const ROUND_AUTHORS = ['buyer', 'seller'] as const
export type RoundAuthor = (typeof ROUND_AUTHORS)[number]
export const ROUND_ACTIONS = ['offer', 'counter', 'accept', 'decline', 'withdraw'] as const
export type RoundAction = (typeof ROUND_ACTIONS)[number]

/** What a party may do on a quote; 'offer' is the seller's first round (the quote dialog). */
export const NEGOTIATION_ACTIONS = ['counter', 'accept', 'decline', 'withdraw'] as const
export type NegotiationAction = (typeof NEGOTIATION_ACTIONS)[number]

/** Spec §4: an order's statuses; the allowed moves are in app/modules/orders/policy.ts. */
export const ORDER_STATUSES = ['Pending', 'Accepted', 'Shipped', 'Delivered', 'Cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
export const ORDER_PAGE_SIZE = 20
