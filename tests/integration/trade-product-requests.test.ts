// Product requests (issue 8 item 2, ADR 009): "Request a quote" on a product page makes an RFQ addressed
// to the product's seller. POST /products/:id/request-quote, the seller's board (only the addressed
// seller sees it and may quote), Reject with a reason, the buyer's My RFQs, and the notifications.
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { notifications, products, quotes, rfqs } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { action as boardAction, loader as boardLoader } from '~/routes/seller/rfqs'
import { action as requestAction, loader as requestLoader } from '~/routes/trade/product-request'
import { loader as listLoader } from '~/routes/trade/rfqs'
import { createCategory, createProduct, createSeller } from '../factories/catalog'
import { createQuote } from '../factories/quotes'
import { createRfq } from '../factories/trade'
import { createSignedInUser, createUser, signInCookie } from '../factories/users'
import { callRoute, form, toastOf } from './account-support'
import type { TradingCountry } from '~/domain'
import { termsForm } from '../support/payment-terms'

type Party = Awaited<ReturnType<typeof createSignedInUser>>
const newBuyer = () => createSignedInUser({ userType: 'Buyer', country: 'India', companyName: `Buyer Co ${randomUUID().slice(0, 4)}` })
const newSeller = (country: TradingCountry = 'Russia', kycStatus: 'Approved' | 'Pending' = 'Approved') =>
  createSignedInUser({ userType: 'Seller', country, kycStatus, companyName: `Seller Co ${randomUUID().slice(0, 6)}` })

/** A public product of `seller` (MOQ 10, 250.00 INR), named in English and Russian. */
async function productOf(seller: Party, extra: Parameters<typeof createProduct>[0] = {}) {
  const n = randomUUID().slice(0, 6)
  return createProduct({
    sellerId: seller.profileId,
    price: '250.00',
    currency: 'INR',
    minimumOrderQuantity: 10,
    translations: { en: { name: `Organic turmeric powder ${n}` }, ru: { name: `Органическая куркума ${n}` } },
    ...extra,
  })
}

const request = (cookie: string | null, productId: string, fields: Record<string, string> = {}, query = '') =>
  callRoute(requestAction, `/products/${productId}/request-quote${query}`, {
    cookie,
    params: { id: productId },
    body: form({ quantity: '12', currency: 'EUR', message: 'Delivery to Moscow, 25 kg bags please.', submissionKey: randomUUID(), ...fields }),
  })

const quoteFields = (rfqId: string) =>
  form({ intent: 'quote', rfqId, unitPrice: '240.00', currency: 'INR', minOrderQuantity: '10', incoterm: 'FOB', incotermPlace: 'Chennai', leadTimeDays: '21', validityDays: '30', message: '', ...termsForm() })
const quoteOn = (cookie: string, rfqId: string) => callRoute(boardAction, '/dashboard/rfqs', { cookie, body: quoteFields(rfqId) })
const reject = (cookie: string, rfqId: string, reason: string | null = 'Out of stock until October.') =>
  callRoute(boardAction, '/dashboard/rfqs', { cookie, body: form(reason === null ? { intent: 'reject', rfqId } : { intent: 'reject', rfqId, reason }) })

type BoardItem = { id: string; title: string; request: { productId: string | null; productName: string | null; price: string | null; currency: string | null; minimumOrderQuantity: number | null } | null }
const board = async (cookie: string, qs = '') => ((await callRoute(boardLoader, `/dashboard/rfqs${qs}`, { cookie })).data as { board: { items: BoardItem[] } }).board.items
type ListItem = { id: string; status: string; request: { product: { id: string; name: string; public: boolean } | null; sellerCompany: string; status: string; rejectionReason: string | null } | null }
const myRfqs = async (cookie: string) => (await callRoute(listLoader, '/rfqs', { cookie })).data as { list: { items: ListItem[] }; quotes: Record<string, { id: string; unitPrice: string; sellerCompany: string }[]> }

/** Row count and newest row version of every table these flows write. */
async function fingerprint() {
  const r = await getDb().execute(
    sql`select (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from rfqs) r, (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from notifications) n, (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from quotes) q, (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from quote_rounds) qr`,
  )
  return JSON.stringify(r.rows[0])
}
const rfqRow = async (id: string) => (await getDb().select().from(rfqs).where(eq(rfqs.id, id)))[0]!
const rfqIdFrom = async (buyerId: string, submissionKey: string) =>
  (await getDb().select({ id: rfqs.id }).from(rfqs).where(and(eq(rfqs.buyerId, buyerId), eq(rfqs.submissionKey, submissionKey))))[0]?.id
const noticesFor = (recipientId: string) => getDb().select().from(notifications).where(eq(notifications.recipientId, recipientId))

/** Makes a request through the route and returns its RFQ id. */
async function requested(buyer: Party, productId: string, fields: Record<string, string> = {}) {
  const key = randomUUID()
  const out = await request(buyer.cookie, productId, { submissionKey: key, ...fields })
  expect(out.status, JSON.stringify(out.data)).toBe(302)
  return (await rfqIdFrom(buyer.profileId, key))!
}

describe('requesting a quote from a product page (POST /products/:id/request-quote)', () => {
  let buyer: Party
  let seller: Party
  // A buyer of its own for each test: a buyer may send ACTION_LIMITS.productRequest's 5 requests in ten
  // minutes (tests/integration/action-limits.test.ts), and these tests together send more.
  beforeEach(async () => {
    buyer = await newBuyer()
    seller = await newSeller()
  })

  it("makes an RFQ addressed to the product's seller, notifies the seller, and goes to My RFQs with a toast", async () => {
    const category = await createCategory()
    const p = await productOf(seller, { categoryId: category.id, unit: 'kg', attributes: { hsCode: '0910.30' } })
    const key = randomUUID()
    const out = await request(buyer.cookie, p.id, { quantity: '12', currency: 'EUR', submissionKey: key })
    expect(out.status).toBe(302)
    expect(out.location).toBe('/rfqs')
    expect(await toastOf(out.response)).toMatchObject({ type: 'success', key: 'rfqs:productRequest.sent' })
    const id = (await rfqIdFrom(buyer.profileId, key))!
    expect(await rfqRow(id)).toMatchObject({
      productId: p.id,
      sellerId: seller.profileId,
      buyerId: buyer.profileId,
      title: p.translations.en!.name,
      description: 'Delivery to Moscow, 25 kg bags please.',
      quantity: 12,
      unit: 'kg',
      currency: 'EUR',
      locationPreference: 'Both',
      categoryId: category.id,
      hsCode: '091030',
      budgetMin: null,
      deadline: null,
      status: 'open',
      rejectionReason: null,
    })
    const notices = (await noticesFor(seller.profileId)).filter((n) => n.kind === 'request_received' && n.params.title === p.translations.en!.name)
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({ actorId: buyer.profileId, link: '/dashboard/rfqs', emailStatus: 'pending', params: { quantity: '12', currency: 'EUR' } })
    // A GET of the route goes back to the product.
    expect((await callRoute(requestLoader, `/products/${p.id}/request-quote`, { params: { id: p.id } })).location).toBe(`/products/${p.id}`)
  })

  it("titles the request with the product's name in the buyer's language; a short name gets a generated title; the message is optional", async () => {
    const p = await productOf(seller)
    const key = randomUUID()
    expect((await request(buyer.cookie, p.id, { submissionKey: key, quantity: '10', message: '   ' }, '?lng=ru')).status).toBe(302)
    expect(await rfqRow((await rfqIdFrom(buyer.profileId, key))!)).toMatchObject({ title: p.translations.ru!.name, description: '', quantity: 10 })
    // No Hindi name: English is the fallback.
    const hiKey = randomUUID()
    expect((await request(buyer.cookie, p.id, { submissionKey: hiKey }, '?lng=hi')).status).toBe(302)
    expect((await rfqRow((await rfqIdFrom(buyer.profileId, hiKey))!)).title).toBe(p.translations.en!.name)
    const tea = await productOf(seller, { translations: { en: { name: 'Tea' } } })
    const teaKey = randomUUID()
    expect((await request(buyer.cookie, tea.id, { submissionKey: teaKey })).status).toBe(302)
    expect((await rfqRow((await rfqIdFrom(buyer.profileId, teaKey))!)).title).toBe('Quote request: Tea')
  })

  it("counts the quantity in the product's unit (issue 28)", async () => {
    for (const unit of ['tonnes', 'carats', 'pieces', 'containers_40ft'] as const) {
      const p = await productOf(seller, { unit })
      expect((await rfqRow(await requested(buyer, p.id))).unit, unit).toBe(unit)
    }
  })

  it("a quote on it starts in the product's unit: prefilled from the product while it is sold in that unit, not once it is sold in another (issue 28)", async () => {
    const p = await productOf(seller, { unit: 'tonnes' })
    const id = await requested(buyer, p.id)
    const item = async () => (await board(seller.cookie)).find((i) => i.id === id)! as BoardItem & { unit: string }
    expect(await item()).toMatchObject({ unit: 'tonnes', request: { price: '250.00', currency: 'INR', minimumOrderQuantity: 10 } })
    // The seller now sells it by the kilogram: a price per kilogram is not a price per tonne.
    await getDb().update(products).set({ unit: 'kg' }).where(eq(products.id, p.id))
    expect(await item()).toMatchObject({ unit: 'tonnes', request: { price: null, currency: 'INR', minimumOrderQuantity: null } })
    // The quote is in the request's unit, and so is the notice the buyer reads.
    expect((await quoteOn(seller.cookie, id)).status).toBe(302)
    expect((await noticesFor(buyer.profileId)).find((n) => n.kind === 'quote_received')?.params).toMatchObject({ amount: '240.00', unit: 'tonnes', quantity: '12' })
  })

  it('a double submit of the same form makes one request and one notice', async () => {
    const p = await productOf(seller)
    const key = randomUUID()
    const outs = await Promise.all([request(buyer.cookie, p.id, { submissionKey: key }), request(buyer.cookie, p.id, { submissionKey: key })])
    const again = await request(buyer.cookie, p.id, { submissionKey: key })
    for (const o of [...outs, again]) expect(o.status).toBe(302)
    const rows = await getDb().select({ id: rfqs.id }).from(rfqs).where(eq(rfqs.productId, p.id))
    expect(rows).toHaveLength(1)
    const notices = (await noticesFor(seller.profileId)).filter((n) => n.kind === 'request_received' && n.params.title === p.translations.en!.name)
    expect(notices).toHaveLength(1)
  })

  it('refuses, writing nothing: visitors, no profile, own product, hidden or unknown products, bad quantities, currencies and messages', async () => {
    const p = await productOf(seller)
    const hidden = await productOf(seller, { isActive: false })
    const pendingSeller = await createSeller({ kycStatus: 'Pending' })
    const pendingProduct = await createProduct({ sellerId: pendingSeller.id, minimumOrderQuantity: 1 })
    const suspendedSeller = await createSeller({ accountStatus: 'suspended' })
    const suspendedProduct = await createProduct({ sellerId: suspendedSeller.id, minimumOrderQuantity: 1 })
    const incomplete = await createUser({ profile: null })
    const incompleteCookie = await signInCookie(incomplete.email, incomplete.password)
    const before = await fingerprint()

    const visitor = await request(null, p.id)
    expect(visitor.status).toBe(302)
    expect(visitor.location).toBe(`/login?redirectTo=${encodeURIComponent(`/products/${p.id}`)}`)
    expect(await toastOf(visitor.response)).toMatchObject({ type: 'info', key: 'catalog:product.request.loginRequired' })

    const cases: [string, Awaited<ReturnType<typeof request>>, number, unknown][] = [
      ['no profile', await request(incompleteCookie, p.id), 403, { formError: 'rfqs:errors.profileNotFound' }],
      ['own product', await request(seller.cookie, p.id), 403, { formError: 'rfqs:productRequest.errors.ownProduct' }],
      ['inactive product', await request(buyer.cookie, hidden.id), 404, { formError: 'rfqs:productRequest.errors.notFound' }],
      ["KYC-pending seller's product", await request(buyer.cookie, pendingProduct.id), 404, { formError: 'rfqs:productRequest.errors.notFound' }],
      ["suspended seller's product", await request(buyer.cookie, suspendedProduct.id), 404, { formError: 'rfqs:productRequest.errors.notFound' }],
      ['unknown product', await request(buyer.cookie, '00000000-0000-4000-8000-000000000000'), 404, { formError: 'rfqs:productRequest.errors.notFound' }],
      ['malformed id', await request(buyer.cookie, 'not-a-uuid'), 404, { formError: 'rfqs:productRequest.errors.notFound' }],
      ['below the minimum order', await request(buyer.cookie, p.id, { quantity: '9' }), 400, { fieldErrors: { quantity: 'rfqs:productRequest.errors.belowMoq' }, count: 10 }],
      ['quantity 0', await request(buyer.cookie, p.id, { quantity: '0' }), 400, { fieldErrors: { quantity: 'rfqs:productRequest.errors.quantity' } }],
      ['negative quantity', await request(buyer.cookie, p.id, { quantity: '-5' }), 400, { fieldErrors: { quantity: 'rfqs:productRequest.errors.quantity' } }],
      ['a fraction of a piece', await request(buyer.cookie, p.id, { quantity: '10.5' }), 400, { fieldErrors: { quantity: 'units:problems.whole.pieces' } }],
      ['more decimals than any unit has', await request(buyer.cookie, p.id, { quantity: '10.0001' }), 400, { fieldErrors: { quantity: 'rfqs:productRequest.errors.quantity' } }],
      ['huge quantity', await request(buyer.cookie, p.id, { quantity: '99999999999' }), 400, { fieldErrors: { quantity: 'rfqs:productRequest.errors.quantityMax' } }],
      ['currency outside the list', await request(buyer.cookie, p.id, { currency: 'GBP' }), 400, { fieldErrors: { currency: 'rfqs:productRequest.errors.currency' } }],
      ['message too long', await request(buyer.cookie, p.id, { message: 'x'.repeat(2001) }), 400, { fieldErrors: { message: 'rfqs:productRequest.errors.messageMax' } }],
      ['no form token', await request(buyer.cookie, p.id, { submissionKey: '' }), 400, { fieldErrors: { form: 'rfqs:productRequest.errors.expired' } }],
    ]
    for (const [name, out, status, body] of cases) {
      expect(out.status, name).toBe(status)
      expect(out.data, name).toMatchObject(body as object)
    }
    expect(await fingerprint()).toBe(before)
  })

  it('accepts a message of exactly 2000 characters and strips control characters from it', async () => {
    const p = await productOf(seller)
    const id = await requested(buyer, p.id, { message: `a\u0000b${'c'.repeat(1998)}` })
    expect((await rfqRow(id)).description).toBe(`ab${'c'.repeat(1998)}`)
  })
})

describe('product requests on the RFQ board (/dashboard/rfqs)', () => {
  it('only the addressed seller sees a product request, whatever the filters; other sellers never do', async () => {
    const buyer = await newBuyer()
    const addressed = await newSeller('Russia')
    const sameCountry = await newSeller('Russia')
    const otherCountry = await newSeller('India')
    const category = await createCategory()
    // The other sellers sell in the same category, so "matches my catalog" would match them.
    await createProduct({ sellerId: sameCountry.profileId, categoryId: category.id })
    await createProduct({ sellerId: otherCountry.profileId, categoryId: category.id })
    const p = await productOf(addressed, { categoryId: category.id })
    const id = await requested(buyer, p.id, { currency: 'INR' })
    const open = await createRfq(buyer.profileId, { title: `Open RFQ ${randomUUID().slice(0, 6)}` })
    const title = (await rfqRow(id)).title

    const filters = ['', `?q=${encodeURIComponent(title)}`, '?match=1', `?category=${category.id}`, '?currency=INR', '?notQuoted=1', '?mine=1']
    for (const qs of filters) {
      const mine = (await board(addressed.cookie, qs)).find((i) => i.id === id)
      expect(mine, `addressed seller ${qs}`).toBeDefined()
      for (const other of [sameCountry, otherCountry]) expect((await board(other.cookie, qs)).map((i) => i.id), `other seller ${qs}`).not.toContain(id)
    }
    const item = (await board(addressed.cookie)).find((i) => i.id === id)!
    // Marked as a request for the seller's product, with the product's price, currency and MOQ for the quote dialog.
    expect(item.request).toEqual({ productId: p.id, productName: p.translations.en!.name, price: '250.00', currency: 'INR', minimumOrderQuantity: 10 })
    // In the seller's language.
    const ru = ((await callRoute(boardLoader, '/dashboard/rfqs?lng=ru', { cookie: addressed.cookie })).data as { board: { items: BoardItem[] } }).board.items.find((i) => i.id === id)!
    expect(ru.request?.productName).toBe(p.translations.ru!.name)
    // "Requests for my products" shows only those; open RFQs stay on the board without it, unmarked.
    const onlyMine = await board(addressed.cookie, '?mine=1')
    expect(onlyMine.every((i) => i.request !== null)).toBe(true)
    expect(onlyMine.map((i) => i.id)).not.toContain(open.id)
    expect((await board(addressed.cookie)).find((i) => i.id === open.id)?.request).toBeNull()
    expect((await board(otherCountry.cookie)).map((i) => i.id)).toContain(open.id)
  })

  it('only the addressed seller may quote; the buyer then sees it Quoted with the quote to compare', async () => {
    const buyer = await newBuyer()
    const addressed = await newSeller('India')
    const other = await newSeller('India')
    const p = await productOf(addressed)
    const id = await requested(buyer, p.id)
    const before = await fingerprint()
    const refused = await quoteOn(other.cookie, id)
    expect(refused.status).toBe(404)
    expect(refused.data).toMatchObject({ formError: 'rfqs:quote.errors.notFound' })
    expect(await fingerprint()).toBe(before)

    let list = await myRfqs(buyer.cookie)
    expect(list.list.items.find((i) => i.id === id)!.request).toMatchObject({ status: 'Pending', product: { id: p.id, name: p.translations.en!.name, public: true } })

    const ok = await quoteOn(addressed.cookie, id)
    expect(ok.status).toBe(302)
    expect(await toastOf(ok.response)).toMatchObject({ key: 'rfqs:quote.submitted' })
    list = await myRfqs(buyer.cookie)
    const mine = list.list.items.find((i) => i.id === id)!
    expect(mine.status).toBe('open')
    expect(mine.request?.status).toBe('Quoted')
    expect(mine.request?.sellerCompany).toMatch(/^Seller Co /)
    expect(list.quotes[id]).toHaveLength(1)
    expect(list.quotes[id]![0]).toMatchObject({ unitPrice: '240.00', sellerCompany: mine.request!.sellerCompany })
  })
})

describe('rejecting a product request (the seller, with a reason)', () => {
  let buyer: Party
  let seller: Party
  // Fresh parties for each test (see the request tests' note on the buyer's request limit).
  beforeEach(async () => {
    buyer = await newBuyer()
    seller = await newSeller('Russia')
  })

  it("rejects in one step with the reason, notifies the buyer, and the buyer reads the seller's reason", async () => {
    const p = await productOf(seller)
    const id = await requested(buyer, p.id)
    const out = await reject(seller.cookie, id, '  Out of stock until October.  ')
    expect(out.status).toBe(302)
    expect(out.location).toBe('/dashboard/rfqs')
    expect(await toastOf(out.response)).toMatchObject({ type: 'success', key: 'rfqs:reject.done' })
    expect(await rfqRow(id)).toMatchObject({ status: 'rejected', rejectionReason: 'Out of stock until October.' })
    const notices = (await noticesFor(buyer.profileId)).filter((n) => n.kind === 'request_rejected' && n.params.title === (p.translations.en!.name))
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({ actorId: seller.profileId, link: '/rfqs', params: { reason: 'Out of stock until October.' } })
    const mine = (await myRfqs(buyer.cookie)).list.items.find((i) => i.id === id)!
    expect(mine.status).toBe('rejected')
    expect(mine.request).toMatchObject({ status: 'Rejected', rejectionReason: 'Out of stock until October.' })
    // It leaves the board, and nobody can quote on it any more.
    expect((await board(seller.cookie)).map((i) => i.id)).not.toContain(id)
    expect((await quoteOn(seller.cookie, id)).status).toBe(409)
  })

  it('refuses, writing nothing: no or a too long reason, another seller, a non-seller, an open RFQ, twice, after quoting, once closed', async () => {
    const p = await productOf(seller)
    const id = await requested(buyer, p.id)
    const quoted = await requested(buyer, p.id)
    await createQuote(quoted, seller.profileId)
    const closed = await requested(buyer, p.id)
    await getDb().update(rfqs).set({ status: 'closed', closedAt: new Date() }).where(eq(rfqs.id, closed))
    const alreadyRejected = await requested(buyer, p.id)
    expect((await reject(seller.cookie, alreadyRejected)).status).toBe(302)
    const openRfq = await createRfq(buyer.profileId)
    const other = await newSeller('Russia')
    const before = await fingerprint()

    const cases: [string, Awaited<ReturnType<typeof reject>>, number, unknown][] = [
      ['no reason', await reject(seller.cookie, id, null), 400, { fieldErrors: { reason: 'rfqs:reject.errors.reasonRequired' } }],
      ['blank reason', await reject(seller.cookie, id, ' \n\t '), 400, { fieldErrors: { reason: 'rfqs:reject.errors.reasonRequired' } }],
      ['reason too long', await reject(seller.cookie, id, 'x'.repeat(1001)), 400, { fieldErrors: { reason: 'rfqs:reject.errors.reasonMax' } }],
      ['another seller', await reject(other.cookie, id), 404, { formError: 'rfqs:reject.errors.notFound' }],
      ['the buyer', await reject(buyer.cookie, id), 403, {}],
      ['an open RFQ addressed to nobody', await reject(seller.cookie, openRfq.id), 404, { formError: 'rfqs:reject.errors.notFound' }],
      ['an unknown id', await reject(seller.cookie, '00000000-0000-4000-8000-000000000000'), 404, { formError: 'rfqs:reject.errors.notFound' }],
      ['a malformed id', await reject(seller.cookie, 'x'), 404, { formError: 'rfqs:reject.errors.notFound' }],
      ['after quoting', await reject(seller.cookie, quoted), 409, { formError: 'rfqs:reject.errors.quoted' }],
      ['closed by the buyer', await reject(seller.cookie, closed), 409, { formError: 'rfqs:reject.errors.notOpen' }],
      ['rejected already', await reject(seller.cookie, alreadyRejected, 'Again'), 409, { formError: 'rfqs:reject.errors.notOpen' }],
    ]
    for (const [name, out, status, body] of cases) {
      expect(out.status, name).toBe(status)
      expect(out.data ?? {}, name).toMatchObject(body as object)
    }
    expect(await fingerprint()).toBe(before)
    expect(await rfqRow(id)).toMatchObject({ status: 'open', rejectionReason: null })
  })

  it('a reject and a quote of the same seller at once: exactly one wins', async () => {
    const p = await productOf(seller)
    const id = await requested(buyer, p.id)
    const [r, q] = await Promise.all([reject(seller.cookie, id), quoteOn(seller.cookie, id)])
    const wins = [r, q].filter((o) => o.status === 302)
    expect(wins).toHaveLength(1)
    const row = await rfqRow(id)
    const live = await getDb().select({ id: quotes.id }).from(quotes).where(eq(quotes.rfqId, id))
    expect(row.status === 'rejected' ? live.length === 0 : row.status === 'open' && live.length === 1).toBe(true)
  })

  it('a seller may reject after withdrawing their quote', async () => {
    const p = await productOf(seller)
    const id = await requested(buyer, p.id)
    const q = await createQuote(id, seller.profileId)
    await getDb().update(quotes).set({ status: 'Withdrawn' }).where(eq(quotes.id, q.id))
    expect((await reject(seller.cookie, id)).status).toBe(302)
    expect((await myRfqs(buyer.cookie)).list.items.find((i) => i.id === id)?.request?.status).toBe('Rejected')
  })
})
