// Direct orders from the product page (issue 8 item 8): POST /orders/new, the stock reservation, the
// one-time token, the refusals (which write nothing) and cancelling (which gives the stock back).
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { orderEvents, orders, products } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { changeOrderStatus } from '~/modules/orders/commands.server'
import { action as newOrderAction } from '~/routes/trade/order-new'
import { loader as orderLoader } from '~/routes/trade/order'
import { createProduct, createSeller } from '../factories/catalog'
import { createUser, signInCookie, type CreateUserOptions } from '../factories/users'
import { callRoute, form, toastOf } from './account-support'
import { termsForm } from '../support/payment-terms'

async function signedIn(profile: CreateUserOptions['profile']) {
  const u = await createUser({ profile })
  return { ...u, profileId: u.profileId!, cookie: await signInCookie(u.email, u.password) }
}
const newBuyer = () => signedIn({ userType: 'Buyer', country: 'India', companyName: `Buyer Co ${randomUUID().slice(0, 4)}` })

/** Row count and newest row version of every table placing an order writes. */
async function fingerprint() {
  const r = await getDb().execute(
    sql`select (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from orders) o, (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from order_events) e, (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from products) p`,
  )
  return JSON.stringify(r.rows[0])
}
const stockOf = async (id: string) => (await getDb().select({ s: products.stockQuantity }).from(products).where(eq(products.id, id)))[0]!.s

const place = (cookie: string | null, fields: Record<string, string>) => callRoute(newOrderAction, '/orders/new', { cookie, body: form(fields) })
const fields = (productId: string, quantity: number | string, shipping: string = '0', submissionKey = randomUUID()) => ({ productId, quantity: String(quantity), shipping, submissionKey, ...termsForm() })

describe('placing an order from the product page (POST /orders/new)', () => {
  let buyer: Awaited<ReturnType<typeof newBuyer>>
  beforeAll(async () => {
    buyer = await newBuyer()
  })

  it('orders, reserves the stock exactly, writes a Pending event and redirects to the order with a toast', async () => {
    const p = await createProduct({
      price: '1234.56',
      stockQuantity: 20,
      minimumOrderQuantity: 5,
      shippingOptions: [{ method: 'road', price: '35.00', currency: 'USD', estimatedDays: '5-9' }],
    })
    const out = await place(buyer.cookie, fields(p.id, 7))
    expect(out.status).toBe(302)
    const id = out.location!.replace('/orders/', '')
    expect(await toastOf(out.response)).toMatchObject({ type: 'success', key: 'rfqs:orders.placed' })
    const [o] = await getDb().select().from(orders).where(eq(orders.id, id))
    expect(o).toMatchObject({ productId: p.id, buyerId: buyer.profileId, sellerId: p.sellerId, quantity: 7, unitPrice: '1234.56', currency: 'USD', total: '8676.92', shippingMethod: 'road', shippingPrice: '35.00', shippingCurrency: 'USD', status: 'Pending', incoterm: null, rfqId: null, quoteId: null })
    expect(await stockOf(p.id)).toBe(13)
    const events = await getDb().select().from(orderEvents).where(eq(orderEvents.orderId, id))
    expect(events.map((e) => e.status)).toEqual(['Pending'])
    // The order page shows the product and the shipping.
    const page = await callRoute(orderLoader, `/orders/${id}`, { cookie: buyer.cookie, params: { id } })
    expect(page.data).toMatchObject({ order: { product: { id: p.id, name: p.translations.en!.name }, shipping: { method: 'road', price: '35.00', currency: 'USD' }, incoterm: null } })
  })

  it('never converts: shipping in another currency is kept apart from the total', async () => {
    const p = await createProduct({ price: '10.05', currency: 'INR', stockQuantity: 50, minimumOrderQuantity: 1, shippingOptions: [{ method: 'air', price: '99.99', currency: 'USD', estimatedDays: '3-7' }] })
    const out = await place(buyer.cookie, fields(p.id, 3))
    const [o] = await getDb().select().from(orders).where(eq(orders.id, out.location!.replace('/orders/', '')))
    expect(o).toMatchObject({ total: '30.15', currency: 'INR', shippingPrice: '99.99', shippingCurrency: 'USD' })
  })

  it('a product without shipping options is ordered with none', async () => {
    const p = await createProduct({ price: '2.50', stockQuantity: 10, minimumOrderQuantity: 2, shippingOptions: [] })
    const out = await place(buyer.cookie, fields(p.id, 4, ''))
    expect(out.status).toBe(302)
    const [o] = await getDb().select().from(orders).where(eq(orders.id, out.location!.replace('/orders/', '')))
    expect(o).toMatchObject({ total: '10.00', shippingMethod: null, shippingPrice: null })
    expect(await stockOf(p.id)).toBe(6)
  })

  it('a double submit of the same form makes one order', async () => {
    const p = await createProduct({ stockQuantity: 30, minimumOrderQuantity: 1 })
    const f = fields(p.id, 5)
    const [a, b] = await Promise.all([place(buyer.cookie, f), place(buyer.cookie, f)])
    const c = await place(buyer.cookie, f)
    expect([a.status, b.status, c.status]).toEqual([302, 302, 302])
    expect(new Set([a.location, b.location, c.location]).size).toBe(1)
    expect((await getDb().select().from(orders).where(eq(orders.productId, p.id))).length).toBe(1)
    expect(await stockOf(p.id)).toBe(25)
  })

  it('two buyers ordering the last units at once: exactly one order, stock 0, the other 409', async () => {
    const p = await createProduct({ stockQuantity: 6, minimumOrderQuantity: 1 })
    const other = await newBuyer()
    const results = await Promise.all([place(buyer.cookie, fields(p.id, 6)), place(other.cookie, fields(p.id, 6))])
    expect(results.map((r) => r.status).sort()).toEqual([302, 409])
    const loser = results.find((r) => r.status === 409)!
    expect((loser.data as { error: string }).error).toMatch(/catalog:product\.order\.errors\.(outOfStock|onlyLeft)/)
    expect((await getDb().select().from(orders).where(eq(orders.productId, p.id))).length).toBe(1)
    expect(await stockOf(p.id)).toBe(0)
  })

  it('ten buyers racing for 5 units of 1: five orders, stock 0', async () => {
    const p = await createProduct({ stockQuantity: 5, minimumOrderQuantity: 1 })
    const buyers = await Promise.all(Array.from({ length: 10 }, () => newBuyer()))
    const results = await Promise.all(buyers.map((b) => place(b.cookie, fields(p.id, 1))))
    expect(results.filter((r) => r.status === 302).length).toBe(5)
    expect(results.filter((r) => r.status === 409).length).toBe(5)
    expect(await stockOf(p.id)).toBe(0)
  })

  it('cancelling a product order (buyer while Pending, seller before shipping) returns its quantity to stock', async () => {
    const p = await createProduct({ stockQuantity: 40, minimumOrderQuantity: 1 })
    const first = await place(buyer.cookie, fields(p.id, 8))
    const second = await place(buyer.cookie, fields(p.id, 2))
    expect(await stockOf(p.id)).toBe(30)
    const r1 = await changeOrderStatus(buyer.profileId, first.location!.replace('/orders/', ''), 'Cancelled', null)
    expect(r1.ok).toBe(true)
    expect(await stockOf(p.id)).toBe(38)
    const id2 = second.location!.replace('/orders/', '')
    expect((await changeOrderStatus(p.sellerId, id2, 'Accepted', null)).ok).toBe(true)
    expect((await changeOrderStatus(p.sellerId, id2, 'Cancelled', null)).ok).toBe(true)
    expect(await stockOf(p.id)).toBe(40)
    // Cancelled is final: a second cancel is refused and gives nothing back again.
    expect((await changeOrderStatus(p.sellerId, id2, 'Cancelled', null)).ok).toBe(false)
    expect(await stockOf(p.id)).toBe(40)
  })

  it('2,976 asked with 2,975 in stock is refused with the stock left, nothing reserved; 2,975 orders exactly 2,975 (issue 26 item 4)', async () => {
    const p = await createProduct({ price: '2.50', stockQuantity: 2975, minimumOrderQuantity: 20 })
    const before = await fingerprint()
    const over = await place(buyer.cookie, fields(p.id, 2976))
    expect(over.status).toBe(409)
    expect(over.data).toEqual({ error: 'catalog:product.order.errors.onlyLeft', count: 2975 })
    expect(await fingerprint()).toBe(before)
    expect(await stockOf(p.id)).toBe(2975)

    const exact = await place(buyer.cookie, fields(p.id, 2975))
    expect(exact.status).toBe(302)
    const [o] = await getDb().select().from(orders).where(eq(orders.id, exact.location!.replace('/orders/', '')))
    expect(o).toMatchObject({ productId: p.id, quantity: 2975, total: '7557.50' })
    expect(await stockOf(p.id)).toBe(0)
  })

  describe('refusals write nothing', () => {
    type Case = { name: string; status: number; error?: RegExp; make: () => Promise<{ cookie: string | null; body: Record<string, string> }> }
    const cases: Case[] = [
      { name: 'below the minimum order', status: 400, error: /belowMoq/, make: async () => ({ cookie: buyer.cookie, body: fields((await createProduct({ minimumOrderQuantity: 10 })).id, 9) }) },
      { name: 'above the stock', status: 409, error: /onlyLeft/, make: async () => ({ cookie: buyer.cookie, body: fields((await createProduct({ stockQuantity: 12, minimumOrderQuantity: 1 })).id, 13) }) },
      { name: 'out of stock', status: 409, error: /outOfStock/, make: async () => ({ cookie: buyer.cookie, body: fields((await createProduct({ stockQuantity: 0, minimumOrderQuantity: 1 })).id, 1) }) },
      // Issue 26 item 4: a quantity the form cannot read as typed is refused, never read as another number.
      { name: 'a quantity with a thousands separator', status: 400, error: /quantity/, make: async () => ({ cookie: buyer.cookie, body: fields((await createProduct({ stockQuantity: 5000 })).id, '2,976') }) },
      { name: 'a quantity in exponent notation', status: 400, error: /quantity/, make: async () => ({ cookie: buyer.cookie, body: fields((await createProduct({ stockQuantity: 5000 })).id, '1e3') }) },
      { name: 'more decimals than any unit has', status: 400, error: /quantity/, make: async () => ({ cookie: buyer.cookie, body: fields((await createProduct()).id, '10.0001') }) },
      { name: 'zero quantity', status: 400, error: /quantity/, make: async () => ({ cookie: buyer.cookie, body: fields((await createProduct()).id, 0) }) },
      { name: 'a fraction of a piece', status: 400, error: /^units:problems\.whole\.pieces$/, make: async () => ({ cookie: buyer.cookie, body: fields((await createProduct()).id, '10.5') }) },
      { name: 'a huge quantity', status: 400, error: /quantity/, make: async () => ({ cookie: buyer.cookie, body: fields((await createProduct()).id, '99999999999999999999') }) },
      { name: 'NUL bytes', status: 400, error: /quantity/, make: async () => ({ cookie: buyer.cookie, body: fields((await createProduct()).id, '1\u00000') }) },
      { name: 'a bad shipping index', status: 400, error: /shipping/, make: async () => ({ cookie: buyer.cookie, body: fields((await createProduct()).id, 10, '2') }) },
      { name: 'no shipping choice when there are options', status: 400, error: /shipping/, make: async () => ({ cookie: buyer.cookie, body: fields((await createProduct()).id, 10, '') }) },
      { name: 'a shipping choice when there are none', status: 400, error: /shipping/, make: async () => ({ cookie: buyer.cookie, body: fields((await createProduct({ shippingOptions: [] })).id, 10, '0') }) },
      { name: 'a missing token', status: 400, error: /expired/, make: async () => ({ cookie: buyer.cookie, body: { ...fields((await createProduct()).id, 10), submissionKey: '' } }) },
      { name: 'an unknown product', status: 404, error: /notFound/, make: async () => ({ cookie: buyer.cookie, body: fields(randomUUID(), 10) }) },
      { name: 'a malformed product id', status: 404, error: /notFound/, make: async () => ({ cookie: buyer.cookie, body: fields('not-a-uuid', 10) }) },
      { name: 'an inactive product', status: 404, error: /notFound/, make: async () => ({ cookie: buyer.cookie, body: fields((await createProduct({ isActive: false })).id, 10) }) },
      {
        name: 'a product of a seller whose KYC is pending',
        status: 404,
        error: /notFound/,
        make: async () => ({ cookie: buyer.cookie, body: fields((await createProduct({ sellerId: (await createSeller({ kycStatus: 'Pending' })).id })).id, 10) }),
      },
      {
        name: 'a product of a suspended seller',
        status: 404,
        error: /notFound/,
        make: async () => ({ cookie: buyer.cookie, body: fields((await createProduct({ sellerId: (await createSeller({ accountStatus: 'suspended' })).id })).id, 10) }),
      },
      {
        name: 'the seller ordering their own product',
        status: 403,
        error: /ownProduct/,
        make: async () => {
          const seller = await signedIn({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved', companyName: 'Own Co' })
          return { cookie: seller.cookie, body: fields((await createProduct({ sellerId: seller.profileId })).id, 10) }
        },
      },
      { name: 'a visitor (sent to sign in)', status: 302, make: async () => ({ cookie: null, body: fields((await createProduct()).id, 10) }) },
      { name: 'a signed-in user without a profile', status: 403, error: /noProfile/, make: async () => ({ cookie: (await signedIn(null)).cookie, body: fields((await createProduct()).id, 10) }) },
    ]
    for (const c of cases) {
      it(`${c.name}: ${c.status}`, async () => {
        const { cookie, body } = await c.make()
        const before = await fingerprint()
        const out = await place(cookie, body)
        expect(out.status).toBe(c.status)
        if (c.error) expect((out.data as { error: string }).error).toMatch(c.error)
        if (c.status === 302) {
          expect(out.location).toBe(`/login?redirectTo=${encodeURIComponent(`/products/${body.productId}`)}`)
          expect(await toastOf(out.response)).toMatchObject({ key: 'catalog:product.order.loginRequired' })
        }
        expect(await fingerprint()).toBe(before)
      })
    }
  })
})
