// The buyer's dashboard (issue 26 item 6): /dashboard shows a buyer their open RFQs, the quotes waiting
// for their answer, their orders by status and their unread messages and notices, each counted in the
// database and each with a link to its list; a seller who also buys finds the same on the Buying tab.
// The loaders are called directly for the numbers, and the pages are rendered through the production
// build for what a user reads.
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { notifications } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { BUYER_OVERVIEW_LIST_SIZE } from '~/modules/dashboard/limits'
import type { BuyerOverviewDto } from '~/modules/dashboard/buyer-overview.server'
import { loader as buyingLoader } from '~/routes/seller/buying'
import { loader as layoutLoader } from '~/routes/seller/dashboard'
import DashboardHome, { loader as homeLoader } from '~/routes/seller/overview'
import { createConversation, createMessage } from '../factories/messaging'
import { createOrder } from '../factories/orders'
import { createQuote } from '../factories/quotes'
import { createRfq } from '../factories/trade'
import { createSignedInUser } from '../factories/users'
import { dispatch } from '../support/app'
import { renderPageText } from '../support/render-page'
import { callRoute } from './account-support'
import type { TradingCountry } from '~/domain'

const buyer = () => createSignedInUser({ userType: 'Buyer', country: 'India', companyName: `Buyer Co ${randomUUID().slice(0, 4)}` })
const seller = (country: TradingCountry = 'Russia') => createSignedInUser({ userType: 'Seller', country, kycStatus: 'Approved', companyName: `Seller Co ${randomUUID().slice(0, 4)}` })

const MINUTE = 60_000
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE)

type Home = { products: unknown; buyer: BuyerOverviewDto | null }
const home = async (cookie: string | null) => callRoute(homeLoader, '/dashboard', { cookie })
const overviewOf = async (cookie: string) => ((await home(cookie)).data as Home).buyer

async function notices(recipientId: string, read: boolean, n: number) {
  await getDb()
    .insert(notifications)
    .values(Array.from({ length: n }, (_, i) => ({ recipientId, kind: 'order_status_changed' as const, params: { order: `o${i}`, status: 'Shipped' }, link: `/orders/${i}`, readAt: read ? new Date() : null })))
}

describe("a buyer's /dashboard", () => {
  let b: Awaited<ReturnType<typeof buyer>>
  let s1: Awaited<ReturnType<typeof seller>>
  let s2: Awaited<ReturnType<typeof seller>>
  let awaitingNewest: { id: string; rfqId: string }
  let awaitingOlderId = ''
  let newestOpenTitle = ''

  beforeAll(async () => {
    b = await buyer()
    s1 = await seller()
    s2 = await seller('India')
    const someoneElse = await buyer()

    // Seven open RFQs (the dashboard lists the newest BUYER_OVERVIEW_LIST_SIZE), one closed, one awarded; and another buyer's.
    const open = []
    for (let i = 0; i < 7; i++) open.push(await createRfq(b.profileId, { createdAt: ago(100 - i) }))
    newestOpenTitle = open.at(-1)!.title
    const closed = await createRfq(b.profileId, { status: 'closed', closedAt: new Date() })
    await createRfq(b.profileId, { status: 'awarded' })
    const others = await createRfq(someoneElse.profileId)

    // Quotes: waiting for the buyer are Quoted, not expired, on an open RFQ; two of them.
    const older = await createQuote(open[0]!.id, s1.profileId, { status: 'Quoted', updatedAt: ago(30) })
    const newer = await createQuote(open[1]!.id, s1.profileId, { status: 'Quoted', updatedAt: ago(5) })
    awaitingNewest = { id: newer!.id, rfqId: open[1]!.id }
    awaitingOlderId = older!.id
    await createQuote(open[0]!.id, s2.profileId, { status: 'Countered' }) // the seller's turn
    await createQuote(open[1]!.id, s2.profileId, { status: 'Quoted', expiresAt: ago(1) }) // expired
    await createQuote(open[2]!.id, s2.profileId, { status: 'Withdrawn' })
    await createQuote(open[2]!.id, s1.profileId, { status: 'Countered' })
    await createQuote(closed!.id, s1.profileId, { status: 'Quoted' }) // the RFQ is closed
    await createQuote(others!.id, s1.profileId, { status: 'Quoted' }) // someone else's RFQ

    // Orders: 2 Pending, 1 Shipped, 1 Delivered, 1 Cancelled as the buyer; another buyer's; one where the buyer is not the buyer.
    for (const status of ['Pending', 'Pending', 'Shipped', 'Delivered', 'Cancelled'] as const) await createOrder(b.profileId, s1.profileId, status)
    await createOrder(someoneElse.profileId, s1.profileId, 'Accepted')

    // Messages: three from sellers unread by the buyer (in two conversations), the buyer's own, and another buyer's conversation.
    const c1 = await createConversation(b.profileId, s1.profileId)
    // The buyer's own message first: writing marks what came before as read.
    await createMessage(c1, b.profileId, 'Do you ship to Chennai?', { at: ago(10) })
    await createMessage(c1, s1.profileId, 'Price list attached', { at: ago(9) })
    await createMessage(c1, s1.profileId, 'Any questions?', { at: ago(8) })
    const c2 = await createConversation(b.profileId, s2.profileId)
    await createMessage(c2, s2.profileId, 'Hello from Pune')
    const c3 = await createConversation(someoneElse.profileId, s1.profileId)
    await createMessage(c3, s1.profileId, 'Not for you')

    // Notices: two unread, one read; and another user's unread one.
    await notices(b.profileId, false, 2)
    await notices(b.profileId, true, 1)
    await notices(someoneElse.profileId, false, 1)
  })

  it('sends a visitor to sign in and back', async () => {
    const res = await home(null)
    expect(res.status).toBe(302)
    expect(res.location).toBe('/login?redirectTo=%2Fdashboard')
    const tab = await callRoute(buyingLoader, '/dashboard/buying')
    expect(tab.location).toBe('/login?redirectTo=%2Fdashboard%2Fbuying')
  })

  it('counts what waits for the buyer, from the database', async () => {
    const o = (await overviewOf(b.cookie))!
    expect(o).not.toBeNull()
    expect(o.openRfqs.total).toBe(7)
    expect(o.openRfqs.items).toHaveLength(BUYER_OVERVIEW_LIST_SIZE)
    expect(o.openRfqs.items[0]!.title).toBe(newestOpenTitle)
    expect(o.openRfqs.items.map((r) => r.productRequest)).toEqual([false, false, false, false, false])
    expect(o.awaitingQuotes.total).toBe(2)
    // The quote the seller answered last comes first.
    expect(o.awaitingQuotes.items.map((q) => q.id)).toEqual([awaitingNewest.id, awaitingOlderId])
    expect(o.awaitingQuotes.items[0]).toMatchObject({ id: awaitingNewest.id, rfqId: awaitingNewest.rfqId, sellerCompany: expect.stringMatching(/^Seller Co /), unitPrice: '1250.00', currency: 'USD' })
    expect(o.orders).toEqual({ total: 5, byStatus: { Pending: 2, Accepted: 0, Shipped: 1, Delivered: 1, Cancelled: 1 } })
    expect(o.unreadMessages).toBe(3)
    expect(o.unreadNotifications).toBe(2)
  })

  it('lists the quote counts of each open RFQ without withdrawn quotes', async () => {
    const o = (await overviewOf(b.cookie))!
    // The two oldest open RFQs are past the list; the third oldest has a Countered quote and a withdrawn one.
    const third = o.openRfqs.items.at(-1)!
    expect(third.quoteCount).toBe(1)
    expect(o.openRfqs.items.slice(0, -1).map((r) => r.quoteCount)).toEqual([0, 0, 0, 0])
  })

  it('follows the database: a new open RFQ and a quote answered change the counts', async () => {
    const before = (await overviewOf(b.cookie))!
    const rfq = await createRfq(b.profileId)
    await createQuote(rfq!.id, s2.profileId, { status: 'Quoted' })
    const after = (await overviewOf(b.cookie))!
    expect(after.openRfqs.total).toBe(before.openRfqs.total + 1)
    expect(after.openRfqs.items[0]!.id).toBe(rfq!.id)
    expect(after.openRfqs.items[0]!.quoteCount).toBe(1)
    expect(after.awaitingQuotes.total).toBe(before.awaitingQuotes.total + 1)
    // A request sent from a product page to one seller is an open RFQ too, marked as such.
    const request = await createRfq(b.profileId, { sellerId: s1.profileId })
    const latest = (await overviewOf(b.cookie))!
    expect(latest.openRfqs.total).toBe(after.openRfqs.total + 1)
    expect(latest.openRfqs.items[0]).toMatchObject({ id: request!.id, productRequest: true, quoteCount: 0 })
  })

  it('gives a fresh buyer zeros, and a signed-in user without a profile nothing', async () => {
    const fresh = await buyer()
    expect(await overviewOf(fresh.cookie)).toEqual({
      openRfqs: { total: 0, items: [] },
      awaitingQuotes: { total: 0, items: [] },
      orders: { total: 0, byStatus: { Pending: 0, Accepted: 0, Shipped: 0, Delivered: 0, Cancelled: 0 } },
      unreadMessages: 0,
      unreadNotifications: 0,
    })
    const incomplete = await createSignedInUser(null)
    const res = await home(incomplete.cookie)
    expect(res.status).toBe(200)
    expect(res.data).toEqual({ products: null, buyer: null })
  })

  it('frames it as the buyer’s own dashboard', async () => {
    const layout = (await callRoute(layoutLoader, '/dashboard', { cookie: b.cookie })).data as { state: string; title: string; buyer: { name: string } | null }
    expect(layout.state).toBe('buyer')
    expect(layout.title).toBe('My Dashboard')
    expect(layout.buyer?.name).toBeTruthy()
  })
})

describe('the overview in each RFQ’s unit (issue 28)', () => {
  it('says what a quote’s price is per and counts the quantity in the unit', async () => {
    const b = await buyer()
    const s = await seller()
    const rfq = await createRfq(b.profileId, { title: 'Durum wheat', quantity: 500, unit: 'tonnes' })
    await createQuote(rfq!.id, s.profileId, { status: 'Quoted', unitPrice: '245.00', currency: 'USD' })
    const data = (await home(b.cookie)).data
    const text = await renderPageText(DashboardHome as never, data, '/dashboard')
    expect(text).toContain('$245.00 per tonne, 500 t')
    expect(text).not.toContain('per unit')
    expect(await renderPageText(DashboardHome as never, data, '/dashboard', 'hi')).toContain('प्रति टन')
  })
})

describe('a seller who also buys', () => {
  it('keeps My Products at /dashboard and finds their buying on the Buying tab', async () => {
    const s = await seller()
    const other = await seller('India')
    const rfq = await createRfq(s.profileId)
    await createQuote(rfq!.id, other.profileId, { status: 'Quoted' })
    await createOrder(s.profileId, other.profileId, 'Shipped')
    // An order the seller received is not one they placed.
    await createOrder((await buyer()).profileId, s.profileId, 'Pending')

    const data = (await home(s.cookie)).data as Home
    expect(data.buyer).toBeNull()
    expect(data.products).toMatchObject({ list: expect.any(Object) })

    const tab = (await callRoute(buyingLoader, '/dashboard/buying', { cookie: s.cookie })).data as { overview: BuyerOverviewDto }
    expect(tab.overview.openRfqs.total).toBe(1)
    expect(tab.overview.awaitingQuotes.total).toBe(1)
    expect(tab.overview.orders.total).toBe(1)
    expect(tab.overview.orders.byStatus.Shipped).toBe(1)
    expect(tab.overview.orders.byStatus.Pending).toBe(0)
  })
})

describe('the pages, rendered', () => {
  it('shows a buyer the overview with a link to each list, and the seller-only tabs lead back to it', async () => {
    const b = await buyer()
    const s = await seller()
    const rfq = await createRfq(b.profileId, { title: 'Basmati rice 1121, 40 t' })
    await createQuote(rfq!.id, s.profileId, { status: 'Quoted' })
    await createOrder(b.profileId, s.profileId, 'Accepted')

    const res = await dispatch('/dashboard', { cookie: b.cookie })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).not.toContain('Seller Account Required')
    expect(html).toContain('My Dashboard')
    expect(html).toContain('Basmati rice 1121, 40 t')
    expect(html).toMatch(/data-testid="buyer-open-rfqs">1</)
    expect(html).toMatch(/data-testid="buyer-awaiting-quotes">1</)
    expect(html).toMatch(/data-testid="buyer-orders-Accepted">1</)
    expect(html).toMatch(/data-testid="buyer-unread-messages">0</)
    for (const href of ['/rfqs', '/orders', '/messages', '/notifications', '/create-rfq', `/rfqs/${rfq!.id}/quotes/`]) expect(html).toContain(`href="${href}`)

    const sellerTab = await dispatch('/dashboard/products', { cookie: b.cookie })
    const gate = await sellerTab.text()
    expect(gate).toContain('Seller Account Required')
    expect(gate).toContain('href="/dashboard"')
  })

  it('shows a seller the Buying tab beside their own tabs', async () => {
    const s = await seller()
    await createRfq(s.profileId, { title: 'Packaging film for export' })
    const products = await (await dispatch('/dashboard', { cookie: s.cookie })).text()
    expect(products).toContain('href="/dashboard/buying"')
    const res = await dispatch('/dashboard/buying', { cookie: s.cookie })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('Total Products')
    expect(html).toContain('Packaging film for export')
    expect(html).toMatch(/data-testid="buyer-open-rfqs">1</)
  })
})
