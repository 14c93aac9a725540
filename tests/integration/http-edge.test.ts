// @no-database: this file runs without the per-file test database (vitest.config.ts)
// Drives the built production server (npm test builds before running Vitest) the way browsers and a
// reverse proxy reach it: APP_URL is https while the test talks plain http to it on loopback.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../../db/seed/accounts'
import { httpGet, postLogin, rawPost as rawPostTo, root, spawnServer, startServer, stopServers, type ChildServer } from '../support/child-server'

const PORT = 3302
const BASE = `http://127.0.0.1:${PORT}`

// The language cookie as the app writes it (react-router's createCookie: base64 JSON).
const lngCookie = (lng: string) => `lng=${encodeURIComponent(Buffer.from(JSON.stringify(lng)).toString('base64'))}`

const rawPost = (pathname: string, headers: Record<string, string>, bodyBytes: number) => rawPostTo(PORT, pathname, headers, bodyBytes)

/** A GET with a Host header of our choosing (fetch would send the URL's host). */
async function getAs(port: number, pathname: string, host: string, headers: Record<string, string> = {}) {
  const res = await httpGet(port, pathname, { ...headers, Host: host })
  return { ...res, body: res.body.toString('utf8') }
}

/** A GET whose body is kept as the bytes sent (fetch would decompress it). */
const getRaw = (pathname: string, headers: Record<string, string> = {}) => httpGet(PORT, pathname, headers)

const login = (email: string, password: string, forwardedFor: string) => postLogin(BASE, email, password, { 'X-Forwarded-For': forwardedFor })

afterAll(stopServers)

describe('HTTP edge of the production server', () => {
  beforeAll(async () => {
    // Demo data gives a real account to sign in with; TRUST_PROXY=1 stands for one reverse proxy in front.
    // A cold start that loads the demo data: slow on a busy two-core CI machine.
    const server = await startServer({ port: PORT, env: { APP_URL: 'https://setu.example', TRUST_PROXY: '1', SEED_DEMO_DATA: 'true' }, ms: 170_000 })
    expect(server.output()).toContain('running at https://setu.example')
  }, 180_000)

  it('sends the security headers on pages, static files, data requests and errors', async () => {
    const asset = fs.readdirSync(path.join(root, 'build/client/assets')).find((f) => f.endsWith('.css'))
    for (const url of ['/about', '/about.data', '/favicon.svg', `/assets/${asset}`, '/no-such-page']) {
      const res = await fetch(`${BASE}${url}`)
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff')
      expect(res.headers.get('strict-transport-security'), url).toMatch(/^max-age=31536000/)
      expect(res.headers.get('referrer-policy'), url).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('permissions-policy'), url).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\)/)
      const csp = res.headers.get('content-security-policy') ?? ''
      for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'", "default-src 'self'"]) {
        expect(csp, url).toContain(directive)
      }
      expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    }
  })

  it("serves the browser's files as the build compressed them, in the encoding the client accepts", async () => {
    const assets = path.join(root, 'build/client/assets')
    const script = fs.readdirSync(assets).filter((f) => f.endsWith('.js')).sort((a, b) => fs.statSync(path.join(assets, b)).size - fs.statSync(path.join(assets, a)).size)[0]
    const original = fs.readFileSync(path.join(assets, script))
    const cases: [string, string | undefined, (b: Buffer) => Buffer][] = [
      ['gzip, deflate, br, zstd', 'br', (b) => zlib.brotliDecompressSync(b)],
      ['gzip', 'gzip', (b) => zlib.gunzipSync(b)],
      ['br;q=0, gzip', 'gzip', (b) => zlib.gunzipSync(b)],
      ['identity', undefined, (b) => b],
    ]
    for (const [accept, encoding, decode] of cases) {
      const res = await getRaw(`/assets/${script}`, { 'Accept-Encoding': accept })
      expect(res.status, accept).toBe(200)
      expect(res.headers['content-encoding'], accept).toBe(encoding)
      expect(res.headers['content-type'], accept).toMatch(/^text\/javascript/)
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable')
      expect(res.headers.vary, accept).toMatch(/Accept-Encoding/i)
      expect(decode(res.body).equals(original), accept).toBe(true)
      // The copy the build wrote, byte for byte: nothing compressed it again on the way out.
      if (encoding) expect(res.body.equals(fs.readFileSync(path.join(assets, `${script}.${encoding === 'br' ? 'br' : 'gz'}`))), accept).toBe(true)
    }
    const translations = await getRaw('/locales/ru/common.json', { 'Accept-Encoding': 'br' })
    expect(translations.headers['content-encoding']).toBe('br')
    expect(translations.headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(zlib.brotliDecompressSync(translations.body).toString('utf8'))).toEqual(JSON.parse(fs.readFileSync(path.join(root, 'build/client/locales/ru/common.json'), 'utf8')))
    // Pages are still compressed as they are written.
    const page = await getRaw('/about', { 'Accept-Encoding': 'br', Cookie: 'setu_test=1' })
    expect(page.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(page.body).toString('utf8')).toMatch(/^<!DOCTYPE html>/i)
  })

  it('lets a route replace a default header instead of sending it twice', async () => {
    const res = await fetch(`${BASE}/reset-password?token=unknown`)
    expect(res.headers.get('referrer-policy')).toBe('same-origin')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('gives every inline script the nonce of its own response and ignores a nonce the client sent', async () => {
    const nonces = new Set<string>()
    for (let i = 0; i < 2; i++) {
      // A cookie the page cache does not know makes the page rendered for this request (a cached
      // page carries hashes instead of a nonce: page-cache.test.ts).
      const res = await fetch(`${BASE}/about`, { headers: { 'x-setu-csp-nonce': 'forged-nonce', Cookie: 'setu_test=1' } })
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      nonces.add(nonce!)
      const html = await res.text()
      const scripts = html.match(/<script\b[^>]*>/g) ?? []
      expect(scripts.length).toBeGreaterThan(2)
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
      expect(html).not.toContain('forged-nonce')
    }
    expect(nonces.size).toBe(2)
  })

  it('answers an oversized form with a translated 413 that a client reads after sending its whole body', async () => {
    const res = await rawPost('/login', { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: lngCookie('ru') }, 8 * 1024 * 1024)
    expect(res.status).toBe(413)
    expect(res.body).toBe('Отправленные данные слишком велики (допустимо не более 64 кБ). Сократите их и попробуйте ещё раз.')
    expect(res.head).toMatch(/cache-control: no-store/i)
  }, 60_000)

  it('caps API bodies with the language from Accept-Language, and lets bodies under the cap through', async () => {
    const big = await fetch(`${BASE}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'hi-IN,hi;q=0.9', Origin: BASE },
      body: JSON.stringify({ email: 'big@example.com', password: 'long-enough-1', name: 'x'.repeat(100 * 1024) }),
    })
    expect(big.status).toBe(413)
    expect(await big.text()).toContain('बहुत बड़ा है (सीमा 64 kB है)')

    const small = await fetch(`${BASE}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: BASE, 'X-Forwarded-For': '192.0.2.200' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'x'.repeat(60 * 1024) }),
    })
    expect(small.status).not.toBe(413)
    expect(small.status).toBeLessThan(500)
  })

  it('refuses a body of unknown length on capped routes with a translated 411', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${BASE}/login`, { method: 'POST', headers: { 'Transfer-Encoding': 'chunked', 'Accept-Language': 'en' } }, (res) => {
        let body = ''
        res.on('data', (d) => (body += d))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      req.on('error', reject)
      req.end('email=a%40b.c&password=x')
    })
    expect(answer).toEqual({ status: 411, body: 'This request did not state its size, so it was refused. Please send it again from the Setu page.' })
  })

  it('lets the forms with a KYC file keep their own, larger limit', async () => {
    // Anonymous: the route sends the visitor to the login page without reading the upload, and the
    // client still gets that answer after sending everything.
    const underKycLimit = await rawPost('/kyc-upload', { 'Content-Type': 'application/octet-stream' }, 512 * 1024)
    expect(underKycLimit.status).toBe(302)
    expect(underKycLimit.head).toMatch(/location: \/login/i)
    // Registration carries the seller's KYC file: a body over the default cap reaches the form, which
    // answers that it cannot read this one.
    const registration = await rawPost('/register', { 'Content-Type': 'multipart/form-data; boundary=x', Origin: BASE }, 512 * 1024)
    expect(registration.status).toBe(400)
    const overKycLimit = await rawPost('/kyc-upload', { 'Content-Type': 'application/octet-stream', 'Accept-Language': 'en' }, 6 * 1024 * 1024)
    expect(overKycLimit.status).toBe(413)
    expect(overKycLimit.body).toBe('File size must be 5MB or less')
  }, 60_000)

  it('lets product image uploads keep their own 10 MB limit', async () => {
    const underImageLimit = await rawPost('/dashboard/products/images', { 'Content-Type': 'application/octet-stream' }, 6 * 1024 * 1024)
    expect(underImageLimit.status).toBe(302)
    expect(underImageLimit.head).toMatch(/location: \/login/i)
    const overImageLimit = await rawPost('/dashboard/products/images', { 'Content-Type': 'application/octet-stream', 'Accept-Language': 'en' }, 11 * 1024 * 1024)
    expect(overImageLimit.status).toBe(413)
    expect(overImageLimit.body).toBe('Each image must be 10 MB or less.')
  }, 60_000)

  it('lets a message thread take five 10 MB attachments (52 MB), and no more', async () => {
    const thread = '/messages/0b5e1f9e-3c1a-4c8e-9d7a-2f4b6a8c0d1e'
    const underSendLimit = await rawPost(thread, { 'Content-Type': 'application/octet-stream' }, 20 * 1024 * 1024)
    expect(underSendLimit.status).toBe(302)
    expect(underSendLimit.head).toMatch(/location: \/login/i)
    const overSendLimit = await rawPost(thread, { 'Content-Type': 'application/octet-stream', 'Accept-Language': 'en' }, 53 * 1024 * 1024)
    expect(overSendLimit.status).toBe(413)
    expect(overSendLimit.body).toBe('Your message and its files are too large together (at most 52 MB).')
    // Other message routes keep the default limit.
    const start = await rawPost('/messages/start', { 'Content-Type': 'application/octet-stream' }, 1024 * 1024)
    expect(start.status).toBe(413)
  }, 90_000)

  it('marks every response to a signed-in user no-store and leaves anonymous pages cacheable as before', async () => {
    const signIn = await login('buyer@setu.example', DEMO_PASSWORD, '198.51.100.77')
    expect(signIn.status).toBe(302)
    expect(signIn.headers.get('cache-control')).toBe('no-store')
    const session = signIn.headers.getSetCookie().find((c) => c.includes('setu.session_token='))
    expect(session).toBeTruthy()
    const cookie = session!.split(';')[0]!

    for (const url of ['/dashboard', '/dashboard.data', '/about', '/products/does-not-exist']) {
      const res = await fetch(`${BASE}${url}`, { headers: { Cookie: cookie }, redirect: 'manual' })
      expect(res.headers.get('cache-control'), url).toBe('no-store')
    }
    const dashboard = await fetch(`${BASE}/dashboard`, { headers: { Cookie: cookie } })
    expect(await dashboard.text()).toContain('buyer@setu.example')

    const anonymous = await fetch(`${BASE}/robots.txt`)
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=3600')
  })

  it('with TRUST_PROXY=1 keys the sign-in rate limit on the address the proxy saw, not a forged X-Forwarded-For', async () => {
    const proxySaw = '203.0.113.9'
    // A new email each time, so only the per-address limit (not an account's lockout) can answer 429.
    for (let i = 0; i < 5; i++) {
      const res = await login(`nobody${i}@example.com`, 'wrong-password', `10.9.8.${i}, ${proxySaw}`)
      expect(res.status).toBe(401)
    }
    const forged = await login('nobody5@example.com', 'wrong-password', `172.16.0.99, ${proxySaw}`)
    expect(forged.status).toBe(429)
    // The address the proxy appended does count: another client behind the same proxy is not limited.
    const otherClient = await login('nobody6@example.com', 'wrong-password', `172.16.0.99, 203.0.113.10`)
    expect(otherClient.status).toBe(401)
  })
})

describe('Host header and public origin with APP_URL set', () => {
  it('refuses a forged Host with a translated 400 and builds every absolute URL from APP_URL', async () => {
    const forged = await getAs(PORT, '/sitemap.xml', 'evil.example')
    expect(forged.status).toBe(400)
    expect(forged.body).toBe('This server does not answer for the address you used. Open Setu at https://setu.example instead.')
    expect(forged.body).not.toContain('evil.example')
    const ru = await getAs(PORT, '/', 'evil.example:3302', { 'Accept-Language': 'ru' })
    expect(ru.status).toBe(400)
    expect(ru.headers['content-language']).toBe('ru')
    expect(ru.body).toContain('Этот сервер не обслуживает адрес')
    const robots = await getAs(PORT, '/robots.txt', 'setu.example')
    expect(robots.status).toBe(200)
    expect(robots.body).toContain('Sitemap: https://setu.example/sitemap.xml')
    // Reached on loopback (the reverse proxy's view): links still use APP_URL.
    const page = await getAs(PORT, '/about', `127.0.0.1:${PORT}`)
    expect(page.body).toContain('<link rel="canonical" href="https://setu.example/about"/>')
  })

  it('marks the language cookie Secure under an https APP_URL', async () => {
    const res = await getAs(PORT, '/about?lng=hi', `127.0.0.1:${PORT}`)
    const cookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('lng='))
    expect(cookie).toMatch(/; Secure/)
  })
})

describe('Host header and public origin without APP_URL', () => {
  const port = 3313
  let server: ChildServer
  beforeAll(async () => {
    server = await startServer({ port, env: { ALLOWED_HOSTS: 'setu.internal', SEED_DEMO_DATA: 'false' } })
    expect(server.output()).toContain('running at http://localhost:3313')
  }, 130_000)

  it('says at start that APP_URL is unset and why there is no demo data', () => {
    expect(server.output()).toContain('[setu] demo data: not loaded (SEED_DEMO_DATA=false)')
    expect(server.output()).toContain('[setu] APP_URL is not set: links point to http://localhost:3313 and only requests for localhost and setu.internal are answered.')
  })

  it('answers loopback names and ALLOWED_HOSTS with their own origin, and refuses any other Host', async () => {
    const forged = await getAs(port, '/sitemap.xml', 'evil.example:3313')
    expect(forged.status).toBe(400)
    expect(forged.body).toContain('Open Setu at http://localhost:3313 instead.')
    const internal = await getAs(port, '/sitemap.xml', 'setu.internal:3313')
    expect(internal.status).toBe(200)
    expect(internal.body).toContain('<loc>http://setu.internal:3313/sitemaps/pages.xml</loc>')
    expect(internal.body).not.toContain('evil.example')
    const local = await getAs(port, '/robots.txt', `localhost:${port}`)
    expect(local.body).toContain(`Sitemap: http://localhost:${port}/sitemap.xml`)
    const cookie = [(await getAs(port, '/about', `localhost:${port}`)).headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('lng='))
    expect(cookie).toBeDefined()
    expect(cookie).not.toMatch(/Secure/)
  })
})

describe('TRUST_PROXY', () => {
  it('refuses `true` at start with a message that says what to set instead', async () => {
    const server = await spawnServer({ port: 3312, env: { TRUST_PROXY: 'true', SEED_DEMO_DATA: 'false' } })
    expect(await server.exited()).toBe(1)
    expect(server.output()).toContain('[setu] cannot start: TRUST_PROXY="true" is not accepted')
    expect(server.output()).toContain('number of reverse proxies')
  }, 60_000)
})
