// The negotiation on a quote in turns (issue 8 item 6) and accepting it into an order (item 7).
// Quoted is the buyer's turn, Countered the seller's; every round is kept in quote_rounds. Accepting
// makes the order in the same transaction, through the orders module's createOrderWithTerms, which
// locks the offer's payment terms into it and makes its milestone rows (ADR 033).
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { orders, profiles, quoteRounds, quotes, rfqs } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { notify } from '~/modules/notifications/index.server'
import { type Currency, type IncotermCode, type OrderStatus, type QuantityUnit, type QuoteStatus, type RfqStatus, type RoundAction, type TradeParty, type TradingCountry, tradePartyOf, UUID_PATTERN } from '~/domain'
import { createOrderWithTerms } from '~/modules/orders/index.server'
import { paymentTermsView, readPaymentTerms, type PaymentTermsView } from '~/modules/payments'
import { ratesInForce } from '~/modules/rates/index.server'
import { type RateStamp, readRateStamp } from '~/modules/rates'
import type { NegotiationAction } from './enums'
import { allowedNegotiationActions, negotiationVerdict } from './policy'
import { displayStatus, offerQuantity, type QuoteRefusal } from './quotes.server'
import { counterQuantityError, type CounterOfferInput } from './schemas/negotiation'
import { partyName, partyNameOrNull } from '~/lib/party-name.server'

const DAY_MS = 86_400_000

const refuse = (status: QuoteRefusal['status'], key: string): QuoteRefusal => ({ ok: false, status, error: `rfqs:negotiation.errors.${key}` })

export type OfferTerms = {
  unitPrice: string
  quantity: number
  incoterm: IncotermCode
  incotermPlace: string
  leadTimeDays: number
  /** The payment terms offered (ADR 033), or an older offer's free text. */
  payment: PaymentTermsView
  expiresAt: string
}

export type RoundDto = {
  round: number
  authorRole: TradeParty
  authorName: string | null
  action: RoundAction
  terms: OfferTerms | null
  /** Offer and counter rounds: the exchange rates in force when made (ADR 028); null when none were recorded. */
  rates: RateStamp | null
  message: string | null
  note: string | null
  createdAt: string
}

export type OrderSummaryDto = {
  id: string
  unitPrice: string
  quantity: number
  currency: Currency
  total: string
  incoterm: IncotermCode
  incotermPlace: string
  leadTimeDays: number
  /** The accepted payment terms, locked into the order, or an older order's free text. */
  payment: PaymentTermsView
  status: OrderStatus
  /** The exchange rates in force when the order was made (ADR 028). */
  rates: RateStamp | null
  createdAt: string
}

export type NegotiationDto = {
  viewerRole: TradeParty
  rfq: { id: string; title: string; quantity: number; unit: QuantityUnit; status: RfqStatus; buyerCompany: string; buyerCountry: TradingCountry }
  /** offerRates: the rates stamped when the current offer (the last round with terms) was made. */
  quote: { id: string; status: QuoteStatus; currency: Currency; sellerCompany: string; sellerCountry: TradingCountry; minOrderQuantity: number; offer: OfferTerms; offerRates: RateStamp | null; message: string | null }
  rounds: RoundDto[]
  actions: NegotiationAction[]
  order: OrderSummaryDto | null
}

const buyerProfile = alias(profiles, 'buyer_profile')
const sellerProfile = alias(profiles, 'seller_profile')

/** The negotiation as one party sees it; null for anyone else (the page answers 404, as for no quote at all). */
export async function getNegotiation(viewerProfileId: string, rfqId: string, quoteId: string): Promise<NegotiationDto | null> {
  if (!UUID_PATTERN.test(rfqId) || !UUID_PATTERN.test(quoteId)) return null
  const db = getDb()
  const [row] = await db
    .select({
      rfqId: rfqs.id,
      title: rfqs.title,
      rfqQuantity: rfqs.quantity,
      unit: rfqs.unit,
      rfqStatus: rfqs.status,
      buyerId: rfqs.buyerId,
      buyerCompany: partyName(buyerProfile),
      buyerCountry: buyerProfile.country,
      sellerId: quotes.sellerId,
      sellerCompany: partyName(sellerProfile),
      sellerCountry: sellerProfile.country,
      status: displayStatus,
      currency: quotes.currency,
      unitPrice: quotes.unitPrice,
      quantity: offerQuantity,
      incoterm: quotes.incoterm,
      incotermPlace: quotes.incotermPlace,
      leadTimeDays: quotes.leadTimeDays,
      paymentTerms: quotes.paymentTerms,
      paymentSchedule: quotes.paymentSchedule,
      expiresAt: quotes.expiresAt,
      message: quotes.message,
      minOrderQuantity: quotes.minOrderQuantity,
    })
    .from(quotes)
    .innerJoin(rfqs, eq(rfqs.id, quotes.rfqId))
    .innerJoin(buyerProfile, eq(buyerProfile.id, rfqs.buyerId))
    .innerJoin(sellerProfile, eq(sellerProfile.id, quotes.sellerId))
    .where(and(eq(quotes.id, quoteId), eq(quotes.rfqId, rfqId)))
  if (!row) return null
  const viewerRole = tradePartyOf(row, viewerProfileId)
  if (!viewerRole) return null
  const roundRows = await db
    .select({
      round: quoteRounds.round,
      authorRole: quoteRounds.authorRole,
      authorName: partyNameOrNull(profiles),
      action: quoteRounds.action,
      unitPrice: quoteRounds.unitPrice,
      quantity: quoteRounds.quantity,
      incoterm: quoteRounds.incoterm,
      incotermPlace: quoteRounds.incotermPlace,
      leadTimeDays: quoteRounds.leadTimeDays,
      paymentTerms: quoteRounds.paymentTerms,
      paymentSchedule: quoteRounds.paymentSchedule,
      expiresAt: quoteRounds.expiresAt,
      message: quoteRounds.message,
      note: quoteRounds.note,
      rateStamp: quoteRounds.rateStamp,
      createdAt: quoteRounds.createdAt,
    })
    .from(quoteRounds)
    .leftJoin(profiles, eq(profiles.id, quoteRounds.authorId))
    .where(eq(quoteRounds.quoteId, quoteId))
    .orderBy(asc(quoteRounds.round))
  const [order] = await db.select().from(orders).where(eq(orders.quoteId, quoteId))
  const rfqOpen = row.rfqStatus === 'open'
  return {
    viewerRole,
    rfq: { id: row.rfqId, title: row.title, quantity: row.rfqQuantity, unit: row.unit, status: row.rfqStatus, buyerCompany: row.buyerCompany, buyerCountry: row.buyerCountry! },
    quote: {
      id: quoteId,
      status: row.status,
      currency: row.currency,
      sellerCompany: row.sellerCompany,
      sellerCountry: row.sellerCountry!,
      minOrderQuantity: row.minOrderQuantity,
      // The current offer is the last round with terms (offer or counter).
      offerRates: readRateStamp(roundRows.findLast((r) => r.action === 'offer' || r.action === 'counter')?.rateStamp),
      message: row.message,
      offer: {
        unitPrice: row.unitPrice,
        quantity: Number(row.quantity),
        incoterm: row.incoterm,
        incotermPlace: row.incotermPlace,
        leadTimeDays: row.leadTimeDays,
        payment: paymentTermsView(row),
        expiresAt: row.expiresAt.toISOString(),
      },
    },
    rounds: roundRows.map((r) => ({
      round: r.round,
      authorRole: r.authorRole,
      authorName: r.authorName,
      action: r.action,
      terms:
        r.unitPrice !== null && r.quantity !== null && r.incoterm !== null && r.expiresAt !== null
          ? { unitPrice: r.unitPrice, quantity: r.quantity, incoterm: r.incoterm, incotermPlace: r.incotermPlace ?? '', leadTimeDays: r.leadTimeDays ?? 0, payment: paymentTermsView(r), expiresAt: r.expiresAt.toISOString() }
          : null,
      rates: readRateStamp(r.rateStamp),
      message: r.message,
      note: r.note,
      createdAt: r.createdAt.toISOString(),
    })),
    // Counter and accept need the RFQ still open (not closed, not awarded to another quote).
    actions: allowedNegotiationActions(row.status, viewerRole).filter((a) => rfqOpen || a === 'decline' || a === 'withdraw'),
    order: order
      ? {
          id: order.id,
          unitPrice: order.unitPrice,
          quantity: order.quantity,
          currency: order.currency,
          total: order.total,
          // An order made from a quote always carries its trade terms (only product orders leave them null).
          incoterm: order.incoterm!,
          incotermPlace: order.incotermPlace!,
          leadTimeDays: order.leadTimeDays!,
          payment: paymentTermsView(order),
          status: order.status,
          rates: readRateStamp(order.rateStamp),
          createdAt: order.createdAt.toISOString(),
        }
      : null,
  }
}

export type NegotiationResult = { ok: true; action: NegotiationAction; orderId: string | null } | (QuoteRefusal & { count?: number })

/**
 * One party's move on a quote. Refusals write nothing: 404 for anyone not a party (or no such quote),
 * 403 for an action the role never has, 409 when it is not their turn, the offer expired or the RFQ
 * is no longer open. The RFQ row is locked first (FOR UPDATE), then the quote, so two accepts of one
 * RFQ's quotes at once make exactly one order; orders.quote_id is unique as well.
 */
export async function actOnQuote(
  actorProfileId: string,
  rfqId: string,
  quoteId: string,
  action: NegotiationAction,
  counter?: CounterOfferInput,
): Promise<NegotiationResult> {
  if (!UUID_PATTERN.test(rfqId) || !UUID_PATTERN.test(quoteId)) return refuse(404, 'notFound')
  return getDb().transaction(async (tx) => {
    const [party] = await tx
      .select({ buyerId: rfqs.buyerId, sellerId: quotes.sellerId })
      .from(quotes)
      .innerJoin(rfqs, eq(rfqs.id, quotes.rfqId))
      .where(and(eq(quotes.id, quoteId), eq(quotes.rfqId, rfqId)))
    if (!party) return refuse(404, 'notFound')
    const role = tradePartyOf(party, actorProfileId)
    if (!role) return refuse(404, 'notFound')
    if (negotiationVerdict('Quoted', role, action) === 'never') return refuse(403, 'notYours')
    const [rfq] = await tx.select({ status: rfqs.status, quantity: rfqs.quantity, unit: rfqs.unit, title: rfqs.title }).from(rfqs).where(eq(rfqs.id, rfqId)).for('update')
    const [quote] = await tx
      .select({
        status: displayStatus,
        unitPrice: quotes.unitPrice,
        quantity: quotes.quantity,
        currency: quotes.currency,
        incoterm: quotes.incoterm,
        incotermPlace: quotes.incotermPlace,
        leadTimeDays: quotes.leadTimeDays,
        paymentTerms: quotes.paymentTerms,
        paymentSchedule: quotes.paymentSchedule,
        minOrderQuantity: quotes.minOrderQuantity,
        nextRound: sql<number>`(select coalesce(max(r.round), 0) + 1 from quote_rounds r where r.quote_id = ${quoteId}::uuid)`,
      })
      .from(quotes)
      .where(eq(quotes.id, quoteId))
      .for('update', { of: quotes })
    if (!rfq || !quote) return refuse(404, 'notFound')
    if (negotiationVerdict(quote.status, role, action) !== 'allowed') {
      return refuse(409, quote.status === 'Expired' ? 'expired' : quote.status === 'Quoted' || quote.status === 'Countered' ? 'notYourTurn' : 'over')
    }
    if ((action === 'accept' || action === 'counter') && rfq.status !== 'open') return refuse(409, 'rfqNotOpen')
    const now = new Date()
    const round = Number(quote.nextRound)
    const base = { quoteId, round, authorRole: role, authorId: actorProfileId, createdAt: now }
    // The notice for the other party: written in this transaction, so it exists exactly when the move does.
    const link = `/rfqs/${rfqId}/quotes/${quoteId}`
    const otherParty = role === 'buyer' ? party.sellerId : party.buyerId

    if (action === 'counter') {
      if (!counter) return refuse(409, 'notYourTurn')
      // The RFQ's unit and the quote's minimum order hold for every counter, as typed: refused, never raised (issue 26 item 4).
      const refused = counterQuantityError(counter.quantity, quote.minOrderQuantity, rfq.unit)
      if (refused) return { ok: false as const, status: 400 as const, error: refused.key, count: refused.count }
      const expiresAt = new Date(now.getTime() + counter.validityDays * DAY_MS)
      // Each round proposes a whole set of payment terms; the quote keeps the current one (and no older free text).
      const { terms, ...offer } = counter
      await tx
        .update(quotes)
        .set({
          status: role === 'buyer' ? 'Countered' : 'Quoted',
          unitPrice: counter.unitPrice,
          quantity: counter.quantity,
          incoterm: counter.incoterm,
          incotermPlace: counter.incotermPlace,
          leadTimeDays: counter.leadTimeDays,
          paymentTerms: null,
          paymentSchedule: terms,
          validityDays: counter.validityDays,
          expiresAt,
          updatedAt: now,
        })
        .where(eq(quotes.id, quoteId))
      await tx.insert(quoteRounds).values({ ...base, action: 'counter', ...offer, paymentSchedule: terms, expiresAt, rateStamp: await ratesInForce(tx, quote.currency, now) })
      await notify(tx, {
        recipientId: otherParty,
        actorId: actorProfileId,
        kind: 'quote_countered',
        params: { title: rfq.title, amount: counter.unitPrice, currency: quote.currency, quantity: String(counter.quantity), unit: rfq.unit },
        link,
      })
      return { ok: true as const, action, orderId: null }
    }

    if (action === 'decline' || action === 'withdraw') {
      await tx
        .update(quotes)
        .set({ status: action === 'decline' ? 'Rejected' : 'Withdrawn', updatedAt: now })
        .where(eq(quotes.id, quoteId))
      await tx.insert(quoteRounds).values({ ...base, action })
      await notify(tx, { recipientId: otherParty, actorId: actorProfileId, kind: action === 'decline' ? 'quote_declined' : 'quote_withdrawn', params: { title: rfq.title }, link })
      return { ok: true as const, action, orderId: null }
    }

    // accept: the order takes the current offer's terms, its payment terms locked in with their milestones.
    const quantity = quote.quantity ?? rfq.quantity
    const paymentSchedule = readPaymentTerms(quote.paymentSchedule)
    const order = await createOrderWithTerms(tx, {
      rfqId,
      quoteId,
      buyerId: party.buyerId,
      sellerId: party.sellerId,
      unitPrice: quote.unitPrice,
      quantity,
      unit: rfq.unit,
      currency: quote.currency,
      incoterm: quote.incoterm,
      incotermPlace: quote.incotermPlace,
      leadTimeDays: quote.leadTimeDays,
      // An offer made before structured terms keeps its free text and has no schedule (nor milestones).
      paymentSchedule,
      paymentTerms: paymentSchedule ? null : quote.paymentTerms,
      actorId: actorProfileId,
      title: rfq.title,
      now,
    })
    if (!order) return refuse(409, 'over')
    await tx.update(quotes).set({ status: 'Accepted', updatedAt: now }).where(eq(quotes.id, quoteId))
    await tx.insert(quoteRounds).values({ ...base, action: 'accept' })
    await tx.update(rfqs).set({ status: 'awarded', updatedAt: now }).where(eq(rfqs.id, rfqId))
    // The RFQ's other live quotes were not selected: Rejected, with a round that says so.
    const others = await tx
      .update(quotes)
      .set({ status: 'Rejected', updatedAt: now })
      .where(and(eq(quotes.rfqId, rfqId), ne(quotes.id, quoteId), inArray(quotes.status, ['Quoted', 'Countered'])))
      .returning({ id: quotes.id, sellerId: quotes.sellerId })
    for (const o of others) {
      await tx.insert(quoteRounds).values({
        quoteId: o.id,
        round: sql`(select coalesce(max(r.round), 0) + 1 from quote_rounds r where r.quote_id = ${o.id}::uuid)`,
        authorRole: 'buyer',
        authorId: party.buyerId,
        action: 'decline',
        note: 'notSelected',
        createdAt: now,
      })
    }
    await notify(tx, [
      { recipientId: otherParty, actorId: actorProfileId, kind: 'quote_accepted', params: { title: rfq.title, order: order.id.slice(0, 8) }, link },
      order.notice,
      ...others.map((o) => ({ recipientId: o.sellerId, actorId: actorProfileId, kind: 'quote_not_selected' as const, params: { title: rfq.title }, link: `/rfqs/${rfqId}/quotes/${o.id}` })),
    ])
    return { ok: true as const, action, orderId: order.id }
  })
}
