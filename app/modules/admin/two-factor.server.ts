// Two-factor sign-in (TOTP) for admins (issue 10 item 1, ADR 012 "Two-factor and admin accounts"),
// on better-auth's twoFactor plugin of the admin instance (app/lib/admin-auth.server.ts):
// - the plugin creates the secret and backup codes (enable) and runs the second sign-in step
//   (verify-totp / verify-backup-code: the challenge cookie, attempts per challenge, account lockout);
// - turning it on (after the first code) and off are ours, so the change and its audit row are one
//   transaction and the admin's session is neither rotated nor extended.
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { createOTP } from '@better-auth/utils/otp'
import { APIError } from 'better-auth/api'
import { symmetricDecrypt } from 'better-auth/crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import QRCode from 'qrcode'
import { adminAccounts, adminTwoFactors, adminUsers, adminVerifications, rateLimits } from '../../../db/schema'
import { ADMIN_AUTH_BASE_PATH, ADMIN_TOTP, getAdminAuth } from '~/lib/admin-auth.server'
import { getDb } from '~/lib/db.server'
import { baseUrl } from '~/lib/env.server'
import { appSecret } from '~/lib/secret.server'
import { claimAdminSignInAttempt, clearAdminSignInAttempts, retryMinutes } from './sign-in-throttle.server'
import { recordAdminAct, recordAudit } from './audit.server'
import { adminAuthHeaders, recordAdminLogin } from './commands.server'
import type { TwoFactorSignInInput } from './components/admin-account-schemas'
import type { CurrentAdmin } from './session.server'

const CHALLENGE_COOKIE = /(?:^|;\s*)((?:__Secure-)?setu_admin\.two_factor)=([^;]*)/

/** A half-done sign-in: the right password was given, the code is still due. Never a session. */
export type TwoFactorChallenge = { cookie: string; admin: { id: string; email: string } }

/** better-call's signed cookie value: `value.base64(HMAC-SHA256(secret, value))`, URL-encoded. */
function unsign(raw: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(raw)
  } catch {
    return null
  }
  const dot = decoded.lastIndexOf('.')
  if (dot < 1) return null
  const value = decoded.slice(0, dot)
  const given = Buffer.from(decoded.slice(dot + 1), 'base64')
  const expected = createHmac('sha256', appSecret()).update(value).digest()
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null
}

/**
 * The pending second sign-in step of this request (its signed challenge cookie, still unexpired, of
 * an active admin), or null. Only /admin/two-factor reads it; requireAdmin and getCurrentAdmin look
 * at the session cookie alone, so a half-done sign-in opens nothing.
 */
export async function readTwoFactorChallenge(request: Request): Promise<TwoFactorChallenge | null> {
  const match = CHALLENGE_COOKIE.exec(request.headers.get('Cookie') ?? '')
  if (!match || match[2].length > 512) return null
  const identifier = unsign(match[2])
  if (!identifier || !identifier.startsWith('2fa-')) return null
  const [row] = await getDb()
    .select({ id: adminUsers.id, email: adminUsers.email, isActive: adminUsers.isActive })
    .from(adminVerifications)
    .innerJoin(adminUsers, eq(adminUsers.id, adminVerifications.value))
    .where(and(eq(adminVerifications.identifier, identifier), gt(adminVerifications.expiresAt, new Date())))
    .limit(1)
  if (!row?.isActive) return null
  return { cookie: `${match[1]}=${match[2]}`, admin: { id: row.id, email: row.email } }
}

export type TwoFactorSignInResult =
  | { ok: true; headers: Headers }
  /** messageKey: an i18n key; `restart`: the challenge is over, sign in again. */
  | { ok: false; status: number; messageKey: string; restart: boolean; headers: Headers }

/**
 * The second sign-in step through the plugin's handler (its per-client rate limit, five codes per
 * challenge, ten wrong codes in a row lock the step for 15 minutes). A right code creates the
 * 24-hour session, audited `login` with login_method 'credentials+totp' (or '+backup_code'); a wrong
 * one is audited `login_failed`.
 */
export async function completeTwoFactorSignIn(request: Request, challenge: TwoFactorChallenge, input: TwoFactorSignInInput): Promise<TwoFactorSignInResult> {
  const path = input.method === 'totp' ? '/two-factor/verify-totp' : '/two-factor/verify-backup-code'
  const method = input.method === 'totp' ? 'credentials+totp' : 'credentials+backup_code'
  const out = new Headers()
  const refuse = (status: number, messageKey: string, reason: string, restart = false) =>
    recordAudit({
      admin: null,
      email: challenge.admin.email,
      action: 'login_failed',
      targetType: 'admin_session',
      newValue: { success: false, login_method: method, reason, timestamp: new Date().toISOString() },
      request,
    }).then(() => ({ ok: false as const, status, messageKey, restart, headers: out }))
  // A code someone saw over the admin's shoulder, or replayed from a captured request, is refused
  // even while it is still valid: each code signs in once (claimed before the plugin checks it).
  const usedKey = input.method === 'totp' ? usedCodeKey(challenge.admin.id, input.code) : null
  if (usedKey && !(await claimCode(usedKey))) return refuse(401, 'adminAccounts:twoFactor.errors.codeUsed', 'totp_reused')
  const response = await getAdminAuth().handler(
    new Request(`${baseUrl()}${ADMIN_AUTH_BASE_PATH}${path}`, {
      method: 'POST',
      headers: adminAuthHeaders(request, { Cookie: challenge.cookie }),
      body: JSON.stringify({ code: input.code }),
    }),
  )
  for (const c of response.headers.getSetCookie()) out.append('Set-Cookie', c)
  if (response.ok && response.headers.getSetCookie().some((c) => /^(?:__Secure-)?setu_admin\.session_token=[^;]/.test(c))) {
    await recordAdminLogin(request, challenge.admin, method)
    return { ok: true, headers: out }
  }
  // Not a sign-in: the code was not used up (a mistyped code typed again is judged again).
  if (usedKey) await getDb().delete(rateLimits).where(eq(rateLimits.key, usedKey))
  const body = (await response.json().catch(() => null)) as { code?: string } | null
  const code = body?.code ?? ''
  if (code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE') return refuse(401, 'adminAccounts:twoFactor.errors.invalidCode', input.method === 'totp' ? 'invalid_totp' : 'invalid_backup_code')
  if (code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') return refuse(429, 'adminAccounts:twoFactor.errors.tooManyCodes', 'too_many_codes', true)
  if (code === 'ACCOUNT_TEMPORARILY_LOCKED') return refuse(429, 'adminAccounts:twoFactor.errors.locked', 'two_factor_locked')
  if (response.status === 429) return refuse(429, 'admin:login.tooManyAttempts', 'rate_limited')
  // An expired or consumed challenge, or an admin deactivated meanwhile: sign in again.
  return refuse(401, 'adminAccounts:twoFactor.errors.expired', response.status === 403 ? 'inactive' : 'challenge_invalid', true)
}

/**
 * How long a used code is remembered: longer than any code stays valid (its 30-second step, plus the
 * step before and after that verification accepts for clock drift).
 */
const USED_CODE_MS = 4 * ADMIN_TOTP.period * 1000

/** The shared `rate_limits` row that marks a code as used by this admin (the code itself is not stored). */
const usedCodeKey = (adminId: string, code: string) => `admin-2fa-used:${createHash('sha256').update(`${adminId}:${code}`).digest('hex')}`

/**
 * Marks a code as used, atomically: true for the first claim, false while an earlier claim of the same
 * code is younger than USED_CODE_MS (two requests at once with one code: one wins).
 */
async function claimCode(key: string): Promise<boolean> {
  const now = Date.now()
  const rows = await getDb()
    .insert(rateLimits)
    // A fresh id, so only the key conflicts (lib/rate-limit.server.ts says why).
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: 1, lastRequest: now }, setWhere: sql`${rateLimits.lastRequest} + ${USED_CODE_MS} <= ${now}` })
    .returning({ key: rateLimits.key })
  return rows.length === 1
}

// ---------------------------------------------------------------------------------------------
// The signed-in admin's own settings (/admin/security)
// ---------------------------------------------------------------------------------------------

export type TwoFactorState = 'off' | 'pending' | 'on'

/** Whether the admin's two-factor sign-in is off, set up but not yet confirmed with a code, or on. */
export async function twoFactorState(adminId: string): Promise<TwoFactorState> {
  const [row] = await getDb()
    .select({ enabled: adminUsers.twoFactorEnabled, verified: adminTwoFactors.verified })
    .from(adminUsers)
    .leftJoin(adminTwoFactors, eq(adminTwoFactors.userId, adminUsers.id))
    .where(eq(adminUsers.id, adminId))
    .limit(1)
  if (row?.enabled) return 'on'
  return row?.verified === false ? 'pending' : 'off'
}

/** What the setup shows once: the QR code, the same secret as text, and the backup codes. */
export type TwoFactorSetupDto = { qrDataUrl: string; secret: string; backupCodes: string[] }

export type SecurityResult<T = undefined> =
  | { ok: true; value: T; headers?: Headers }
  | { ok: false; status: number; field: 'password' | 'code' | 'form'; messageKey: string; minutes?: number }

const throttled = (retryAfterMs: number) => ({ ok: false as const, status: 429, field: 'form' as const, messageKey: 'adminAccounts:twoFactor.errors.throttled', minutes: retryMinutes(retryAfterMs) })
const wrongPassword = { ok: false as const, status: 400, field: 'password' as const, messageKey: 'adminAccounts:twoFactor.errors.wrongPassword' }
const wrongCode = { ok: false as const, status: 400, field: 'code' as const, messageKey: 'adminAccounts:twoFactor.errors.invalidCode' }

/**
 * Step one of turning two-factor sign-in on: the password is confirmed (by the plugin; wrong ones
 * count toward the same per-account throttle as sign-in), and the plugin stores a new, unconfirmed
 * secret with ten backup codes. Nothing changes for sign-in until a code confirms it.
 */
export async function startTwoFactorSetup(request: Request, admin: CurrentAdmin, password: string): Promise<SecurityResult<TwoFactorSetupDto>> {
  const claim = await claimAdminSignInAttempt(admin.email)
  if (!claim.allowed) return throttled(claim.retryAfterMs)
  let answer: { totpURI?: string; backupCodes?: string[] }
  try {
    answer = await getAdminAuth().api.enableTwoFactor({ body: { password, method: 'totp', issuer: ADMIN_TOTP.issuer }, headers: request.headers }) as typeof answer
  } catch (error) {
    if (error instanceof APIError && (error.body as { code?: string } | undefined)?.code === 'TOTP_ALREADY_ENABLED') return { ok: false, status: 409, field: 'form', messageKey: 'adminAccounts:twoFactor.errors.alreadyOn' }
    if (error instanceof APIError && error.statusCode < 500) return wrongPassword
    throw error
  }
  await clearAdminSignInAttempts(admin.email)
  const uri = answer.totpURI ?? ''
  const secret = new URL(uri).searchParams.get('secret') ?? ''
  const qrDataUrl = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 220 })
  return { ok: true, value: { qrDataUrl, secret, backupCodes: answer.backupCodes ?? [] } }
}

/** Whether `code` is the current TOTP code of the encrypted secret (the plugin's own check: one step either side). */
async function totpMatches(encryptedSecret: string, code: string): Promise<boolean> {
  const { secretConfig } = await getAdminAuth().$context
  const secret = await symmetricDecrypt({ key: secretConfig, data: encryptedSecret })
  return createOTP(secret, { digits: ADMIN_TOTP.digits, period: ADMIN_TOTP.period }).verify(code)
}

/**
 * Step two: the first code from the app confirms the secret and turns two-factor sign-in on,
 * audited `admin_two_factor_change` in the same transaction (the row is locked, so two confirmations
 * turn it on once).
 */
export async function confirmTwoFactorSetup(request: Request, admin: CurrentAdmin, code: string): Promise<SecurityResult> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ id: adminTwoFactors.id, secret: adminTwoFactors.secret })
      .from(adminTwoFactors)
      .where(and(eq(adminTwoFactors.userId, admin.id), eq(adminTwoFactors.verified, false)))
      .limit(1)
      .for('update')
    if (!row) return { ok: false as const, status: 409, field: 'form' as const, messageKey: 'adminAccounts:twoFactor.errors.notPending' }
    if (!(await totpMatches(row.secret, code))) return wrongCode
    await tx.update(adminTwoFactors).set({ verified: true, failedVerificationCount: 0, lockedUntil: null }).where(eq(adminTwoFactors.id, row.id))
    // Setup attempts started twice leave a second, unconfirmed row: only the confirmed one stays.
    await tx.delete(adminTwoFactors).where(and(eq(adminTwoFactors.userId, admin.id), eq(adminTwoFactors.verified, false)))
    await tx.update(adminUsers).set({ twoFactorEnabled: true, updatedAt: new Date() }).where(eq(adminUsers.id, admin.id))
    await recordAdminAct(admin, request, { action: 'admin_two_factor_change', target: ['admin_user', admin.id], from: { two_factor_enabled: false }, to: { two_factor_enabled: true, method: 'totp' } }, tx)
    return { ok: true as const, value: undefined }
  })
}

/**
 * Turns two-factor sign-in off: needs the password and a current code (wrong ones count toward the
 * per-account throttle). The secret and backup codes are deleted with the flag and the audit row.
 */
export async function disableTwoFactor(request: Request, admin: CurrentAdmin, password: string, code: string): Promise<SecurityResult> {
  const claim = await claimAdminSignInAttempt(admin.email)
  if (!claim.allowed) return throttled(claim.retryAfterMs)
  const db = getDb()
  const [account] = await db
    .select({ hash: adminAccounts.password })
    .from(adminAccounts)
    .where(and(eq(adminAccounts.userId, admin.id), eq(adminAccounts.providerId, 'credential')))
    .limit(1)
  const ctx = await getAdminAuth().$context
  if (!account?.hash || !(await ctx.password.verify({ hash: account.hash, password }))) return wrongPassword
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ secret: adminTwoFactors.secret })
      .from(adminUsers)
      .innerJoin(adminTwoFactors, and(eq(adminTwoFactors.userId, adminUsers.id), eq(adminTwoFactors.verified, true)))
      .where(and(eq(adminUsers.id, admin.id), eq(adminUsers.twoFactorEnabled, true)))
      .limit(1)
      .for('update')
    if (!row) return { ok: false as const, status: 409, field: 'form' as const, messageKey: 'adminAccounts:twoFactor.errors.notOn' }
    if (!(await totpMatches(row.secret, code))) return wrongCode
    await tx.delete(adminTwoFactors).where(eq(adminTwoFactors.userId, admin.id))
    await tx.update(adminUsers).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(adminUsers.id, admin.id))
    await recordAdminAct(admin, request, { action: 'admin_two_factor_change', target: ['admin_user', admin.id], from: { two_factor_enabled: true }, to: { two_factor_enabled: false } }, tx)
    return { ok: true as const, value: undefined }
  })
  if (result.ok) await clearAdminSignInAttempts(admin.email)
  return result
}
