// Payment terms negotiated on a quote and locked into its order (issue 29 item 1, ADR 033), through the
// routes' actions: the seller's quote dialog, the counter-offer, the accept. The order keeps the accepted
// terms and gets one milestone row per milestone, whose amounts add up to its total to the cent; terms
// that break a rule are refused on their field, translated, and write nothing.
import { randomUUID } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { orderMilestones, orders, products, quoteRounds, quotes } from '../../db/schema'
import type { PaymentTerms } from '~/domain'
import { getDb } from '~/lib/db.server'
import { DEFAULT_PAYMENT_TERMS } from '~/modules/payments/schemas'
import { action as boardAction } from '~/routes/seller/rfqs'
import { action as newOrderAction } from '~/routes/trade/order-new'
import { action as negotiationAction, loader as negotiationLoader } from '~/routes/trade/negotiation'
import { createProduct } from '../factories/catalog'
import { createRfq } from '../factories/trade'
import { createUser, signInCookie, type CreateUserOptions } from '../factories/users'
import { dbFingerprint, fingerprintTables } from '../support/db-fingerprint'
import { termsForm } from '../support/payment-terms'
import { callRoute, form } from './account-support'
import payments from '../../public/locales/en/payments.json'

async function signedIn(profile: CreateUserOptions['profile']) {
  const u = await createUser({ profile })
  return { ...u, profileId: u.profileId!, cookie: await signInCookie(u.email, u.password) }
}
const newBuyer = () => signedIn({ userType: 'Buyer', country: 'India', companyName: `Buyer Co ${randomUUID().slice(0, 4)}` })
const newSeller = () => signedIn({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved', companyName: `Seller Co ${randomUUID().slice(0, 4)}` })

const HALVES: PaymentTerms = {
  method: 'bank_transfer',
  methodDays: null,
  shipBeforePaid: false,
  milestones: [
    { share: '50', event: 'proforma_issued', offsetDays: 0 },
    { share: '50', event: 'shipped', offsetDays: 30 },
  ],
}
const THIRDS: PaymentTerms = {
  method: 'open_account',
  methodDays: 60,
  shipBeforePaid: false,
  milestones: [
    { share: '33.34', event: 'order_accepted', offsetDays: 0 },
    { share: '33.33', event: 'shipped', offsetDays: 0 },
    { share: '33.33', event: 'delivered', offsetDays: 30 },
  ],
}

const quoteBody = (rfqId: string, terms: Record<string, string> = termsForm()) =>
  form({ intent: 'quote', rfqId, unitPrice: '1250.50', currency: 'USD', minOrderQuantity: '1', incoterm: 'FOB', incotermPlace: 'Novorossiysk', leadTimeDays: '30', validityDays: '', message: '', ...terms })
const counterBody = (unitPrice: string, quantity: string, terms: Record<string, string>) =>
  form({ intent: 'counter', unitPrice, quantity, incoterm: 'CIF', incotermPlace: 'Nhava Sheva', leadTimeDays: '45', validityDays: '10', message: '', ...terms })
const negotiationPath = (rfqId: string, quoteId: string) => `/rfqs/${rfqId}/quotes/${quoteId}`

type Person = Awaited<ReturnType<typeof newBuyer>>

/** The seller quotes on a new RFQ of the buyer through the board's dialog; the quote's id. */
async function quoteOn(buyer: Person, seller: Person, terms: Record<string, string> = termsForm()) {
  const rfq = await createRfq(buyer.profileId, { quantity: 4 })
  const out = await callRoute(boardAction, '/dashboard/rfqs', { cookie: seller.cookie, body: quoteBody(rfq.id, terms) })
  expect(out.status, JSON.stringify(out.data)).toBe(302)
  const [quote] = await getDb().select({ id: quotes.id }).from(quotes).where(eq(quotes.rfqId, rfq.id))
  return { rfqId: rfq.id, quoteId: quote!.id }
}

const act = (who: Person, rfqId: string, quoteId: string, body: FormData) => callRoute(negotiationAction, negotiationPath(rfqId, quoteId), { cookie: who.cookie, body, params: { rfqId, quoteId } })

/** The order made from the quote, and its milestone rows in order, with their sum computed by the database. */
async function orderOf(quoteId: string) {
  const [order] = await getDb().select().from(orders).where(eq(orders.quoteId, quoteId))
  const milestones = await getDb().select().from(orderMilestones).where(eq(orderMilestones.orderId, order!.id)).orderBy(asc(orderMilestones.position))
  const sum = await getDb().execute<{ sum: string }>(sql`select sum(amount)::text as sum from order_milestones where order_id = ${order!.id}`)
  return { order: order!, milestones, sum: sum.rows[0]!.sum }
}

describe('payment terms from quote to order', () => {
  let buyer: Person
  let seller: Person
  beforeAll(async () => {
    buyer = await newBuyer()
    seller = await newSeller()
  })

  it('a quote with 30/70 terms, countered with 50/50 and accepted, gives an order with 50/50 terms and two milestones adding up to its total', async () => {
    const { rfqId, quoteId } = await quoteOn(buyer, seller)
    const [quote] = await getDb().select({ paymentSchedule: quotes.paymentSchedule, paymentTerms: quotes.paymentTerms }).from(quotes).where(eq(quotes.id, quoteId))
    expect(quote).toEqual({ paymentSchedule: DEFAULT_PAYMENT_TERMS, paymentTerms: null })

    const countered = await act(buyer, rfqId, quoteId, counterBody('1234.57', '7', termsForm(HALVES)))
    expect(countered.status, JSON.stringify(countered.data)).toBe(302)
    const rounds = await getDb().select({ action: quoteRounds.action, paymentSchedule: quoteRounds.paymentSchedule }).from(quoteRounds).where(eq(quoteRounds.quoteId, quoteId)).orderBy(asc(quoteRounds.round))
    expect(rounds).toEqual([
      { action: 'offer', paymentSchedule: DEFAULT_PAYMENT_TERMS },
      { action: 'counter', paymentSchedule: HALVES },
    ])

    const accepted = await act(seller, rfqId, quoteId, form({ intent: 'accept' }))
    expect(accepted.status, JSON.stringify(accepted.data)).toBe(302)
    const { order, milestones, sum } = await orderOf(quoteId)
    // 7 × 1,234.57 = 8,641.99: an odd number of cents, split 4,321.00 / 4,320.99 (the extra cent first).
    expect(order).toMatchObject({ total: '8641.99', paymentSchedule: HALVES, paymentTerms: null, status: 'Pending' })
    expect(milestones.map((m) => ({ position: m.position, share: m.share, amount: m.amount, currency: m.currency, event: m.event, offsetDays: m.offsetDays, beforeShipment: m.beforeShipment, status: m.status, dueOn: m.dueOn }))).toEqual([
      { position: 1, share: '50.00', amount: '4321.00', currency: 'USD', event: 'proforma_issued', offsetDays: 0, beforeShipment: true, status: 'upcoming', dueOn: null },
      { position: 2, share: '50.00', amount: '4320.99', currency: 'USD', event: 'shipped', offsetDays: 30, beforeShipment: false, status: 'upcoming', dueOn: null },
    ])
    expect(sum).toBe(order.total)

    // Both parties read the terms of every round and of the order.
    const page = await callRoute(negotiationLoader, negotiationPath(rfqId, quoteId), { cookie: buyer.cookie, params: { rfqId, quoteId } })
    const view = (page.data as { view: { rounds: { terms: { payment: unknown } | null }[]; order: { payment: unknown } } }).view
    expect(view.rounds.map((r) => r.terms?.payment ?? null)).toEqual([{ kind: 'terms', terms: DEFAULT_PAYMENT_TERMS }, { kind: 'terms', terms: HALVES }, null])
    expect(view.order.payment).toEqual({ kind: 'terms', terms: HALVES })
  })

  // 33.34 % of 1,000.00 is exactly 333.40; of 1,000.01 the parts round down to 333.40 / 333.30 / 333.30 and
  // the cent left over goes to the part that lost the most in rounding (the first).
  it.each([
    ['1000.00', ['333.40', '333.30', '333.30']],
    ['1000.01', ['333.41', '333.30', '333.30']],
  ])('splits %s in thirds of 33.34 / 33.33 / 33.33 %% to the cent', async (total, amounts) => {
    const { rfqId, quoteId } = await quoteOn(buyer, seller)
    expect((await act(buyer, rfqId, quoteId, counterBody(total, '1', termsForm(THIRDS)))).status).toBe(302)
    expect((await act(seller, rfqId, quoteId, form({ intent: 'accept' }))).status).toBe(302)
    const { order, milestones, sum } = await orderOf(quoteId)
    expect(order.total).toBe(total)
    expect(order.paymentSchedule).toEqual(THIRDS)
    expect(milestones.map((m) => m.amount)).toEqual(amounts)
    expect(milestones.map((m) => m.beforeShipment)).toEqual([true, false, false])
    expect(sum).toBe(total)
  })

  it('an offer made before structured terms keeps its free text on the order, with no milestones', async () => {
    const { rfqId, quoteId } = await quoteOn(buyer, seller)
    await getDb().update(quotes).set({ paymentSchedule: null, paymentTerms: 'LC at sight' }).where(eq(quotes.id, quoteId))
    expect((await act(buyer, rfqId, quoteId, form({ intent: 'accept' }))).status).toBe(302)
    const { order, milestones } = await orderOf(quoteId)
    expect(order).toMatchObject({ paymentSchedule: null, paymentTerms: 'LC at sight' })
    expect(milestones).toEqual([])
  })
})

describe('terms that break a rule', () => {
  let buyer: Person
  let seller: Person
  let tables: string[]
  beforeAll(async () => {
    buyer = await newBuyer()
    seller = await newSeller()
    tables = await fingerprintTables()
  })

  const m = (share: string, event: string, offsetDays = '0') => ({ share, event, offsetDays })
  const flat = (method: string, methodDays: string, rows: { share: string; event: string; offsetDays: string }[]) => {
    const out: Record<string, string> = { 'terms.method': method, 'terms.methodDays': methodDays }
    rows.forEach((r, i) => Object.assign(out, { [`terms.milestones.${i}.share`]: r.share, [`terms.milestones.${i}.event`]: r.event, [`terms.milestones.${i}.offsetDays`]: r.offsetDays }))
    return out
  }
  const CASES: [string, Record<string, string>, string, string][] = [
    ['shares adding up to 99.99', flat('bank_transfer', '', [m('33.33', 'proforma_issued'), m('33.33', 'shipped'), m('33.33', 'delivered')]), 'terms.milestones', 'sharesTotal'],
    ['a zero share', flat('bank_transfer', '', [m('0', 'proforma_issued'), m('100', 'shipped')]), 'terms.milestones.0.share', 'sharePositive'],
    ['an offset of 366 days', flat('bank_transfer', '', [m('100', 'delivered', '366')]), 'terms.milestones.0.offsetDays', 'offsetTooLong'],
    ['a deferred letter of credit without its days', flat('lc_deferred', '', [m('100', 'shipped')]), 'terms.methodDays', 'methodDaysRequired'],
  ]

  it.each(CASES)('refuses a quote with %s on its field, translated, writing nothing', async (_, terms, field, key) => {
    const rfq = await createRfq(buyer.profileId)
    const before = await dbFingerprint(tables)
    const out = await callRoute(boardAction, '/dashboard/rfqs', { cookie: seller.cookie, body: quoteBody(rfq.id, terms) })
    expect(out.status).toBe(400)
    expect((out.data as { fieldErrors: Record<string, string> }).fieldErrors[field]).toBe(`payments:errors.${key}`)
    expect((payments.errors as Record<string, string>)[key]).toBeTruthy()
    expect(await dbFingerprint(tables)).toBe(before)
  })

  it.each(CASES)('refuses a counter-offer with %s on its field, writing nothing', async (_, terms, field, key) => {
    const { rfqId, quoteId } = await quoteOn(buyer, seller)
    const before = await dbFingerprint(tables)
    const out = await act(buyer, rfqId, quoteId, counterBody('1200.00', '4', terms))
    expect(out.status).toBe(400)
    expect((out.data as { fieldErrors: Record<string, string> }).fieldErrors[field]).toBe(`payments:errors.${key}`)
    expect(await dbFingerprint(tables)).toBe(before)
  })
})

describe('a direct order with the buyer\'s terms', () => {
  let buyer: Person
  let tables: string[]
  beforeAll(async () => {
    buyer = await newBuyer()
    tables = await fingerprintTables()
  })
  const orderBody = (productId: string, terms: Record<string, string>) => form({ productId, quantity: '7', shipping: '0', submissionKey: randomUUID(), ...terms })

  it('locks the proposed terms into the order with milestones adding up to its total, shipping included', async () => {
    const p = await createProduct({ price: '1234.56', stockQuantity: 20, minimumOrderQuantity: 5, shippingOptions: [{ method: 'road', price: '35.01', currency: 'USD', estimatedDays: '5-9' }] })
    const out = await callRoute(newOrderAction, '/orders/new', { cookie: buyer.cookie, body: orderBody(p.id, termsForm(THIRDS)) })
    expect(out.status, JSON.stringify(out.data)).toBe(302)
    const [order] = await getDb().select().from(orders).where(eq(orders.id, out.location!.replace('/orders/', '')))
    // 7 × 1,234.56 + 35.01 = 8,676.93
    expect(order).toMatchObject({ total: '8676.93', paymentSchedule: THIRDS, paymentTerms: null })
    const milestones = await getDb().select().from(orderMilestones).where(eq(orderMilestones.orderId, order!.id)).orderBy(asc(orderMilestones.position))
    expect(milestones.map((m) => [m.amount, m.status, m.beforeShipment])).toEqual([
      ['2892.89', 'upcoming', true],
      ['2892.02', 'upcoming', false],
      ['2892.02', 'upcoming', false],
    ])
    const sum = await getDb().execute<{ sum: string }>(sql`select sum(amount)::text as sum from order_milestones where order_id = ${order!.id}`)
    expect(sum.rows[0]!.sum).toBe('8676.93')
  })

  it('refuses terms that do not add up to 100 % on their field, reserving no stock and writing nothing', async () => {
    const p = await createProduct({ price: '10.00', stockQuantity: 20, minimumOrderQuantity: 5 })
    const before = await dbFingerprint(tables)
    const out = await callRoute(newOrderAction, '/orders/new', { cookie: buyer.cookie, body: orderBody(p.id, { ...termsForm(), 'terms.milestones.1.share': '60' }) })
    expect(out.status).toBe(400)
    expect(out.data).toMatchObject({ error: 'payments:errors.sharesTotal', fieldErrors: { 'terms.milestones': 'payments:errors.sharesTotal' } })
    expect(await dbFingerprint(tables)).toBe(before)
    const [stock] = await getDb().select({ stockQuantity: products.stockQuantity }).from(products).where(eq(products.id, p.id))
    expect(stock!.stockQuantity).toBe(20)
  })
})
