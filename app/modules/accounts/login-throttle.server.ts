// Per-account throttle on wrong passwords (ASVS V6.3.1), shared by every path that checks one:
// sign-in, change password and verify-password (see auth-guards.server.ts). It is keyed by the
// lower-cased email whether or not an account exists, so its answers never tell which emails are
// registered. The per-address limits of better-auth stay in front of it.
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { loginThrottles } from '../../../db/schema'
import { getDb } from '~/lib/db.server'

/**
 * After `freeFailures` wrong passwords the account is paused for `firstLockMs`; each further
 * failure after a pause doubles it, up to `maxLockMs`, so the owner is never locked out for long.
 * Failures older than `forgetAfterMs` are forgotten; a correct password clears them.
 */
export const LOGIN_THROTTLE = {
  freeFailures: 5,
  firstLockMs: 60 * 1000,
  maxLockMs: 15 * 60 * 1000,
  forgetAfterMs: 60 * 60 * 1000,
} as const

/** The throttle's key for an email as typed. */
export function throttleKey(email: string): string {
  return email.trim().toLowerCase().slice(0, 320)
}

/** The lock that follows the `failures`-th failure, in milliseconds (0: not locked). */
export function lockDurationMs(failures: number): number {
  const over = failures - LOGIN_THROTTLE.freeFailures
  if (over < 0) return 0
  return Math.min(LOGIN_THROTTLE.maxLockMs, LOGIN_THROTTLE.firstLockMs * 2 ** Math.min(over, 20))
}

/** Until when password checks for `email` are paused, or null when they are not. */
export async function lockedUntil(email: string, now = new Date()): Promise<Date | null> {
  const [row] = await getDb()
    .select({ lockedUntil: loginThrottles.lockedUntil })
    .from(loginThrottles)
    .where(eq(loginThrottles.emailKey, throttleKey(email)))
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null
}

export type FailureOutcome = { failures: number; lockedUntil: Date | null }

/**
 * Counts one wrong password for `email` in a single UPSERT ... RETURNING, so concurrent attempts
 * each add exactly one; returns the new count and the lock it set (when it reached the threshold).
 */
export async function recordPasswordFailure(email: string, now = new Date()): Promise<FailureOutcome> {
  // The constants are ours, written into the SQL so PostgreSQL never has to guess a parameter's type.
  const { freeFailures, firstLockMs, maxLockMs, forgetAfterMs } = LOGIN_THROTTLE
  const at = sql`${now.toISOString()}::timestamptz`
  const stale = sql`(${loginThrottles.lastFailureAt} is null or ${loginThrottles.lastFailureAt} <= ${at} - interval '${sql.raw(String(forgetAfterMs))} milliseconds')`
  const failures = sql`(case when ${stale} then 1 else ${loginThrottles.failures} + 1 end)`
  const lockMs = sql`least(${sql.raw(String(maxLockMs))}, ${sql.raw(String(firstLockMs))} * power(2, least(${failures} - ${sql.raw(String(freeFailures))}, 20)))`
  const [row] = await getDb()
    .insert(loginThrottles)
    .values({ emailKey: throttleKey(email), failures: 1, lastFailureAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: loginThrottles.emailKey,
      set: {
        failures,
        lastFailureAt: now,
        lockedUntil: sql`case
          when ${failures} >= ${sql.raw(String(freeFailures))}
            then greatest(coalesce(${loginThrottles.lockedUntil}, ${at}), ${at} + ${lockMs} * interval '1 millisecond')
          when ${stale} then null
          else ${loginThrottles.lockedUntil} end`,
        // A new episode (the old failures were forgotten) may email the owner again.
        notifiedAt: sql`case when ${stale} then null else ${loginThrottles.notifiedAt} end`,
      },
    })
    .returning({ failures: loginThrottles.failures, lockedUntil: loginThrottles.lockedUntil })
  const until = row.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null
  return { failures: row.failures, lockedUntil: until }
}

/** A correct password: the account starts afresh. */
export async function clearPasswordFailures(email: string): Promise<void> {
  await getDb().delete(loginThrottles).where(eq(loginThrottles.emailKey, throttleKey(email)))
}

/**
 * Claims the one lockout email of this episode: true for exactly one caller while the account is
 * locked and the owner has not been told yet.
 */
export async function claimLockoutNotice(email: string, now = new Date()): Promise<boolean> {
  const claimed = await getDb()
    .update(loginThrottles)
    .set({ notifiedAt: now })
    .where(and(eq(loginThrottles.emailKey, throttleKey(email)), isNull(loginThrottles.notifiedAt), gt(loginThrottles.lockedUntil, now)))
    .returning({ emailKey: loginThrottles.emailKey })
  return claimed.length > 0
}
