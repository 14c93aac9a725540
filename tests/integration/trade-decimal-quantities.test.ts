// Quantities that need decimals (issue 28 item 2), through the routes a buyer and a seller use: 12.5 t
// ordered from the product page with an exact total and stock, a fraction of a container or a third
// decimal of a carat refused with the unit's message and nothing written, an RFQ of 0.75 ct quoted and
// countered in decimals, a product saved with a decimal minimum order.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { orders, products, quoteRounds, quotes, rfqs } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { multiplyDecimal } from '~/lib/decimal'
import { changeOrderStatus } from '~/modules/orders/commands.server'
import { parseProductForm } from '~/modules/products/schemas'
import { action as boardAction } from '~/routes/seller/rfqs'
import { action as createRfqAction } from '~/routes/trade/create-rfq'
import { action as negotiationAction, loader as negotiationLoader } from '~/routes/trade/negotiation'
import { action as newOrderAction } from '~/routes/trade/order-new'
import { action as requestAction } from '~/routes/trade/product-request'
import { createProduct, createSeller } from '../factories/catalog'
import { rfqFormFields } from '../factories/trade'
import { createUser, signInCookie, type CreateUserOptions } from '../factories/users'
import { callRoute, form } from './account-support'
import units from '../../public/locales/en/units.json'
import { termsForm } from '../support/payment-terms'

async function signedIn(profile: CreateUserOptions['profile']) {
  const u = await createUser({ profile })
  return { ...u, profileId: u.profileId!, cookie: await signInCookie(u.email, u.password) }
}
const newBuyer = () => signedIn({ userType: 'Buyer', country: 'India', companyName: `Buyer Co ${randomUUID().slice(0, 4)}` })
const newSeller = () => signedIn({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved', companyName: `Seller Co ${randomUUID().slice(0, 4)}` })

/** The English message of a units: key ("Containers are counted whole…"). */
const unitText = (key: string) => key.replace(/^units:/, '').split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], units) as string

/** Row count and newest row version of every table these flows write. */
async function fingerprint() {
  const r = await getDb().execute(
    sql`select (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from orders) o, (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from products) p, (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from rfqs) r, (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from quotes) q, (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from quote_rounds) qr`,
  )
  return JSON.stringify(r.rows[0])
}

const place = (cookie: string, productId: string, quantity: string) =>
  callRoute(newOrderAction, '/orders/new', { cookie, body: form({ productId, quantity, shipping: '', submissionKey: randomUUID(), ...termsForm() }) })
const stockOf = async (id: string) => (await getDb().select({ s: products.stockQuantity }).from(products).where(eq(products.id, id)))[0]!.s

describe('ordering a decimal quantity from the product page', () => {
  let buyer: Awaited<ReturnType<typeof newBuyer>>
  beforeAll(async () => {
    buyer = await newBuyer()
  })

  it('orders 12.5 t: the total is exact (rounded to the cent as the page showed it) and the stock goes down by 12.5, and back on cancel', async () => {
    const p = await createProduct({ unit: 'tonnes', price: '245.55', stockQuantity: 3000, minimumOrderQuantity: 0.5, shippingOptions: [] })
    const out = await place(buyer.cookie, p.id, '12.5')
    expect(out.status).toBe(302)
    const id = out.location!.replace('/orders/', '')
    const [o] = await getDb().select().from(orders).where(eq(orders.id, id))
    // 245.55 × 12.5 = 3069.375 → 3069.38, the figure the cost summary showed.
    expect(o).toMatchObject({ quantity: 12.5, unit: 'tonnes', unitPrice: '245.55', total: '3069.38' })
    expect(multiplyDecimal('245.55', String(12.5), 2)).toBe(o!.total)
    expect(await stockOf(p.id)).toBe(2987.5)
    const stored = await getDb().execute<{ q: string; s: string }>(sql`select o.quantity::text as q, p.stock_quantity::text as s from orders o join products p on p.id = o.product_id where o.id = ${id}`)
    expect(stored.rows[0]).toEqual({ q: '12.500', s: '2987.500' })
    expect(await changeOrderStatus(p.sellerId, id, 'Cancelled', null)).toMatchObject({ ok: true })
    expect(await stockOf(p.id)).toBe(3000)
  })

  it('takes "12,5" as a Russian keyboard writes it', async () => {
    const p = await createProduct({ unit: 'kg', price: '10.00', stockQuantity: 100, minimumOrderQuantity: 1, shippingOptions: [] })
    const out = await place(buyer.cookie, p.id, '12,5')
    expect(out.status).toBe(302)
    expect(await stockOf(p.id)).toBe(87.5)
  })

  it('refuses 2.5 containers with the unit message and writes nothing', async () => {
    const p = await createProduct({ unit: 'containers_20ft', price: '18000.00', stockQuantity: 12, minimumOrderQuantity: 1, shippingOptions: [] })
    const before = await fingerprint()
    const out = await place(buyer.cookie, p.id, '2.5')
    expect(out.status).toBe(400)
    expect(out.data).toMatchObject({ error: 'units:problems.whole.containers_20ft' })
    expect(unitText('units:problems.whole.containers_20ft')).toMatch(/^20-ft containers are counted whole/)
    expect(await fingerprint()).toBe(before)
    expect(await stockOf(p.id)).toBe(12)
  })

  it('refuses 0.755 carats (two decimals at most) and takes 0.75 carats from a minimum of 0.75', async () => {
    const p = await createProduct({ unit: 'carats', price: '1850.00', stockQuantity: 40.5, minimumOrderQuantity: 0.75, shippingOptions: [] })
    const before = await fingerprint()
    const refused = await place(buyer.cookie, p.id, '0.755')
    expect(refused.status).toBe(400)
    expect(refused.data).toMatchObject({ error: 'units:problems.decimals.carats' })
    expect(unitText('units:problems.decimals.carats')).toMatch(/At most 2 decimals for carats/)
    expect(await fingerprint()).toBe(before)
    const below = await place(buyer.cookie, p.id, '0.7')
    expect(below.data).toMatchObject({ error: 'catalog:product.order.errors.belowMoq', count: 0.75 })
    const ok = await place(buyer.cookie, p.id, '0.75')
    expect(ok.status).toBe(302)
    expect(await stockOf(p.id)).toBe(39.75)
  })

  it('asks the seller of a product in carats for a quote on 1.25 ct, and refuses 1.255 ct on the quantity field', async () => {
    const p = await createProduct({ unit: 'carats', price: '1850.00', stockQuantity: 40, minimumOrderQuantity: 0.75, shippingOptions: [] })
    const ask = (quantity: string) =>
      callRoute(requestAction, `/products/${p.id}/request-quote`, { cookie: buyer.cookie, params: { id: p.id }, body: form({ quantity, currency: 'USD', message: '', submissionKey: randomUUID() }) })
    const refused = await ask('1.255')
    expect(refused.status).toBe(400)
    expect(refused.data).toMatchObject({ fieldErrors: { quantity: 'units:problems.decimals.carats' } })
    const ok = await ask('1.25')
    expect(ok.status).toBe(302)
    const [rfq] = await getDb().select({ quantity: rfqs.quantity, unit: rfqs.unit }).from(rfqs).where(eq(rfqs.productId, p.id))
    expect(rfq).toEqual({ quantity: 1.25, unit: 'carats' })
  })
})

describe('an RFQ of 0.75 carats, quoted and countered in decimals', () => {
  it('is created, quoted with a minimum of 0.25 ct, countered at 0.8 ct and shown with its unit; 0.755 ct and 2.5 containers are refused', async () => {
    const buyer = await newBuyer()
    const seller = await newSeller()
    // The RFQ form: 2.5 containers refused on the quantity field, 0.75 carats taken.
    const refusedRfq = await callRoute(createRfqAction, '/create-rfq', { cookie: buyer.cookie, body: form(rfqFormFields({ quantity: '2.5', unit: 'containers' })) })
    expect(refusedRfq.status).toBe(400)
    expect(refusedRfq.data).toMatchObject({ fieldErrors: { quantity: 'units:problems.whole.containers' } })
    const created = await callRoute(createRfqAction, '/create-rfq', { cookie: buyer.cookie, body: form(rfqFormFields({ title: 'Rough diamonds, 0.75 ct', quantity: '0.75', unit: 'carats', locationPreference: 'Both', currency: 'USD' })) })
    expect(created.status).toBe(302)
    const [rfq] = await getDb().select({ id: rfqs.id, quantity: rfqs.quantity }).from(rfqs).where(eq(rfqs.buyerId, buyer.profileId))
    expect(rfq!.quantity).toBe(0.75)

    // The seller's quote: a minimum of 0.255 ct refused on its field, 0.25 ct taken.
    const quote = (minOrderQuantity: string) =>
      callRoute(boardAction, '/dashboard/rfqs', {
        cookie: seller.cookie,
        body: form({ intent: 'quote', rfqId: rfq!.id, unitPrice: '1850.00', currency: 'USD', minOrderQuantity, incoterm: 'FCA', incotermPlace: 'Moscow', leadTimeDays: '14', ...termsForm(), validityDays: '', message: '' }),
      })
    const before = await fingerprint()
    const refusedQuote = await quote('0.255')
    expect(refusedQuote.status).toBe(400)
    expect(refusedQuote.data).toMatchObject({ fieldErrors: { minOrderQuantity: 'units:problems.decimals.carats' } })
    expect(await fingerprint()).toBe(before)
    expect((await quote('0.25')).status).toBe(302)
    const [q] = await getDb().select({ id: quotes.id, minOrderQuantity: quotes.minOrderQuantity }).from(quotes).where(eq(quotes.rfqId, rfq!.id))
    expect(q!.minOrderQuantity).toBe(0.25)

    // The buyer counters at 0.8 ct; 0.755 ct is refused on the quantity field with nothing written.
    const counter = (quantity: string) =>
      callRoute(negotiationAction, `/rfqs/${rfq!.id}/quotes/${q!.id}`, {
        cookie: buyer.cookie,
        params: { rfqId: rfq!.id, quoteId: q!.id },
        body: form({ intent: 'counter', unitPrice: '1790.00', quantity, incoterm: 'FCA', incotermPlace: 'Moscow', leadTimeDays: '14', ...termsForm(), validityDays: '7', message: '' }),
      })
    const beforeCounter = await fingerprint()
    const refusedCounter = await counter('0.755')
    expect(refusedCounter.status).toBe(400)
    expect(refusedCounter.data).toMatchObject({ fieldErrors: { quantity: 'units:problems.decimals.carats' } })
    expect(await fingerprint()).toBe(beforeCounter)
    expect((await counter('0.8')).status).toBe(302)
    const rounds = await getDb().select({ quantity: quoteRounds.quantity }).from(quoteRounds).where(eq(quoteRounds.quoteId, q!.id)).orderBy(quoteRounds.round)
    expect(rounds.map((r) => r.quantity)).toEqual([0.75, 0.8])

    // Both read the offer in carats, as numbers (not the strings PostgreSQL sends for numeric).
    const view = (await callRoute(negotiationLoader, `/rfqs/${rfq!.id}/quotes/${q!.id}`, { cookie: seller.cookie, params: { rfqId: rfq!.id, quoteId: q!.id } })).data as {
      view: { rfq: { quantity: number; unit: string }; quote: { minOrderQuantity: number; offer: { quantity: number } } }
    }
    expect(view.view.rfq).toMatchObject({ quantity: 0.75, unit: 'carats' })
    expect(view.view.quote).toMatchObject({ minOrderQuantity: 0.25, offer: { quantity: 0.8 } })
  })
})

describe('the product form', () => {
  it('takes a decimal stock and minimum order in tonnes, and refuses a fraction of a piece naming the unit', async () => {
    await createSeller()
    const entries = (unit: string, stock: string, moq: string): [string, string][] => [
      ['categoryId', 'grains'],
      ['price', '245.00'],
      ['currency', 'USD'],
      ['unit', unit],
      ['stockQuantity', stock],
      ['minimumOrderQuantity', moq],
      ['isActive', 'true'],
      ['en.name', 'Milling wheat'],
    ]
    const tonnes = parseProductForm(entries('tonnes', '2987.5', '0.75'))
    expect(tonnes).toMatchObject({ ok: true, value: { stockQuantity: 2987.5, minimumOrderQuantity: 0.75 } })
    expect(parseProductForm(entries('pieces', '10', '0.5'))).toMatchObject({ ok: false, fieldErrors: { minimumOrderQuantity: 'units:problems.whole.pieces' } })
    expect(parseProductForm(entries('carats', '10.125', '1'))).toMatchObject({ ok: false, fieldErrors: { stockQuantity: 'units:problems.decimals.carats' } })
    expect(parseProductForm(entries('tonnes', '10', '0'))).toMatchObject({ ok: false, fieldErrors: { minimumOrderQuantity: 'products:form.errors.moqMin' } })
    expect(parseProductForm(entries('tonnes', '0', '1'))).toMatchObject({ ok: true })
  })
})
