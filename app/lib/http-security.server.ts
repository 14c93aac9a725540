// HTTP edge hardening for the production Express server (server/start.mjs): security headers with a
// per-request CSP nonce, request body caps that answer 413 in a way browsers can read, no-store for
// signed-in traffic and a strict TRUST_PROXY setting. Exported through entry.server.tsx so the
// server uses the same build (and translations) as the app.
import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Request as ExpressRequest, RequestHandler } from 'express'
import helmet from 'helmet'
import { baseUrl, hostAllowed } from './env.server'
import { formatNumber } from './format'
import { readerOf, type Language } from './i18n'
import { createFixedInstance, detectLanguage } from './i18next.server'

import { UUID_SOURCE } from '../domain'
import { CSP_NONCE_HEADER } from './csp-nonce-header.server'

/** Request header carrying the CSP nonce from Express to entry.server.tsx; the server overwrites any client value. */
export { CSP_NONCE_HEADER }

/** Default cap for every request body (forms, API calls); routes with files declare their own in `limits`. */
export const DEFAULT_BODY_LIMIT = 64 * 1024

/** Parses BODY_LIMIT_KB (unset: 64) into bytes; anything but a whole number of KiB from 1 to 10240 throws. */
export function parseBodyLimit(raw: string | undefined): number {
  const value = (raw ?? '').trim()
  if (value === '') return DEFAULT_BODY_LIMIT
  if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 10_240) return Number(value) * 1024
  throw new Error(`BODY_LIMIT_KB="${value}" is not accepted. Set the largest form or API body in KiB, from 1 to 10240 (default 64).`)
}

/**
 * A body over its cap is still read, and thrown away, up to this many bytes before the 413 goes out:
 * a browser reads the answer only once it has sent its whole body, and sees a connection reset when
 * the server closes the connection on a body still arriving. 64 MB covers every body a page of the app
 * can send (the largest cap is 52 MB); past it the answer is sent and the connection closed.
 */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024
// ...and for at most this long: 20 MB take about 110 s at 1.5 Mbit/s (a slow mobile link).
const DRAIN_MAX_MS = 120_000

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?setu\.session_token=/
/** Responses that do not depend on who asks (routes/public/product-media.ts). */
const PUBLIC_IMMUTABLE_PATH = /^\/media\/products\/[0-9a-f]{64}(?:-thumb)?\.webp$/

// Features the app never uses; denying them means injected or framed content cannot ask for them either.
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ')

export type TrustProxy = false | number | string[]

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isProxyAddress(entry: string): boolean {
  if (PROXY_PRESETS.has(entry)) return true
  const [address, prefix, ...rest] = entry.split('/')
  const version = isIP(address ?? '')
  if (!version || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128)
}

/**
 * Parses TRUST_PROXY: unset/`false`/`0` (no proxy), a hop count (`1`, `2`) or a comma-separated list of
 * proxy addresses/CIDRs. Anything else, notably `true`, throws: trusting every hop lets any client
 * forge X-Forwarded-For and pick its own rate-limit key.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim()
  if (value === '' || value === 'false' || value === '0') return false
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops <= 32) return hops
  } else {
    const entries = value.split(',').map((e) => e.trim())
    if (entries.every((e) => e !== '' && isProxyAddress(e))) return entries
  }
  throw new Error(
    `TRUST_PROXY="${value}" is not accepted. Set it to the number of reverse proxies in front of Setu (e.g. 1), ` +
      'or to their addresses or CIDR ranges separated by commas (e.g. 10.0.0.5,10.1.0.0/16); ' +
      'leave it unset when clients connect directly. "true" would let any client forge X-Forwarded-For.',
  )
}

// CSP nonces: 16 random bytes each, drawn from a pool filled 512 nonces at a time (one call into the
// CSPRNG instead of one per request). Every nonce is used once.
const NONCE_BYTES = 16
const NONCE_POOL = 512
let noncePool = Buffer.alloc(0)
let nonceOffset = 0
function freshNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * NONCE_POOL)
    nonceOffset = 0
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES)
  nonceOffset += NONCE_BYTES
  return nonce
}

function nonceOf(res: ServerResponse): string {
  return (res as ServerResponse & { locals: { cspNonce: string } }).locals.cspNonce
}

/**
 * Security headers for every response: a CSP with a fresh nonce per request (handed to React in
 * CSP_NONCE_HEADER), nosniff, Referrer-Policy, Permissions-Policy, and HSTS when APP_URL is https.
 */
export function securityHeaders(): RequestHandler[] {
  const https = baseUrl().startsWith('https://')
  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${nonceOf(res)}'`
  const setNonce: RequestHandler = (req, res, next) => {
    res.locals.cspNonce = freshNonce()
    req.headers[CSP_NONCE_HEADER] = res.locals.cspNonce
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
    next()
  }
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // React Router's inline hydration scripts carry the nonce; bundles come from /assets.
        scriptSrc: ["'self'", nonce],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", nonce],
        // Radix renders style="" attributes on the server (Tabs: animation-duration:0s, roving focus:
        // outline:none). Attributes cannot carry a nonce, and an inline style attribute cannot run
        // script or load anything, so only attributes are relaxed; <style> elements still need the nonce.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        // Only for an https site: on plain http (local runs, tests) it would break every asset.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  })
  return [setNonce, replayed(headers)]
}

// Stands in for the request's nonce while helmet's headers are recorded; never sent.
const NONCE_PLACEHOLDER = 'setu-csp-nonce-placeholder'

type HeaderOp = { set: string; parts: string[] } | { remove: string }

/**
 * helmet's headers, worked out once and replayed on every response. helmet builds them per request
 * through a dozen nested middlewares and assembles the CSP from its directives each time, for headers
 * that differ only in the nonce (issue 11: a visible share of a cached page's cost). They are recorded
 * from one run with a placeholder nonce and set again in the same order, with this response's nonce.
 */
function replayed(headers: RequestHandler): RequestHandler {
  const ops: HeaderOp[] = []
  const recorder = {
    locals: { cspNonce: NONCE_PLACEHOLDER },
    setHeader(name: string, value: unknown) {
      ops.push({ set: name, parts: String(value).split(NONCE_PLACEHOLDER) })
    },
    removeHeader(name: string) {
      ops.push({ remove: name })
    },
  }
  let failed: unknown = null
  headers({ headers: {}, method: 'GET', url: '/' } as ExpressRequest, recorder as unknown as Parameters<RequestHandler>[1], (err?: unknown) => {
    failed = err ?? null
  })
  if (failed) throw failed
  return (_req, res, next) => {
    const nonce = nonceOf(res)
    for (const op of ops) {
      if ('remove' in op) res.removeHeader(op.remove)
      else res.setHeader(op.set, op.parts.length === 1 ? op.parts[0]! : op.parts.join(nonce))
    }
    next()
  }
}

/**
 * Cache-Control: no-store on every response to a request with a session cookie, and on responses
 * that set one, so no shared or browser cache keeps a signed-in page or `.data` payload.
 */
export const noStoreForSessions: RequestHandler = (req, res, next) => {
  // Uploaded product images are the same for everyone (content-hash URLs, public and immutable); they
  // still get no-store below if the response refreshes the session cookie.
  const signedIn = SESSION_COOKIE.test(req.headers.cookie ?? '') && !PUBLIC_IMMUTABLE_PATH.test(req.path)
  const writeHead = res.writeHead
  // Set at the last moment: route responses append their own Cache-Control, which this must override.
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const setCookie = [this.getHeader('set-cookie') ?? []].flat().map(String)
    if (signedIn || setCookie.some((c) => /setu\.session_token=/.test(c))) {
      this.setHeader('Cache-Control', 'no-store')
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args)
  } as typeof res.writeHead
  next()
}

/**
 * React Router appends a route's headers to the response, so a header the edge already set (nosniff,
 * Referrer-Policy, ...) would be sent twice ("nosniff, nosniff"). A route's own value replaces the edge
 * default instead: routes only set these to be stricter (e.g. /reset-password's Referrer-Policy).
 */
export const routeHeadersWin: RequestHandler = (_req, res, next) => {
  const defaults = new Set(res.getHeaderNames())
  const append = res.append.bind(res)
  res.append = (field, value) => {
    if (defaults.delete(field.toLowerCase())) res.removeHeader(field)
    return append(field, value)
  }
  next()
}

// A path segment that is a UUID: a limit keyed '/messages/:id' covers every conversation.
const UUID_SEGMENT = new RegExp(`/${UUID_SOURCE}(?=/|$)`, 'g')

function routePath(req: ExpressRequest): string {
  // React Router matches paths case-insensitively and serves client-side submissions at <path>.data.
  return req.path.toLowerCase().replace(/\.data$/, '').replace(/\/+$/, '') || '/'
}

// The refusal goes to whoever sent the upload, known only by language: that language's reader.
function formatBytes(bytes: number, lng: Language): string {
  const mb = bytes >= 1024 * 1024
  return formatNumber(bytes / (mb ? 1024 * 1024 : 1024), readerOf(lng), { style: 'unit', unit: mb ? 'megabyte' : 'kilobyte', maximumFractionDigits: 0 })
}

async function translate(req: ExpressRequest, key: string, values: (lng: Language) => Record<string, string>) {
  const headers = new Headers()
  if (req.headers.cookie) headers.set('Cookie', req.headers.cookie)
  if (req.headers['accept-language']) headers.set('Accept-Language', req.headers['accept-language'])
  const lng = await detectLanguage(new Request(new URL(req.originalUrl, 'http://localhost'), { headers }))
  const i18n = await createFixedInstance(lng)
  return { lng, text: i18n.t(key, values(lng)) }
}

/**
 * Reads and discards the rest of the body, then calls `done` once: `complete` is true when the body
 * ended, false when it went past DRAIN_MAX_BYTES or DRAIN_MAX_MS (reading then stops) or failed.
 */
function drain(req: IncomingMessage, done: (complete: boolean) => void = () => {}) {
  let drained = 0
  let finished = false
  const finish = (complete: boolean) => {
    if (finished) return
    finished = true
    clearTimeout(timer)
    req.off('data', onData)
    if (!complete) req.pause()
    done(complete)
  }
  const onData = (chunk: Buffer) => {
    drained += chunk.length
    if (drained > DRAIN_MAX_BYTES) finish(false)
  }
  const timer = setTimeout(() => finish(false), DRAIN_MAX_MS)
  timer.unref()
  if (req.complete) return finish(true)
  req.on('data', onData)
  req.once('end', () => finish(true))
  req.once('error', () => finish(false))
  req.once('close', () => finish(req.complete))
  req.resume()
}

/**
 * Answers a request whose body is refused: reads and discards the body first (up to the bounds above),
 * then sends the translated text with `Connection: close` and closes the connection. A browser sees the
 * answer instead of a reset; a body past the bounds gets the answer and the connection is closed on it.
 */
function refuseAfterBody(req: IncomingMessage, res: ServerResponse, status: number, lng: string, text: string) {
  drain(req, (complete) => {
    if (res.headersSent || res.destroyed) return
    res.statusCode = status
    res.setHeader('Content-Type', 'text/plain; charset=utf-8')
    res.setHeader('Content-Language', lng)
    res.setHeader('Cache-Control', 'no-store')
    res.setHeader('Connection', 'close')
    const body = Buffer.from(text)
    res.setHeader('Content-Length', body.length)
    res.end(body)
    // The rest of a body past the bounds is not read: the connection goes once the answer is out.
    if (!complete) res.once('finish', () => req.socket.destroy())
  })
}

// A route may answer without reading its body (a redirect to the login page, a 403), or stop reading it
// (a file over its limit): the connection would then be reset under a browser still uploading, which
// shows an error page instead of the answer. Once a route ends its answer nobody reads the body any
// more, so the rest is read and discarded like a 413's, and only then is the answer ended.
function endAfterBody(req: IncomingMessage, res: ServerResponse) {
  const end = res.end
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    res.end = end
    if (req.complete || req.destroyed) return (end as (...a: unknown[]) => ServerResponse).apply(this, args)
    req.removeAllListeners('data')
    drain(req, (complete) => {
      ;(end as (...a: unknown[]) => ServerResponse).apply(this, args)
      if (!complete) res.once('finish', () => req.socket.destroy())
    })
    return this
  } as typeof res.end
}

type BodyLimitOptions = {
  /** Bytes allowed when no entry in `limits` matches. */
  defaultLimit?: number
  /** Per-path caps (lower-case path without `.data`; `:id` matches a UUID segment) with the message key their 413 uses. */
  limits?: Record<string, { bytes: number; messageKey: string }>
}

/**
 * Caps request bodies before React Router reads them: a declared Content-Length over the cap gets a
 * translated 413, and a body of unknown length (chunked) gets 411, since it could only be checked
 * after handing the stream on. The body is read and discarded first (up to DRAIN_MAX_BYTES), then the
 * answer goes out with `Connection: close`, so that browsers see it.
 */
export function bodyLimit({ defaultLimit = DEFAULT_BODY_LIMIT, limits = {} }: BodyLimitOptions = {}): RequestHandler {
  return (req, res, next) => {
    const declared = req.headers['content-length']
    const chunked = req.headers['transfer-encoding'] !== undefined
    if (!chunked && (declared === undefined || Number(declared) === 0)) return next()
    const path = routePath(req)
    const route = limits[path] ?? limits[path.replace(UUID_SEGMENT, '/:id')]
    const max = route?.bytes ?? defaultLimit
    // A file route reads a streamed body itself, with its own limit.
    if ((!chunked && Number(declared) <= max) || (chunked && route)) {
      endAfterBody(req, res)
      return next()
    }

    const status = chunked ? 411 : 413
    const key = chunked ? 'errors:lengthRequired' : (route?.messageKey ?? 'errors:payloadTooLarge')
    // Paused until the answer is known, so nothing of the body is lost before the drain counts it.
    req.pause()
    translate(req, key, (lng) => ({ limit: formatBytes(max, lng) }))
      .then(({ lng, text }) => refuseAfterBody(req, res, status, lng, text))
      .catch(next)
  }
}

/**
 * Refuses requests whose Host is not one this server answers for (APP_URL's host, loopback names,
 * ALLOWED_HOSTS) with a translated 400, before any page, sitemap or cookie can be built from a forged
 * Host (DNS rebinding, host-header poisoning of caches and links).
 */
export const hostCheck: RequestHandler = (req, res, next) => {
  if (hostAllowed(req.headers.host)) return next()
  req.pause()
  translate(req, 'errors:unknownHost', () => ({ origin: baseUrl() }))
    .then(({ lng, text }) => refuseAfterBody(req, res, 400, lng, text))
    .catch(next)
}
