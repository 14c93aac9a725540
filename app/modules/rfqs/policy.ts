// Who may quote on buyers' RFQs (issue 8 item 4). Pure: the board shows the reason, the command
// refuses with it.

import type { NegotiationAction, QuoteStatus, RoundAuthor } from './enums'

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
const ROLE_ACTIONS: Record<RoundAuthor, readonly NegotiationAction[]> = {
  buyer: ['counter', 'accept', 'decline'],
  seller: ['counter', 'accept', 'decline', 'withdraw'],
}

/**
 * Whether `role` may take `action` on a quote shown as `status`: 'never' (403) for an action the role
 * does not have, 'notNow' (409) when it is not their turn or the negotiation is over, else 'allowed'.
 * Quoted is the buyer's turn, Countered the seller's; an expired offer can only be withdrawn.
 */
export function negotiationVerdict(status: QuoteStatus, role: RoundAuthor, action: NegotiationAction): 'allowed' | 'never' | 'notNow' {
  if (!ROLE_ACTIONS[role].includes(action)) return 'never'
  if (action === 'withdraw') return status === 'Quoted' || status === 'Countered' || status === 'Expired' ? 'allowed' : 'notNow'
  const turn: RoundAuthor | null = status === 'Quoted' ? 'buyer' : status === 'Countered' ? 'seller' : null
  return turn === role ? 'allowed' : 'notNow'
}

/** The actions to offer `role` now (the page shows only these). */
export function allowedNegotiationActions(status: QuoteStatus, role: RoundAuthor): NegotiationAction[] {
  return ROLE_ACTIONS[role].filter((a) => negotiationVerdict(status, role, a) === 'allowed')
}
