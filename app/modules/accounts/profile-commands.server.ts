import { eq, sql } from 'drizzle-orm'
import { APIError } from 'better-auth/api'
import { profiles, rateLimits, users } from '../../../db/schema'
import { getAuth } from '~/lib/auth.server'
import { getDb } from '~/lib/db.server'
import { findPgError, mapDbError } from '~/lib/errors'
import type { Language } from '~/lib/i18n'
import { countOtherSessions } from './profile-queries.server'
import type { ChangePasswordInput, CompleteProfileInput, FieldErrors, UpdateProfileInput } from './profile-schemas'

export type CommandResult = { ok: true } | { ok: false; fieldErrors: FieldErrors; formError?: string }

/** Fields the profile forms show; the email comes from the session, so its errors go above the form. */
const PROFILE_FIELDS = new Set(['phoneNumber', 'country', 'userType'])

/** Spec §8 messages for constraint violations, from the one error catalogue (~/lib/errors). */
function mapProfileDbError(err: unknown): CommandResult | null {
  if (!findPgError(err)) return null
  const error = mapDbError(err)
  return error.field && PROFILE_FIELDS.has(error.field)
    ? { ok: false, fieldErrors: { [error.field]: error.messageKey } }
    : { ok: false, fieldErrors: {}, formError: error.messageKey }
}

/**
 * Creates the signed-in user's profile (spec §2 Profile completion). Idempotent: when a profile
 * already exists nothing is written and `created` is false. KYC status starts empty.
 */
export async function createProfile(
  user: { id: string; email: string },
  input: CompleteProfileInput,
  opts: { language?: Language } = {},
): Promise<CommandResult & { created?: boolean }> {
  const db = getDb()
  try {
    const inserted = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(profiles)
        .values({
          userId: user.id,
          name: input.name,
          email: user.email,
          country: input.country,
          userType: input.userType,
          companyName: input.companyName,
          phoneNumber: input.phoneNumber,
          kycDocumentUrl: null,
          kycStatus: null,
          preferredLanguage: opts.language ?? 'en',
        })
        .onConflictDoNothing({ target: profiles.userId })
        .returning({ id: profiles.id })
      if (rows.length > 0) await tx.update(users).set({ name: input.name, updatedAt: new Date() }).where(eq(users.id, user.id))
      return rows.length > 0
    })
    return { ok: true, created: inserted }
  } catch (err) {
    const mapped = mapProfileDbError(err)
    if (mapped) return mapped
    throw err
  }
}

/** Updates the signed-in user's own profile; the account type and email stay as they are. */
export async function updateProfile(userId: string, input: UpdateProfileInput): Promise<CommandResult> {
  const db = getDb()
  try {
    const updated = await db.transaction(async (tx) => {
      const rows = await tx
        .update(profiles)
        .set({
          name: input.name,
          country: input.country,
          companyName: input.companyName,
          phoneNumber: input.phoneNumber,
          updatedAt: new Date(),
        })
        .where(eq(profiles.userId, userId))
        .returning({ id: profiles.id })
      if (rows.length > 0) await tx.update(users).set({ name: input.name, updatedAt: new Date() }).where(eq(users.id, userId))
      return rows.length
    })
    if (updated === 0) return { ok: false, fieldErrors: {}, formError: 'account:errors.profileMissing' }
    return { ok: true }
  } catch (err) {
    const mapped = mapProfileDbError(err)
    if (mapped) return mapped
    throw err
  }
}

/** Wrong current passwords allowed per user in a window before password changes are paused. */
export const PASSWORD_ATTEMPTS = { max: 10, windowMs: 15 * 60 * 1000 }

/**
 * Wrong current passwords per user, kept in the database (the `rate_limits` table better-auth also uses,
 * under our own key) so every server process and a restart see the same count.
 */
const passwordAttempts = {
  key: (userId: string) => `password-change:${userId}`,
  async blocked(userId: string) {
    const [row] = await getDb()
      .select({ count: rateLimits.count, since: rateLimits.lastRequest })
      .from(rateLimits)
      .where(eq(rateLimits.key, this.key(userId)))
    return !!row && row.since + PASSWORD_ATTEMPTS.windowMs > Date.now() && row.count >= PASSWORD_ATTEMPTS.max
  },
  /** Counts a failure atomically; a window that has run out starts again at one. */
  async fail(userId: string) {
    const key = this.key(userId)
    const now = Date.now()
    const expired = sql`${rateLimits.lastRequest} + ${PASSWORD_ATTEMPTS.windowMs} <= ${now}`
    await getDb()
      .insert(rateLimits)
      .values({ id: key, key, count: 1, lastRequest: now })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          lastRequest: sql`case when ${expired} then ${now} else ${rateLimits.lastRequest} end`,
        },
      })
  },
  async reset(userId: string) {
    await getDb().delete(rateLimits).where(eq(rateLimits.key, this.key(userId)))
  },
}

/**
 * Changes the password of the request's session user; the current password is required. With
 * `revokeOtherSessions` every other session ends and the returned headers carry the new session cookie.
 */
export async function changePassword(
  request: Request,
  input: ChangePasswordInput,
  userId: string,
): Promise<(CommandResult & { headers?: undefined }) | { ok: true; headers: Headers }> {
  // Server-side auth.api calls skip better-auth's HTTP rate limiter, so wrong guesses are counted here.
  if (await passwordAttempts.blocked(userId)) return { ok: false, fieldErrors: { currentPassword: 'account:errors.tooManyAttempts' } }
  try {
    const { headers } = await getAuth().api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: input.revokeOtherSessions,
      },
      headers: request.headers,
      returnHeaders: true,
    })
    await passwordAttempts.reset(userId)
    return { ok: true, headers }
  } catch (err) {
    if (err instanceof APIError) {
      const code = (err.body as { code?: string } | undefined)?.code
      if (code === 'INVALID_PASSWORD') {
        await passwordAttempts.fail(userId)
        return { ok: false, fieldErrors: { currentPassword: 'account:errors.wrongPassword' } }
      }
      if (code === 'PASSWORD_TOO_SHORT') return { ok: false, fieldErrors: { newPassword: 'account:errors.passwordMin' } }
      if (code === 'PASSWORD_TOO_LONG') return { ok: false, fieldErrors: { newPassword: 'account:errors.passwordTooLong' } }
      if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') return { ok: false, fieldErrors: {}, formError: 'account:errors.noPasswordAccount' }
      if (err.statusCode === 401) return { ok: false, fieldErrors: {}, formError: 'account:errors.sessionExpired' }
    }
    throw err
  }
}

/** Ends every session of the request's user except the current one; returns how many ended. */
export async function revokeOtherSessions(request: Request, userId: string): Promise<number> {
  const count = await countOtherSessions(request, userId)
  await getAuth().api.revokeOtherSessions({ headers: request.headers })
  return count
}
