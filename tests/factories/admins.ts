// Admin accounts for tests (ADR 012): created through the same server code as the CLI.
import { base32 } from '@better-auth/utils/base32'
import { createOTP } from '@better-auth/utils/otp'
import { asc, eq } from 'drizzle-orm'
import { auditLog } from '../../db/schema'
import type { AdminRole } from '~/domain'
import { getDb } from '~/lib/db.server'
import { action as adminLoginAction } from '~/routes/admin/login'
import { action as securityAction } from '~/routes/admin/security'
import { action as twoFactorAction } from '~/routes/admin/two-factor'
import { callRoute, form } from '../integration/account-support'
import { ADMIN_TEST_PASSWORD, createAdmin } from './admin-account'
import { cookieHeaderFrom } from './users'

export { ADMIN_TEST_PASSWORD, createAdmin } from './admin-account'

/** Client headers the server would set for a browser at a fixed address. */
export const ADMIN_CLIENT = { 'x-setu-client-ip': '203.0.113.9', 'User-Agent': 'AdminTest/1.0' }

/** Posts the /admin/login form. */
export function adminLogin(email: string, password: string, opts: { redirectTo?: string; cookie?: string } = {}) {
  const fields: Record<string, string> = { email, password }
  if (opts.redirectTo) fields.redirectTo = opts.redirectTo
  return callRoute(adminLoginAction, '/admin/login', { body: form(fields), headers: ADMIN_CLIENT, cookie: opts.cookie })
}

/** Signs in at /admin/login and returns the Cookie header value of the admin session. */
export async function adminCookie(email: string, password: string): Promise<string> {
  const out = await adminLogin(email, password)
  const cookie = cookieHeaderFrom(out.response)
  if (!/setu_admin\.session_token=/.test(cookie)) throw new Error(`admin sign-in failed: ${out.status} ${JSON.stringify(out.data)}`)
  return cookie
}

/** A new admin of `role`, signed in: the account and the Cookie header value of its session. */
export async function signedInAdmin(role: AdminRole = 'admin') {
  const admin = await createAdmin({ role })
  return { ...admin, cookie: await adminCookie(admin.email, admin.password) }
}

/** The current code of an authenticator app holding `secret` (the base32 key shown at /admin/security): the plugin's own OTP function. */
export async function totpCode(secret: string, at?: number): Promise<string> {
  const key = base32.decode(secret.replace(/\s+/g, '').toUpperCase())
  if (at === undefined) return createOTP(key, { digits: 6, period: 30 }).totp()
  return createOTP(key, { digits: 6, period: 30 }).hotp(Math.floor(at / 30_000))
}

/**
 * Turns two-factor sign-in on for a signed-in admin through /admin/security (password, then the
 * first code) and returns the base32 secret and the backup codes as the page showed them.
 */
export async function enableAdminTwoFactor(cookie: string, password = ADMIN_TEST_PASSWORD): Promise<{ secret: string; backupCodes: string[] }> {
  const started = await callRoute(securityAction, '/admin/security', { cookie, body: form({ intent: 'enable', password }), headers: ADMIN_CLIENT })
  const setup = (started.data as { setup?: { secret: string; backupCodes: string[] } } | null)?.setup
  if (!setup) throw new Error(`two-factor setup failed: ${started.status} ${JSON.stringify(started.data)}`)
  const verified = await callRoute(securityAction, '/admin/security', { cookie, body: form({ intent: 'verify', code: await totpCode(setup.secret) }), headers: ADMIN_CLIENT })
  if (verified.status !== 302) throw new Error(`two-factor confirmation failed: ${verified.status} ${JSON.stringify(verified.data)}`)
  return { secret: setup.secret, backupCodes: setup.backupCodes }
}

/** Posts the /admin/two-factor form with the challenge cookie the password step set. */
export function adminTwoFactorStep(challengeCookie: string, code: string, opts: { method?: 'totp' | 'backup'; redirectTo?: string } = {}) {
  const fields: Record<string, string> = { method: opts.method ?? 'totp', code }
  if (opts.redirectTo) fields.redirectTo = opts.redirectTo
  return callRoute(twoFactorAction, '/admin/two-factor', { body: form(fields), headers: ADMIN_CLIENT, cookie: challengeCookie })
}

/** The audit log's rows about `targetId`, oldest first. */
export const auditRowsAbout = (targetId: string) => getDb().select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.id))

/** The audit row of an admin's change to a profile, made from ADMIN_CLIENT: who, from where, on what, and the change. */
export const profileAudit = (admin: { id: string; email: string }, profileId: string, change: { action: string; oldValue: unknown; newValue: unknown }) => ({
  adminId: admin.id,
  adminEmail: admin.email,
  targetType: 'profile',
  targetId: profileId,
  ipAddress: ADMIN_CLIENT['x-setu-client-ip'],
  userAgent: ADMIN_CLIENT['User-Agent'],
  ...change,
})
