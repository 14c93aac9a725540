// The reader's currency where traders read amounts after the catalog (issue 28 items 4 and 5): the
// buyer's quote comparison and overview convert at today's rate ("≈ ₹…", the rate on hover and focus),
// negotiation rounds and order lists at the rate stamped on the offer or the order, through the real
// loaders and the page components as the server renders them for the reader.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { orders, quotes } from '../../db/schema'
import { shiftDay, utcDay, type Currency } from '~/domain'
import { getDb } from '~/lib/db.server'
import { termsForm } from '../support/payment-terms'
import { formatDate } from '~/lib/format'
import { readerOf, type Language, type Reader } from '~/lib/i18n'
import { importRates, readerRates } from '~/modules/rates/rates.server'
import MyRfqs, { loader as rfqsLoader } from '~/routes/trade/rfqs'
import MyOrders, { loader as ordersLoader } from '~/routes/trade/orders'
import Negotiation, { action as negotiationAction, loader as negotiationLoader } from '~/routes/trade/negotiation'
import SellerOrders, { loader as sellerOrdersLoader } from '~/routes/seller/orders'
import DashboardHome, { loader as homeLoader } from '~/routes/seller/overview'
import SellerRfqBoard, { action as boardAction, loader as boardLoader } from '~/routes/seller/rfqs'
import { createRfq } from '../factories/trade'
import { createUser, signInCookie, type CreateUserOptions } from '../factories/users'
import { renderPageTextWithRoot } from '../support/render-page'
import { callRoute, form } from './account-support'

async function signedIn(profile: CreateUserOptions['profile']) {
  const u = await createUser({ profile })
  return { ...u, profileId: u.profileId!, cookie: await signInCookie(u.email, u.password) }
}

const today = () => utcDay(new Date())
const RBI = 'RBI reference rate'
const CBR = 'CBR official rate'

/** What the root loader hands the page for a reader of `currency` (the same function it calls). */
async function root(currency: Currency, reader: Reader) {
  return { reader, rates: await readerRates(currency, reader) }
}
const render = async (page: unknown, data: unknown, path: string, currency: Currency, reader: Reader, lng: Language = reader.lng) =>
  renderPageTextWithRoot(page as never, data, path, await root(currency, reader), lng)

describe("amounts in the reader's currency after the catalog", () => {
  let buyer: Awaited<ReturnType<typeof signedIn>>
  let seller: Awaited<ReturnType<typeof signedIn>>
  const indianReader = readerOf('en', 'India')
  let ids: { rfqId: string; quoteId: string }

  beforeAll(async () => {
    buyer = await signedIn({ userType: 'Buyer', country: 'India', companyName: `Buyer Co ${randomUUID().slice(0, 4)}` })
    seller = await signedIn({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved', companyName: `Seller Co ${randomUUID().slice(0, 4)}` })
    const written = await importRates(
      [
        { from: 'USD', to: 'INR', rate: '84.4875', effectiveDate: today(), source: RBI },
        { from: 'USD', to: 'RUB', rate: '100.3105', effectiveDate: shiftDay(today(), -3), source: CBR },
      ],
      { adminId: null, origin: 'cli', audit: async () => {} },
    )
    expect(written.ok).toBe(true)
    // The seller quotes $1,250.50 a tonne on the buyer's 10 t through the RFQ board (the offer is stamped).
    const rfq = await createRfq(buyer.profileId, { quantity: 10, unit: 'tonnes' })
    const body = form({ intent: 'quote', rfqId: rfq.id, unitPrice: '1250.50', currency: 'USD', minOrderQuantity: '5', incoterm: 'FOB', incotermPlace: 'Novorossiysk', leadTimeDays: '30', ...termsForm(), validityDays: '', message: '' })
    expect((await callRoute(boardAction, '/dashboard/rfqs', { cookie: seller.cookie, body })).status).toBe(302)
    const [q] = await getDb().select({ id: quotes.id }).from(quotes).where(eq(quotes.rfqId, rfq.id))
    ids = { rfqId: rfq.id, quoteId: q!.id }
  })

  it("puts today's rupee figure beside each quote in the buyer's comparison and overview, with the rate on hover", async () => {
    const list = await callRoute(rfqsLoader, '/rfqs', { cookie: buyer.cookie })
    const text = await render(MyRfqs, list.data, '/rfqs', 'INR', indianReader)
    // 1,250.50 × 84.4875 = 1,05,651.61875, rounded half up to the paisa, in lakh grouping.
    expect(text).toContain('$1,250.50 / t ≈ ₹1,05,651.62')
    expect(text).toContain(`Approximate: at the USD → INR rate of ${formatDate(today(), indianReader)} (${RBI})`)
    expect(text).toContain(`≈ approximate amount in INR, at the USD → INR rate of ${formatDate(today(), indianReader)} (${RBI}).`)
    // A reader of dollars sees the quote as it is, nothing converted.
    expect(await render(MyRfqs, list.data, '/rfqs', 'USD', indianReader)).not.toContain('≈')
    const home = await callRoute(homeLoader, '/dashboard', { cookie: buyer.cookie })
    expect(await render(DashboardHome, home.data, '/dashboard', 'INR', indianReader)).toContain('$1,250.50 per tonne, 10 t ≈ ₹1,05,651.62')
  })

  it("puts an RFQ's budget in the reader's currency on the buyer's list and the sellers' board", async () => {
    await createRfq(buyer.profileId, { title: 'Budgeted wheat', budgetMin: '5000.00', budgetMax: '8000.00', currency: 'USD', locationPreference: 'Both' })
    const list = await callRoute(rfqsLoader, '/rfqs', { cookie: buyer.cookie })
    // 5,000 × 84.4875 and 8,000 × 84.4875, in lakh grouping.
    expect(await render(MyRfqs, list.data, '/rfqs', 'INR', indianReader)).toContain('$5,000.00 to $8,000.00 ≈ ₹4,22,437.50 to ₹6,75,900.00')
    const board = await callRoute(boardLoader, '/dashboard/rfqs', { cookie: seller.cookie })
    const ru = readerOf('ru', 'Russia')
    // The seller reads roubles in Russian: 5,000 × 100.3105 and 8,000 × 100.3105.
    expect(await render(SellerRfqBoard, board.data, '/dashboard/rfqs', 'RUB', ru)).toContain('≈ от 501 552,50 ₽ до 802 484,00 ₽')
  })

  it("shows each negotiation round's unit price at the rate stamped on the round", async () => {
    const page = await callRoute(negotiationLoader, `/rfqs/${ids.rfqId}/quotes/${ids.quoteId}`, { cookie: buyer.cookie, params: ids })
    const path = `/rfqs/${ids.rfqId}/quotes/${ids.quoteId}`
    expect(await render(Negotiation, page.data, path, 'INR', indianReader)).toContain(`≈ ₹1,05,651.62 per tonne at this offer's rate of ${formatDate(today(), indianReader)}`)
    // The seller reads roubles, in Russian: the stamp's USD → RUB rate, 1,250.50 × 100.3105 = 125 438,28025.
    const ru = readerOf('ru', 'Russia')
    expect(await render(Negotiation, page.data, path, 'RUB', ru)).toContain(`≈ 125 438,28 ₽ за тонну по курсу на момент этого предложения (${formatDate(shiftDay(today(), -3), ru)})`)
  })

  it('shows the order lists\' totals at the rate stamped on each order, for the buyer and the seller', async () => {
    const accepted = await callRoute(negotiationAction, `/rfqs/${ids.rfqId}/quotes/${ids.quoteId}`, { cookie: buyer.cookie, params: ids, body: form({ intent: 'accept' }) })
    expect(accepted.status).toBe(302)
    const [order] = await getDb().select({ total: orders.total }).from(orders).where(eq(orders.quoteId, ids.quoteId))
    expect(order!.total).toBe('12505.00')
    const mine = await callRoute(ordersLoader, '/orders', { cookie: buyer.cookie })
    const text = await render(MyOrders, mine.data, '/orders', 'INR', indianReader)
    // 12,505.00 × 84.4875 = 10,56,516.1875.
    expect(text).toContain('$12,505.00 ≈ ₹10,56,516.19')
    expect(text).toContain(`At the USD → INR rate recorded with the order: ${formatDate(today(), indianReader)} (${RBI})`)
    const theirs = await callRoute(sellerOrdersLoader, '/dashboard/orders', { cookie: seller.cookie })
    const ru = readerOf('ru', 'Russia')
    expect(await render(SellerOrders, theirs.data, '/dashboard/orders', 'RUB', ru)).toContain('12 505,00 $ ≈ 1 254 382,80 ₽')
    // A reader of a currency the stamp has no rate to (none was fresh) sees no figure rather than today's.
    expect(await render(MyOrders, mine.data, '/orders', 'EUR', readerOf('en'))).not.toContain('≈')
  })
})
