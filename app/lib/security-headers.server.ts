// Security headers for the production Express server: helmet's set with a per-request CSP nonce, the
// permissions policy, no-store for signed-in traffic, and a route's own header replacing the edge default.
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Request as ExpressRequest, RequestHandler } from 'express'
import helmet from 'helmet'
import { baseUrl } from './env.server'
import { CSP_NONCE_HEADER } from './csp-nonce-header.server'

/** Request header carrying the CSP nonce from Express to entry.server.tsx; the server overwrites any client value. */
export { CSP_NONCE_HEADER }

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
