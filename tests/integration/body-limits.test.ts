// @no-database: this file runs without the per-file test database (vitest.config.ts)
// Issue 26 item 9: a body over its cap gets the translated 413, never a connection reset. The built
// production server (server/start.mjs) is sent 20 MB, the way a browser uploads a form: the whole body
// first, the answer read after. Every route that takes a POST (read from the build, so a new one is
// covered without being listed here) is tried; the routes whose cap is above 20 MB are also sent one
// megabyte more than their cap. Needs `npm run build`.
import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INTL_LOCALES, numberFormat, type Language } from '~/lib/i18n'
import { isBuilt, rawPost, root, startServer, stopServers } from '../support/child-server'
import { localeMessage } from '../support/locales'

let port = 0

const MB = 1024 * 1024
const SENT = 20 * MB
const UUID = '0b5e1f9e-3c1a-4c8e-9d7a-2f4b6a8c0d1e'
const LANGUAGES: Language[] = ['en', 'ru', 'hi']
/** The default cap (BODY_LIMIT_KB unset) and its message. */
const DEFAULT_LIMIT = { bytes: 64 * 1024, messageKey: 'errors:payloadTooLarge' }

type Limit = { bytes: number; messageKey: string }

/** The build's routes that have an action, as URL patterns, and the caps the server applies (bodyLimits). */
function postRoutesOfTheBuild(): { routes: string[]; limits: Record<string, Limit> } {
  const script = `
    const b = await import('./build/server/index.js')
    const routes = Object.values(b.routes)
    const byId = new Map(routes.map((r) => [r.id, r]))
    const full = (r) => {
      const parts = []
      for (let x = r; x; x = x.parentId ? byId.get(x.parentId) : null) if (x.path) parts.unshift(x.path)
      return '/' + parts.join('/')
    }
    console.log(JSON.stringify({ routes: [...new Set(routes.filter((r) => r.module.action).map(full))], limits: b.entry.module.bodyLimits }))
    process.exit(0)`
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' }
  delete env.DATABASE_URL
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, env, encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`could not read the build's routes:\n${run.stderr}`)
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!)
}

/** A URL for a route pattern: every parameter a UUID, the auth API's splat one of its endpoints. */
const urlFor = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, UUID).replace(/\*$/, 'sign-up/email')
/** The cap bodyLimit applies to a URL (its path with UUID segments as `:id`). */
const limitFor = (url: string, limits: Record<string, Limit>) => limits[url.toLowerCase()] ?? limits[url.replaceAll(UUID, ':id')] ?? DEFAULT_LIMIT

/** What a visitor reading `lng` is shown for a 413 with this cap, from the locale files. */
function message(lng: Language, limit: Limit): string {
  const mb = limit.bytes >= MB
  const size = numberFormat(INTL_LOCALES[lng], { style: 'unit', unit: mb ? 'megabyte' : 'kilobyte', maximumFractionDigits: 0 }).format(limit.bytes / (mb ? MB : 1024))
  return localeMessage(lng, limit.messageKey).replace('{{limit}}', size)
}

/**
 * POSTs `bytes` as a browser does, the whole body first and the answer read after, on a connection the
 * server is asked to close once it has answered.
 */
const upload = (pathname: string, headers: Record<string, string>, bytes: number) => rawPost(port, pathname, { ...headers, Connection: 'close' }, bytes)

/** Runs `work` on every item, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  for (let i = 0; i < items.length; i += width) results.push(...(await Promise.all(items.slice(i, i + width).map((item, j) => work(item, i + j)))))
  return results
}

beforeAll(async () => {
  const server = await startServer({ env: { SEED_DEMO_DATA: 'false' }, jobs: true })
  port = server.port
}, 150_000)

afterAll(stopServers)

describe('an oversized body on every POST route', () => {
  const { routes, limits } = isBuilt ? postRoutesOfTheBuild() : { routes: [], limits: {} }

  it('finds the routes with an action in the build, the auth API and the upload routes among them', () => {
    expect(routes.length).toBeGreaterThan(25)
    for (const known of ['/login', '/register', '/messages/:conversationId', '/dashboard/products/images', '/api/auth/*']) expect(routes).toContain(known)
  })

  it('answers 20 MB with the translated 413 once the body is read, then closes; a route whose cap is higher answers in full', async () => {
    const results = await inBatches(routes, 4, async (pattern, i) => {
      const url = urlFor(pattern)
      const lng = LANGUAGES[i % LANGUAGES.length]!
      const answer = await upload(url, { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept-Language': lng }, SENT)
      return { pattern, url, lng, limit: limitFor(url, limits), answer }
    })
    const capped = results.filter((r) => r.limit.bytes < SENT)
    // Every route but the message thread and the dispute form (five 10 MB files) is capped below 20 MB.
    expect(results.filter((r) => r.limit.bytes >= SENT).map((r) => r.pattern)).toEqual(['/orders/:id/dispute', '/messages/:conversationId'])
    for (const { pattern, lng, limit, answer } of capped) {
      expect({ pattern, status: answer.status }).toEqual({ pattern, status: 413 })
      expect(answer.body, pattern).toBe(message(lng, limit))
      expect(answer.head, pattern).toMatch(new RegExp(`\\r\\ncontent-language: ${lng}\\r\\n`, 'i'))
      expect(answer.head, pattern).toMatch(/\r\nconnection: close\r\n/i)
      expect(answer.answeredAfterBody, pattern).toBe(true)
      await answer.closedByServer
    }
    // Under their cap, the body reaches the route: a visitor is sent to the login page, in full.
    for (const { pattern, answer } of results.filter((r) => r.limit.bytes >= SENT)) {
      expect({ pattern, status: answer.status }).toEqual({ pattern, status: 302 })
      expect(answer.head, pattern).toMatch(/\r\nlocation: \/login/i)
    }
  }, 600_000)

  it('answers a body one megabyte over a cap above 20 MB with that route’s translated 413', async () => {
    const high = routes.map(urlFor).filter((url) => limitFor(url, limits).bytes >= SENT)
    expect(high.length).toBe(2)
    for (const [i, url] of high.entries()) {
      const limit = limitFor(url, limits)
      const lng = LANGUAGES[(i + 1) % LANGUAGES.length]!
      const answer = await upload(url, { 'Content-Type': 'multipart/form-data; boundary=x', 'Accept-Language': lng }, limit.bytes + MB)
      expect(answer.status, url).toBe(413)
      expect(answer.body, url).toBe(message(lng, limit))
      expect(answer.answeredAfterBody, url).toBe(true)
    }
  }, 300_000)
})
