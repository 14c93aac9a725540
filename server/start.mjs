// Production server: opens the database (migrating and seeding it) before listening, and on
// SIGTERM/SIGINT lets the requests in flight finish before it closes it (stop() below).
// react-router-serve cannot do that: it ignores SIGTERM while PGlite is open.
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import { fileURLToPath } from 'node:url'

// WEB_CONCURRENCY > 1: this process becomes the cluster's primary, which forks workers that each run
// this file, and stays here until they have all stopped (server/cluster.mjs, ADR 018).
const { runPrimaryIfClustered } = await import('./cluster.mjs')
const clusterExitCode = await runPrimaryIfClustered()
if (clusterExitCode !== undefined) process.exit(clusterExitCode)

// Must be set before React loads (imports are hoisted, so the rest is imported dynamically).
process.env.NODE_ENV ??= 'production'
const { createRequestHandler } = await import('@react-router/express')
const { default: compression } = await import('compression')
const { default: express } = await import('express')
const { default: expressStaticGzip } = await import('express-static-gzip')

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)

const build = await import(path.join(root, 'build/server/index.js'))
const { bootstrap, shutdown, bodyLimit, bodyLimits, hostCheck, noStoreForSessions, parseBodyLimit, parseTrustProxy, routeHeadersWin, securityHeaders } =
  build.entry.module
const { configurePageCache, parsePageCacheSize, publicPageCache, startPageCacheListener, stopPageCacheListener } = build.entry.module
const { configureReferenceCache, PAGE_CACHE_TTL_MS, staticFilesOnly, beginShutdown } = build.entry.module
const { createRequestHandler: createFetchHandler } = await import('react-router')
const { parseShutdownGrace, SHUTDOWN_FINISH_MS } = await import('./shutdown.mjs')

let trustProxy, defaultLimit, graceMs
try {
  graceMs = parseShutdownGrace(process.env.SHUTDOWN_GRACE_SECONDS)
  trustProxy = parseTrustProxy(process.env.TRUST_PROXY)
  defaultLimit = parseBodyLimit(process.env.BODY_LIMIT_KB)
  configurePageCache({ maxBytes: parsePageCacheSize(process.env.PAGE_CACHE_MB) })
  // Categories, their counts and the catalog counters, shared by public pages until the catalog changes.
  configureReferenceCache({ ttlMs: PAGE_CACHE_TTL_MS })
  await bootstrap()
  // Catalog changes made by other processes drop this one's cached pages (ADR 016).
  await startPageCacheListener()
} catch (err) {
  console.error(`[setu] cannot start: ${err instanceof Error ? err.message : err}`)
  process.exit(1)
}

/**
 * express.static for the build's files, answering with the `.br` or `.gz` copy the build wrote beside a
 * file when the client accepts it (scripts/precompress.ts), with Vary: Accept-Encoding. A path that is
 * not valid percent-encoding goes to express.static itself, which refuses it as before.
 */
function servePrecompressed(dir, options) {
  const plain = express.static(dir, options)
  const precompressed = expressStaticGzip(dir, { enableBrotli: true, orderPreference: ['br'], serveStatic: options })
  return (req, res, next) => {
    try {
      decodeURIComponent(req.path)
    } catch {
      return plain(req, res, next)
    }
    return precompressed(req, res, next)
  }
}

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', trustProxy)
// Headers first, so static files get nosniff too; the CSP nonce travels to React in a request header.
app.use(securityHeaders())
app.use(hostCheck)
// Server-sent events (/messages/events) are written a few bytes at a time and must leave at once:
// compressing them would hold each event in zlib's buffer, so they pass uncompressed.
// Pages and data are compressed as they are written, at settings chosen for speed: brotli at quality 3
// took 1.0 ms for a 120 kB page against 1.7 ms at the middleware's default 4, for 4 % more bytes, and
// gzip at level 4 1.5 ms against 2.1 ms at 6 (docs/performance.md, "Compression"). The browser's files
// are not compressed here: the build wrote .br and .gz copies at the strongest settings.
app.use(
  compression({
    level: 4,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
    filter: (req, res) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  }),
)
app.use('/assets', servePrecompressed('build/client/assets', { immutable: true, maxAge: '1y' }))
// Only paths that can be files of the build reach express.static (no stat per page request).
const staticRoot = 'build/client'
app.use(staticFilesOnly(staticRoot, servePrecompressed(staticRoot, { maxAge: '1h' })))
app.use(noStoreForSessions)
app.use(bodyLimit({ defaultLimit, limits: bodyLimits }))
// The auth rate limiter keys on the client address. Overwrite whatever the client sent in this
// header with the socket address (or, behind a trusted proxy, express's reading of X-Forwarded-For).
app.use((req, _res, next) => {
  req.headers['x-setu-client-ip'] = req.ip ?? req.socket.remoteAddress ?? 'unknown'
  next()
})
// Public pages for visitors without a session come from a shared cache (ADR 016); the rest renders.
const pageCache = publicPageCache(createFetchHandler(build, 'production'))
app.use(pageCache)
app.all('*', routeHeadersWin, createRequestHandler({ build }))

// A hit the middleware above would only pass on to the cache is answered before Express, with the
// headers the middleware set when the page was served through it (ADR 016); the rest goes to Express.
const answerHit = pageCache.beforeExpress({ request: app.request, staticRoot })
const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '0.0.0.0'
// Set once a shutdown has begun: from then on every answer closes its connection (below).
let draining = false
/**
 * During a shutdown an answer carries `Connection: close`, so the client opens its next request on a new
 * connection (to another process, or after the restart) instead of sending it on one about to close.
 * Not while the request's body is still arriving: closing on it would reset the upload; that
 * connection is closed once idle instead (stop() below).
 */
function closeWhenDraining(req, res) {
  const writeHead = res.writeHead
  res.writeHead = function (...args) {
    if (draining && req.complete && !this.headersSent) this.setHeader('Connection', 'close')
    return writeHead.apply(this, args)
  }
}
const server = http.createServer((req, res) => {
  closeWhenDraining(req, res)
  answerHit(req, res, () => app(req, res))
})
server.listen(port, host, () => {
  const url = process.env.APP_URL ?? `http://localhost:${port}`
  console.log(`[setu] Setu marketplace is running at ${url} (Node ${process.version})`)
})

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)).unref())

/**
 * Graceful shutdown on SIGTERM/SIGINT (README, "Stopping the server"): stops accepting connections,
 * closes the idle ones, ends the live message streams with a retry hint and lets the job workers take
 * no new job; requests in flight get up to SHUTDOWN_GRACE_SECONDS to finish (their answers close
 * their connections); then what is still open is closed, the jobs in progress get what is left of the
 * grace (at least a second), and the database is closed. Exits 0, or 1 when something failed or the
 * whole took longer than the grace and SHUTDOWN_FINISH_MS.
 */
let stopping = false
async function stop(signal) {
  if (stopping) return
  stopping = true
  const deadline = Date.now() + graceMs
  const force = setTimeout(() => {
    console.error(`[setu] shutdown did not finish within ${(graceMs + SHUTDOWN_FINISH_MS) / 1000} s; exiting`)
    process.exit(1)
  }, graceMs + SHUTDOWN_FINISH_MS)
  force.unref()
  draining = true
  // Resolves once every connection has closed.
  const allClosed = new Promise((resolve) => server.close(() => resolve(true)))
  server.closeIdleConnections()
  console.log(`[setu] ${signal} received, shutting down: no new connections, requests in flight get up to ${graceMs / 1000} s`)
  // A keep-alive connection whose last request finishes (or whose live stream ends) goes idle: close it.
  const sweep = setInterval(() => server.closeIdleConnections(), 250)
  let exitCode = 0
  try {
    const streams = await beginShutdown()
    if (streams > 0) console.log(`[setu] shutdown: ended ${streams} live message stream${streams === 1 ? '' : 's'} with a retry hint`)
    const inTime = await Promise.race([allClosed, wait(deadline - Date.now()).then(() => false)])
    clearInterval(sweep)
    if (!inTime) {
      console.error(`[setu] shutdown: requests still open after the ${graceMs / 1000} s grace; closing their connections`)
      server.closeAllConnections()
    }
    await stopPageCacheListener().catch(() => {})
    await shutdown({ jobsTimeoutMs: Math.max(1_000, deadline - Date.now()) })
    console.log('[setu] shutdown: done')
  } catch (err) {
    console.error(`[setu] shutdown failed: ${err instanceof Error ? err.message : err}`)
    exitCode = 1
  } finally {
    process.exit(exitCode)
  }
}
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))

// Tests of several processes (WEB_CONCURRENCY) need to see which process answered; off unless asked.
if (process.env.SETU_PID_HEADER === 'true') server.prependListener('request', (_req, res) => res.setHeader('X-Setu-Pid', String(process.pid)))
