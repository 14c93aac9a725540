// Rates stamped on agreements (issue 28 item 5, ADR 028): a quote's offer, each counter-offer and every
// order record the exchange rates in force when they were made, through the real routes; a stale rate
// is left out, no rate at all is said, and rates entered later never change a stamp.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { exchangeRates, orders, quoteRounds, quotes } from '../../db/schema'
import { shiftDay, utcDay, type Currency } from '~/domain'
import { getDb } from '~/lib/db.server'
import { importRates } from '~/modules/rates/rates.server'
import { ratesInForce } from '~/modules/rates/stamps.server'
import type { RateStamp } from '~/modules/rates/stamp'
import type { OrderDetailDto } from '~/modules/orders/queries.server'
import type { NegotiationDto } from '~/modules/rfqs/negotiation.server'
import { action as orderAction, loader as orderLoader } from '~/routes/trade/order'
import { action as newOrderAction } from '~/routes/trade/order-new'
import { action as negotiationAction, loader as negotiationLoader } from '~/routes/trade/negotiation'
import { action as boardAction } from '~/routes/seller/rfqs'
import { createProduct } from '../factories/catalog'
import { createRfq } from '../factories/trade'
import { createUser, signInCookie, type CreateUserOptions } from '../factories/users'
import { callRoute, form } from './account-support'
import { LC_AT_SIGHT, termsForm } from '../support/payment-terms'

async function signedIn(profile: CreateUserOptions['profile']) {
  const u = await createUser({ profile })
  return { ...u, profileId: u.profileId!, cookie: await signInCookie(u.email, u.password) }
}
type Person = Awaited<ReturnType<typeof signedIn>>

const today = () => utcDay(new Date())
const daysAgo = (n: number) => shiftDay(today(), -n)

/** Enters rates as the operator does (npm run rates:import's path), each a row of [from, to, rate, day, source]. */
async function enterRates(...rows: [Currency, Currency, string, string, string][]) {
  const written = await importRates(
    rows.map(([from, to, rate, effectiveDate, source]) => ({ from, to, rate, effectiveDate, source })),
    { adminId: null, origin: 'cli', audit: async () => {} },
  )
  expect(written.ok).toBe(true)
}

const RBI = 'RBI reference rate'
const CBR = 'CBR official rate'
const ECB = 'ECB euro reference rate'
/** The rates the tests start from: two from today, one three days old. */
const enterUsualRates = () =>
  enterRates(['USD', 'INR', '84.4875', today(), RBI], ['USD', 'RUB', '100.3105', daysAgo(3), CBR], ['EUR', 'USD', '1.0571', today(), ECB])

/** The stamp of a USD deal on the usual rates, with INR at `inr`. */
const usdStamp = (inr = '84.4875000000') => ({
  from: 'USD',
  rates: [
    { to: 'INR', rate: inr, effectiveDate: today(), source: RBI, inverted: false },
    { to: 'RUB', rate: '100.3105000000', effectiveDate: daysAgo(3), source: CBR, inverted: false },
    // Stored as EUR → USD 1.0571: 1/1.0571 to ten places, rounded half up.
    { to: 'EUR', rate: '0.9459842967', effectiveDate: today(), source: ECB, inverted: true },
  ],
})

const quoteForm = (rfqId: string, currency: Currency = 'USD') =>
  form({ intent: 'quote', rfqId, unitPrice: '1250.50', currency, minOrderQuantity: '5', incoterm: 'FOB', incotermPlace: 'Novorossiysk', leadTimeDays: '30', ...termsForm(), validityDays: '', message: '' })
const COUNTER = { unitPrice: '1234.56', quantity: '7', incoterm: 'CIF', incotermPlace: 'Nhava Sheva', leadTimeDays: '45', ...termsForm(LC_AT_SIGHT), validityDays: '10', message: 'Our best offer' }

describe('rates stamped on quotes, counter-offers and orders', () => {
  let buyer: Person
  let seller: Person
  beforeAll(async () => {
    buyer = await signedIn({ userType: 'Buyer', country: 'India', companyName: `Buyer Co ${randomUUID().slice(0, 4)}` })
    seller = await signedIn({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved', companyName: `Seller Co ${randomUUID().slice(0, 4)}` })
  })
  beforeEach(async () => {
    // Each test enters the rates it needs (this file's database is its own).
    await getDb().delete(exchangeRates)
  })

  /** The seller quotes on a fresh RFQ of the buyer through the RFQ board; the quote's ids. */
  async function submitQuote(currency: Currency = 'USD') {
    const rfq = await createRfq(buyer.profileId, { quantity: 10, unit: 'tonnes' })
    const out = await callRoute(boardAction, '/dashboard/rfqs', { cookie: seller.cookie, body: quoteForm(rfq.id, currency) })
    expect(out.status).toBe(302)
    const [q] = await getDb().select({ id: quotes.id }).from(quotes).where(eq(quotes.rfqId, rfq.id))
    return { rfqId: rfq.id, quoteId: q!.id }
  }
  const negotiation = async (who: Person, ids: { rfqId: string; quoteId: string }) =>
    (await callRoute(negotiationLoader, `/rfqs/${ids.rfqId}/quotes/${ids.quoteId}`, { cookie: who.cookie, params: ids })).data as { view: NegotiationDto }
  const act = async (who: Person, ids: { rfqId: string; quoteId: string }, intent: 'counter' | 'accept') => {
    const out = await callRoute(negotiationAction, `/rfqs/${ids.rfqId}/quotes/${ids.quoteId}`, { cookie: who.cookie, params: ids, body: form(intent === 'counter' ? { intent, ...COUNTER } : { intent }) })
    expect(out.status).toBe(302)
  }
  const orderPage = async (who: Person, id: string) => ((await callRoute(orderLoader, `/orders/${id}`, { cookie: who.cookie, params: { id } })).data as { order: OrderDetailDto }).order

  it("stamps a quote's first offer with the rate to every other currency, in force when it was made", async () => {
    await enterUsualRates()
    const before = Date.now()
    const ids = await submitQuote()
    const { view } = await negotiation(buyer, ids)
    expect(view.rounds).toHaveLength(1)
    expect(view.rounds[0]!.rates).toMatchObject(usdStamp())
    const at = Date.parse(view.rounds[0]!.rates!.at)
    expect(at).toBeGreaterThanOrEqual(before - 1)
    expect(at).toBeLessThanOrEqual(Date.now())
    // The current offer is that round: the page shows its stamp, to the seller as well.
    expect(view.quote.offerRates).toEqual(view.rounds[0]!.rates)
    expect((await negotiation(seller, ids)).view.rounds[0]!.rates).toEqual(view.rounds[0]!.rates)
  })

  it('leaves out a rate older than RATE_MAX_AGE_DAYS (7) and keeps one exactly 7 days old', async () => {
    await enterRates(['USD', 'INR', '84.0125', daysAgo(8), RBI], ['USD', 'RUB', '97.2500', daysAgo(7), CBR])
    const { view } = await negotiation(buyer, await submitQuote())
    expect(view.rounds[0]!.rates).toMatchObject({ from: 'USD', rates: [{ to: 'RUB', rate: '97.2500000000', effectiveDate: daysAgo(7), source: CBR, inverted: false }] })
  })

  it('stamps no rate at all when none is known, and says so rather than nothing', async () => {
    const { view } = await negotiation(buyer, await submitQuote())
    expect(view.rounds[0]!.rates).toMatchObject({ from: 'USD', rates: [] })
    // A future rate (announced for next month) is not in force yet either.
    await enterRates(['USD', 'INR', '85.0000', shiftDay(today(), 30), RBI])
    const again = await negotiation(buyer, await submitQuote())
    expect(again.view.rounds[0]!.rates).toMatchObject({ from: 'USD', rates: [] })
  })

  it('stamps each counter-offer and the order made by accepting, and a rate entered later changes none of them', async () => {
    await enterUsualRates()
    const ids = await submitQuote()
    // A correction the same day: the later entry is the rate in force from now on.
    await enterRates(['USD', 'INR', '85.1000', today(), RBI])
    await act(buyer, ids, 'counter')
    let { view } = await negotiation(seller, ids)
    expect(view.rounds.map((r) => r.action)).toEqual(['offer', 'counter'])
    expect(view.rounds[0]!.rates).toMatchObject(usdStamp())
    expect(view.rounds[1]!.rates).toMatchObject(usdStamp('85.1000000000'))
    expect(view.quote.offerRates).toEqual(view.rounds[1]!.rates)

    await enterRates(['USD', 'INR', '86.2000', today(), RBI])
    await act(seller, ids, 'accept')
    ;({ view } = await negotiation(buyer, ids))
    // The accept round sets no terms and carries no stamp; the order carries the rates at acceptance.
    expect(view.rounds.map((r) => [r.action, r.rates === null])).toEqual([['offer', false], ['counter', false], ['accept', true]])
    expect(view.order!.rates).toMatchObject(usdStamp('86.2000000000'))
    const order = await orderPage(buyer, view.order!.id)
    expect(order.rates).toMatchObject(usdStamp('86.2000000000'))
    // ...and the accepted offer's own, round 2, for what the parties saw when it was made.
    expect(order.offerRates).toEqual({ round: 2, stamp: view.rounds[1]!.rates })
    expect((await orderPage(seller, order.id)).rates).toEqual(order.rates)

    // Later rates, a status change: the stamps stay as they were.
    await enterRates(['USD', 'INR', '90.0000', today(), RBI], ['USD', 'RUB', '101.0000', today(), CBR])
    const moved = await callRoute(orderAction, `/orders/${order.id}`, { cookie: seller.cookie, params: { id: order.id }, body: form({ status: 'Accepted', note: '' }) })
    expect(moved.status).toBe(302)
    const after = await orderPage(buyer, order.id)
    expect(after.status).toBe('Accepted')
    expect(after.rates).toEqual(order.rates)
    expect(after.offerRates).toEqual(order.offerRates)
    expect((await negotiation(buyer, ids)).view.rounds.map((r) => r.rates)).toEqual(view.rounds.map((r) => r.rates))
    // What the lookup would give now is different: the stamp is not recomputed.
    expect((await ratesInForce(getDb(), 'USD', new Date())).rates[0]!.rate).toBe('90.0000000000')
  })

  it('stamps a direct order from the product page, from its currency, leaving out the stale pair', async () => {
    await enterRates(['INR', 'RUB', '1.1873', today(), CBR], ['USD', 'RUB', '100.3105', daysAgo(3), CBR], ['EUR', 'RUB', '106.0410', daysAgo(10), CBR])
    const p = await createProduct({ price: '86500.00', currency: 'RUB', stockQuantity: 50, minimumOrderQuantity: 1 })
    const out = await callRoute(newOrderAction, '/orders/new', { cookie: buyer.cookie, body: form({ productId: p.id, quantity: '2', shipping: '0', submissionKey: randomUUID(), ...termsForm() }) })
    expect(out.status).toBe(302)
    const order = await orderPage(buyer, out.location!.replace('/orders/', ''))
    expect(order.rates).toMatchObject({
      from: 'RUB',
      rates: [
        { to: 'USD', rate: '0.0099690461', effectiveDate: daysAgo(3), source: CBR, inverted: true },
        { to: 'INR', rate: '0.8422471153', effectiveDate: today(), source: CBR, inverted: true },
      ],
    } satisfies Partial<RateStamp>)
    expect(order.offerRates).toBeNull()
  })

  it('refuses in the database any change to a stamp once written', async () => {
    await enterUsualRates()
    const ids = await submitQuote()
    await act(buyer, ids, 'counter')
    await act(seller, ids, 'accept')
    const [o] = await getDb().select({ id: orders.id, stamp: orders.rateStamp }).from(orders).where(eq(orders.quoteId, ids.quoteId))
    const forged = { ...(o!.stamp as RateStamp), rates: [] }
    /** The database's refusal (drizzle wraps it: the cause holds PostgreSQL's message). */
    const refusal = (write: PromiseLike<unknown>) =>
      Promise.resolve(write).then(
        () => 'written',
        (e: Error & { cause?: Error }) => (e.cause ?? e).message,
      )
    expect(await refusal(getDb().update(orders).set({ rateStamp: forged }).where(eq(orders.id, o!.id)))).toMatch(/orders\.rate_stamp is written once/)
    expect(await refusal(getDb().update(orders).set({ rateStamp: null }).where(eq(orders.id, o!.id)))).toMatch(/orders\.rate_stamp is written once/)
    expect(await refusal(getDb().update(quoteRounds).set({ rateStamp: forged }).where(eq(quoteRounds.quoteId, ids.quoteId)))).toMatch(/quote_rounds\.rate_stamp is written once/)
    // Other columns still change (the status above; a round's message here), the stamp with them untouched.
    await getDb().update(quoteRounds).set({ message: 'edited' }).where(sql`${quoteRounds.quoteId} = ${ids.quoteId} and ${quoteRounds.round} = 1`)
    const [still] = await getDb().select({ stamp: orders.rateStamp }).from(orders).where(eq(orders.id, o!.id))
    expect(still!.stamp).toEqual(o!.stamp)
  })

  it('reads a stored stamp only through its schema: a malformed one is not shown', async () => {
    await enterUsualRates()
    const ids = await submitQuote()
    // Written past the app (the trigger only guards changes): a round inserted with a bad stamp.
    await getDb().insert(quoteRounds).values({
      quoteId: ids.quoteId,
      round: 2,
      authorRole: 'buyer',
      action: 'counter',
      unitPrice: '1.00',
      quantity: 1,
      incoterm: 'FOB',
      expiresAt: new Date(Date.now() + 86_400_000),
      rateStamp: { from: 'USD', rates: [{ to: 'INR', rate: '1e3' }] },
    })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const { view } = await negotiation(buyer, ids)
      expect(view.rounds[1]!.rates).toBeNull()
      expect(view.rounds[0]!.rates).toMatchObject(usdStamp())
      expect(logged).toHaveBeenCalledWith('rate stamp: a stored value does not have the stamp shape', expect.anything())
    } finally {
      logged.mockRestore()
    }
  })
})
