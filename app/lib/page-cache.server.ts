// A shared in-process cache of public pages for visitors without a session (issue 11 item 3, ADR 016).
// server/start.mjs mounts pageCache() in front of React Router. A request qualifies when it is a GET or
// HEAD of a public page (document or `.data`), carries no cookie but the language and visitor-id
// cookies, no Authorization header and no query parameter that marks personal state. The page is
// kept per host, path, sorted query and language, bounded in bytes (LRU) and in time (TTL), and
// dropped at once when the catalog changes: invalidatePublicPages() bumps a generation here and, by
// NOTIFY, in every other process on the same PostgreSQL database.
//
// Nonces: a page is rendered with the request's CSP nonce, and a stored page would hand that nonce to
// every later visitor. The stored copy drops the nonce attributes instead, and its CSP lists the
// SHA-256 hashes of its inline scripts and styles in place of the nonce. The body is then the same
// bytes for everyone, so it is compressed once per encoding and carries a strong ETag.
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { sql } from 'drizzle-orm'
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express'
import { getDb } from './db.server'
import { hostAllowed } from './env.server'
import { CSP_NONCE_HEADER } from './csp-nonce-header.server'
import { LANGUAGE_COOKIE, type Language } from './i18n'
import { detectLanguageOf, localeCookie, serializeLocaleCookie } from './locale-detection.server'
import { listenToChannel, type ChannelListener } from './realtime.server'
import { listStaticPaths, mayBeStatic } from './static-files.server'
import { CURRENCY_COOKIE, visitorCurrency } from './reader-currency'

/** The NOTIFY channel on which a catalog change reaches every process's cache. */
export const PAGE_CACHE_CHANNEL = 'setu_public_pages'

const DEFAULT_MAX_BYTES = 50 * 1024 * 1024
/** How long a page (and the reference data in reference-cache.server.ts) is kept at most, even without a catalog change. */
export const PAGE_CACHE_TTL_MS = 60_000
const DEFAULT_TTL_MS = PAGE_CACHE_TTL_MS
/** A page larger than this is served but not kept (one page must not push out hundreds). */
const MAX_ENTRY_BYTES = 2 * 1024 * 1024
/** Bodies below this go out uncompressed, as the compression middleware would send them. */
const COMPRESS_MIN_BYTES = 1024
const MAX_URL_LENGTH = 2048

/**
 * Cookies that do not make a public page personal: the language and the visitor's currency (both part
 * of the key: amounts are shown converted to the reader's currency, issue 28) and the anonymous visitor id.
 */
const NEUTRAL_COOKIES = new Set([LANGUAGE_COOKIE, CURRENCY_COOKIE, 'setu_visitor'])
/** Query parameters that carry someone's own state (a token, an address, where to go after signing in). */
const PERSONAL_PARAMS = /^(?:token|code|state|email|redirectto|callbackurl|error|toast)$/i
/** Public pages (a `.data` request for "/" is "/_root.data"). */
const PUBLIC_PAGE =
  /^\/(?:_root|marketplace|marketplace\/new|about|contact|terms|privacy|faq|logistics|guides|trade-instructions(?:\/(?:documentation|payment|logistics))?|(?:categories|products|sellers)\/[^/]+)?$/
const CACHEABLE_TYPE = /^text\/(?:html|x-script)\b/i

type Encoding = 'br' | 'gzip'

type Entry = {
  key: string
  /** Response headers to replay (no Set-Cookie, validators, caching or encoding headers). */
  headers: [string, string][]
  body: Buffer
  etag: string
  /** CSP source lists for the stored HTML's inline scripts and styles; null for `.data` payloads. */
  hashes: { script: string[]; style: string[] } | null
  /** The last CSP served with this entry: the edge's policy and the policy with the hashes (nonces cut out of both). */
  csp?: { edge: string; served: string }
  /**
   * The headers Express's middleware had set when the page was last served through it (security
   * headers, Permissions-Policy, ...), but the CSP: what a hit answered before Express sends along.
   */
  edge?: Record<string, string | string[]>
  /** What a hit before Express sends of the edge's headers, the page's own, Vary and the CSP, as name, value, name, value ... */
  early?: (string | string[])[]
  encoded: Map<Encoding, Promise<Buffer>>
  bytes: number
  storedAt: number
  generation: number
}

export type PageCacheStats = { hits: number; misses: number; stores: number; bypasses: number; entries: number; bytes: number; generation: number }

type State = {
  entries: Map<string, Entry>
  bytes: number
  generation: number
  maxBytes: number
  ttlMs: number
  stats: Omit<PageCacheStats, 'entries' | 'bytes' | 'generation'>
  /** Renders under way, by key: their result, or null when it is not shared. */
  rendering: Map<string, Promise<Entry | null>>
  listener?: ChannelListener
}

// On globalThis: the server build and the test suite (which imports the sources) must share one cache,
// or a catalog change made through the sources would not reach the build's pages.
const globalForCache = globalThis as unknown as { __setuPageCache?: State }
function state(): State {
  globalForCache.__setuPageCache ??= {
    entries: new Map(),
    bytes: 0,
    generation: 0,
    maxBytes: DEFAULT_MAX_BYTES,
    ttlMs: DEFAULT_TTL_MS,
    stats: { hits: 0, misses: 0, stores: 0, bypasses: 0 },
    rendering: new Map(),
  }
  return globalForCache.__setuPageCache
}

/** Parses PAGE_CACHE_MB (unset: 50; 0 turns the cache off); anything but a whole number from 0 to 4096 throws. */
export function parsePageCacheSize(raw: string | undefined): number {
  const value = (raw ?? '').trim()
  if (value === '') return DEFAULT_MAX_BYTES
  if (/^\d+$/.test(value) && Number(value) <= 4096) return Number(value) * 1024 * 1024
  throw new Error(`PAGE_CACHE_MB="${value}" is not accepted. Set the public page cache's size in MiB, from 0 (off) to 4096 (default 50).`)
}

/** Sets the cache's bounds (server start, tests); drops what is stored. */
export function configurePageCache({ maxBytes, ttlMs }: { maxBytes?: number; ttlMs?: number }) {
  const s = state()
  if (maxBytes !== undefined) s.maxBytes = maxBytes
  if (ttlMs !== undefined) s.ttlMs = ttlMs
  clear(s)
}

/** Counters and size of this process's cache (tests, diagnostics). */
export function pageCacheStats(): PageCacheStats {
  const s = state()
  return { ...s.stats, entries: s.entries.size, bytes: s.bytes, generation: s.generation }
}

/** The catalog's generation in this process: bumped by every invalidation, local or from another process. */
export function publicPagesGeneration(): number {
  return state().generation
}

function clear(s: State) {
  s.entries.clear()
  s.bytes = 0
}

function bump() {
  const s = state()
  s.generation++
  clear(s)
}

/**
 * Drops every cached public page in this process at once and, through NOTIFY, in every other process
 * on the database. Call after a write that public pages show (products, sellers, categories) has
 * committed. Never throws: a lost NOTIFY only leaves other processes stale until the TTL.
 */
export async function invalidatePublicPages(): Promise<void> {
  bump()
  try {
    await getDb().execute(sql`select pg_notify(${PAGE_CACHE_CHANNEL}, '')`)
  } catch (err) {
    console.error(`[setu] page cache: could not notify other processes: ${err instanceof Error ? err.message : err}`)
  }
}

/** Listens for other processes' invalidations (one LISTEN per process); after a reconnect, drops everything. */
export async function startPageCacheListener(): Promise<void> {
  const s = state()
  if (s.listener) return
  s.listener = listenToChannel(PAGE_CACHE_CHANNEL, { payload: bump, reconnected: bump })
  await s.listener.ready
}

/** Stops the LISTEN; call before the database closes. */
export async function stopPageCacheListener(): Promise<void> {
  const s = state()
  const listener = s.listener
  s.listener = undefined
  await listener?.stop()
}

function cookieNames(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter(Boolean)
}

/** Why a request must not use the cache, or null when it may. */
export function bypassReason(method: string, url: URL, headers: { cookie?: string; authorization?: string }): string | null {
  if (method !== 'GET' && method !== 'HEAD') return 'method'
  if (url.href.length > MAX_URL_LENGTH) return 'long url'
  if (!PUBLIC_PAGE.test(url.pathname.replace(/\.data$/, ''))) return 'not a public page'
  if (headers.authorization) return 'authorization'
  if (cookieNames(headers.cookie).some((name) => !NEUTRAL_COOKIES.has(name))) return 'cookie'
  for (const name of url.searchParams.keys()) if (PERSONAL_PARAMS.test(name)) return 'personal parameter'
  return null
}

/** The stored page for a URL, language and currency (the root loader's visitorCurrency: the same answer). */
function cacheKey(url: URL, lng: Language, cookie: string | undefined): string {
  const reader = `${lng} ${visitorCurrency(cookie, lng)}`
  // Most pages have no query: nothing to sort.
  if (url.search === '') return `${reader} ${url.protocol}//${url.host}${url.pathname}?`
  const query = new URLSearchParams(url.searchParams)
  query.sort()
  return `${reader} ${url.protocol}//${url.host}${url.pathname}?${query}`
}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('base64')

/** CSP hash sources for the inline scripts and styles of an HTML page (scripts with src need none). */
function inlineHashes(html: string): { script: string[]; style: string[] } {
  const script = new Set<string>()
  const style = new Set<string>()
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(m[1] ?? '')) continue
    script.add(`'sha256-${sha256(m[2] ?? '')}'`)
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) style.add(`'sha256-${sha256(m[1] ?? '')}'`)
  return { script: [...script], style: [...style] }
}

/** The CSP the edge set for this request, with the nonce replaced by the stored page's hashes. */
function policyWithHashes(policy: string, nonce: string, hashes: { script: string[]; style: string[] }): string {
  const token = `'nonce-${nonce}'`
  return policy
    .split(';')
    .map((directive) => {
      const [name] = directive.trim().split(/\s+/)
      const list = name === 'script-src' ? hashes.script : name === 'style-src' ? hashes.style : null
      if (!list) return directive
      return directive.split(token).join(list.join(' ')).replace(/\s+$/, '').replace(/\s{2,}/g, ' ')
    })
    .join(';')
}

// Headers the cache sets itself, or that belong to one response only.
const UNSTORED_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'date',
  'etag',
  'cache-control',
  'vary',
  'content-security-policy',
])

/** The cookie name of a Set-Cookie value. */
const setCookieName = (value: string) => value.split('=')[0]?.trim() ?? ''

/**
 * Whether a rendered response may be shared, judged by its head: a 200 HTML page or `.data` payload,
 * not private by the route's own Cache-Control, setting no cookie but the neutral ones (and the
 * language cookie only for the key's language).
 */
async function shareable(response: Response, lng: string): Promise<boolean> {
  if (response.status !== 200) return false
  if (!CACHEABLE_TYPE.test(response.headers.get('Content-Type') ?? '')) return false
  if (/no-store|private/i.test(response.headers.get('Cache-Control') ?? '')) return false
  for (const cookie of response.headers.getSetCookie()) {
    const name = setCookieName(cookie)
    // A page that changes the currency is not the page the key's currency shows.
    if (!NEUTRAL_COOKIES.has(name) || name === CURRENCY_COOKIE) return false
    if (name === LANGUAGE_COOKIE && (await localeCookie.parse(cookie.split(';')[0] ?? '')) !== lng) return false
  }
  return true
}

/** The entry to keep for a shareable response's body, or null when the nonce appears anywhere but in nonce attributes (or the page is too large). */
function toEntry(response: Response, raw: Buffer, nonce: string | undefined, generation: number, key: string): Entry | null {
  if (raw.length > MAX_ENTRY_BYTES) return null
  let body = raw
  let hashes: Entry['hashes'] = null
  if (/^text\/html/i.test(response.headers.get('Content-Type') ?? '')) {
    if (!nonce) return null
    const text = raw.toString('utf8').split(` nonce="${nonce}"`).join('')
    if (text.includes(nonce)) return null
    hashes = inlineHashes(text)
    body = Buffer.from(text, 'utf8')
  }
  const headers: [string, string][] = []
  response.headers.forEach((value, name) => {
    if (!UNSTORED_HEADERS.has(name.toLowerCase())) headers.push([name, value])
  })
  return {
    key,
    headers,
    body,
    etag: `"${sha256(body).slice(0, 27)}"`,
    hashes,
    encoded: new Map(),
    bytes: body.length + key.length + 512,
    storedAt: Date.now(),
    generation,
  }
}

function store(s: State, entry: Entry) {
  const old = s.entries.get(entry.key)
  if (old) {
    s.entries.delete(entry.key)
    s.bytes -= old.bytes
  }
  s.entries.set(entry.key, entry)
  s.bytes += entry.bytes
  s.stats.stores++
  evict(s)
}

function evict(s: State) {
  for (const [key, entry] of s.entries) {
    if (s.bytes <= s.maxBytes) break
    s.entries.delete(key)
    s.bytes -= entry.bytes
  }
}

function lookup(s: State, key: string): Entry | null {
  const entry = s.entries.get(key)
  if (!entry) return null
  if (entry.generation !== s.generation || Date.now() - entry.storedAt >= s.ttlMs) {
    s.entries.delete(key)
    s.bytes -= entry.bytes
    return null
  }
  // Most recently used last: eviction walks the map from the front.
  s.entries.delete(key)
  s.entries.set(key, entry)
  return entry
}

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

// Clients send a handful of distinct Accept-Encoding values: each is parsed once (bounded, as any value can be sent).
const negotiated = new Map<string, Encoding | null>()
const NEGOTIATED_MAX = 64

/** The client's preferred encoding among br and gzip (q=0 refuses), or null for identity. */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  const known = negotiated.get(header ?? '')
  if (known !== undefined) return known
  const encoding = parseAcceptEncoding(header ?? '')
  if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear()
  negotiated.set(header ?? '', encoding)
  return encoding
}

function parseAcceptEncoding(header: string): Encoding | null {
  const accepted = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
    accepted.set(name, q === undefined ? 1 : Number(q) || 0)
  }
  const weight = (e: string) => accepted.get(e) ?? accepted.get('*') ?? 0
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br'
  if (weight('gzip') > 0) return 'gzip'
  return null
}

function encodedBody(s: State, entry: Entry, encoding: Encoding): Promise<Buffer> {
  let pending = entry.encoded.get(encoding)
  if (!pending) {
    pending =
      encoding === 'br'
        ? brotli(entry.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length } })
        : gzip(entry.body, { level: 6 })
    entry.encoded.set(encoding, pending)
    void pending.then(
      (buf) => {
        // Counted only while the entry is still the stored one.
        if (s.entries.get(entry.key) === entry) {
          entry.bytes += buf.length
          s.bytes += buf.length
          evict(s)
        }
      },
      () => entry.encoded.delete(encoding),
    )
  }
  return pending
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t === etag || t === `W/${etag}`
  })
}

/**
 * Extra work a served copy needs per request (the product page's view count); returns Set-Cookie values.
 * `request()` builds the request's fetch Request (only a hook that needs one pays for it).
 */
export type PageCacheHook = (url: URL, request: () => Request) => Promise<string[]>

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else headers.set(name, value)
  }
  return headers
}

/** The request as a hook sees it: method, URL and headers (no abort signal: a hook does not read the body or stream). */
const hookRequest = (req: IncomingMessage, url: URL) => () => new Request(url.href, { method: req.method, headers: headersOf(req) })

function fetchRequest(req: ExpressRequest, res: ExpressResponse, url: URL): Request {
  const headers = headersOf(req)
  const controller = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  return new Request(url.href, { method: req.method, headers, signal: controller.signal })
}

function requestUrl(req: ExpressRequest): URL {
  // As @react-router/express builds it: express's reading of the protocol and host (trust proxy aware).
  const port = (req.get('host') ?? '').split(':')[1]
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || 'localhost'
  // Before Express (a hit answered early) there is no originalUrl yet: the URL as received.
  return new URL(`${req.protocol}://${hostname}${port && /^\d+$/.test(port) ? `:${port}` : ''}${req.originalUrl ?? req.url}`)
}

/** The edge's CSP for this request with the stored page's hashes in place of the nonce (worked out once per entry and policy). */
function servedPolicy(entry: Entry & { hashes: NonNullable<Entry['hashes']> }, policy: string, nonce: string): string {
  const token = `'nonce-${nonce}'`
  const edge = policy.split(token).join('\u0000')
  // Kept with the nonce cut out too, should a directive other than script-src and style-src name it.
  if (entry.csp?.edge !== edge) entry.csp = { edge, served: policyWithHashes(policy, nonce, entry.hashes).split(token).join('\u0000') }
  return entry.csp.served.includes('\u0000') ? entry.csp.served.split('\u0000').join(token) : entry.csp.served
}

const VARY = ['Accept-Encoding', 'Accept-Language', 'Cookie']

/** The Vary to send: the one the edge set (if any) with the cache's fields added, as res.vary() would. */
function varyWith(existing: string | undefined): string {
  if (existing === undefined) return VARY.join(', ')
  const fields = existing.split(',').map((f) => f.trim()).filter(Boolean)
  if (fields.includes('*')) return '*'
  const known = new Set(fields.map((f) => f.toLowerCase()))
  return [...fields, ...VARY.filter((f) => !known.has(f.toLowerCase()))].join(', ')
}

const headerText = (value: number | string | string[] | undefined): string | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value)

/** The headers answer() sets for each request; those of the edge are overridden by them. */
const PER_REQUEST_HEADERS = new Set(['set-cookie', 'cache-control', 'etag', 'content-encoding', 'content-length'])

type Answer = { status: 200 | 304; headers: [string, string | string[]][]; body: Buffer | null }

/**
 * A stored page's answer to this request: the cookies, caching headers and validator, 304 or the
 * body in the negotiated encoding (none for HEAD). The page's own headers, the edge's, Vary and the
 * CSP are the caller's. Both ways of serving a hit (through Express and before it) use this.
 */
async function answer(s: State, entry: Entry, req: IncomingMessage, lng: Language, setCookies: string[]): Promise<Answer> {
  const headers: [string, string | string[]][] = []
  const cookies = [...setCookies]
  // The language cookie can only be there if the header names it.
  const cookieHeader = req.headers.cookie
  const sentLng = cookieHeader?.includes(LANGUAGE_COOKIE) ? await localeCookie.parse(cookieHeader) : null
  if (sentLng !== lng) cookies.push(await serializeLocaleCookie(lng))
  if (cookies.length > 0) headers.push(['set-cookie', cookies])
  // Revalidated on every use, so a catalog change is seen at once; shared caches may keep only
  // responses that set no cookie, and must tell languages and encodings apart (Vary).
  headers.push(['cache-control', `${cookies.length > 0 ? 'private' : 'public'}, max-age=0, must-revalidate`], ['etag', entry.etag])
  if (matches(req.headers['if-none-match'], entry.etag)) return { status: 304, headers, body: null }
  const encoding = entry.body.length >= COMPRESS_MIN_BYTES ? negotiateEncoding(req.headers['accept-encoding']) : null
  const body = encoding ? await encodedBody(s, entry, encoding) : entry.body
  if (encoding) headers.push(['content-encoding', encoding])
  headers.push(['content-length', String(body.length)])
  return { status: 200, headers, body: req.method === 'HEAD' ? null : body }
}

/**
 * The headers the middleware in front of the cache set on this response, for hits answered before
 * Express; null when one of them is this request's own (a cookie), so such hits go through Express.
 */
function edgeHeaders(res: ServerResponse): Record<string, string | string[]> | null {
  const edge: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (name === 'set-cookie') return null
    if (name === 'content-security-policy' || value === undefined) continue
    edge[name] = Array.isArray(value) ? value : String(value)
  }
  return edge
}

/** Writes a stored page (or 304) through Express, with this request's CSP, cookies and encoding. */
async function serve(s: State, entry: Entry, req: ExpressRequest, res: ExpressResponse, lng: Language, setCookies: string[]) {
  const nonce = req.headers[CSP_NONCE_HEADER]
  const policy = res.getHeader('Content-Security-Policy')
  const csp =
    entry.hashes && typeof nonce === 'string' && typeof policy === 'string'
      ? servedPolicy(entry as Entry & { hashes: NonNullable<Entry['hashes']> }, policy, nonce)
      : undefined
  entry.edge = edgeHeaders(res) ?? undefined
  entry.early = undefined
  const out = await answer(s, entry, req, lng, setCookies)
  for (const [name, value] of entry.headers) res.setHeader(name, value)
  if (csp) res.setHeader('Content-Security-Policy', csp)
  res.setHeader('Vary', varyWith(headerText(res.getHeader('Vary'))))
  for (const [name, value] of out.headers) {
    if (name === 'set-cookie') res.append('Set-Cookie', value)
    else res.setHeader(name, value)
  }
  if (out.status === 304) res.removeHeader('Content-Type')
  res.statusCode = out.status
  if (out.body) res.end(out.body)
  else res.end()
}

/** The same headers as serve() sets from the recorded edge, the page and its CSP (worked out once per entry). */
function earlyHeaders(entry: Entry, edge: Record<string, string | string[]>, csp: string): (string | string[])[] {
  const own = new Set(entry.headers.map(([name]) => name.toLowerCase()))
  const flat: (string | string[])[] = []
  for (const [name, value] of Object.entries(edge)) {
    if (!own.has(name) && !PER_REQUEST_HEADERS.has(name) && name !== 'vary') flat.push(name, value)
  }
  for (const [name, value] of entry.headers) flat.push(name, value)
  flat.push('content-security-policy', csp, 'vary', varyWith(headerText(edge['vary'])))
  return flat
}

/** Sends a response that is not shared as it came (the body already read, or streamed). */
async function passThrough(response: Response, res: ExpressResponse, body?: Buffer) {
  res.statusCode = response.status
  response.headers.forEach((value, name) => {
    if (name.toLowerCase() !== 'set-cookie') res.setHeader(name, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) res.append('Set-Cookie', cookies)
  if (body) return void res.end(body)
  if (!response.body) return void res.end()
  const reader = response.body.getReader()
  for (;;) {
    // A visitor who left stops the render's stream too.
    if (res.destroyed) return void (await reader.cancel().catch(() => {}))
    const { done, value } = await reader.read()
    if (done) break
    if (!res.write(value)) await new Promise((r) => {
        res.once('drain', r)
        res.once('close', r)
      })
  }
  res.end()
}

/**
 * Answers a hit before Express: `(req, res, express)` writes a stored page when the middleware chain
 * would only have served that same page, and calls `express()` for anything else (see beforeExpress).
 */
export type EarlyResponder = (req: IncomingMessage, res: ServerResponse, express: () => void) => void

export type PageCacheHandler = RequestHandler & {
  /**
   * The responder for node:http's 'request' event in front of Express. `request` is the Express app's
   * request prototype (app.request: protocol and host as Express reads them, trust proxy included);
   * `staticRoot` the directory whose files Express serves before the cache.
   */
  beforeExpress: (options: { request: object; staticRoot: string }) => EarlyResponder
}

/**
 * Express middleware serving public pages to visitors without a session from the cache; `render` is
 * React Router's fetch handler for the same build. Requests that do not qualify go on to `next()`.
 */
export function pageCache(render: (request: Request) => Promise<Response>, { onServe }: { onServe?: PageCacheHook } = {}): PageCacheHandler {
  const handler: RequestHandler = (req, res, next) => {
    const s = state()
    if (s.maxBytes === 0) return next()
    let url: URL
    try {
      url = requestUrl(req)
    } catch {
      return next()
    }
    if (bypassReason(req.method, url, { cookie: req.headers.cookie, authorization: req.headers.authorization })) {
      s.stats.bypasses++
      return next()
    }
    const run = async () => {
      // A hit needs no fetch Request (the language is known from the raw headers): it is built on demand.
      let fetched: Request | undefined
      const request = () => (fetched ??= fetchRequest(req, res, url))
      const lng = await detectLanguageOf(url, req.headers.cookie, req.headers['accept-language'])
      const key = cacheKey(url, lng, req.headers.cookie)
      const hit = lookup(s, key)
      // Visitors asking for a page while it renders wait for that render instead of starting their own.
      const pending = hit ? undefined : s.rendering.get(key)
      const shared = hit ?? (pending ? await pending : null)
      if (shared && shared.generation === s.generation) {
        s.stats.hits++
        const cookies = onServe ? await onServe(url, hookRequest(req, url)) : []
        return serve(s, shared, req, res, lng, cookies)
      }
      // A HEAD does not render a body to keep, and a page that could not be shared renders for each.
      if (req.method === 'HEAD' || pending) return next()
      s.stats.misses++
      let done!: (entry: Entry | null) => void
      s.rendering.set(key, new Promise((resolve) => (done = resolve)))
      let entry: Entry | null = null
      try {
        const generation = s.generation
        const response = await render(request())
        if (!(await shareable(response, lng))) return await passThrough(response, res)
        const raw = Buffer.from(await response.arrayBuffer())
        const nonce = req.headers[CSP_NONCE_HEADER]
        entry = toEntry(response, raw, typeof nonce === 'string' ? nonce : undefined, generation, key)
        if (!entry) return await passThrough(response, res, raw)
        // Rendered before a catalog change finished: served to this visitor, not kept for others.
        if (generation === s.generation) store(s, entry)
        // The render already counted this visitor's view and may have given them an id: pass that on.
        const perVisitor = response.headers.getSetCookie().filter((c) => setCookieName(c) !== LANGUAGE_COOKIE)
        return await serve(s, entry, req, res, lng, perVisitor)
      } finally {
        s.rendering.delete(key)
        done(entry)
      }
    }
    run().catch(next)
  }
  return Object.assign(handler, { beforeExpress: (options: { request: object; staticRoot: string }) => beforeExpress(onServe, options) })
}

/** Host headers already checked against hostAllowed (bounded: a client can send any Host). */
const HOSTS_MAX = 64

/**
 * A cache hit costs a few microseconds of work of its own, but going through Express and its
 * middleware (request set-up, helmet's headers, the host check, compression's hooks, the router)
 * cost as much again (issue 11). This answers a hit from node:http's 'request' event when Express
 * would have done nothing but serve it: a GET or HEAD of a stored HTML page (not `.data`, whose CSP
 * carries a fresh nonce) without a body, for an allowed Host, not one of the static files, asked
 * for by a visitor the cache serves. It sends the headers the middleware set when the page was last
 * served through Express (recorded then, so helmet's list has one definition), the page's CSP with
 * its hashes, and the cookies, validators and encoding `answer()` works out for both paths. A page
 * the cache would send unencoded goes through Express when the client accepts an encoding the cache
 * does not make (deflate): compression would encode it there. Everything else is handed to Express
 * untouched.
 */
function beforeExpress(onServe: PageCacheHook | undefined, { request: expressRequest, staticRoot }: { request: object; staticRoot: string }): EarlyResponder {
  const staticPaths = listStaticPaths(staticRoot)
  const hosts = new Map<string, boolean>()
  const allowed = (host: string | undefined) => {
    if (host === undefined) return false
    let ok = hosts.get(host)
    if (ok === undefined) {
      if (hosts.size >= HOSTS_MAX) hosts.clear()
      ok = hostAllowed(host)
      hosts.set(host, ok)
    }
    return ok
  }
  return (req, res, express) => {
    const s = state()
    if (s.maxBytes === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return express()
    const length = req.headers['content-length']
    if ((length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined) return express()
    if (!allowed(req.headers.host)) return express()
    const raw = req.url ?? ''
    const query = raw.indexOf('?')
    // An absolute-form target ("GET http://host/path") is left to Express's parsing.
    if (!raw.startsWith('/') || mayBeStatic(staticPaths, query === -1 ? raw : raw.slice(0, query))) return express()
    let url: URL
    try {
      // Express's own reading of the protocol and host (X-Forwarded-* only from a trusted proxy).
      Object.setPrototypeOf(req, expressRequest)
      url = requestUrl(req as ExpressRequest)
    } catch {
      return express()
    }
    if (url.pathname.endsWith('.data')) return express()
    if (bypassReason(req.method, url, { cookie: req.headers.cookie, authorization: req.headers.authorization })) return express()
    const accepts = req.headers['accept-encoding']
    answerEarly(s, req, res, url, onServe, accepts === undefined || /^\s*identity\s*$/i.test(accepts)).then(
      (served) => {
        if (!served) express()
      },
      (err: unknown) => {
        if (!res.headersSent) return express()
        console.error('[setu] page cache: a cached page failed half-way', err)
        res.destroy()
      },
    )
  }
}

async function answerEarly(s: State, req: IncomingMessage, res: ServerResponse, url: URL, onServe: PageCacheHook | undefined, identityOnly: boolean): Promise<boolean> {
  const lng = await detectLanguageOf(url, req.headers.cookie, req.headers['accept-language'])
  const entry = lookup(s, cacheKey(url, lng, req.headers.cookie))
  // Only pages that went through Express since they were stored carry the edge's headers and CSP.
  if (!entry?.edge || !entry.hashes || !entry.csp || entry.csp.served.includes('\u0000')) return false
  const edge = entry.edge
  const csp = entry.csp.served
  if (!identityOnly && entry.body.length >= COMPRESS_MIN_BYTES && !negotiateEncoding(req.headers['accept-encoding'])) return false
  s.stats.hits++
  const cookies = onServe ? await onServe(url, hookRequest(req, url)) : []
  const out = await answer(s, entry, req, lng, cookies)
  const fixed = (entry.early ??= earlyHeaders(entry, edge, csp))
  // A 304 has no Content-Type (serve() removes it too).
  const kept = out.status === 304 ? fixed.filter((_, i) => String(fixed[i - (i % 2)]).toLowerCase() !== 'content-type') : fixed
  res.writeHead(out.status, kept.concat(out.headers.flat()))
  if (out.body) res.end(out.body)
  else res.end()
  return true
}
