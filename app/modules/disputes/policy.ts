// Who may do what with a dispute (issue 10 item 7). Pure, so the pages and the commands share it.
import { type DisputeAuthorKind, type DisputeDecision, type DisputeStatus, type TradeParty, tradePartyOf } from '~/domain'

type OrderStatus = 'Pending' | 'Accepted' | 'Shipped' | 'Delivered' | 'Cancelled'

/**
 * A dispute may be opened once the seller has accepted the order (Accepted, Shipped, Delivered): before
 * that the buyer can still cancel it outright and the seller decline, and a Cancelled order has nothing
 * left to settle.
 */
export const DISPUTABLE_ORDER_STATUSES: readonly OrderStatus[] = ['Accepted', 'Shipped', 'Delivered']

/** The viewer's side of the order, or null for anyone else. */
export const disputePartyOf: (order: { buyerId: string; sellerId: string }, profileId: string) => TradeParty | null = tradePartyOf

export type OpenVerdict = 'allowed' | 'orderStatus' | 'alreadyOpen' | 'alreadyResolved'

/**
 * Whether a party may open a dispute now. One open dispute per order; a decided dispute is final (a
 * moderator's decision is not re-litigated by opening another one on the same order).
 */
export function openDisputeVerdict(orderStatus: OrderStatus, existing: DisputeStatus | null): OpenVerdict {
  if (existing === 'open') return 'alreadyOpen'
  if (existing === 'resolved') return 'alreadyResolved'
  return DISPUTABLE_ORDER_STATUSES.includes(orderStatus) ? 'allowed' : 'orderStatus'
}

/** Parties answer and moderators write only while the dispute is open; afterwards the thread is read-only. */
export const canWriteInDispute = (status: DisputeStatus) => status === 'open'

/** Who is told about a message in the thread: the other party for a party's answer, both for a moderator's. */
export function messageRecipients(author: DisputeAuthorKind): TradeParty[] {
  return author === 'buyer' ? ['seller'] : author === 'seller' ? ['buyer'] : ['buyer', 'seller']
}

/**
 * What a decision does to the order: cancel_refund cancels it (the refund itself is a note: Setu holds
 * no money); release, partial settlement and reject leave its status as it is, and the order simply
 * leaves Disputed.
 */
export function orderEffectOf(decision: DisputeDecision): 'cancel' | 'none' {
  return decision === 'cancel_refund' ? 'cancel' : 'none'
}
