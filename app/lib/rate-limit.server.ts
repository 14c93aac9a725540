// A fixed-window counter in the `rate_limits` table, shared by every server process (better-auth keeps
// its own rows in the same table under its own keys), and the per-account action limiter built on it
// (issue 26 item 9; the rules are in app/lib/action-limits.ts).
import { AsyncLocalStorage } from 'node:async_hooks'
import { sql } from 'drizzle-orm'
import { data, type MiddlewareFunction } from 'react-router'
import { randomUUID } from 'node:crypto'
import { rateLimits } from '../../db/schema'
import { ACTION_LIMITS, type LimitedAction } from './action-limits'
import { getDb, type Db } from './db.server'

/** The database or a transaction: a count taken inside a transaction is undone with it. */
type Executor = Pick<Db, 'insert'>

/**
 * Counts `cost` attempts under `key` and returns the count in the current window and when that window
 * started; a window that has run out starts again at `cost`. One upsert, so concurrent attempts each get
 * their own number.
 */
export async function countInWindow(key: string, windowMs: number, cost = 1, db: Executor = getDb()): Promise<{ count: number; windowStart: number }> {
  const now = Date.now()
  const expired = sql`${rateLimits.lastRequest} + ${windowMs} <= ${now}`
  const [row] = await db
    .insert(rateLimits)
    // A fresh id: with id = key, two first attempts at once could collide on the primary key, which
    // ON CONFLICT (key) does not arbitrate, and one would fail with a duplicate-key error (PostgreSQL).
    .values({ id: randomUUID(), key, count: cost, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then ${cost} else ${rateLimits.count} + ${cost} end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, lastRequest: rateLimits.lastRequest })
  return { count: row?.count ?? cost, windowStart: Number(row?.lastRequest ?? now) }
}

/** Counts one attempt under `key` and returns the count in the current window. */
export async function countAttempt(key: string, windowMs: number): Promise<number> {
  return (await countInWindow(key, windowMs)).count
}

/**
 * ACTION_RATE_LIMIT_SCALE multiplies every action limit (the browser tests and the fuzz harness act many
 * times as one account). Never below 1: the limits cannot be switched off by configuration.
 */
export function actionLimitScale(): number {
  return Math.max(1, Number(process.env.ACTION_RATE_LIMIT_SCALE ?? 1) || 1)
}

/** The counter's key for one window of an action's rule. */
export const limitKey = (action: LimitedAction, windowMs: number, accountId: string) => `limit:${action}:${windowMs}:${accountId}`

export type LimitVerdict = { ok: true } | { ok: false; action: LimitedAction; retryAfterSeconds: number; messageKey: string }

/**
 * Counts `cost` attempts of `action` by the account (a profile id) against each window of its rule
 * (ACTION_LIMITS), in order, and refuses once one is over: then `retryAfterSeconds` says when that
 * window ends. Call it after the input is validated and before anything is written, so a refused
 * attempt writes nothing but the counter. Given a transaction (`db`), the count is undone when it is.
 */
export async function enforceLimit(action: LimitedAction, accountId: string, cost = 1, db?: Executor): Promise<LimitVerdict> {
  const rule = ACTION_LIMITS[action]
  const scale = actionLimitScale()
  for (const { max, windowMs } of rule.windows) {
    const { count, windowStart } = await countInWindow(limitKey(action, windowMs, accountId), windowMs, cost, db)
    if (count > max * scale) {
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - Date.now()) / 1000))
      return { ok: false, action, retryAfterSeconds, messageKey: rule.messageKey }
    }
  }
  return { ok: true }
}

export type LimitRefusal = Extract<LimitVerdict, { ok: false }>

// The refusal answered in the request being handled, for limitHeadersMiddleware: React Router sends an
// action's headers only through a route's `headers` export, and hands the action a Request of its own,
// so the middleware keeps a slot in the request's async context and puts Retry-After on the final response.
const refusedInRequest = new AsyncLocalStorage<{ retryAfter?: number }>()

/** The headers of a 429 answer: when to try again, and no cache keeps it. */
export function limitHeaders(refusal: LimitRefusal): Record<string, string> {
  return { 'Retry-After': String(refusal.retryAfterSeconds), 'Cache-Control': 'no-store' }
}

/** Remembers the request's refusal, so the response leaves with its Retry-After (limitHeadersMiddleware). */
export function noteRefusal(refusal: LimitRefusal) {
  const slot = refusedInRequest.getStore()
  if (slot) slot.retryAfter = Math.max(slot.retryAfter ?? 0, refusal.retryAfterSeconds)
}

/** The ResponseInit of a refused attempt's answer: 429 and Retry-After (noted for the middleware too). */
export function limitInit(refusal: LimitRefusal): ResponseInit {
  noteRefusal(refusal)
  return { status: 429, headers: limitHeaders(refusal) }
}

/**
 * The form's answer to a refused attempt: its message as `formError` (plus `extra`, e.g. the values the
 * form shows again), status 429 and Retry-After.
 */
export function limitAnswer<T extends object = Record<never, never>>(refusal: LimitRefusal, extra?: T) {
  return data({ ...(extra as T), formError: refusal.messageKey }, limitInit(refusal))
}

/**
 * Root middleware, placed before anything that may answer 429 for an action limit: a response refused
 * by a limit (limitAnswer, noteRefusal) leaves with Retry-After and no-store, whichever route, boundary
 * or middleware produced it.
 */
export const limitHeadersMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const slot: { retryAfter?: number } = {}
  const response = await refusedInRequest.run(slot, next)
  const retryAfter = slot.retryAfter
  if (response.status !== 429 || retryAfter === undefined) return response
  const headers = new Headers(response.headers)
  headers.set('Retry-After', String(retryAfter))
  headers.set('Cache-Control', 'no-store')
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}
