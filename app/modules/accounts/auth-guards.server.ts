// Guards around better-auth's endpoints, run for HTTP and server-side auth.api calls alike (so no
// caller can step around them): the per-account wrong-password throttle on every endpoint that
// checks a password, the password policy on every endpoint that sets one, field limits on every
// user write, and the security event log. Registered by auth-hooks.server.ts.
import { APIError, isAPIError } from 'better-auth/api'
import { eq, sql } from 'drizzle-orm'
import { users } from '../../../db/schema'
import type { AuthCall } from '~/lib/auth.server'
import { getDb } from '~/lib/db.server'
import { clientIp, recordSecurityEvent } from '~/lib/security-events.server'
import { sendLockoutEmail } from './emails.server'
import { clearPasswordFailures, claimLockoutNotice, lockedUntil, recordPasswordFailure } from './login-throttle.server'
import { checkPasswordPolicy, type PasswordProblem } from './password-policy.server'
import { EMAIL_MAX, IMAGE_URL_MAX, NameField } from './schemas'

/** Endpoints that check the caller's password, and the error code better-auth gives a wrong one. */
const PASSWORD_CHECKS: Record<string, string> = {
  '/sign-in/email': 'INVALID_EMAIL_OR_PASSWORD',
  '/change-password': 'INVALID_PASSWORD',
  '/verify-password': 'INVALID_PASSWORD',
}

/** Error codes the policy check answers with, and the message each one shows. */
export const PASSWORD_POLICY_CODES: Record<string, PasswordProblem> = {
  PASSWORD_TOO_SHORT: 'auth:validation.passwordMin',
  PASSWORD_TOO_LONG: 'auth:validation.passwordTooLong',
  PASSWORD_COMMON: 'auth:validation.passwordCommon',
  PASSWORD_LIKE_IDENTITY: 'auth:validation.passwordLikeIdentity',
}
const POLICY_CODE_OF = Object.fromEntries(Object.entries(PASSWORD_POLICY_CODES).map(([code, key]) => [key, code])) as Record<PasswordProblem, string>

/** Code of the 429 answer while an account's password checks are paused. */
export const ACCOUNT_LOCKED = 'ACCOUNT_LOCKED'

const str = (v: unknown) => (typeof v === 'string' ? v : '')

async function findUserByEmail(email: string) {
  const [user] = await getDb()
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1)
  return user ?? null
}

/** Whose password an endpoint checks: the typed email for sign-in, the session user otherwise. */
async function passwordOwner(call: AuthCall): Promise<{ email: string; user: { id: string; email: string; name: string } | null } | null> {
  if (call.path === '/sign-in/email') {
    const email = str(call.body.email).trim().toLowerCase()
    return email ? { email, user: null } : null
  }
  const user = await call.sessionUser()
  return user ? { email: user.email, user } : null
}

function lockedError(until: Date, now = new Date()): APIError {
  const retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code: ACCOUNT_LOCKED, message: 'Too many failed sign-ins for this account. Please try again later.', retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  )
}

/** The new password an endpoint sets, and whose it is (for the "not your email or name" rule). */
async function newPasswordOf(call: AuthCall): Promise<{ password: string; identity: { email?: string; name?: string } } | null> {
  if (call.path === '/sign-up/email') return { password: str(call.body.password), identity: { email: str(call.body.email), name: str(call.body.name) } }
  if (call.path === '/change-password') {
    const user = await call.sessionUser()
    return { password: str(call.body.newPassword), identity: { email: user?.email, name: user?.name } }
  }
  if (call.path === '/reset-password') return { password: str(call.body.newPassword), identity: {} }
  return null
}

/** better-auth before hook: refuses locked accounts without checking the password, and weak new passwords. */
export async function beforeAuthEndpoint(call: AuthCall): Promise<void> {
  if (call.path in PASSWORD_CHECKS) {
    const owner = await passwordOwner(call)
    const until = owner ? await lockedUntil(owner.email) : null
    if (owner && until) {
      const user = owner.user ?? (await findUserByEmail(owner.email))
      await recordSecurityEvent({ type: 'sign_in_failed', userId: user?.id, email: owner.email, request: call.request, details: { reason: 'locked', via: call.path } })
      throw lockedError(until)
    }
  }
  const next = await newPasswordOf(call)
  if (next && next.password) {
    const problem = await checkPasswordPolicy(next.password, next.identity)
    if (problem) throw new APIError('BAD_REQUEST', { code: POLICY_CODE_OF[problem], message: 'This password is not allowed.' })
  }
}

/** Counts a wrong password; on the failure that starts a lockout, logs it and emails the owner once. */
async function countFailure(call: AuthCall, owner: { email: string; user: { id: string; email: string; name: string } | null }) {
  const outcome = await recordPasswordFailure(owner.email)
  const user = owner.user ?? (await findUserByEmail(owner.email))
  await recordSecurityEvent({
    type: 'sign_in_failed',
    userId: user?.id,
    email: owner.email,
    request: call.request,
    details: { reason: call.path === '/sign-in/email' ? 'invalid_credentials' : 'wrong_password', via: call.path, failures: outcome.failures },
  })
  if (!outcome.lockedUntil) return
  await recordSecurityEvent({
    type: 'account_locked',
    userId: user?.id,
    email: owner.email,
    request: call.request,
    details: { failures: outcome.failures, lockedUntil: outcome.lockedUntil.toISOString() },
  })
  if (user && (await claimLockoutNotice(owner.email))) {
    try {
      await sendLockoutEmail(user, { ip: clientIp(call.request), until: outcome.lockedUntil })
    } catch (err) {
      // The caller still gets its answer; the lockout itself does not depend on the email.
      console.error('[setu] lockout email failed', err)
    }
  }
}

const errorCode = (returned: unknown) => (isAPIError(returned) ? str((returned.body as { code?: unknown } | undefined)?.code) : '')

/** better-auth after hook: counts wrong passwords, clears the count on a right one, logs the outcome. */
export async function afterAuthEndpoint(call: AuthCall): Promise<void> {
  const wrongCode = PASSWORD_CHECKS[call.path]
  if (!wrongCode) return
  const owner = await passwordOwner(call)
  if (!owner) return
  const failed = isAPIError(call.returned)
  const code = errorCode(call.returned)
  if (failed && code === wrongCode) return countFailure(call, owner)
  if (call.path === '/sign-in/email') {
    if (failed) {
      // The password was right but no session followed (unverified email, suspended account): logged, not counted.
      const user = await findUserByEmail(owner.email)
      await clearPasswordFailures(owner.email)
      await recordSecurityEvent({ type: 'sign_in_failed', userId: user?.id, email: owner.email, request: call.request, details: { reason: code.toLowerCase() || 'refused' } })
      return
    }
    await clearPasswordFailures(owner.email)
    const userId = (call.returned as { user?: { id?: unknown } } | null)?.user?.id
    await recordSecurityEvent({ type: 'sign_in', userId: typeof userId === 'string' ? userId : null, email: owner.email, request: call.request })
    return
  }
  if (failed) return
  await clearPasswordFailures(owner.email)
  if (call.path === '/change-password') await recordSecurityEvent({ type: 'password_changed', userId: owner.user?.id, request: call.request })
}

function invalidField(code: string, message: string): APIError {
  return new APIError('BAD_REQUEST', { code, message })
}

/** Field limits on every user better-auth writes (sign-up, update-user), so no API call can store an oversized or unsafe value. */
export async function checkUserFields(user: { name?: unknown; email?: unknown; image?: unknown }): Promise<void> {
  if (user.name !== undefined && !NameField.safeParse(user.name).success) throw invalidField('INVALID_NAME', 'The name must be 2 to 100 characters.')
  if (user.email !== undefined && (typeof user.email !== 'string' || user.email.length > EMAIL_MAX)) {
    throw invalidField('INVALID_EMAIL', 'Invalid email')
  }
  if (user.image !== undefined && user.image !== null) {
    let ok = typeof user.image === 'string' && user.image.length <= IMAGE_URL_MAX
    if (ok) {
      try {
        ok = new URL(user.image as string).protocol === 'https:'
      } catch {
        ok = false
      }
    }
    if (!ok) throw invalidField('INVALID_IMAGE', 'The picture must be an https URL.')
  }
}
