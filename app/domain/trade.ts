// The trade vocabulary the database stores: terms of delivery (units are in units.ts), shipping methods and who
// did what in a negotiation.

/** Incoterms 2020: the four sea-only rules last. */
export const INCOTERMS = ['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF'] as const
export type IncotermCode = (typeof INCOTERMS)[number]

export const SHIPPING_METHODS = ['sea', 'air', 'rail', 'road', 'express'] as const
export type ShippingMethod = (typeof SHIPPING_METHODS)[number]

/** The two sides of a negotiation, a conversation and a dispute. */
export const TRADE_PARTIES = ['buyer', 'seller'] as const
export type TradeParty = (typeof TRADE_PARTIES)[number]

/** Which side of a trade (an order, a quote, a dispute) a profile is on; null for anyone else. */
export function tradePartyOf(trade: { buyerId: string; sellerId: string }, profileId: string | null): TradeParty | null {
  return trade.buyerId === profileId ? 'buyer' : trade.sellerId === profileId ? 'seller' : null
}

/** What a round of the negotiation did; 'offer' is the seller's first round (the quote dialog). */
export const ROUND_ACTIONS = ['offer', 'counter', 'accept', 'decline', 'withdraw'] as const
export type RoundAction = (typeof ROUND_ACTIONS)[number]

export const DISPUTE_REASONS = ['not_received', 'not_as_described', 'damaged', 'payment_issue', 'other'] as const
export type DisputeReason = (typeof DISPUTE_REASONS)[number]

/** A moderator's decision: release to the seller, cancel with a refund note, partial settlement note, or reject the dispute. */
export const DISPUTE_DECISIONS = ['release_to_seller', 'cancel_refund', 'partial_settlement', 'reject'] as const
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number]

/** Who writes in a dispute: its two parties and the moderator. */
export const DISPUTE_AUTHOR_KINDS = [...TRADE_PARTIES, 'moderator'] as const
export type DisputeAuthorKind = (typeof DISPUTE_AUTHOR_KINDS)[number]

/** What a conversation is about. */
export const CONVERSATION_SUBJECTS = ['product', 'rfq', 'quote', 'order'] as const
export type ConversationSubject = (typeof CONVERSATION_SUBJECTS)[number]
