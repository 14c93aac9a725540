// Product view counting against a real database: one view per visitor per product per UTC day.
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { products, productViews } from '../../../db/schema'
import { createProduct } from '../../../tests/factories/catalog'
import { recordProductView, utcDay, VISITOR_COOKIE, visitorKey, type Viewer } from './views.server'
import { getDb } from '~/lib/db.server'

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const MORNING = new Date('2026-03-10T00:30:00Z')
const EVENING = new Date('2026-03-10T23:59:00Z')
const NEXT_DAY = new Date('2026-03-11T00:01:00Z')

function request(headers: Record<string, string | null> = {}) {
  const h = new Headers({ 'User-Agent': BROWSER })
  for (const [k, v] of Object.entries(headers)) {
    if (v === null) h.delete(k)
    else h.set(k, v)
  }
  return new Request('http://localhost:3000/products/x', { headers: h })
}

/** The `name=value` part of a Set-Cookie value, to send back as a Cookie header. */
const cookieFrom = (setCookie: string | null) => setCookie!.split(';')[0]

async function viewCount(id: string) {
  const [row] = await getDb().select({ n: products.viewCount }).from(products).where(eq(products.id, id))
  return row.n
}
const viewRows = (id: string) => getDb().select().from(productViews).where(eq(productViews.productId, id))

afterEach(() => vi.restoreAllMocks())

describe('recordProductView', () => {
  it('counts an anonymous visitor once per UTC day, gives them a long-lived httpOnly cookie, and counts again the next day', async () => {
    const product = await createProduct()
    const first = await recordProductView(request(), product, null, MORNING)
    expect(first.counted).toBe(true)
    expect(first.setCookie).toMatch(new RegExp(`^${VISITOR_COOKIE}=[^;]+;`))
    expect(first.setCookie).toMatch(/; Max-Age=31536000/)
    expect(first.setCookie).toMatch(/; HttpOnly/)
    expect(first.setCookie).toMatch(/; SameSite=Lax/)
    expect(first.setCookie).toMatch(/; Path=\//)
    // Plain http APP_URL in tests: not Secure (an https APP_URL makes it Secure).
    expect(first.setCookie).not.toMatch(/Secure/)
    const cookie = cookieFrom(first.setCookie)

    const again = await recordProductView(request({ Cookie: cookie }), product, null, EVENING)
    expect(again).toEqual({ counted: false, setCookie: null })
    expect(await viewCount(product.id)).toBe(1)

    expect((await recordProductView(request({ Cookie: cookie }), product, null, NEXT_DAY)).counted).toBe(true)
    expect(await viewCount(product.id)).toBe(2)
    expect((await viewRows(product.id)).map((r) => r.day).sort()).toEqual([utcDay(MORNING), utcDay(NEXT_DAY)])
  })

  it('counts a different visitor, and each product on its own', async () => {
    const product = await createProduct()
    const other = await createProduct()
    const a = await recordProductView(request(), product, null, MORNING)
    const b = await recordProductView(request(), product, null, MORNING)
    expect([a.counted, b.counted]).toEqual([true, true])
    expect(cookieFrom(a.setCookie)).not.toBe(cookieFrom(b.setCookie))
    expect((await recordProductView(request({ Cookie: cookieFrom(a.setCookie) }), other, null, MORNING)).counted).toBe(true)
    expect(await viewCount(product.id)).toBe(2)
    expect(await viewCount(other.id)).toBe(1)
  })

  it('keys a signed-in user by their account, whatever browser or cookie they use', async () => {
    const product = await createProduct()
    const viewer: Viewer = { userId: 'user-42', profileId: null }
    const first = await recordProductView(request(), product, viewer, MORNING)
    expect(first).toEqual({ counted: true, setCookie: null })
    const otherBrowser = await recordProductView(request({ Cookie: `${VISITOR_COOKIE}=anything`, 'User-Agent': 'Mozilla/5.0 (iPhone) Safari/604.1' }), product, viewer, EVENING)
    expect(otherBrowser.counted).toBe(false)
    expect(await viewCount(product.id)).toBe(1)
  })

  it('stores a keyed hash of the visitor, never the user id or the cookie value', async () => {
    const product = await createProduct()
    const anon = await recordProductView(request(), product, null, MORNING)
    await recordProductView(request(), product, { userId: 'user-secret-id', profileId: null }, MORNING)
    const visitorId = decodeURIComponent(cookieFrom(anon.setCookie).split('=')[1])
    const keys = (await viewRows(product.id)).map((r) => r.visitorKey)
    expect(keys).toHaveLength(2)
    expect(keys).toContain(visitorKey({ userId: 'user-secret-id' }))
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/) // base64url SHA-256
      expect(key).not.toContain('user-secret-id')
      expect(key).not.toContain(visitorId)
    }
  })

  it.each([
    ['a search engine bot', { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
    ['a script', { 'User-Agent': 'curl/8.5.0' }],
    ['a request without a User-Agent', { 'User-Agent': null }],
    ['an empty User-Agent', { 'User-Agent': '  ' }],
    ['a browser prefetch (a hovered link)', { 'Sec-Purpose': 'prefetch' }],
    ['an old-style prefetch', { Purpose: 'prefetch' }],
  ])('does not count %s, nor give it a cookie', async (_, headers) => {
    const product = await createProduct()
    expect(await recordProductView(request(headers), product, null, MORNING)).toEqual({ counted: false, setCookie: null })
    expect(await viewCount(product.id)).toBe(0)
    expect(await viewRows(product.id)).toEqual([])
  })

  it('does not count the seller looking at their own product, but counts other signed-in users', async () => {
    const product = await createProduct()
    expect((await recordProductView(request(), product, { userId: 'owner', profileId: product.sellerId }, MORNING)).counted).toBe(false)
    expect((await recordProductView(request(), product, { userId: 'buyer', profileId: crypto.randomUUID() }, MORNING)).counted).toBe(true)
    expect(await viewCount(product.id)).toBe(1)
  })

  it('counts concurrent identical visits once', async () => {
    const product = await createProduct()
    const first = await recordProductView(request(), product, null, MORNING)
    const cookie = cookieFrom(first.setCookie)
    const other = await createProduct()
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => recordProductView(request({ Cookie: cookie }), other, null, MORNING)))
    expect(outcomes.filter((o) => o.counted)).toHaveLength(1)
    expect(await viewCount(other.id)).toBe(1)
    expect(await viewRows(other.id)).toHaveLength(1)
    // Signed-in, all at once on a fresh product: the same.
    const viewer: Viewer = { userId: 'racer', profileId: null }
    const signedIn = await Promise.all(Array.from({ length: 20 }, () => recordProductView(request(), product, viewer, MORNING)))
    expect(signedIn.filter((o) => o.counted)).toHaveLength(1)
    expect(await viewCount(product.id)).toBe(2)
  })

  it('replaces a cookie value it did not issue with a new visitor id', async () => {
    const product = await createProduct()
    const outcome = await recordProductView(request({ Cookie: `${VISITOR_COOKIE}=%3Cscript%3E` }), product, null, MORNING)
    expect(outcome.counted).toBe(true)
    expect(outcome.setCookie).toMatch(new RegExp(`^${VISITOR_COOKIE}=`))
  })

  it('never throws: a database failure is logged and the page goes on', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    // No such product: the insert fails on the foreign key.
    const ghost = { id: crypto.randomUUID(), sellerId: crypto.randomUUID() }
    const outcome = await recordProductView(request(), ghost, null, MORNING)
    expect(outcome.counted).toBe(false)
    // The visitor still keeps the id they were given.
    expect(outcome.setCookie).toMatch(new RegExp(`^${VISITOR_COOKIE}=`))
    expect(error).toHaveBeenCalledWith('[setu] could not record a product view', expect.anything())
  })
})
