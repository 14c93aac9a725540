// Registration, sign-in, sign-out and email verification (spec §2, §4, §5, §8).
import { eq, sql } from 'drizzle-orm'
import { profiles, users } from '../../../db/schema'
import { getAuth } from '~/lib/auth.server'
import { getDb } from '~/lib/db.server'
import { duplicatePhoneError, mapAuthError, mapDbError, unknownError, type AppError } from '~/lib/errors'
import type { Language } from '~/lib/i18n'
import { storeKycDocument } from '~/modules/kyc/commands.server'
import { validateKycFile } from '~/modules/kyc/files.server'
import { callAuthEndpoint } from './auth-endpoint.server'
import { ACCOUNT_LOCKED, PASSWORD_POLICY_CODES } from './auth-guards.server'
import './auth-hooks.server'
import { checkPasswordPolicy } from './password-policy.server'
import { phoneNumberTaken } from './profile-queries.server'
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
      /** Problems after the account was created (spec §8: the account stays; the user is told). */
      warningKey?: string
    }
  | { ok: false; fieldErrors: FieldErrors; error?: AppError }

/** Whether an account or a profile already uses this (lower-case) email. */
async function emailInUse(email: string): Promise<boolean> {
  const db = getDb()
  const [user] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email)).limit(1)
  if (user) return true
  const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(sql`lower(${profiles.email})`, email)).limit(1)
  return Boolean(profile)
}

const fieldError = (error: AppError): FieldErrors => (error.field ? { [error.field]: error.messageKey } : {})

/** Rate limits on sign-up and resend are not about signing in; other failures read 'Registration failed: …'. */
function notSignInError(error: AppError, fallbackKey: string): AppError {
  if (error.code === 'RATE_LIMITED') return { ...error, messageKey: 'errors:auth.tooManyRequests' }
  if (error.code === 'UNKNOWN_ERROR' && error.values?.message) return { ...error, messageKey: fallbackKey }
  return error
}
const registrationError = (error: AppError) => notSignInError(error, 'errors:registration.failed')

/**
 * Registers an account (spec §4 Sign-up): checks the seller's KYC file and the email first so a
 * refused registration writes nothing, creates the login through better-auth (which mails the
 * verification link in `language`), then the profile, then stores a seller's KYC document
 * (kyc_status Pending). Buyers keep kyc_status empty.
 */
export async function registerAccount(request: Request, input: RegisterInput, opts: { language: Language }): Promise<RegisterResult> {
  const weak = await checkPasswordPolicy(input.password, { email: input.email, name: input.name })
  if (weak) return { ok: false, fieldErrors: { password: weak } }

  let kycFile: { ext: 'pdf' | 'jpg' | 'png'; mime: string; bytes: Uint8Array } | null = null
  if (input.userType === 'Seller') {
    const check = await validateKycFile(input.kycDocument as File | undefined)
    if (!check.ok) return { ok: false, fieldErrors: { kycDocument: check.messageKey } }
    kycFile = { ext: check.ext, mime: check.mime, bytes: check.bytes }
  }

  const duplicate = mapAuthError({ code: 'USER_ALREADY_EXISTS' })
  if (await emailInUse(input.email)) return { ok: false, fieldErrors: fieldError(duplicate), error: duplicate }
  // ADR 021: one account per phone number (the profile's unique index holds it under concurrency).
  if (await phoneNumberTaken(input.phoneNumber, input.country)) {
    const taken = duplicatePhoneError()
    return { ok: false, fieldErrors: fieldError(taken), error: taken }
  }

  const reply = await callAuthEndpoint(
    request,
    '/sign-up/email',
    { name: input.name, email: input.email, password: input.password, callbackURL: '/verify-email' },
    { language: opts.language },
  )
  if (!reply.ok) {
    const policy = PASSWORD_POLICY_CODES[String(reply.body?.code)]
    if (policy) return { ok: false, fieldErrors: { password: policy } }
    const error = registrationError(mapAuthError({ status: reply.status, ...reply.body }))
    return { ok: false, fieldErrors: fieldError(error), error }
  }

  // better-auth answers a duplicate sign-up with a look-alike success (so it cannot be used to
  // probe emails); a user created in between our check and the sign-up shows up as a different id.
  const claimedId = (reply.body?.user as { id?: unknown } | undefined)?.id
  const [created] = await getDb()
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email))
    .limit(1)
  if (!created || created.id !== claimedId) return { ok: false, fieldErrors: fieldError(duplicate), error: duplicate }

  try {
    await getDb().insert(profiles).values({
      userId: created.id,
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
  } catch (err) {
    console.error('[setu] registration: profile creation failed', err)
    const mapped = mapDbError(err)
    return {
      ok: true,
      email: input.email,
      messageKey: 'auth:register.success',
      warningKey: mapped.field === 'email' ? mapped.messageKey : 'errors:registration.profileFailed',
    }
  }

  if (kycFile) {
    try {
      await storeKycDocument(created.id, kycFile)
      return { ok: true, email: input.email, messageKey: 'auth:register.successWithKyc' }
    } catch (err) {
      console.error('[setu] registration: KYC upload failed', err)
      return { ok: true, email: input.email, messageKey: 'auth:register.success', warningKey: 'errors:registration.kycFailed' }
    }
  }
  return { ok: true, email: input.email, messageKey: 'auth:register.success' }
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
