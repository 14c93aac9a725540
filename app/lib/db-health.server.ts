// While PostgreSQL is down (crash, restart, failover) every page would fail with a 500 and a logged
// stack. Instead the root middleware answers 503 with a translated page and Retry-After, and serves
// again on its own once the server answers: pg.Pool opens new connections as soon as it can.
import { data, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { countDatabaseOutages, isDatabaseMarkedReachable, markDatabaseReachable, markDatabaseUnreachable, pingDatabase } from './db.server'
import { getI18n } from './i18next.server'

/** Seconds a client is asked to wait before retrying (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5
const PING_TIMEOUT_MS = 1_000
// A flood of requests during an outage shares one ping instead of each opening a connection.
const PING_CACHE_MS = 1_500

let lastPing: { at: number; outages: number; result: Promise<boolean> } | undefined

/**
 * Whether the database answers a ping now; the answer (or the ping in flight) is shared for 1.5 s,
 * unless a connection was lost since it was asked.
 */
export function checkDatabaseReachable(now = Date.now()): Promise<boolean> {
  if (lastPing && now - lastPing.at < PING_CACHE_MS && lastPing.outages === countDatabaseOutages()) return lastPing.result
  const result = pingDatabase(PING_TIMEOUT_MS).then(
    () => {
      markDatabaseReachable()
      return true
    },
    (err: unknown) => {
      markDatabaseUnreachable(err)
      return false
    },
  )
  lastPing = { at: now, outages: countDatabaseOutages(), result }
  void result.then(() => {
    // The failed ping that discovered this outage is the answer for the next 1.5 s as well.
    if (lastPing?.result === result) lastPing.outages = countDatabaseOutages()
  })
  return result
}

/** Forgets the cached ping (tests). */
export function resetDatabaseHealthCache() {
  lastPing = undefined
}

/**
 * The error the root ErrorBoundary renders as the translated "temporarily unavailable" page; API
 * callers (resource routes, .data requests) get its body with the message in their language.
 */
async function databaseUnavailable(args: Parameters<MiddlewareFunction<Response>>[0]) {
  const i18n = await getI18n(args.request, args.context as RouterContextProvider)
  return data({ reason: 'database', message: i18n.t('common:unavailable.description') }, { status: 503, statusText: 'Service Unavailable' })
}

/**
 * Root middleware, placed before anything that reads the database. When a connection was lost it
 * pings before running loaders and throws a 503 while the database is gone. A 5xx produced by a
 * loader or action (the first requests after a crash, before any listener fired) is re-checked
 * too: thrown after next(), React Router renders the root boundary with the 503 instead.
 */
export const databaseGuardMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  if (!isDatabaseMarkedReachable() && !(await checkDatabaseReachable())) throw await databaseUnavailable(args)
  const response = await next()
  if (response.status >= 500 && response.status !== 503 && !(await checkDatabaseReachable())) throw await databaseUnavailable(args)
  return response
}

/**
 * Root middleware, placed just before databaseGuardMiddleware: its thrown 503 carries no headers,
 * so this one adds Retry-After (and no-store, so no cache keeps the outage page).
 */
export const retryAfterMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next()
  if (response.status !== 503) return response
  const headers = new Headers(response.headers)
  headers.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
  headers.set('Cache-Control', 'no-store')
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/** Both database middlewares in their order, for the root route's middleware list. */
export const databaseMiddleware = [retryAfterMiddleware, databaseGuardMiddleware]
