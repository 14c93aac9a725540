// Counters of negotiations waiting for someone (issue 8 item 11): the seller's dashboard and My RFQs.
// Each is one query, counted by PostgreSQL. "Waiting" means the party can act now: their turn, the
// offer not expired (as displayStatus: expires_at < now() shows Expired) and the RFQ still open
// (counter and accept need it open).
import { and, count, eq, gte, sql } from 'drizzle-orm'
import { quotes, rfqs } from '../../../db/schema'
import { getDb } from '~/lib/db.server'

/** The seller's negotiations where it is their turn: quotes the buyer countered (Countered), not expired, on an open RFQ. */
export async function countSellerTurnQuotes(sellerId: string): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(quotes)
    .innerJoin(rfqs, eq(rfqs.id, quotes.rfqId))
    .where(and(eq(quotes.sellerId, sellerId), eq(quotes.status, 'Countered'), gte(quotes.expiresAt, sql`now()`), eq(rfqs.status, 'open')))
  return Number(row?.n ?? 0)
}

/**
 * For the profile as a buyer: how many RFQs they have asked, and how many quotes on their open RFQs
 * wait for their answer (status Quoted, not expired). One query.
 */
export async function getBuyerQuoteCounts(buyerId: string): Promise<{ rfqs: number; awaitingQuotes: number }> {
  const [row] = await getDb()
    .select({ rfqs: sql<number>`count(distinct ${rfqs.id})::int`, awaitingQuotes: sql<number>`count(${quotes.id})::int` })
    .from(rfqs)
    .leftJoin(quotes, and(eq(quotes.rfqId, rfqs.id), eq(rfqs.status, 'open'), eq(quotes.status, 'Quoted'), gte(quotes.expiresAt, sql`now()`)))
    .where(eq(rfqs.buyerId, buyerId))
  return { rfqs: Number(row?.rfqs ?? 0), awaitingQuotes: Number(row?.awaitingQuotes ?? 0) }
}
