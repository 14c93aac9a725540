// The public page cache (ADR 016) in front of the production build, mounted the way server/start.mjs
// mounts it: security headers with a fresh CSP nonce per request, the host check, compression, the
// cache, then React Router; and hits answered before Express from node:http's request event.
import { createHash } from 'node:crypto'
import http, { type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequestHandler as createExpressHandler } from '@react-router/express'
import compression from 'compression'
import { eq } from 'drizzle-orm'
import express, { type RequestHandler } from 'express'
import { createRequestHandler } from 'react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { exchangeRates, products } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { configurePageCache, invalidatePublicPages, pageCache, pageCacheStats, type PageCacheHandler } from '~/lib/page-cache.server'
import { action as editAction } from '~/routes/seller/product-edit'
import { action as newAction } from '~/routes/seller/product-new'
import { createCategory } from '../factories/catalog'
import { createUser, signInCookie } from '../factories/users'
import { loadBuild } from '../support/app'
import { callRoute, form } from './account-support'

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
// The language cookie as the app writes it (react-router's createCookie: base64 JSON).
const lngCookie = (lng: string) => `lng=${encodeURIComponent(Buffer.from(JSON.stringify(lng)).toString('base64'))}`

type EntryModule = {
  securityHeaders: () => RequestHandler[]
  hostCheck: RequestHandler
  noStoreForSessions: RequestHandler
  routeHeadersWin: RequestHandler
  publicPageCache: (render: (request: Request) => Promise<Response>) => PageCacheHandler
}

const servers: Server[] = []
async function listen(app: express.Express | Server): Promise<string> {
  const server = app instanceof http.Server ? app : http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** The server as server/start.mjs runs it: hits answered before Express. */
let base = ''
/** Off: every request goes through Express (a hit then comes from the middleware); same server, so the same cached pages. */
let early = true
/** Requests that reached Express. */
let expressRequests = 0
beforeAll(async () => {
  const build = await loadBuild()
  const entry = build.entry.module as unknown as EntryModule
  const app = express()
  app.use((_req, _res, next) => {
    expressRequests++
    next()
  })
  app.use(entry.securityHeaders())
  app.use(entry.hostCheck)
  app.use(compression())
  app.use(entry.noStoreForSessions)
  app.use((req, _res, next) => {
    req.headers['x-setu-client-ip'] = '127.0.0.1'
    next()
  })
  const cache = entry.publicPageCache(createRequestHandler(build, 'production'))
  app.use(cache)
  app.all('*', entry.routeHeadersWin, createExpressHandler({ build }))
  const answerHit = cache.beforeExpress({ request: app.request, staticRoot: 'build/client' })
  base = await listen(http.createServer((req, res) => (early ? answerHit(req, res, () => app(req, res)) : app(req, res))))
})

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))))
})

beforeEach(() => configurePageCache({ maxBytes: 50 * 1024 * 1024, ttlMs: 60_000 }))

async function get(path: string, headers: Record<string, string> = {}, { method = 'GET' } = {}) {
  const res = await fetch(`${base}${path}`, { method, headers: { 'User-Agent': BROWSER, ...headers }, redirect: 'manual' })
  return { status: res.status, headers: res.headers, body: await res.text() }
}

/** What changed in the cache's counters, and how many requests reached Express, while `fn` ran. */
async function counting<T>(fn: () => Promise<T>) {
  const before = pageCacheStats()
  const express = expressRequests
  const result = await fn()
  const after = pageCacheStats()
  return { result, hits: after.hits - before.hits, misses: after.misses - before.misses, stores: after.stores - before.stores, express: expressRequests - express }
}

const directive = (policy: string | null, name: string) =>
  (policy ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1) ?? []

/** The inline scripts of a page (those without src), as the browser checks them against the CSP. */
const inlineScripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter((m) => !/\ssrc\s*=/i.test(m[1]!)).map((m) => m[2]!)
const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

let n = 0
function productFields(categoryId: string, price: string) {
  n++
  return {
    categoryId,
    price,
    currency: 'INR',
    stockQuantity: '100',
    minimumOrderQuantity: '5',
    unit: 'tonnes',
    isActive: 'true',
    'en.name': `Cached Basmati lot ${n}`,
    'en.description': 'Long grain, aged',
    'ru.name': `Кэшированный басмати ${n}`,
    hsCode: '1006.30',
    originCountry: 'IN',
  }
}

async function sellerWithProduct() {
  const u = await createUser({ profile: { userType: 'Seller', kycStatus: 'Approved' } })
  const cookie = await signInCookie(u.email, u.password)
  const category = await createCategory()
  const fields = productFields(category.id, '1250.50')
  const out = await callRoute(newAction, '/x', { cookie, body: form(fields) })
  return { cookie, categoryId: category.id, id: out.location!.split('/').pop()!, name: fields['en.name'] }
}

describe('public pages for visitors without a session', () => {
  it('are rendered once and then served from the cache, with the same bytes and a strong ETag', async () => {
    const first = await counting(() => get('/marketplace', { Cookie: lngCookie('en') }))
    const second = await counting(() => get('/marketplace', { Cookie: lngCookie('en') }))
    expect(first).toMatchObject({ misses: 1, hits: 0, stores: 1 })
    expect(second).toMatchObject({ misses: 0, hits: 1 })
    expect(second.result.status).toBe(200)
    expect(second.result.body).toBe(first.result.body)
    expect(second.result.body).toContain('<html lang="en"')
    expect(second.result.headers.get('etag')).toMatch(/^"[A-Za-z0-9+/]{27}"$/)
    expect(second.result.headers.get('etag')).toBe(first.result.headers.get('etag'))
    expect(second.result.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(second.result.headers.get('vary')).toMatch(/Accept-Encoding.*Accept-Language.*Cookie/)
    expect(second.result.headers.get('set-cookie')).toBeNull()
  })

  it('serves the client-side navigation payload (.data) from the cache too', async () => {
    const first = await counting(() => get('/marketplace.data', { Cookie: lngCookie('en') }))
    const second = await counting(() => get('/marketplace.data', { Cookie: lngCookie('en') }))
    expect([first.misses, second.hits]).toEqual([1, 1])
    expect(second.result.body).toBe(first.result.body)
  })

  it('answer a matching If-None-Match with 304 and no body, and a stale one with the page', async () => {
    const page = await get('/about', { Cookie: lngCookie('en') })
    const etag = page.headers.get('etag')!
    const revalidated = await get('/about', { Cookie: lngCookie('en'), 'If-None-Match': etag })
    expect(revalidated.status).toBe(304)
    expect(revalidated.body).toBe('')
    expect(revalidated.headers.get('etag')).toBe(etag)
    const stale = await get('/about', { Cookie: lngCookie('en'), 'If-None-Match': '"not-this-one"' })
    expect(stale.status).toBe(200)
    expect(stale.body).toBe(page.body)
  })

  it('share no nonce: the stored page has none, and its CSP allows exactly its inline scripts by hash', async () => {
    await get('/', { Cookie: lngCookie('en') })
    const hits = [await get('/', { Cookie: lngCookie('en') }), await get('/', { Cookie: lngCookie('en') })]
    for (const hit of hits) {
      const policy = hit.headers.get('content-security-policy')
      const scriptSrc = directive(policy, 'script-src')
      expect(hit.body).not.toMatch(/\snonce="/)
      expect(scriptSrc.some((s) => s.startsWith("'nonce-"))).toBe(false)
      const scripts = inlineScripts(hit.body)
      expect(scripts.length).toBeGreaterThan(0)
      for (const script of scripts) expect(scriptSrc).toContain(hashSource(script))
      // Nothing else is let in: 'self' for the bundles, and one hash per distinct inline script.
      expect(scriptSrc.filter((s) => s !== "'self'")).toHaveLength(new Set(scripts).size)
    }
  })

  it('keep languages apart: a Russian page is never served for English, whichever way the language was chosen', async () => {
    const ru = await get('/marketplace?lng=ru')
    expect(ru.body).toContain('<html lang="ru"')
    // The first visit without a language cookie gets one, so that response is private.
    expect(ru.headers.get('set-cookie')).toMatch(/^lng=/)
    expect(ru.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate')
    expect((await get('/marketplace')).body).toContain('<html lang="en"')
    expect((await get('/marketplace', { Cookie: lngCookie('en') })).body).toContain('<html lang="en"')
    const viaHeader = await counting(() => get('/marketplace', { 'Accept-Language': 'ru-RU,ru;q=0.9,en;q=0.5' }))
    expect(viaHeader.result.body).toContain('<html lang="ru"')
    expect((await get('/marketplace', { Cookie: lngCookie('hi') })).body).toContain('<html lang="hi"')
  })

  it('keep currencies apart: a visitor never gets the prices another visitor’s currency converted (issue 28)', async () => {
    const today = new Date().toISOString().slice(0, 10)
    await getDb()
      .insert(exchangeRates)
      .values([
        { fromCurrency: 'INR', toCurrency: 'USD', rate: '0.012', effectiveDate: today, source: 'cache test', origin: 'cli' },
        { fromCurrency: 'INR', toCurrency: 'RUB', rate: '1.1', effectiveDate: today, source: 'cache test', origin: 'cli' },
      ])
    await invalidatePublicPages()
    const { id } = await sellerWithProduct() // ₹1,250.50
    const dollars = /≈ \$15\.01/ // 1250.50 × 0.012 = 15.006
    const roubles = /≈ ₽1,375\.55/ // 1250.50 × 1.1, with the rouble sign
    const usd = await counting(() => get(`/products/${id}`, { Cookie: lngCookie('en') }))
    expect(usd).toMatchObject({ misses: 1, stores: 1 })
    expect(usd.result.body).toMatch(dollars)
    const rub = await counting(() => get(`/products/${id}`, { Cookie: `${lngCookie('en')}; cur=RUB` }))
    expect(rub).toMatchObject({ misses: 1, hits: 0 })
    expect(rub.result.body).toMatch(roubles)
    expect(rub.result.body).not.toMatch(dollars)
    const again = await counting(() => get(`/products/${id}`, { Cookie: lngCookie('en') }))
    expect(again.hits).toBe(1)
    expect(again.result.body).toMatch(dollars)
    expect(again.result.body).not.toMatch(roubles)
  })

  it('show a price change on the very next request, on the product page and in the listing', async () => {
    const { cookie, categoryId, id, name } = await sellerWithProduct()
    await get(`/products/${id}`, { Cookie: lngCookie('en') })
    const cached = await counting(() => get(`/products/${id}`, { Cookie: lngCookie('en') }))
    expect(cached.hits).toBe(1)
    expect(cached.result.body).toContain('₹1,250.50')
    await get(`/marketplace?q=${encodeURIComponent(name)}`, { Cookie: lngCookie('en') })

    const edited = await callRoute(editAction, `/dashboard/products/${id}/edit`, { cookie, body: form({ ...productFields(categoryId, '999'), 'en.name': name }), params: { id } })
    expect(edited.location).toBe('/dashboard/products')

    const after = await counting(() => get(`/products/${id}`, { Cookie: lngCookie('en') }))
    expect(after.misses).toBe(1)
    expect(after.result.body).toContain('₹999.00')
    expect(after.result.body).not.toContain('₹1,250.50')
    const listing = await get(`/marketplace?q=${encodeURIComponent(name)}`, { Cookie: lngCookie('en') })
    expect(listing.body).toContain('₹999.00')
  })

  it('still count a view of a product page served from the cache, and give a new visitor their id', async () => {
    const { id } = await sellerWithProduct()
    const views = async () => (await getDb().select({ n: products.viewCount }).from(products).where(eq(products.id, id)))[0]!.n
    await get(`/products/${id}`, { Cookie: lngCookie('en') })
    const before = await views()
    const hit = await counting(() => get(`/products/${id}`, { Cookie: lngCookie('en') }))
    expect(hit).toMatchObject({ hits: 1, express: 0 })
    expect(hit.result.headers.get('set-cookie')).toMatch(/^setu_visitor=/)
    // A visitor id on its own is no reason to bypass the cache: the page is the same for everyone.
    const visitor = hit.result.headers.get('set-cookie')!.split(';')[0]!
    const again = await counting(() => get(`/products/${id}`, { Cookie: `${lngCookie('en')}; ${visitor}` }))
    expect(again.hits).toBe(1)
    expect(again.result.headers.get('set-cookie')).toBeNull()
    expect(await views()).toBe(before + 1)
  })

  it('are dropped at once by invalidatePublicPages', async () => {
    await get('/faq', { Cookie: lngCookie('en') })
    expect((await counting(() => get('/faq', { Cookie: lngCookie('en') }))).hits).toBe(1)
    await invalidatePublicPages()
    expect((await counting(() => get('/faq', { Cookie: lngCookie('en') }))).misses).toBe(1)
  })
})

/** Headers that differ between two answers only by the clock. */
const comparable = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => name !== 'date'))

/** A request with a Host that fetch would not send. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers: { 'User-Agent': BROWSER, ...headers } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
  })
}

async function throughExpress<T>(fn: () => Promise<T>): Promise<T> {
  early = false
  try {
    return await fn()
  } finally {
    early = true
  }
}

describe('hits answered before Express', () => {
  it('carry the same headers (security headers, CSP with hashes, ETag, Vary, caching) and bytes as through Express', async () => {
    const variants: Record<string, string>[] = [{ Cookie: lngCookie('en') }, {}, { Cookie: lngCookie('ru'), 'Accept-Encoding': 'br' }, { 'Accept-Encoding': 'identity' }]
    for (const headers of variants) {
      const miss = await counting(() => get('/contact', headers))
      const early = await counting(() => get('/contact', headers))
      const through = await counting(() => throughExpress(() => get('/contact', headers)))
      expect(miss).toMatchObject({ misses: 1, express: 1 })
      expect(through).toMatchObject({ hits: 1, express: 1 })
      expect(early).toMatchObject({ hits: 1, express: 0 })
      expect(comparable(early.result.headers)).toEqual(comparable(through.result.headers))
      expect(comparable(early.result.headers)).toEqual(comparable(miss.result.headers))
      expect(early.result.body).toBe(through.result.body)
      expect(early.result.headers.get('x-frame-options')).toBe('DENY')
      expect(early.result.headers.get('permissions-policy')).toContain('camera=()')
      expect(directive(early.result.headers.get('content-security-policy'), 'script-src').some((src) => src.startsWith("'sha256-"))).toBe(true)
      await invalidatePublicPages()
    }
  })

  it('answer If-None-Match with 304 and HEAD with the headers alone', async () => {
    const page = await get('/about', { Cookie: lngCookie('en'), 'Accept-Encoding': 'gzip' })
    const etag = page.headers.get('etag')!
    const revalidated = await counting(() => get('/about', { Cookie: lngCookie('en'), 'If-None-Match': etag }))
    expect(revalidated).toMatchObject({ hits: 1, express: 0 })
    expect(revalidated.result.status).toBe(304)
    expect(revalidated.result.body).toBe('')
    expect(revalidated.result.headers.get('etag')).toBe(etag)
    expect(revalidated.result.headers.get('content-type')).toBeNull()
    const head = await counting(() => get('/about', { Cookie: lngCookie('en'), 'Accept-Encoding': 'gzip' }, { method: 'HEAD' }))
    const through = await throughExpress(() => get('/about', { Cookie: lngCookie('en'), 'Accept-Encoding': 'gzip' }, { method: 'HEAD' }))
    expect(head).toMatchObject({ hits: 1, express: 0 })
    expect(head.result.body).toBe('')
    expect(comparable(head.result.headers)).toEqual(comparable(through.headers))
    expect(head.result.headers.get('content-encoding')).toBe('gzip')
  })

  it('leave to Express whatever Express would answer otherwise: a session, a .data payload, a foreign Host, an encoding the cache does not make, a body', async () => {
    await get('/faq', { Cookie: lngCookie('en') })
    await get('/faq.data', { Cookie: lngCookie('en') })
    const u = await createUser({ profile: { userType: 'Buyer' } })
    const session = await signInCookie(u.email, u.password)
    const signedIn = await counting(() => get('/faq', { Cookie: `${lngCookie('en')}; ${session}` }))
    expect(signedIn).toMatchObject({ hits: 0, express: 1 })
    expect(signedIn.result.headers.get('cache-control')).toBe('no-store')
    const data = await counting(() => get('/faq.data', { Cookie: lngCookie('en') }))
    expect(data).toMatchObject({ hits: 1, express: 1 })
    const foreign = await counting(() => rawGet('/faq', { Host: 'evil.example', Cookie: lngCookie('en') }))
    expect(foreign).toMatchObject({ hits: 0, express: 1 })
    expect(foreign.result.status).toBe(400)
    const deflate = await counting(() => get('/faq', { Cookie: lngCookie('en'), 'Accept-Encoding': 'deflate' }))
    expect(deflate).toMatchObject({ hits: 1, express: 1 })
    expect(deflate.result.headers.get('content-encoding')).toBe('deflate')
    expect(deflate.result.body).toContain('<html lang="en"')
    const withBody = await counting(() => rawGet('/faq', { Cookie: lngCookie('en'), 'Transfer-Encoding': 'chunked' }))
    expect(withBody.express).toBe(1)
  })

  it('stop at once when the catalog changes: the next request renders through Express', async () => {
    await get('/faq', { Cookie: lngCookie('en') })
    expect(await counting(() => get('/faq', { Cookie: lngCookie('en') }))).toMatchObject({ hits: 1, express: 0 })
    await invalidatePublicPages()
    expect(await counting(() => get('/faq', { Cookie: lngCookie('en') }))).toMatchObject({ misses: 1, express: 1 })
  })
})

describe('signed-in visitors', () => {
  it('never get a cached page and their pages are never stored', async () => {
    const u = await createUser({ profile: { userType: 'Buyer' } })
    const session = await signInCookie(u.email, u.password)
    await get('/marketplace', { Cookie: lngCookie('en') })
    const pages = await counting(async () => [
      await get('/marketplace', { Cookie: `${lngCookie('en')}; ${session}` }),
      await get('/marketplace', { Cookie: `${lngCookie('en')}; ${session}` }),
    ])
    expect(pages).toMatchObject({ hits: 0, misses: 0, stores: 0 })
    const nonces = pages.result.map((page) => {
      expect(page.status).toBe(200)
      expect(page.body).toContain(u.email)
      expect(page.headers.get('cache-control')).toBe('no-store')
      expect(page.headers.get('etag')).toBeNull()
      // Rendered for this request: its inline scripts carry the nonce its own CSP names.
      const nonce = /\snonce="([^"]+)"/.exec(page.body)![1]!
      expect(directive(page.headers.get('content-security-policy'), 'script-src')).toContain(`'nonce-${nonce}'`)
      return nonce
    })
    expect(nonces[0]).not.toBe(nonces[1])
    // And the anonymous copy never shows the user.
    expect((await get('/marketplace', { Cookie: lngCookie('en') })).body).not.toContain(u.email)
  })

  it('bypass the cache with any cookie but the language and visitor ones', async () => {
    await get('/about', { Cookie: lngCookie('en') })
    const withToast = await counting(() => get('/about', { Cookie: `${lngCookie('en')}; setu_toast=abc` }))
    expect(withToast).toMatchObject({ hits: 0, misses: 0 })
  })
})

describe('what is never stored', () => {
  async function stub(response: () => Response) {
    let renders = 0
    const app = express()
    app.use((req, res, next) => {
      req.headers['x-setu-csp-nonce'] = 'bm9uY2U='
      res.setHeader('Content-Security-Policy', "script-src 'self' 'nonce-bm9uY2U='")
      next()
    })
    app.use(
      pageCache(async () => {
        renders++
        return response()
      }),
    )
    app.use((_req, res) => void res.status(418).end())
    const url = await listen(app)
    return { url, renders: () => renders }
  }

  it('a response that sets a cookie other than the language or visitor id', async () => {
    const { url, renders } = await stub(() => new Response('<html><body>hi</body></html>', { headers: { 'Content-Type': 'text/html', 'Set-Cookie': 'other=1; Path=/' } }))
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${url}/about`)
      expect(res.headers.get('set-cookie')).toBe('other=1; Path=/')
      expect(res.headers.get('etag')).toBeNull()
    }
    expect(renders()).toBe(2)
  })

  it('an error page, and a page whose nonce appears outside a nonce attribute', async () => {
    const missing = await stub(() => new Response('<html>gone</html>', { status: 404, headers: { 'Content-Type': 'text/html' } }))
    for (let i = 0; i < 2; i++) expect((await fetch(`${missing.url}/about`)).status).toBe(404)
    expect(missing.renders()).toBe(2)
    const leaky = await stub(() => new Response('<html><script nonce="bm9uY2U=">window.n="bm9uY2U="</script></html>', { headers: { 'Content-Type': 'text/html' } }))
    for (let i = 0; i < 2; i++) expect(await (await fetch(`${leaky.url}/about`)).text()).toContain('window.n="bm9uY2U="')
    expect(leaky.renders()).toBe(2)
  })

  it('a page that is not public, or asked for with a personal parameter', async () => {
    const { url, renders } = await stub(() => new Response('<html>x</html>', { headers: { 'Content-Type': 'text/html' } }))
    expect((await fetch(`${url}/dashboard`)).status).toBe(418)
    expect((await fetch(`${url}/marketplace?token=abc`)).status).toBe(418)
    expect(renders()).toBe(0)
  })
})
