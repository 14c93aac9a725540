import { eq } from 'drizzle-orm'
import { APIError } from 'better-auth/api'
import { profiles, users } from '../../../db/schema'
import { BANK_FIELDS, defaultCurrencyOf, type Currency } from '~/domain'
import { getAuth } from '~/lib/auth.server'
import { getDb } from '~/lib/db.server'
import { findPgError, mapDbError } from '~/lib/errors'
import type { Language } from '~/lib/i18n'
import { invalidatePublicPages } from '~/lib/page-cache.server'
import { ACCOUNT_LOCKED, PASSWORD_POLICY_CODES } from './auth-guards.server'
import { checkPasswordPolicy } from './password-policy.server'
import { countOtherSessions } from './profile-queries.server'
import { identityTakenError, saveIdentities } from './registry.server'
import type { ChangePasswordInput, CompleteProfileInput, FieldErrors, TradeDetailsInput, UpdateProfileInput } from './schemas'

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
          preferredCurrency: defaultCurrencyOf(input.country),
        })
        .onConflictDoNothing({ target: profiles.userId })
        .returning({ id: profiles.id })
      if (rows.length > 0) await tx.update(users).set({ name: input.name, updatedAt: new Date() }).where(eq(users.id, user.id))
      return rows.length > 0
    })
    return { ok: true, created: inserted }
  } catch (err) {
    const mapped = mapProfileDbError(err)
    // Two submits at once of the same form: the other one created the profile (with the same phone
    // number, hence its unique index answering before the user_id conflict is seen): nothing to do.
    if (mapped && !mapped.ok && mapped.fieldErrors.phoneNumber && (await hasProfile(user.id))) return { ok: true, created: false }
    if (mapped) return mapped
    throw err
  }
}

async function hasProfile(userId: string): Promise<boolean> {
  const [row] = await getDb().select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId)).limit(1)
  return Boolean(row)
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
          // A form without the field (a page from before issue 28) keeps the currency: Drizzle leaves undefined out.
          preferredCurrency: input.preferredCurrency,
          updatedAt: new Date(),
        })
        .where(eq(profiles.userId, userId))
        .returning({ id: profiles.id })
      if (rows.length > 0) await tx.update(users).set({ name: input.name, updatedAt: new Date() }).where(eq(users.id, userId))
      return rows.length
    })
    if (updated === 0) return { ok: false, fieldErrors: {}, formError: 'account:errors.profileMissing' }
    // A seller's name and country show on their public pages.
    await invalidatePublicPages()
    return { ok: true }
  } catch (err) {
    const mapped = mapProfileDbError(err)
    if (mapped) return mapped
    throw err
  }
}

/**
 * Changes the password of the request's session user; the current password is required. With
 * `revokeOtherSessions` every other session ends and the returned headers carry the new session cookie.
 * Wrong current passwords count against the account's sign-in throttle (auth-guards.server.ts), so
 * a stolen session cannot be used to guess the password here either.
 */
export async function changePassword(
  request: Request,
  input: ChangePasswordInput,
  user: { id: string; email: string; name: string },
): Promise<(CommandResult & { headers?: undefined }) | { ok: true; headers: Headers }> {
  const weak = await checkPasswordPolicy(input.newPassword, user)
  if (weak) return { ok: false, fieldErrors: { newPassword: weak } }
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
    return { ok: true, headers }
  } catch (err) {
    if (err instanceof APIError) {
      const code = (err.body as { code?: string } | undefined)?.code ?? ''
      if (code === 'INVALID_PASSWORD') return { ok: false, fieldErrors: { currentPassword: 'account:errors.wrongPassword' } }
      if (code === ACCOUNT_LOCKED) return { ok: false, fieldErrors: { currentPassword: 'account:errors.tooManyAttempts' } }
      const policy = PASSWORD_POLICY_CODES[code]
      if (policy) return { ok: false, fieldErrors: { newPassword: policy } }
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

/** Keeps the signed-in user's preferred currency (the header's currency menu); false when they have no profile yet. */
export async function setPreferredCurrency(userId: string, currency: Currency): Promise<boolean> {
  const rows = await getDb().update(profiles).set({ preferredCurrency: currency, updatedAt: new Date() }).where(eq(profiles.userId, userId)).returning({ id: profiles.id })
  return rows.length > 0
}

/**
 * Keeps the signed-in user's trade details (issue 29 item 4): the registered address, and for a seller
 * the bank account. A buyer's form has no bank fields; one posted anyway is refused, not dropped.
 * Documents issued before keep what they printed; the next version of a document prints the new details.
 * The registry identities of the user's country (issue 30 item 1) are kept in the same transaction
 * (saveIdentities); any refusal writes nothing.
 */
export async function updateTradeDetails(userId: string, input: TradeDetailsInput): Promise<CommandResult> {
  const db = getDb()
  const { iec, gstin, pan, inn, ogrn, kpp, ...columns } = input
  try {
    return await db.transaction(async (tx) => {
      const [profile] = await tx.select({ id: profiles.id, userType: profiles.userType, country: profiles.country }).from(profiles).where(eq(profiles.userId, userId)).for('update')
      if (!profile) return { ok: false, fieldErrors: {}, formError: 'account:errors.profileMissing' }
      if (profile.userType !== 'Seller' && BANK_FIELDS.some((f) => columns[f] !== null)) return { ok: false, fieldErrors: {}, formError: 'account:tradeDetails.errors.bankSellersOnly' }
      const refused = await saveIdentities(tx, profile, { iec, gstin, pan, inn, ogrn, kpp })
      // saveIdentities refuses before it writes: nothing to undo.
      if (refused) return { ok: false as const, fieldErrors: refused.fieldErrors ?? {}, formError: refused.formError }
      await tx
        .update(profiles)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(profiles.id, profile.id))
      return { ok: true }
    })
  } catch (err) {
    const taken = identityTakenError(err)
    if (taken) return { ok: false, fieldErrors: taken }
    throw err
  }
}
