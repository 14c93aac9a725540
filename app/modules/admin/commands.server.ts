// Admin sign-in, sign-out and KYC decisions (spec §5 admin login, §7 audit entries, ADR 012); creating an
// admin account is admin-create.server.ts's.
import { and, eq, isNotNull } from 'drizzle-orm'
import { adminUsers, profiles } from '../../../db/schema'
import { ADMIN_AUTH_BASE_PATH, getAdminAuth } from '~/lib/admin-auth.server'
import { CLIENT_IP_HEADER } from '~/lib/auth.server'
import { getDb } from '~/lib/db.server'
import { baseUrl } from '~/lib/env.server'
import { invalidatePublicPages } from '~/lib/page-cache.server'
import { missingIdentities, verifyIdentities } from '~/modules/accounts/index.server'
import { notify } from '~/modules/notifications/index.server'
import type { RegistryField } from '~/domain'
import { claimAdminSignInAttempt, clearAdminSignInAttempts, retryMinutes } from './sign-in-throttle.server'
import { recordAdminAct, recordAudit } from './audit.server'
import { findAdminByEmail } from './admin-create.server'
import type { AdminLoginInput, KycDecisionInput } from './schemas'
import type { CurrentAdmin } from './session.server'

const ADMIN_SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?setu_admin\.session_token=/
/** A Set-Cookie that sets (not clears) the admin session cookie. */
const ADMIN_SESSION_COOKIE_SET = /^(?:__Secure-)?setu_admin\.session_token=[^;]/
/** The two-factor plugin's challenge cookie, set by a right password when two-factor sign-in is on. */
const ADMIN_TWO_FACTOR_COOKIE = /^(?:__Secure-)?setu_admin\.two_factor=[^;]/

export type AdminSignInResult =
  /** twoFactor: the password was right but the admin has two-factor sign-in on: no session yet, go to /admin/two-factor. */
  | { ok: true; twoFactor: boolean; headers: Headers }
  /** messageKey: an i18n key in the admin namespace; `minutes` for the per-account pause. */
  | { ok: false; status: number; messageKey: string; minutes?: number; headers: Headers }


/** The admin instance's headers for an in-process call on behalf of `request` (its client address and user agent). */
export function adminAuthHeaders(request: Request, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ 'Content-Type': 'application/json', Origin: baseUrl(), ...extra })
  const ip = request.headers.get(CLIENT_IP_HEADER)
  if (ip) headers.set(CLIENT_IP_HEADER, ip)
  const userAgent = request.headers.get('User-Agent')
  if (userAgent) headers.set('User-Agent', userAgent.slice(0, 500))
  return headers
}

/**
 * Signs an admin in through the admin better-auth instance's handler (so its per-client rate
 * limit applies), after the per-account throttle (accounts.server.ts) has allowed one more attempt
 * for the email. Every refusal is audited `login_failed` with the email as typed; a full sign-in is
 * audited `login`. A marketplace user's credentials are unknown here and get the same answer as a
 * wrong password. With two-factor sign-in on, the right password only starts the second step
 * (no session, nothing audited yet: /admin/two-factor audits the outcome).
 */
export async function signInAdmin(request: Request, input: AdminLoginInput): Promise<AdminSignInResult> {
  const out = new Headers()
  // Signing in while signed in: the old admin session ends first.
  if (ADMIN_SESSION_COOKIE.test(request.headers.get('Cookie') ?? '')) {
    const { headers } = await getAdminAuth().api.signOut({ headers: request.headers, returnHeaders: true }).catch(() => ({ headers: new Headers() }))
    for (const c of headers.getSetCookie()) out.append('Set-Cookie', c)
  }
  const failed = (reason: string) =>
    recordAudit({
      admin: null,
      email: input.email,
      action: 'login_failed',
      targetType: 'admin_session',
      newValue: { success: false, login_method: 'credentials', reason, timestamp: new Date().toISOString() },
      request,
    })
  const claim = await claimAdminSignInAttempt(input.email)
  if (!claim.allowed) {
    await failed('throttled')
    return { ok: false, status: 429, messageKey: 'admin:login.throttled', minutes: retryMinutes(claim.retryAfterMs), headers: out }
  }
  const response = await getAdminAuth().handler(
    new Request(`${baseUrl()}${ADMIN_AUTH_BASE_PATH}/sign-in/email`, {
      method: 'POST',
      headers: adminAuthHeaders(request),
      body: JSON.stringify({ email: input.email, password: input.password, rememberMe: true }),
    }),
  )
  const cookies = response.headers.getSetCookie()
  const body = (await response.json().catch(() => null)) as { twoFactorRedirect?: boolean } | null
  if (response.ok && body?.twoFactorRedirect === true && cookies.some((c) => ADMIN_TWO_FACTOR_COOKIE.test(c))) {
    await clearAdminSignInAttempts(input.email)
    for (const c of cookies) out.append('Set-Cookie', c)
    return { ok: true, twoFactor: true, headers: out }
  }
  const admin = await findAdminByEmail(input.email)
  if (!response.ok || !admin || !cookies.some((c) => ADMIN_SESSION_COOKIE_SET.test(c))) {
    const reason = response.status === 429 ? 'rate_limited' : admin && !admin.isActive && response.status === 403 ? 'inactive' : 'invalid_credentials'
    await failed(reason)
    if (response.status === 429) return { ok: false, status: 429, messageKey: 'admin:login.tooManyAttempts', headers: out }
    // Spec §8: one message for an unknown email, a wrong password and a deactivated account.
    return { ok: false, status: 401, messageKey: 'admin:login.invalidCredentials', headers: out }
  }
  await clearAdminSignInAttempts(input.email)
  for (const c of cookies) out.append('Set-Cookie', c)
  await recordAdminLogin(request, admin, 'credentials')
  return { ok: true, twoFactor: false, headers: out }
}

/** Audits a completed sign-in (`login` with its method) and stamps the admin's last login, in one transaction. */
export async function recordAdminLogin(request: Request, admin: { id: string; email: string }, loginMethod: 'credentials' | 'credentials+totp' | 'credentials+backup_code'): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.update(adminUsers).set({ lastLogin: new Date() }).where(eq(adminUsers.id, admin.id))
    await recordAdminAct(admin, request, { action: 'login', target: ['admin_session'], to: { success: true, login_method: loginMethod, timestamp: new Date().toISOString() } }, tx)
  })
}

/** Ends the admin's session (audited `logout`); returns the Set-Cookie headers that clear it. */
export async function signOutAdmin(request: Request, admin: CurrentAdmin): Promise<Headers> {
  const { headers } = await getAdminAuth().api.signOut({ headers: request.headers, returnHeaders: true })
  await recordAdminAct(admin, request, { action: 'logout', target: ['admin_session', admin.sessionId], to: { success: true, logout_method: 'button', timestamp: new Date().toISOString() } })
  const out = new Headers()
  for (const c of headers.getSetCookie()) out.append('Set-Cookie', c)
  return out
}

export type KycDecisionResult =
  | { ok: true; status: 'Approved' | 'Rejected' }
  | { ok: false; reason: 'notFound' | 'alreadyDecided' }
  /** The seller has not given every registry identity of their country (issue 30 item 1): `missing` names them. */
  | { ok: false; reason: 'identitiesMissing'; missing: RegistryField[] }

/**
 * Approves or rejects a seller's pending KYC document (spec §7 kyc_status_change), in one
 * transaction: a conditional update that only moves a Pending profile with a document, the audit row,
 * and the seller's notice (in-app, and emailed in their language by the notice job). A profile that
 * is no longer Pending (another reviewer decided first) changes nothing and answers 'alreadyDecided'.
 * Approval needs no further step: the catalog shows an approved active seller's listings.
 * Approval waits for the seller's registry identities (issue 30 item 1) and marks each one verified by
 * this admin, in the same transaction and audit row.
 */
export async function decideKyc(admin: CurrentAdmin, request: Request, input: KycDecisionInput): Promise<KycDecisionResult> {
  const status = input.intent === 'approve' ? ('Approved' as const) : ('Rejected' as const)
  const reason = input.intent === 'reject' ? input.reason : null
  const result = await getDb().transaction(async (tx): Promise<KycDecisionResult> => {
    if (status === 'Approved') {
      // Locked: the seller cannot change the numbers between this check and the verified marks.
      const [profile] = await tx.select({ id: profiles.id, country: profiles.country, kycStatus: profiles.kycStatus }).from(profiles).where(eq(profiles.id, input.profileId)).for('update')
      // Only a decision still to make waits for them: a decided or unknown profile gets its own answer below.
      const missing = profile?.kycStatus === 'Pending' ? await missingIdentities(tx, profile) : []
      if (missing.length > 0) return { ok: false as const, reason: 'identitiesMissing' as const, missing }
    }
    const [updated] = await tx
      .update(profiles)
      .set({ kycStatus: status, kycRejectionReason: reason, updatedAt: new Date() })
      .where(and(eq(profiles.id, input.profileId), eq(profiles.kycStatus, 'Pending'), isNotNull(profiles.kycDocumentUrl)))
      .returning({ id: profiles.id })
    if (!updated) {
      const [exists] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, input.profileId)).limit(1)
      return { ok: false as const, reason: exists ? ('alreadyDecided' as const) : ('notFound' as const) }
    }
    const verified = status === 'Approved' ? await verifyIdentities(tx, updated.id, admin.id) : []
    await recordAdminAct(
      admin,
      request,
      {
        action: 'kyc_status_change',
        target: ['profile', updated.id],
        from: { kyc_status: 'Pending' },
        to: { kyc_status: status, reason: 'Admin KYC review', ...(reason ? { rejection_reason: reason } : {}), ...(verified.length > 0 ? { verified_identities: verified } : {}) },
      },
      tx,
    )
    await notify(tx, {
      recipientId: updated.id,
      kind: status === 'Approved' ? 'kyc_approved' : 'kyc_rejected',
      params: reason ? { reason } : {},
      link: '/kyc-upload',
    })
    return { ok: true as const, status }
  })
  // An approved seller's listings appear in the catalog.
  if (result.ok) await invalidatePublicPages()
  return result
}

/** Audits one opening of a KYC document through a View KYC link (before the bytes are sent). */
export async function recordKycDocumentView(admin: CurrentAdmin, request: Request, profileId: string): Promise<void> {
  await recordAdminAct(admin, request, { action: 'kyc_document_view', target: ['profile', profileId], to: { access: 'signed_url', timestamp: new Date().toISOString() } })
}
