// The per-account admin sign-in throttle, used by sign-in (commands.server.ts) and the two-factor
// confirmations (two-factor.server.ts); its own file so those and the accounts list form no cycle.
import { eq, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { rateLimits } from '../../../db/schema'
import { getDb } from '~/lib/db.server'

/**
 * At most `maxAttempts` sign-in attempts for one email without a success in `windowMs`; the
 * attempt that reaches the limit starts a pause of `windowMs` during which that email is refused
 * before any password is checked. Keyed by the lower-cased email whether or not an admin has it,
 * so the answer never tells which emails are admins. Rows live in `rate_limits` under their own prefix.
 */
export const ADMIN_SIGNIN_THROTTLE = { maxAttempts: 5, windowMs: 15 * 60 * 1000 } as const

const throttleKey = (email: string) => `admin-signin:${email.trim().toLowerCase().slice(0, 320)}`

export type ThrottleClaim = { allowed: true } | { allowed: false; retryAfterMs: number }

/**
 * Claims one sign-in (or password-confirmation) attempt for `email`, in one UPSERT ... RETURNING so
 * concurrent attempts each get their own number: the sixth concurrent guess is refused as surely as
 * a sequential one. A success clears the count (`clearAdminSignInAttempts`).
 */
export async function claimAdminSignInAttempt(email: string, now = Date.now()): Promise<ThrottleClaim> {
  const { maxAttempts, windowMs } = ADMIN_SIGNIN_THROTTLE
  const key = throttleKey(email)
  const expired = sql`${rateLimits.lastRequest} + ${sql.raw(String(windowMs))} <= ${sql.raw(String(now))}`
  const [row] = await getDb()
    .insert(rateLimits)
    // A fresh id, so only the key conflicts (lib/rate-limit.server.ts says why).
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        // The window starts at the first attempt; the attempt that reaches the limit starts the pause.
        lastRequest: sql`case when ${expired} then ${sql.raw(String(now))} when ${rateLimits.count} + 1 = ${sql.raw(String(maxAttempts))} then ${sql.raw(String(now))} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, lastRequest: rateLimits.lastRequest })
  if (!row || row.count <= maxAttempts) return { allowed: true }
  return { allowed: false, retryAfterMs: Math.max(1000, Number(row.lastRequest) + windowMs - now) }
}

/** A correct password: the email starts afresh. */
export async function clearAdminSignInAttempts(email: string): Promise<void> {
  await getDb().delete(rateLimits).where(eq(rateLimits.key, throttleKey(email)))
}

/** Whole minutes (at least one) for "try again in X minutes". */
export function retryMinutes(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000))
}
