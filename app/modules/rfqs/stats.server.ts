// Counters of negotiations waiting for someone (issue 8 item 11): the seller's dashboard and My RFQs.
// Each is one query, counted by PostgreSQL. "Waiting" means the party can act now: their turn, the
// offer not expired (as displayStatus: expires_at < now() shows Expired) and the RFQ still open
// (counter and accept need it open).
import { and, count, desc, eq, gte, sql } from 'drizzle-orm'
import { profiles, quotes, rfqs } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import type { Currency, QuantityUnit } from '~/domain'
import { offerQuantity } from './quotes.server'
import { partyName } from '~/lib/party-name.server'

/** A quote waits for the buyer's answer: the seller offered or answered a counter (Quoted), not expired, on an open RFQ. */
const awaitingBuyer = and(eq(rfqs.status, 'open'), eq(quotes.status, 'Quoted'), gte(quotes.expiresAt, sql`now()`))

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
    .leftJoin(quotes, and(eq(quotes.rfqId, rfqs.id), awaitingBuyer))
    .where(eq(rfqs.buyerId, buyerId))
  return { rfqs: Number(row?.rfqs ?? 0), awaitingQuotes: Number(row?.awaitingQuotes ?? 0) }
}

/** A quote waiting for the buyer's answer, as the buyer's dashboard lists it. Money stays an exact decimal string. */
export type AwaitingQuoteDto = {
  id: string
  rfqId: string
  rfqTitle: string
  sellerCompany: string
  unitPrice: string
  currency: Currency
  /** The offer's quantity (the RFQ's until someone countered), with the RFQ's unit. */
  quantity: number
  unit: QuantityUnit
  expiresAt: string
  updatedAt: string
}

/** The `limit` quotes waiting for the buyer's answer that moved last (same rule as getBuyerQuoteCounts), newest first. */
export async function listQuotesAwaitingBuyer(buyerId: string, limit: number): Promise<AwaitingQuoteDto[]> {
  const rows = await getDb()
    .select({
      id: quotes.id,
      rfqId: rfqs.id,
      rfqTitle: rfqs.title,
      sellerCompany: partyName(profiles),
      unitPrice: quotes.unitPrice,
      currency: quotes.currency,
      quantity: offerQuantity,
      unit: rfqs.unit,
      expiresAt: quotes.expiresAt,
      updatedAt: quotes.updatedAt,
    })
    .from(quotes)
    .innerJoin(rfqs, eq(rfqs.id, quotes.rfqId))
    .innerJoin(profiles, eq(profiles.id, quotes.sellerId))
    .where(and(eq(rfqs.buyerId, buyerId), awaitingBuyer))
    .orderBy(desc(quotes.updatedAt), desc(quotes.id))
    .limit(limit)
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity), expiresAt: r.expiresAt.toISOString(), updatedAt: r.updatedAt.toISOString() }))
}
