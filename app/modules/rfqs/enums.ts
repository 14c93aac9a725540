// The RFQ module's own values; the lists the database stores (currencies, statuses, incoterms,
// units) are in app/domain.
/** An RFQ stops taking quotes once it has this many (withdrawn ones do not count). */
export const MAX_QUOTES_PER_RFQ = 10

/** What a party may do on a quote; 'offer' is the seller's first round (the quote dialog). */
export const NEGOTIATION_ACTIONS = ['counter', 'accept', 'decline', 'withdraw'] as const
export type NegotiationAction = (typeof NEGOTIATION_ACTIONS)[number]

