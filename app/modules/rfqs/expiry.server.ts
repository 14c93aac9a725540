// The expiry job (issue 8 item 6): a live offer (Quoted or Countered) past its expires_at becomes
// Expired in the database, so lists, filters and counts agree with what the pages show; both parties
// are told. An open RFQ whose deadline has passed (the deadline counts to the end of that day, UTC,
// as on the board) becomes 'expired'. The reads keep computing Expired too (displayStatus), so an
// offer is never acceptable in the minute between its expiry and the job.
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import { quotes, rfqs } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { notify, type NotifyInput } from '~/modules/notifications/index.server'

/** Quotes expired per transaction; the job loops until none are left. */
const BATCH = 200

export type ExpiryResult = { quotes: number; rfqs: number }

/**
 * Marks lapsed offers Expired (with a 'quote_expired' notice to the buyer and the seller, in the same
 * transaction) and past-deadline open RFQs expired. Quotes locked by a negotiation in progress are
 * skipped (FOR UPDATE SKIP LOCKED) and taken on the next run; that negotiation re-reads the row under
 * its own lock and refuses an expired offer either way. No quote round is written: a round is a
 * party's action, and an expiry is nobody's.
 */
export async function expireLapsedOffers(): Promise<ExpiryResult> {
  const db = getDb()
  let expiredQuotes = 0
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: quotes.id })
        .from(quotes)
        .where(and(inArray(quotes.status, ['Quoted', 'Countered']), lt(quotes.expiresAt, sql`now()`)))
        .orderBy(quotes.expiresAt)
        .limit(BATCH)
        .for('update', { skipLocked: true })
      if (due.length === 0) return 0
      const expired = await tx
        .update(quotes)
        .set({ status: 'Expired', updatedAt: new Date() })
        .where(and(inArray(quotes.id, due.map((d) => d.id)), inArray(quotes.status, ['Quoted', 'Countered']), lt(quotes.expiresAt, sql`now()`)))
        .returning({ id: quotes.id, rfqId: quotes.rfqId, sellerId: quotes.sellerId })
      if (expired.length === 0) return 0
      const parents = await tx
        .select({ id: rfqs.id, buyerId: rfqs.buyerId, title: rfqs.title })
        .from(rfqs)
        .where(inArray(rfqs.id, [...new Set(expired.map((q) => q.rfqId))]))
      const byId = new Map(parents.map((r) => [r.id, r]))
      const notices: NotifyInput[] = expired.flatMap((q) => {
        const rfq = byId.get(q.rfqId)
        if (!rfq) return []
        const link = `/rfqs/${q.rfqId}/quotes/${q.id}`
        const params = { title: rfq.title }
        return [
          { recipientId: rfq.buyerId, kind: 'quote_expired' as const, params, link },
          { recipientId: q.sellerId, kind: 'quote_expired' as const, params, link },
        ]
      })
      await notify(tx, notices)
      return expired.length
    })
    expiredQuotes += batch
    if (batch < BATCH) break
  }
  const closed = await db
    .update(rfqs)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(and(eq(rfqs.status, 'open'), lt(rfqs.deadline, sql`(now() at time zone 'UTC')::date`)))
    .returning({ id: rfqs.id })
  return { quotes: expiredQuotes, rfqs: closed.length }
}
