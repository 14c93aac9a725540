// Registration, sign-in, sign-out and email verification (spec §2, §4, §5, §8).
import { and, eq, gte, isNull, sql } from 'drizzle-orm'
import { profiles, users, verifications } from '../../../db/schema'
import { getAuth } from '~/lib/auth.server'
import { getDb } from '~/lib/db.server'
import { duplicatePhoneError, mapAuthError, mapDbError, unknownError, type AppError } from '~/lib/errors'
import type { Language } from '~/lib/i18n'
import { discardHeldEmails, releaseHeldEmails } from '~/lib/outgoing-email.server'
import { getStorage } from '~/lib/storage.server'
import { storeKycDocument } from '~/modules/kyc/index.server'
import { checkUpload, type CheckedUpload } from '~/lib/uploads.server'
import { KYC_DOCUMENT } from '~/domain/uploads'
import { KYC_EXTENSIONS, kycDocumentKey } from '~/modules/kyc'
import { callAuthEndpoint } from './auth-endpoint.server'
import { ACCOUNT_LOCKED, PASSWORD_POLICY_CODES } from './auth-guards.server'
import './auth-hooks.server'
import { checkPasswordPolicy } from './password-policy.server'
import { phoneNumberTaken } from './profile-queries.server'
import { withSignUp } from './sign-up-scope.server'
import type { FieldErrors, LoginInput, RegisterInput } from './schemas'

/** Spec §4/§9: the pause between signing out an existing session and signing in. */
export const LOGIN_PAUSE_MS = 300

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?setu\.session_token=/

function appendCookies(headers: Headers, cookies: string[]) {
  for (const c of cookies) headers.append('Set-Cookie', c)
}

export type RegisterResult =
  | {
      ok: true
      email: string
      /** i18n key of the success message (spec §8). */
      messageKey: string
    }
  | { ok: false; fieldErrors: FieldErrors; error?: AppError }

/**
 * A login left without a profile this long after it was created is the leftover of a sign-up that
 * died between better-auth's writes and ours (a crash, kill -9): the next sign-up with its email
 * removes it (ADR 021). A sign-up in progress takes well under a second; this leaves it alone.
 */
export const SIGN_UP_LEFTOVER_SECONDS = 60

/** Spec §8 "try again later": a database or storage failure during a sign-up (nothing was kept). */
export const SIGN_UP_UNAVAILABLE: AppError = { code: 'SERVICE_UNAVAILABLE', messageKey: 'errors:registration.unavailable', status: 503 }

/**
 * Whether an account or a profile already uses this (lower-case) email. A stale leftover login
 * (unverified, no profile, older than SIGN_UP_LEFTOVER_SECONDS) is removed first and does not count.
 */
async function emailInUse(email: string): Promise<boolean> {
  const db = getDb()
  const [user] = await db
    .select({ id: users.id, verified: users.emailVerified, createdAt: users.createdAt, profileId: profiles.id })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1)
  if (user) {
    const leftover = !user.profileId && !user.verified && Date.now() - user.createdAt.getTime() > SIGN_UP_LEFTOVER_SECONDS * 1000
    if (!leftover) return true
    console.warn(`[setu] registration: removing the login ${user.id} a failed sign-up left without a profile`)
    await removeSignUp(user.id, [])
  }
  const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(sql`lower(${profiles.email})`, email)).limit(1)
  return Boolean(profile)
}

/**
 * Undoes a sign-up that did not complete: the user row (its credential, sessions and a profile go
 * with it, ON DELETE CASCADE), any verification rows for its email, a KYC file and the held
 * verification email. Each step is tried even if an earlier one failed.
 */
async function removeSignUp(userId: string, heldEmailIds: string[], email?: string): Promise<boolean> {
  const db = getDb()
  let clean = true
  const attempt = async (what: string, step: () => Promise<unknown>) => {
    try {
      await step()
    } catch (err) {
      clean = false
      console.error(`[setu] registration: could not remove the failed sign-up's ${what}`, err)
    }
  }
  await attempt('held email', () => discardHeldEmails(db, heldEmailIds))
  await attempt('login', () => db.delete(users).where(eq(users.id, userId)))
  if (email) await attempt('verification rows', () => db.delete(verifications).where(eq(sql`lower(${verifications.identifier})`, email)))
  const storage = getStorage()
  for (const ext of KYC_EXTENSIONS) await attempt('KYC file', () => storage.delete(kycDocumentKey(userId, ext)))
  return clean
}

/** A user better-auth may have written before it failed (unverified, no profile, created by this sign-up). */
async function strayUser(email: string, since: Date): Promise<string | null> {
  const [row] = await getDb()
    .select({ id: users.id })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(sql`lower(${users.email})`, email), isNull(profiles.id), eq(users.emailVerified, false), gte(users.createdAt, new Date(since.getTime() - 1000))))
    .limit(1)
  return row?.id ?? null
}

const fieldError = (error: AppError): FieldErrors => (error.field ? { [error.field]: error.messageKey } : {})

/** Rate limits on sign-up and resend are not about signing in; other failures read 'Registration failed: …'. */
function notSignInError(error: AppError, fallbackKey: string): AppError {
  if (error.code === 'RATE_LIMITED') return { ...error, messageKey: 'errors:auth.tooManyRequests' }
  if (error.code === 'UNKNOWN_ERROR' && error.values?.message) return { ...error, messageKey: fallbackKey }
  return error
}
const registrationError = (error: AppError) => notSignInError(error, 'errors:registration.failed')

const unavailable = (): RegisterResult => ({ ok: false, fieldErrors: {}, error: SIGN_UP_UNAVAILABLE })

/**
 * Registers an account (spec §4 Sign-up, issue 26 item 3): checks the seller's KYC file and the email
 * first so a refused registration writes nothing, creates the login through better-auth (whose hook
 * queues the verification email in `language`, held), then writes the profile, stores a seller's KYC
 * document (kyc_status Pending) and releases the email in one transaction. Buyers keep kyc_status
 * empty. Any failure after better-auth's writes removes everything the sign-up wrote before the
 * answer (a database or storage failure answers 503, "try again later"), so the email can register again.
 */
export async function registerAccount(request: Request, input: RegisterInput, opts: { language: Language }): Promise<RegisterResult> {
  const weak = await checkPasswordPolicy(input.password, { email: input.email, name: input.name })
  if (weak) return { ok: false, fieldErrors: { password: weak } }

  let kycFile: CheckedUpload<(typeof KYC_DOCUMENT.types)[number]> | null = null
  if (input.userType === 'Seller') {
    const check = await checkUpload(KYC_DOCUMENT, input.kycDocument)
    if (!check.ok) return { ok: false, fieldErrors: { kycDocument: check.error } }
    kycFile = check.file
  }

  const duplicate = mapAuthError({ code: 'USER_ALREADY_EXISTS' })
  try {
    if (await emailInUse(input.email)) return { ok: false, fieldErrors: fieldError(duplicate), error: duplicate }
    // ADR 022: one account per phone number (the profile's unique index holds it under concurrency).
    if (await phoneNumberTaken(input.phoneNumber, input.country)) {
      const taken = duplicatePhoneError()
      return { ok: false, fieldErrors: fieldError(taken), error: taken }
    }
  } catch (err) {
    console.error('[setu] registration: could not check the email or phone number', err)
    return unavailable()
  }

  const started = new Date()
  let signUp: Awaited<ReturnType<typeof withSignUp<Awaited<ReturnType<typeof callAuthEndpoint>>>>>
  try {
    signUp = await withSignUp(opts.language, () =>
      callAuthEndpoint(request, '/sign-up/email', { name: input.name, email: input.email, password: input.password, callbackURL: '/verify-email' }, { language: opts.language }),
    )
  } catch (err) {
    console.error('[setu] registration: sign-up failed', err)
    const stray = await strayUser(input.email, started).catch(() => null)
    if (stray) await removeSignUp(stray, [], input.email)
    return unavailable()
  }
  const { result: reply, scope } = signUp
  if (!reply.ok) {
    await discardHeldEmails(getDb(), scope.heldEmailIds).catch(() => {})
    const policy = PASSWORD_POLICY_CODES[String(reply.body?.code)]
    if (policy) return { ok: false, fieldErrors: { password: policy } }
    if (reply.status >= 500) {
      // better-auth failed part-way (the user written, the credential not): undo what it wrote.
      const stray = await strayUser(input.email, started).catch(() => null)
      if (stray) await removeSignUp(stray, [], input.email)
      return unavailable()
    }
    const error = registrationError(mapAuthError({ status: reply.status, ...reply.body }))
    return { ok: false, fieldErrors: fieldError(error), error }
  }

  // better-auth answers a duplicate sign-up with a look-alike success (so it cannot be used to
  // probe emails); a user created in between our check and the sign-up shows up as a different id.
  const claimedId = (reply.body?.user as { id?: unknown } | undefined)?.id
  let createdId: string
  try {
    const [created] = await getDb()
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, input.email))
      .limit(1)
    if (!created || created.id !== claimedId) {
      await discardHeldEmails(getDb(), scope.heldEmailIds)
      return { ok: false, fieldErrors: fieldError(duplicate), error: duplicate }
    }
    createdId = created.id
  } catch (err) {
    console.error('[setu] registration: could not read the new login', err)
    if (typeof claimedId === 'string') await removeSignUp(claimedId, scope.heldEmailIds, input.email)
    return unavailable()
  }

  try {
    // better-auth only logs a failed verification hook: an account whose email was not stored would never be verified.
    if (scope.heldEmailIds.length === 0) throw new Error('the verification email was not stored')
    await getDb().transaction(async (tx) => {
      await tx.insert(profiles).values({
        userId: createdId,
        name: input.name,
        email: input.email,
        country: input.country,
        phoneNumber: input.phoneNumber,
        userType: input.userType,
        companyName: input.companyName,
        kycDocumentUrl: null,
        kycStatus: null,
        preferredLanguage: opts.language,
      })
      // The document's file is written inside this transaction's KYC step; its rows commit with the profile.
      if (kycFile) await storeKycDocument(createdId, kycFile, { db: tx })
      await releaseHeldEmails(tx, scope.heldEmailIds)
    })
  } catch (err) {
    console.error('[setu] registration: the sign-up failed after the login was created; removing it', err)
    await removeSignUp(createdId, scope.heldEmailIds, input.email)
    const mapped = mapDbError(err)
    // A profile that collides with another (its email or phone taken meanwhile) is the visitor's to fix.
    if (mapped.status === 409) return { ok: false, fieldErrors: fieldError(mapped), error: mapped }
    return unavailable()
  }
  return { ok: true, email: input.email, messageKey: kycFile ? 'auth:register.successWithKyc' : 'auth:register.success' }
}

export type SignInResult =
  /** `headers` carry the new session cookie (and the removal of any previous one). */
  | { ok: true; headers: Headers }
  | { ok: false; error: AppError; headers: Headers }

/** The per-account lockout (same answer whether or not the account exists): when to try again, in whole minutes. */
function accountLockedError(retryAfterSeconds: unknown): AppError {
  const seconds = typeof retryAfterSeconds === 'number' && retryAfterSeconds > 0 ? retryAfterSeconds : 60
  return { code: 'RATE_LIMITED', messageKey: 'errors:auth.accountLocked', status: 429, values: { minutes: String(Math.ceil(seconds / 60)) } }
}

/** Ends the request's session, if any; returns the Set-Cookie headers that clear it. */
export async function signOut(request: Request): Promise<Headers> {
  const { headers } = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true })
  const out = new Headers()
  appendCookies(out, headers.getSetCookie())
  return out
}

/**
 * Signs in with email and password (spec §4 Login): an existing session is signed out first, then
 * the credentials go through better-auth's handler (rate-limited per client). Unverified emails,
 * suspended and banned accounts get no session.
 */
export async function signIn(request: Request, input: LoginInput): Promise<SignInResult> {
  const headers = new Headers()
  if (SESSION_COOKIE.test(request.headers.get('Cookie') ?? '')) {
    appendCookies(headers, (await signOut(request)).getSetCookie())
    await new Promise((resolve) => setTimeout(resolve, LOGIN_PAUSE_MS))
  }
  const reply = await callAuthEndpoint(request, '/sign-in/email', { email: input.email, password: input.password, rememberMe: true })
  if (reply.body?.code === ACCOUNT_LOCKED) return { ok: false, error: accountLockedError(reply.body.retryAfterSeconds), headers }
  if (!reply.ok) return { ok: false, error: mapAuthError({ status: reply.status, ...reply.body }), headers }
  // Spec §8 "no session": accepted credentials but no session cookie came back.
  if (!reply.setCookies.some((c) => SESSION_COOKIE.test(c))) {
    return { ok: false, error: { code: 'UNKNOWN_ERROR', messageKey: 'errors:auth.noSession', status: 500 }, headers }
  }
  appendCookies(headers, reply.setCookies)
  return { ok: true, headers }
}

export type VerifyEmailOutcome =
  | { state: 'success' }
  | { state: 'expired'; email: string | null }
  /** invalid: a wrong, tampered or orphaned link; unexpected: we could not check it. */
  | { state: 'error'; reason: 'invalid' | 'unexpected' }

/** The email a (possibly expired) verification token was issued for; null when unreadable. */
function tokenEmail(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { email?: unknown }
    return typeof payload.email === 'string' && payload.email.length <= 254 ? payload.email : null
  } catch {
    return null
  }
}

/** Accepts a verification link's token (spec §4 Email verification): success, expired or error. */
export async function verifyEmailToken(token: string): Promise<VerifyEmailOutcome> {
  if (!token || token.length > 4096) return { state: 'error', reason: 'invalid' }
  try {
    await getAuth().api.verifyEmail({ query: { token } })
    return { state: 'success' }
  } catch (err) {
    const mapped = mapAuthError(err)
    if (mapped.code === 'TOKEN_EXPIRED') return { state: 'expired', email: tokenEmail(token) }
    const name = (err as { name?: unknown } | null)?.name
    // Refusals from better-auth (bad signature, unknown user) and malformed token payloads are invalid links.
    const refused = typeof (err as { statusCode?: unknown } | null)?.statusCode === 'number' || name === 'ZodError' || name === '$ZodError'
    if (!refused) console.error('[setu] email verification failed', err)
    return { state: 'error', reason: refused ? 'invalid' : 'unexpected' }
  }
}

export type ResendResult = { ok: true } | { ok: false; error: AppError }

/**
 * Sends a new verification link (spec §2 resend action). The reply is the same whether or not
 * the address has an unverified account, so it cannot be used to probe emails.
 */
export async function resendVerificationEmail(request: Request, email: string, opts: { language: Language }): Promise<ResendResult> {
  try {
    const reply = await callAuthEndpoint(request, '/send-verification-email', { email, callbackURL: '/verify-email' }, opts)
    if (reply.ok) return { ok: true }
    const error = notSignInError(mapAuthError({ status: reply.status, ...reply.body }), 'errors:verification.resendFailed')
    if (error.code === 'RATE_LIMITED' || error.field || error.messageKey === 'errors:verification.resendFailed') return { ok: false, error }
    return { ok: false, error: { ...error, messageKey: 'errors:verification.resendFailedUnexpected' } }
  } catch (err) {
    console.error('[setu] resend verification failed', err)
    return { ok: false, error: { ...unknownError(null), messageKey: 'errors:verification.resendFailedUnexpected' } }
  }
}
