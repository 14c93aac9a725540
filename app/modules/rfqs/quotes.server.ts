// Quotes on RFQs (issue 8 item 5): a seller submits or withdraws theirs; the buyer reads every quote
// on their RFQs. A scheduled job (expiry.server.ts) marks lapsed quotes Expired; the reads compute it
// from expires_at as well, for the minute in between.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import { profiles, quoteRounds, quotes, rfqs } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { notify } from '~/modules/notifications/index.server'
import { ratesInForce } from '~/modules/rates/index.server'
import { type Currency, type IncotermCode, LIVE_QUOTE_STATUSES, type QuoteStatus, type TradingCountry, unitQuantityError, UUID_PATTERN } from '~/domain'
import { MAX_QUOTES_PER_RFQ } from './enums'
import { isRfqForSeller, quoteBlocker, type QuotingSeller } from './policy'
import { utcToday } from './schemas/common'
import { type SubmitQuoteInput } from './schemas/quote'
import { partyName } from '~/lib/party-name.server'
import { paymentTermsView, type PaymentTermsView } from '~/modules/payments'

const DAY_MS = 86_400_000

/** The status a user sees: a live offer (Quoted or Countered) past its expiry shows as Expired. */
export const displayStatus = sql<QuoteStatus>`case when ${quotes.status} in ('Quoted', 'Countered') and ${quotes.expiresAt} < now() then 'Expired' else ${quotes.status} end`

/** The current offer's quantity (quotes joined to rfqs): the quote's once someone countered, else the RFQ's. */
export const offerQuantity = sql<number>`coalesce(${quotes.quantity}, ${rfqs.quantity})`.mapWith(Number)

export type QuoteRefusal = { ok: false; status: 400 | 403 | 404 | 409; error: string }
export type SubmitQuoteResult = { ok: true; id: string } | QuoteRefusal

const refuse = (status: QuoteRefusal['status'], key: string): QuoteRefusal => ({ ok: false, status, error: `rfqs:quote.errors.${key}` })

export type QuoteActor = QuotingSeller & { id: string; country: TradingCountry }

/**
 * Submits the seller's quote. The RFQ row is locked (FOR UPDATE) while its quotes are counted, so
 * ten sellers racing for the last place make one quote; the partial unique index on (rfq_id,
 * seller_id) over live quotes makes a double submit one row. A refusal writes nothing.
 */
export async function submitQuote(seller: QuoteActor, input: SubmitQuoteInput): Promise<SubmitQuoteResult> {
  const blocker = quoteBlocker(seller)
  if (blocker) return refuse(403, blocker)
  if (!UUID_PATTERN.test(input.rfqId)) return refuse(404, 'notFound')
  return getDb().transaction(async (tx) => {
    const [rfq] = await tx
      .select({
        buyerId: rfqs.buyerId,
        sellerId: rfqs.sellerId,
        title: rfqs.title,
        quantity: rfqs.quantity,
        unit: rfqs.unit,
        status: rfqs.status,
        deadline: rfqs.deadline,
        locationPreference: rfqs.locationPreference,
        buyerActive: sql<boolean>`exists (select 1 from profiles bp where bp.id = ${rfqs.buyerId} and bp.account_status = 'active')`,
      })
      .from(rfqs)
      .where(eq(rfqs.id, input.rfqId))
      .for('update')
    // Not on this seller's board (location preference, a product request addressed to another
    // seller, or a suspended buyer's request) is the same as not there at all.
    if (!rfq || !rfq.buyerActive || !isRfqForSeller(rfq, seller)) return refuse(404, 'notFound')
    if (rfq.buyerId === seller.id) return refuse(403, 'ownRfq')
    if (rfq.status !== 'open') return refuse(409, 'closed')
    if (rfq.deadline !== null && rfq.deadline < utcToday()) return refuse(409, 'deadlinePassed')
    // The minimum order counts the RFQ's unit: no 2.5 containers, no 0.755 ct.
    const unitError = unitQuantityError(input.minOrderQuantity, rfq.unit)
    if (unitError) return { ok: false, status: 400, error: unitError }
    const taken = await tx
      .select({ sellerId: quotes.sellerId, status: quotes.status })
      .from(quotes)
      .where(and(eq(quotes.rfqId, input.rfqId), ne(quotes.status, 'Withdrawn')))
    if (taken.some((t) => t.sellerId === seller.id && (LIVE_QUOTE_STATUSES as readonly string[]).includes(t.status))) return refuse(409, 'alreadyQuoted')
    if (taken.length >= MAX_QUOTES_PER_RFQ) return refuse(409, 'full')
    const now = new Date()
    const [row] = await tx
      .insert(quotes)
      .values({
        rfqId: input.rfqId,
        sellerId: seller.id,
        unitPrice: input.unitPrice,
        currency: input.currency,
        minOrderQuantity: input.minOrderQuantity,
        incoterm: input.incoterm,
        incotermPlace: input.incotermPlace,
        leadTimeDays: input.leadTimeDays,
        paymentSchedule: input.terms,
        validityDays: input.validityDays,
        expiresAt: new Date(now.getTime() + input.validityDays * DAY_MS),
        message: input.message,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: quotes.id, expiresAt: quotes.expiresAt })
    if (!row) return refuse(409, 'alreadyQuoted')
    // The negotiation's first round: the seller's offer, for the RFQ's quantity, with the rates in force now.
    await tx.insert(quoteRounds).values({
      rateStamp: await ratesInForce(tx, input.currency, now),
      quoteId: row.id,
      round: 1,
      authorRole: 'seller',
      authorId: seller.id,
      action: 'offer',
      unitPrice: input.unitPrice,
      quantity: rfq.quantity,
      incoterm: input.incoterm,
      incotermPlace: input.incotermPlace,
      leadTimeDays: input.leadTimeDays,
      paymentSchedule: input.terms,
      expiresAt: row.expiresAt,
      message: input.message,
      createdAt: now,
    })
    await notify(tx, {
      recipientId: rfq.buyerId,
      actorId: seller.id,
      kind: 'quote_received',
      params: { title: rfq.title, amount: input.unitPrice, currency: input.currency, quantity: String(rfq.quantity), unit: rfq.unit },
      link: `/rfqs/${input.rfqId}/quotes/${row.id}`,
    })
    return { ok: true as const, id: row.id }
  })
}

export type WithdrawQuoteResult = { ok: true } | QuoteRefusal

/** Withdraws the seller's own live quote (Quoted, Countered, or shown as Expired), freeing their place to quote again; the round is kept. */
export async function withdrawQuote(sellerId: string, quoteId: string): Promise<WithdrawQuoteResult> {
  if (!UUID_PATTERN.test(quoteId)) return refuse(404, 'notFound')
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(quotes)
      .set({ status: 'Withdrawn', updatedAt: new Date() })
      .where(and(eq(quotes.id, quoteId), eq(quotes.sellerId, sellerId), inArray(quotes.status, ['Quoted', 'Countered', 'Expired'])))
      .returning({ id: quotes.id, rfqId: quotes.rfqId })
    if (row) {
      await tx.insert(quoteRounds).values({
        quoteId,
        round: sql`(select coalesce(max(r.round), 0) + 1 from quote_rounds r where r.quote_id = ${quoteId}::uuid)`,
        authorRole: 'seller',
        authorId: sellerId,
        action: 'withdraw',
      })
      const [rfq] = await tx.select({ buyerId: rfqs.buyerId, title: rfqs.title }).from(rfqs).where(eq(rfqs.id, row.rfqId))
      if (rfq) await notify(tx, { recipientId: rfq.buyerId, actorId: sellerId, kind: 'quote_withdrawn', params: { title: rfq.title }, link: `/rfqs/${row.rfqId}/quotes/${quoteId}` })
      return { ok: true as const }
    }
    const [own] = await tx.select({ id: quotes.id }).from(quotes).where(and(eq(quotes.id, quoteId), eq(quotes.sellerId, sellerId)))
    return own ? refuse(409, 'notWithdrawable') : refuse(404, 'notFound')
  })
}

/** A quote as the buyer compares it: the seller's company, country and verification, and the offer. */
export type BuyerQuoteDto = {
  id: string
  /** The seller's public profile id (their /sellers page): the page looks up the seller's registry badges by it. */
  sellerId: string
  sellerCompany: string
  sellerCountry: TradingCountry
  sellerVerified: boolean
  unitPrice: string
  currency: Currency
  minOrderQuantity: number
  incoterm: IncotermCode
  incotermPlace: string
  leadTimeDays: number
  /** The seller's payment terms (ADR 033), or an older quote's free text. */
  payment: PaymentTermsView
  validityDays: number
  expiresAt: string
  message: string | null
  status: QuoteStatus
  createdAt: string
}

/** Every quote on the given RFQs of this buyer, oldest first, grouped by RFQ id (others' RFQs give nothing). */
export async function listQuotesForBuyer(buyerId: string, rfqIds: string[]): Promise<Record<string, BuyerQuoteDto[]>> {
  if (rfqIds.length === 0) return {}
  const rows = await getDb()
    .select({
      rfqId: quotes.rfqId,
      id: quotes.id,
      sellerId: quotes.sellerId,
      sellerCompany: partyName(profiles),
      sellerCountry: profiles.country,
      sellerVerified: sql<boolean>`${profiles.kycStatus} is not distinct from 'Approved'`,
      unitPrice: quotes.unitPrice,
      currency: quotes.currency,
      minOrderQuantity: quotes.minOrderQuantity,
      incoterm: quotes.incoterm,
      incotermPlace: quotes.incotermPlace,
      leadTimeDays: quotes.leadTimeDays,
      paymentTerms: quotes.paymentTerms,
      paymentSchedule: quotes.paymentSchedule,
      validityDays: quotes.validityDays,
      expiresAt: quotes.expiresAt,
      message: quotes.message,
      status: displayStatus,
      createdAt: quotes.createdAt,
    })
    .from(quotes)
    .innerJoin(rfqs, eq(rfqs.id, quotes.rfqId))
    .innerJoin(profiles, eq(profiles.id, quotes.sellerId))
    .where(and(eq(rfqs.buyerId, buyerId), inArray(quotes.rfqId, rfqIds)))
    .orderBy(asc(quotes.createdAt), asc(quotes.id))
  const out: Record<string, BuyerQuoteDto[]> = {}
  for (const { rfqId, paymentTerms, paymentSchedule, ...r } of rows) {
    ;(out[rfqId] ??= []).push({ ...r, payment: paymentTermsView({ paymentSchedule, paymentTerms }), sellerVerified: Boolean(r.sellerVerified), expiresAt: r.expiresAt.toISOString(), createdAt: r.createdAt.toISOString() })
  }
  return out
}
