// Password reset ("Forgot password?"): a one-hour, single-use emailed link to /reset-password; the
// reset signs out every session of the account. Our pages call better-auth's auth.api server-side,
// so the limits better-auth applies to HTTP calls are kept here, in the database.
import { and, eq, like } from 'drizzle-orm'
import { APIError } from 'better-auth/api'
import { users, verifications } from '../../../db/schema'
import { getAuth } from '~/lib/auth.server'
import { getDb } from '~/lib/db.server'
import { countAttempt } from '~/lib/rate-limit.server'
import type { Language } from '~/lib/i18n'
import { clientIp, recordSecurityEvent } from '~/lib/security-events.server'
import { PASSWORD_POLICY_CODES } from './auth-guards.server'
import './auth-hooks.server'
import { clearPasswordFailures } from './login-throttle.server'
import { checkPasswordPolicy } from './password-policy.server'
import { withResetRequest } from './password-reset-emails.server'
import { RESET_TOKEN_MAX, type FieldErrors, type PasswordResetRequestInput, type ResetPasswordInput } from './schemas'

const MINUTE = 60 * 1000
// AUTH_RATE_LIMIT_SCALE raises the per-address limits for the browser tests, like better-auth's.
const ipScale = () => Math.max(1, Number(process.env.AUTH_RATE_LIMIT_SCALE ?? 1) || 1)

/** How many reset emails may be asked for, per client address and per email address, in a window. */
export const RESET_REQUEST_LIMITS = {
  perIp: { max: 5, windowMs: 15 * MINUTE },
  perEmail: { max: 3, windowMs: 60 * MINUTE },
}
/** New-password submissions per client address in a window (tokens cannot be guessed, but nobody should try at speed). */
export const RESET_SUBMIT_LIMIT = { max: 10, windowMs: 15 * MINUTE }

/** The forgot-password answer never comes sooner than this, so its timing does not tell whether the account exists. */
export const RESET_REQUEST_MIN_MS = 400

const RESET_IDENTIFIER_PREFIX = 'reset-password:'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

export type ResetRequestResult = { ok: true } | { ok: false; status: 429 | 503; messageKey: string }

/**
 * Emails a reset link if an account has this address. The answer is the same whether or not it
 * has one, and takes about as long; requests are limited per client address and per email.
 */
export async function requestPasswordReset(
  request: Request,
  input: PasswordResetRequestInput,
  opts: { language: Language },
): Promise<ResetRequestResult> {
  const started = Date.now()
  const ip = clientIp(request) ?? 'unknown'
  const limited =
    (await countAttempt(`password-reset:ip:${ip}`, RESET_REQUEST_LIMITS.perIp.windowMs)) > RESET_REQUEST_LIMITS.perIp.max * ipScale()
      ? 'ip'
      : (await countAttempt(`password-reset:email:${input.email}`, RESET_REQUEST_LIMITS.perEmail.windowMs)) > RESET_REQUEST_LIMITS.perEmail.max
        ? 'email'
        : null
  if (limited) {
    await recordSecurityEvent({ type: 'password_reset_requested', email: input.email, request, details: { limited } })
    return { ok: false, status: 429, messageKey: 'auth:forgot.tooMany' }
  }

  try {
    let userId: string | null = null
    try {
      ;({ userId } = await withResetRequest(opts.language, () => getAuth().api.requestPasswordReset({ body: { email: input.email } })))
    } catch (err) {
      // better-auth refusing the address (its own email check) means no account can have it: same answer.
      if (!(err instanceof APIError) || err.statusCode >= 500) throw err
      console.warn('[setu] password reset request refused', err.body?.code ?? err.message)
    }
    await recordSecurityEvent({ type: 'password_reset_requested', userId, email: input.email, request })
  } catch (err) {
    console.error('[setu] password reset request failed', err)
    return { ok: false, status: 503, messageKey: 'auth:forgot.failed' }
  }
  await sleep(RESET_REQUEST_MIN_MS - (Date.now() - started))
  return { ok: true }
}

export type ResetLinkState = 'valid' | 'expired' | 'invalid'

/** Whether a reset link's token can still be used (checked when the page opens, and again on submit). */
export async function checkResetToken(token: string): Promise<{ state: ResetLinkState; userId: string | null }> {
  // Control characters are never in a token we sent, and PostgreSQL refuses a NUL in text (fuzzing found the 500).
  if (!token || token.length > RESET_TOKEN_MAX || /[\u0000-\u001f\u007f]/.test(token)) return { state: 'invalid', userId: null }
  const { internalAdapter } = await getAuth().$context
  const row = await internalAdapter.findVerificationValue(`${RESET_IDENTIFIER_PREFIX}${token}`)
  if (!row) return { state: 'invalid', userId: null }
  if (row.expiresAt.getTime() <= Date.now()) return { state: 'expired', userId: row.value }
  return { state: 'valid', userId: row.value }
}

export type ResetPasswordResult =
  | { ok: true }
  /** `link`: the token is no good (invalid, expired or used); the page offers a new one. */
  | { ok: false; status: number; link?: Exclude<ResetLinkState, 'valid'>; fieldErrors: FieldErrors; formError?: string }

/**
 * Sets a new password from a reset link (single use): every session of the account is signed out,
 * its other reset links stop working, a sign-in lockout ends, and the reset is logged.
 */
export async function resetPassword(request: Request, input: ResetPasswordInput): Promise<ResetPasswordResult> {
  const ip = clientIp(request) ?? 'unknown'
  if ((await countAttempt(`password-reset-submit:ip:${ip}`, RESET_SUBMIT_LIMIT.windowMs)) > RESET_SUBMIT_LIMIT.max * ipScale()) {
    return { ok: false, status: 429, fieldErrors: {}, formError: 'auth:reset.tooMany' }
  }
  const token = await checkResetToken(input.token)
  if (token.state !== 'valid' || !token.userId) return { ok: false, status: 400, link: token.state === 'valid' ? 'invalid' : token.state, fieldErrors: {} }
  const userId = token.userId
  const [user] = await getDb().select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId)).limit(1)
  if (!user) return { ok: false, status: 400, link: 'invalid', fieldErrors: {} }
  // The whole new-password rule, including "not your email or name", which needs to know whose link this is.
  const weak = await checkPasswordPolicy(input.password, user)
  if (weak) return { ok: false, status: 400, fieldErrors: { password: weak } }

  try {
    await getAuth().api.resetPassword({ body: { token: input.token, newPassword: input.password } })
  } catch (err) {
    if (err instanceof APIError) {
      const code = (err.body as { code?: string } | undefined)?.code ?? ''
      const policy = PASSWORD_POLICY_CODES[code]
      if (policy) return { ok: false, status: 400, fieldErrors: { password: policy } }
      // Used by a parallel submit in between, or the account is gone.
      if (code === 'INVALID_TOKEN' || code === 'USER_NOT_FOUND') return { ok: false, status: 400, link: 'invalid', fieldErrors: {} }
    }
    throw err
  }
  // Links mailed earlier must not set the password again after this reset.
  await getDb()
    .delete(verifications)
    .where(and(eq(verifications.value, userId), like(verifications.identifier, `${RESET_IDENTIFIER_PREFIX}%`)))
  // Whoever holds the mailbox may sign in with the new password at once, even after a lockout.
  await clearPasswordFailures(user.email)
  await recordSecurityEvent({ type: 'password_reset', userId, email: user.email, request })
  return { ok: true }
}
