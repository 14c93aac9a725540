import { desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { adminSessions, adminUsers, auditLog } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { getCurrentUser } from '~/modules/accounts/session.server'
import { getCurrentAdmin } from '~/modules/admin/session.server'
import { loader as auditLoader } from '~/routes/admin/audit'
import { loader as dashboardLoader } from '~/routes/admin/dashboard'
import { loader as kycLoader } from '~/routes/admin/kyc'
import { loader as adminsLoader } from '~/routes/admin/admins'
import { loader as securityLoader } from '~/routes/admin/security'
import { loader as indexLoader } from '~/routes/admin/index'
import { action as logoutAction, loader as logoutLoader } from '~/routes/admin/logout'
import { loader as loginLoader } from '~/routes/admin/login'
import { callRoute, form } from './account-support'
import { ADMIN_CLIENT, adminCookie, adminLogin, createAdmin } from '../factories/admins'
import { createUser, requestAs, signInCookie } from '../factories/users'

async function latestAudit(action: string) {
  const [row] = await getDb().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1)
  return row
}

const formError = (out: { data: unknown }) => (out.data as { formError?: string }).formError
const fieldErrors = (out: { data: unknown }) => (out.data as { fieldErrors: Record<string, string> }).fieldErrors

describe('/admin/login (spec §2, §5)', () => {
  it('signs an admin in, to /admin/dashboard, with a 24-hour session in its own cookie, audited with IP and user agent', async () => {
    const a = await createAdmin({ role: 'super_admin' })
    const out = await adminLogin(a.email.toUpperCase(), a.password)
    expect(out.status).toBe(302)
    expect(out.location).toBe('/admin/dashboard')
    const setCookie = out.response!.headers.getSetCookie().join('\n')
    expect(setCookie).toMatch(/setu_admin\.session_token=/)
    expect(setCookie).not.toMatch(/(^|\n)setu\.session_token=/)
    expect(setCookie).toMatch(/Max-Age=86400/i)
    const [session] = await getDb().select().from(adminSessions).where(eq(adminSessions.userId, a.id))
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBeLessThanOrEqual(86_400_000 + 1000)
    const row = await latestAudit('login')
    expect(row).toMatchObject({ adminId: a.id, adminEmail: a.email, targetType: 'admin_session', ipAddress: '203.0.113.9', userAgent: 'AdminTest/1.0' })
    expect(row.newValue).toMatchObject({ success: true, login_method: 'credentials' })
    const [admin] = await getDb().select({ lastLogin: adminUsers.lastLogin }).from(adminUsers).where(eq(adminUsers.id, a.id))
    expect(admin.lastLogin).not.toBeNull()
  })

  it('continues to an admin redirectTo, never outside the panel or the site', async () => {
    const a = await createAdmin()
    expect((await adminLogin(a.email, a.password, { redirectTo: '/admin/audit?action=login' })).location).toBe('/admin/audit?action=login')
    expect((await adminLogin(a.email, a.password, { redirectTo: 'https://evil.example/admin' })).location).toBe('/admin/dashboard')
    expect((await adminLogin(a.email, a.password, { redirectTo: '/profile' })).location).toBe('/admin/dashboard')
    expect((await adminLogin(a.email, a.password, { redirectTo: '//evil.example/admin/x' })).location).toBe('/admin/dashboard')
  })

  it('requires email and password (nothing written)', async () => {
    const before = (await getDb().select().from(auditLog)).length
    const out = await callRoute((await import('~/routes/admin/login')).action, '/admin/login', { body: form({ email: '', password: '' }) })
    expect(out.status).toBe(400)
    expect(fieldErrors(out)).toEqual({ email: 'admin:login.emailRequired', password: 'admin:login.passwordRequired' })
    const bad = await adminLogin('not-an-email', 'x')
    expect(fieldErrors(bad)).toEqual({ email: 'admin:login.emailInvalid' })
    expect((await getDb().select().from(auditLog)).length).toBe(before)
  })

  it("refuses a wrong password, an unknown email and a marketplace user's credentials with one message, auditing each attempt", async () => {
    const a = await createAdmin()
    const user = await createUser()
    for (const [email, password] of [
      [a.email, 'wrong-password-1'],
      ['nobody@example.com', 'whatever-pass-1'],
      [user.email, user.password],
    ]) {
      const out = await adminLogin(email, password)
      expect(out.status).toBe(401)
      expect(formError(out)).toBe('admin:login.invalidCredentials')
      expect(out.response?.headers.getSetCookie().join('') ?? '').not.toMatch(/session_token=[^;]/)
      const row = await latestAudit('login_failed')
      expect(row).toMatchObject({ adminId: null, adminEmail: email.toLowerCase(), ipAddress: '203.0.113.9', userAgent: 'AdminTest/1.0' })
    }
  })

  it('refuses a deactivated admin with the same message', async () => {
    const a = await createAdmin()
    await getDb().update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, a.id))
    const out = await adminLogin(a.email, a.password)
    expect(out.status).toBe(401)
    expect(formError(out)).toBe('admin:login.invalidCredentials')
    expect((await latestAudit('login_failed')).newValue).toMatchObject({ reason: 'inactive' })
  })

  it('sends a signed-in admin from the login page to the dashboard', async () => {
    const a = await createAdmin()
    const cookie = await adminCookie(a.email, a.password)
    expect((await callRoute(loginLoader, '/admin/login', { cookie })).location).toBe('/admin/dashboard')
    expect((await callRoute(loginLoader, '/admin/login')).status).toBe(200)
  })

  it('keeps the two identities apart: an admin session is no marketplace login, and the reverse', async () => {
    const a = await createAdmin()
    const cookie = await adminCookie(a.email, a.password)
    expect(await getCurrentUser(requestAs(cookie))).toBeNull()
    const user = await createUser()
    const userCookie = await signInCookie(user.email, user.password)
    expect(await getCurrentAdmin(requestAs(userCookie))).toBeNull()
    expect((await callRoute(dashboardLoader, '/admin/dashboard', { cookie: userCookie })).location).toBe('/admin/login')
  })
})

describe('admin sessions', () => {
  it('/admin goes to /admin/dashboard; visitors go to /admin/login and come back', async () => {
    expect((await callRoute(indexLoader, '/admin')).location).toBe('/admin/dashboard')
    expect((await callRoute(dashboardLoader, '/admin/dashboard')).location).toBe('/admin/login')
    expect((await callRoute(auditLoader, '/admin/audit?action=login')).location).toBe('/admin/login?redirectTo=%2Fadmin%2Faudit%3Faction%3Dlogin')
  })

  it('ends after 24 hours: an expired session is sent to /admin/login', async () => {
    const a = await createAdmin()
    const cookie = await adminCookie(a.email, a.password)
    expect((await callRoute(dashboardLoader, '/admin/dashboard', { cookie })).status).toBe(200)
    await getDb().update(adminSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(adminSessions.userId, a.id))
    expect((await callRoute(dashboardLoader, '/admin/dashboard', { cookie })).location).toBe('/admin/login')
  })

  it('ends 24 hours after sign-in even if the expiry was pushed later', async () => {
    const a = await createAdmin()
    const cookie = await adminCookie(a.email, a.password)
    const dayAgo = new Date(Date.now() - 86_400_000 - 1000)
    await getDb().update(adminSessions).set({ createdAt: dayAgo, expiresAt: new Date(Date.now() + 3_600_000) }).where(eq(adminSessions.userId, a.id))
    expect((await callRoute(dashboardLoader, '/admin/dashboard', { cookie })).location).toBe('/admin/login')
    expect(await getDb().select().from(adminSessions).where(eq(adminSessions.userId, a.id))).toEqual([])
  })

  it('signs a deactivated admin out on the next request', async () => {
    const a = await createAdmin()
    const cookie = await adminCookie(a.email, a.password)
    await getDb().update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, a.id))
    expect((await callRoute(dashboardLoader, '/admin/dashboard', { cookie })).location).toBe('/admin/login')
    expect(await getDb().select().from(adminSessions).where(eq(adminSessions.userId, a.id))).toEqual([])
  })

  it('logs out on POST only, audited, and the session stops working', async () => {
    const a = await createAdmin()
    const cookie = await adminCookie(a.email, a.password)
    expect((await callRoute(logoutLoader, '/admin/logout', { cookie })).location).toBe('/admin/dashboard')
    expect((await callRoute(dashboardLoader, '/admin/dashboard', { cookie })).status).toBe(200)
    const out = await callRoute(logoutAction, '/admin/logout', { cookie, method: 'POST', headers: ADMIN_CLIENT })
    expect(out.location).toBe('/admin/login')
    expect(await latestAudit('logout')).toMatchObject({ adminId: a.id, adminEmail: a.email, targetType: 'admin_session', ipAddress: '203.0.113.9' })
    expect((await callRoute(dashboardLoader, '/admin/dashboard', { cookie })).location).toBe('/admin/login')
    // Without a session, logging out writes nothing.
    const before = (await getDb().select().from(auditLog)).length
    expect((await callRoute(logoutAction, '/admin/logout', { method: 'POST' })).location).toBe('/admin/login')
    expect((await getDb().select().from(auditLog)).length).toBe(before)
  })
})

describe('admin route permissions (spec §6) × roles', () => {
  const ROUTES = [
    { name: '/admin/dashboard', loader: dashboardLoader, path: '/admin/dashboard', allowed: ['super_admin', 'admin', 'moderator'] },
    { name: '/admin/audit', loader: auditLoader, path: '/admin/audit', allowed: ['super_admin', 'admin'] },
    { name: '/admin/kyc', loader: kycLoader, path: '/admin/kyc', allowed: ['super_admin', 'admin'] },
    { name: '/admin/admins', loader: adminsLoader, path: '/admin/admins', allowed: ['super_admin'] },
    { name: '/admin/security', loader: securityLoader, path: '/admin/security', allowed: ['super_admin', 'admin', 'moderator'] },
  ] as const

  it.each(ROUTES)('$name', async (route) => {
    for (const role of ['super_admin', 'admin', 'moderator'] as const) {
      const a = await createAdmin({ role })
      const cookie = await adminCookie(a.email, a.password)
      const out = await callRoute(route.loader, route.path, { cookie })
      expect(out.status, `${role} at ${route.path}`).toBe((route.allowed as readonly string[]).includes(role) ? 200 : 403)
      if (out.status === 403) expect(out.data).toMatchObject({ adminAccessDenied: true, admin: { role } })
    }
    const user = await createUser()
    const userCookie = await signInCookie(user.email, user.password)
    expect((await callRoute(route.loader, route.path, { cookie: userCookie })).status).toBe(302)
    expect((await callRoute(route.loader, route.path)).status).toBe(302)
  })
})
