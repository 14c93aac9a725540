// The negotiation in turns and accept → order (issue 8 items 6 and 7), through the route's action.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { orderEvents, orders, quoteRounds, quotes, rfqs } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { listOrders } from '~/modules/orders/queries.server'
import { actOnQuote } from '~/modules/rfqs/negotiation.server'
import { action as negotiationAction, loader as negotiationLoader } from '~/routes/trade/negotiation'
import { createQuote } from '../factories/quotes'
import { createRfq } from '../factories/trade'
import { createUser, signInCookie, type CreateUserOptions } from '../factories/users'
import { callRoute, form, toastOf } from './account-support'
import { LC_AT_SIGHT, termsForm } from '../support/payment-terms'

async function signedIn(profile: CreateUserOptions['profile']) {
  const u = await createUser({ profile })
  return { ...u, profileId: u.profileId!, cookie: await signInCookie(u.email, u.password) }
}
const newBuyer = () => signedIn({ userType: 'Buyer', country: 'India', companyName: `Buyer Co ${randomUUID().slice(0, 4)}` })
const newSeller = () => signedIn({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved', companyName: `Seller Co ${randomUUID().slice(0, 4)}` })

const COUNTER = { unitPrice: '1234.56', quantity: '7', incoterm: 'CIF', incotermPlace: 'Nhava Sheva', leadTimeDays: '45', ...termsForm(LC_AT_SIGHT), validityDays: '10', message: 'Our best offer' }
const body = (intent: string) => form(intent === 'counter' ? { intent, ...COUNTER } : { intent })
const path = (rfqId: string, quoteId: string) => `/rfqs/${rfqId}/quotes/${quoteId}`
const post = (rfqId: string, quoteId: string, intent: string, cookie: string | null) =>
  callRoute(negotiationAction, path(rfqId, quoteId), { cookie, body: body(intent), params: { rfqId, quoteId } })

/** Row count and newest row version of every table the negotiation writes. */
async function fingerprint() {
  const r = await getDb().execute(
    sql`select (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from quotes) q, (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from quote_rounds) r, (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from orders) o, (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from order_events) e, (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from rfqs) f`,
  )
  return JSON.stringify(r.rows[0])
}

type State = 'Quoted' | 'Countered' | 'Expired' | 'Accepted' | 'Rejected' | 'Withdrawn'
type ActorName = 'buyer' | 'seller' | 'otherSeller' | 'otherBuyer' | 'visitor'
const STATES: State[] = ['Quoted', 'Countered', 'Expired', 'Accepted', 'Rejected', 'Withdrawn']
const ACTORS: ActorName[] = ['buyer', 'seller', 'otherSeller', 'otherBuyer', 'visitor']
const ACTIONS = ['counter', 'accept', 'decline', 'withdraw'] as const

/** The whole state machine: 'ok' or the exact refusal. */
function expected(state: State, actor: ActorName, action: (typeof ACTIONS)[number]): 'ok' | 'login' | 403 | 404 | 409 {
  if (actor === 'visitor') return 'login'
  if (actor === 'otherSeller' || actor === 'otherBuyer') return 404
  if (actor === 'buyer' && action === 'withdraw') return 403
  if (action === 'withdraw') return state === 'Quoted' || state === 'Countered' || state === 'Expired' ? 'ok' : 409
  if (state === 'Quoted') return actor === 'buyer' ? 'ok' : 409
  if (state === 'Countered') return actor === 'seller' ? 'ok' : 409
  return 409
}

describe('the negotiation state machine (/rfqs/:rfqId/quotes/:quoteId)', () => {
  type Person = Awaited<ReturnType<typeof newBuyer>>
  let people: Record<Exclude<ActorName, 'visitor'>, Person>
  beforeAll(async () => {
    people = { buyer: await newBuyer(), seller: await newSeller(), otherSeller: await newSeller(), otherBuyer: await newBuyer() }
  })
  const cookieOf = (a: ActorName) => (a === 'visitor' ? null : people[a].cookie)

  async function quoteIn(state: State) {
    const rfq = await createRfq(people.buyer.profileId, { quantity: 3, unit: 'tonnes' })
    const past = new Date(Date.now() - 60_000)
    const q = await createQuote(rfq.id, people.seller.profileId, {
      status: state === 'Expired' ? 'Quoted' : state,
      ...(state === 'Expired' ? { expiresAt: past } : {}),
    })
    return { rfqId: rfq.id, quoteId: q.id }
  }

  for (const state of STATES) {
    for (const actor of ACTORS) {
      for (const act of ACTIONS) {
        const want = expected(state, actor, act)
        it(`${state} × ${actor} × ${act} → ${want}`, async () => {
          const { rfqId, quoteId } = await quoteIn(state)
          const before = await fingerprint()
          const res = await post(rfqId, quoteId, act, cookieOf(actor))
          if (want === 'ok') {
            expect(res.status).toBe(302)
            expect(res.location).toBe(path(rfqId, quoteId))
            const [row] = await getDb().select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quoteId))
            const next = { counter: actor === 'buyer' ? 'Countered' : 'Quoted', accept: 'Accepted', decline: 'Rejected', withdraw: 'Withdrawn' }[act]
            expect(row!.status).toBe(next)
            const rounds = await getDb().select().from(quoteRounds).where(eq(quoteRounds.quoteId, quoteId))
            expect(rounds.map((r) => [r.action, r.authorRole])).toEqual([[act, actor]])
            return
          }
          if (want === 'login') {
            expect(res.status).toBe(302)
            expect(res.location).toMatch(/^\/login\?redirectTo=/)
          } else expect(res.status).toBe(want)
          expect(await fingerprint()).toBe(before)
        })
      }
    }
  }

  it('shows the page only to the two parties; anyone else gets 404', async () => {
    const { rfqId, quoteId } = await quoteIn('Quoted')
    const view = async (a: ActorName) => callRoute(negotiationLoader, path(rfqId, quoteId), { cookie: cookieOf(a), params: { rfqId, quoteId } })
    const b = await view('buyer')
    expect((b.data as { view: { viewerRole: string; actions: string[] } }).view).toMatchObject({ viewerRole: 'buyer', actions: ['counter', 'accept', 'decline'] })
    const s = await view('seller')
    expect((s.data as { view: { viewerRole: string; actions: string[] } }).view).toMatchObject({ viewerRole: 'seller', actions: ['withdraw'] })
    expect((await view('otherSeller')).status).toBe(404)
    expect((await view('otherBuyer')).status).toBe(404)
    expect((await view('visitor')).location).toMatch(/^\/login/)
    const forged = await callRoute(negotiationLoader, path(rfqId, randomUUID()), { cookie: people.buyer.cookie, params: { rfqId, quoteId: randomUUID() } })
    expect(forged.status).toBe(404)
  })

  it('refuses an invalid counter (400) and writes nothing', async () => {
    const { rfqId, quoteId } = await quoteIn('Quoted')
    const before = await fingerprint()
    const res = await callRoute(negotiationAction, path(rfqId, quoteId), { cookie: people.buyer.cookie, body: form({ intent: 'counter', ...COUNTER, unitPrice: '-1', quantity: '0' }), params: { rfqId, quoteId } })
    expect(res.status).toBe(400)
    expect(res.data).toMatchObject({ fieldErrors: { unitPrice: 'rfqs:quote.errors.pricePositive', quantity: 'rfqs:quote.errors.quantity' } })
    expect(await fingerprint()).toBe(before)
  })

  it("refuses a counter below the quote's minimum order as typed (400, with the minimum), writes nothing; the minimum itself is accepted (issue 26 item 4)", async () => {
    const rfq = await createRfq(people.buyer.profileId, { quantity: 30, unit: 'tonnes' })
    const q = await createQuote(rfq.id, people.seller.profileId, { minOrderQuantity: 25 })
    const send = (quantity: string) =>
      callRoute(negotiationAction, path(rfq.id, q.id), { cookie: people.buyer.cookie, body: form({ intent: 'counter', ...COUNTER, quantity }), params: { rfqId: rfq.id, quoteId: q.id } })
    const page = await callRoute(negotiationLoader, path(rfq.id, q.id), { cookie: people.buyer.cookie, params: { rfqId: rfq.id, quoteId: q.id } })
    expect(page.data).toMatchObject({ view: { quote: { minOrderQuantity: 25 } } })
    const before = await fingerprint()
    const below = await send('24')
    expect(below.status).toBe(400)
    expect(below.data).toEqual({ fieldErrors: { quantity: 'rfqs:negotiation.errors.belowMoq' }, count: 25 })
    expect(await fingerprint()).toBe(before)
    const [unchanged] = await getDb().select({ quantity: quotes.quantity, status: quotes.status }).from(quotes).where(eq(quotes.id, q.id))
    expect(unchanged).toEqual({ quantity: null, status: 'Quoted' })

    const exact = await send('25')
    expect(exact.status).toBe(302)
    const [countered] = await getDb().select({ quantity: quotes.quantity, status: quotes.status }).from(quotes).where(eq(quotes.id, q.id))
    expect(countered).toEqual({ quantity: 25, status: 'Countered' })
  })
})

describe('accept → order', () => {
  it('buyer counters, seller accepts the counter: one order with the exact agreed numbers; other quotes Rejected; RFQ awarded', async () => {
    const buyer = await newBuyer()
    const seller = await newSeller()
    const rival = await newSeller()
    const rfq = await createRfq(buyer.profileId, { quantity: 3 })
    const q = await createQuote(rfq.id, seller.profileId, { currency: 'USD', unitPrice: '1500.00' })
    const other = await createQuote(rfq.id, rival.profileId)
    const countered = await post(rfq.id, q.id, 'counter', buyer.cookie)
    expect(countered.status).toBe(302)
    // Not the buyer's turn any more.
    expect((await post(rfq.id, q.id, 'accept', buyer.cookie)).status).toBe(409)
    const accepted = await post(rfq.id, q.id, 'accept', seller.cookie)
    expect(accepted.status, String(accepted.data)).toBe(302)
    expect(await toastOf(accepted.response)).toMatchObject({ type: 'success', key: 'rfqs:negotiation.done.accept' })
    const rows = await getDb().select().from(orders).where(eq(orders.quoteId, q.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ unitPrice: '1234.56', quantity: 7, total: '8641.92', currency: 'USD', incoterm: 'CIF', incotermPlace: 'Nhava Sheva', leadTimeDays: 45, paymentSchedule: LC_AT_SIGHT, paymentTerms: null, status: 'Pending', buyerId: buyer.profileId, sellerId: seller.profileId })
    const events = await getDb().select().from(orderEvents).where(eq(orderEvents.orderId, rows[0]!.id))
    expect(events.map((e) => e.status)).toEqual(['Pending'])
    const [r] = await getDb().select({ status: rfqs.status }).from(rfqs).where(eq(rfqs.id, rfq.id))
    expect(r!.status).toBe('awarded')
    const [o] = await getDb().select({ status: quotes.status }).from(quotes).where(eq(quotes.id, other.id))
    expect(o!.status).toBe('Rejected')
    const otherRounds = await getDb().select().from(quoteRounds).where(eq(quoteRounds.quoteId, other.id))
    expect(otherRounds.map((x) => [x.action, x.note])).toEqual([['decline', 'notSelected']])
    // Both parties see every round and the order.
    const page = await callRoute(negotiationLoader, path(rfq.id, q.id), { cookie: seller.cookie, params: { rfqId: rfq.id, quoteId: q.id } })
    const view = (page.data as { view: { rounds: { action: string; authorRole: string }[]; order: { total: string } | null; actions: string[] } }).view
    expect(view.rounds.map((x) => `${x.authorRole}:${x.action}`)).toEqual(['buyer:counter', 'seller:accept'])
    expect(view.order?.total).toBe('8641.92')
    expect(view.actions).toEqual([])
    expect((await listOrders(buyer.profileId, 'buyer', 1)).items.map((i) => i.id)).toEqual([rows[0]!.id])
    expect((await listOrders(seller.profileId, 'seller', 1)).items[0]).toMatchObject({ total: '8641.92', quantity: 7, counterpartyCountry: 'India' })
    // A second accept (double click) makes no second order.
    expect((await post(rfq.id, q.id, 'accept', seller.cookie)).status).toBe(409)
    expect(await getDb().select().from(orders).where(eq(orders.rfqId, rfq.id))).toHaveLength(1)
  })

  it('an expired offer cannot be accepted (409), nothing written', async () => {
    const buyer = await newBuyer()
    const seller = await newSeller()
    const rfq = await createRfq(buyer.profileId)
    const q = await createQuote(rfq.id, seller.profileId, { expiresAt: new Date(Date.now() - 1000) })
    const before = await fingerprint()
    const res = await post(rfq.id, q.id, 'accept', buyer.cookie)
    expect(res.status).toBe(409)
    expect(res.data).toEqual({ formError: 'rfqs:negotiation.errors.expired' })
    expect(await fingerprint()).toBe(before)
  })

  it('two accepts of different quotes of one RFQ at the same moment make exactly one order', async () => {
    const buyer = await newBuyer()
    const rfq = await createRfq(buyer.profileId)
    const sellers = [await newSeller(), await newSeller()]
    const qs = await Promise.all(sellers.map((s) => createQuote(rfq.id, s.profileId)))
    const results = await Promise.all(qs.map((q) => actOnQuote(buyer.profileId, rfq.id, q.id, 'accept')))
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.status)).toEqual([409])
    expect(await getDb().select().from(orders).where(eq(orders.rfqId, rfq.id))).toHaveLength(1)
    const statuses = (await getDb().select({ status: quotes.status }).from(quotes).where(eq(quotes.rfqId, rfq.id))).map((s) => s.status).sort()
    expect(statuses).toEqual(['Accepted', 'Rejected'])
  })

  it('a double-clicked accept (the same quote twice at once) makes one order', async () => {
    const buyer = await newBuyer()
    const seller = await newSeller()
    const rfq = await createRfq(buyer.profileId)
    const q = await createQuote(rfq.id, seller.profileId)
    const results = await Promise.all([actOnQuote(buyer.profileId, rfq.id, q.id, 'accept'), actOnQuote(buyer.profileId, rfq.id, q.id, 'accept')])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(await getDb().select().from(orders).where(eq(orders.quoteId, q.id))).toHaveLength(1)
  })
})
