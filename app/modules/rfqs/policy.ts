// Who may quote on buyers' RFQs (issue 8 item 4). Pure: the board shows the reason, the command
// refuses with it.

import type { QuoteStatus, RfqStatus, TradeParty, TradingCountry } from '~/domain'
import type { NegotiationAction } from './enums'

export type QuotingSeller = { kycStatus: 'Pending' | 'Approved' | 'Rejected' | null; accountStatus: 'active' | 'suspended' | 'banned' }

/** Why this seller may not quote yet (an i18n key under rfqs:board.blocked), or null when they may. */
export function quoteBlocker(seller: QuotingSeller): 'inactive' | 'kycMissing' | 'kycPending' | 'kycRejected' | null {
  if (seller.accountStatus !== 'active') return 'inactive'
  if (seller.kycStatus === 'Approved') return null
  if (seller.kycStatus === 'Pending') return 'kycPending'
  if (seller.kycStatus === 'Rejected') return 'kycRejected'
  return 'kycMissing'
}

/** Whether the seller may submit quotes at all (KYC approved, account active). */
export function canQuote(seller: QuotingSeller): boolean {
  return quoteBlocker(seller) === null
}

// ---- The negotiation in turns (issue 8 item 6) ----

/** What each party may ever do on a quote: the buyer never withdraws a seller's quote. */
const ROLE_ACTIONS: Record<TradeParty, readonly NegotiationAction[]> = {
  buyer: ['counter', 'accept', 'decline'],
  seller: ['counter', 'accept', 'decline', 'withdraw'],
}

/**
 * Whether `role` may take `action` on a quote shown as `status`: 'never' (403) for an action the role
 * does not have, 'notNow' (409) when it is not their turn or the negotiation is over, else 'allowed'.
 * Quoted is the buyer's turn, Countered the seller's; an expired offer can only be withdrawn.
 */
export function negotiationVerdict(status: QuoteStatus, role: TradeParty, action: NegotiationAction): 'allowed' | 'never' | 'notNow' {
  if (!ROLE_ACTIONS[role].includes(action)) return 'never'
  if (action === 'withdraw') return status === 'Quoted' || status === 'Countered' || status === 'Expired' ? 'allowed' : 'notNow'
  const turn: TradeParty | null = status === 'Quoted' ? 'buyer' : status === 'Countered' ? 'seller' : null
  return turn === role ? 'allowed' : 'notNow'
}

/** The actions to offer `role` now (the page shows only these). */
export function allowedNegotiationActions(status: QuoteStatus, role: TradeParty): NegotiationAction[] {
  return ROLE_ACTIONS[role].filter((a) => negotiationVerdict(status, role, a) === 'allowed')
}

// ---- Product requests (issue 8 item 2): RFQs addressed to one seller ----

/** What a seller needs to know about an RFQ to see it on the board or quote on it. */
export type AddressedRfq = { sellerId: string | null; locationPreference: TradingCountry | 'Both' }

/**
 * Whether this RFQ is for this seller at all: a product request only for the seller it is addressed to
 * (wherever they are), an open RFQ for every seller whose country its location preference allows.
 * The board's SQL (`board.server.ts`) repeats this rule.
 */
export function isRfqForSeller(rfq: AddressedRfq, seller: { id: string; country: TradingCountry }): boolean {
  if (rfq.sellerId !== null) return rfq.sellerId === seller.id
  return rfq.locationPreference === 'Both' || rfq.locationPreference === seller.country
}

/**
 * Whether `sellerId` may reject this RFQ now: 'notFound' (404) unless it is a product request addressed
 * to them; 'notOpen' (409) once it is closed, awarded, rejected or expired; 'quoted' (409) while they
 * hold a live quote on it (withdraw it first); else 'allowed'.
 */
export function rejectVerdict(rfq: { sellerId: string | null; status: RfqStatus }, sellerId: string, hasLiveQuote: boolean): 'allowed' | 'notFound' | 'notOpen' | 'quoted' {
  if (rfq.sellerId === null || rfq.sellerId !== sellerId) return 'notFound'
  if (rfq.status !== 'open') return 'notOpen'
  if (hasLiveQuote) return 'quoted'
  return 'allowed'
}

/** Spec §4's product-RFQ states, as the buyer reads them (ADR 009 maps them onto the RFQ's own). */
export const PRODUCT_REQUEST_STATUSES = ['Pending', 'Quoted', 'Accepted', 'Rejected', 'Expired', 'Closed'] as const
export type ProductRequestStatus = (typeof PRODUCT_REQUEST_STATUSES)[number]

/** A product request's state: open is Pending until a quote that is not withdrawn arrives, then Quoted. */
export function productRequestStatus(status: RfqStatus, liveQuotes: number): ProductRequestStatus {
  switch (status) {
    case 'open':
      return liveQuotes > 0 ? 'Quoted' : 'Pending'
    case 'awarded':
      return 'Accepted'
    case 'rejected':
      return 'Rejected'
    case 'expired':
      return 'Expired'
    case 'closed':
      return 'Closed'
  }
}
