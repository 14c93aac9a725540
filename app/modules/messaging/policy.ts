// Who may talk to whom about what, and who may post (issue 9 items 1 and 6). Pure: the commands read
// the facts from the database, inside their transaction, and ask here.
import type { ConversationSubject, TradeParty } from '~/domain'

/** What the database says about a conversation's subject. */
export type SubjectFacts =
  /** A product: its seller, and whether it is public (active, seller active and KYC Approved). */
  | { type: 'product'; sellerId: string; isPublic: boolean }
  /** An RFQ: its buyer and the sellers who may talk about it (the addressed seller, every seller who quoted). */
  | { type: 'rfq'; buyerId: string; sellerIds: readonly string[] }
  /** A quote or an order: its two parties. */
  | { type: 'quote' | 'order'; buyerId: string; sellerId: string }

export type PartiesVerdict = { ok: true; buyerId: string; sellerId: string } | { ok: false; status: 403 | 404 }

/**
 * The buyer and seller of a conversation `actorId` starts about a subject, or the refusal: 404 when the
 * subject is not theirs to talk about (not public, not a party, an unknown counterpart), 403 for a
 * seller contacting themselves about their own product. `withId` names the seller when an RFQ's buyer starts.
 */
export function conversationParties(actorId: string, facts: SubjectFacts | null, withId?: string | null): PartiesVerdict {
  if (!facts) return { ok: false, status: 404 }
  switch (facts.type) {
    case 'product':
      if (!facts.isPublic) return { ok: false, status: 404 }
      if (facts.sellerId === actorId) return { ok: false, status: 403 }
      return { ok: true, buyerId: actorId, sellerId: facts.sellerId }
    case 'rfq':
      if (facts.buyerId === actorId) {
        if (!withId || withId === actorId || !facts.sellerIds.includes(withId)) return { ok: false, status: 404 }
        return { ok: true, buyerId: actorId, sellerId: withId }
      }
      return facts.sellerIds.includes(actorId) ? { ok: true, buyerId: facts.buyerId, sellerId: actorId } : { ok: false, status: 404 }
    case 'quote':
    case 'order':
      if (facts.buyerId === facts.sellerId) return { ok: false, status: 404 }
      return facts.buyerId === actorId || facts.sellerId === actorId ? { ok: true, buyerId: facts.buyerId, sellerId: facts.sellerId } : { ok: false, status: 404 }
  }
}

/** The profile's side of the conversation, or null when they are not in it. */
export function roleIn(conversation: { buyerId: string; sellerId: string }, profileId: string): TradeParty | null {
  if (conversation.buyerId === profileId) return 'buyer'
  if (conversation.sellerId === profileId) return 'seller'
  return null
}

export type SendVerdict = { ok: true } | { ok: false; status: 403 | 404; error: string }

/** Whether a message may be posted: a participant, with no block between the two in either direction. */
export function sendVerdict(state: { role: TradeParty | null; blockedByMe: boolean; blockedByOther: boolean }): SendVerdict {
  if (!state.role) return { ok: false, status: 404, error: 'messages:errors.notFound' }
  if (state.blockedByMe) return { ok: false, status: 403, error: 'messages:errors.youBlocked' }
  if (state.blockedByOther) return { ok: false, status: 403, error: 'messages:errors.blockedYou' }
  return { ok: true }
}

/** A message is read by the other party once their read mark has reached its time. */
export function isReadBy(messageCreatedAt: Date, lastReadAt: Date | null): boolean {
  return lastReadAt !== null && lastReadAt.getTime() >= messageCreatedAt.getTime()
}

/**
 * Where a conversation's header links to: the product page, the RFQ (the buyer's My RFQs, the seller's
 * board), the negotiation, or the order. Null when the subject is gone.
 */
export function subjectPath(subject: { type: ConversationSubject; id: string; rfqId?: string | null; exists: boolean }, role: TradeParty): string | null {
  if (!subject.exists) return null
  switch (subject.type) {
    case 'product':
      return `/products/${subject.id}`
    case 'rfq':
      return role === 'buyer' ? '/rfqs' : '/dashboard/rfqs'
    case 'quote':
      return subject.rfqId ? `/rfqs/${subject.rfqId}/quotes/${subject.id}` : null
    case 'order':
      return `/orders/${subject.id}`
  }
}
