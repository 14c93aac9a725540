import { and, desc, eq, ne } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { adminSessions, adminUsers, auditLog } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { action as adminsAction, loader as adminsLoader } from '~/routes/admin/admins'
import { loader as dashboardLoader } from '~/routes/admin/dashboard'
import { loader as kycLoader } from '~/routes/admin/kyc'
import { callRoute, form, toastOf } from './account-support'
import { ADMIN_CLIENT, adminCookie, adminLogin, createAdmin, signedInAdmin } from '../factories/admins'
import { createUser, signInCookie } from '../factories/users'

const NEW_PASSWORD = 'Harbour-Lantern-2026'

async function latestAudit(action: string) {
  const [row] = await getDb().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1)
  return row
}
const auditCount = async () => (await getDb().select({ id: auditLog.id }).from(auditLog)).length
const adminRow = async (id: string) => (await getDb().select().from(adminUsers).where(eq(adminUsers.id, id)))[0]
const post = (cookie: string | null, fields: Record<string, string>) => callRoute(adminsAction, '/admin/admins', { cookie, body: form(fields), headers: ADMIN_CLIENT })

const superAdmin = () => signedInAdmin('super_admin')

type Page = { accounts: { items: Array<Record<string, unknown>>; total: number; page: number; pageCount: number } }

describe('/admin/admins: the list (super_admin only)', () => {
  it('lists accounts with name, email, role, active, two-factor and last login (no auth internals), paginated on the server', async () => {
    const s = await superAdmin()
    for (let i = 0; i < 26; i++) await createAdmin({ role: 'moderator' })
    const out = await callRoute(adminsLoader, '/admin/admins', { cookie: s.cookie })
    expect(out.status).toBe(200)
    const { accounts } = out.data as Page
    expect(accounts.items).toHaveLength(25)
    expect(accounts.total).toBeGreaterThanOrEqual(27)
    expect(accounts.pageCount).toBe(Math.ceil(accounts.total / 25))
    expect(Object.keys(accounts.items[0]).sort()).toEqual(['createdAt', 'email', 'fullName', 'id', 'isActive', 'isSelf', 'lastLogin', 'role', 'twoFactorEnabled'])
    // Oldest first: this file's first admin is on page one.
    expect(accounts.items.find((i) => i.email === s.email)).toMatchObject({ isSelf: true, role: 'super_admin', isActive: true, twoFactorEnabled: false, lastLogin: expect.any(String) })
    const last = (await callRoute(adminsLoader, `/admin/admins?page=${accounts.pageCount}`, { cookie: s.cookie })).data as Page
    expect(last.accounts.page).toBe(accounts.pageCount)
    expect(last.accounts.items.length).toBe(accounts.total - 25 * (accounts.pageCount - 1))
    expect(last.accounts.items.find((i) => i.email === s.email)).toBeUndefined()
    // A page past the end, or nonsense: the last page, the first page.
    expect(((await callRoute(adminsLoader, '/admin/admins?page=99999', { cookie: s.cookie })).data as Page).accounts.page).toBe(accounts.pageCount)
    expect(((await callRoute(adminsLoader, '/admin/admins?page=-1', { cookie: s.cookie })).data as Page).accounts.page).toBe(1)
  })

  it('refuses admins and moderators (403), sends visitors and marketplace users to /admin/login', async () => {
    for (const role of ['admin', 'moderator'] as const) {
      const a = await createAdmin({ role })
      const out = await callRoute(adminsLoader, '/admin/admins', { cookie: await adminCookie(a.email, a.password) })
      expect(out.status).toBe(403)
      expect(out.data).toMatchObject({ adminAccessDenied: true })
    }
    expect((await callRoute(adminsLoader, '/admin/admins')).location).toBe('/admin/login?redirectTo=%2Fadmin%2Fadmins')
    const user = await createUser()
    expect((await callRoute(adminsLoader, '/admin/admins', { cookie: await signInCookie(user.email, user.password) })).status).toBe(302)
  })
})

describe('/admin/admins: creating an account', () => {
  it('creates an admin who can sign in at once, audited admin_create', async () => {
    const s = await superAdmin()
    const out = await post(s.cookie, { intent: 'create', fullName: '  Meera   Iyer ', email: 'Meera.Iyer@Example.com', role: 'moderator', password: NEW_PASSWORD })
    expect(out.status).toBe(302)
    expect(out.location).toBe('/admin/admins')
    expect(await toastOf(out.response)).toMatchObject({ type: 'success', key: 'adminAccounts:create.created' })
    const [row] = await getDb().select().from(adminUsers).where(eq(adminUsers.email, 'meera.iyer@example.com'))
    expect(row).toMatchObject({ name: 'Meera Iyer', role: 'moderator', isActive: true, twoFactorEnabled: false })
    expect(await latestAudit('admin_create')).toMatchObject({
      adminId: s.id,
      targetType: 'admin_user',
      targetId: row.id,
      newValue: { email: 'meera.iyer@example.com', role: 'moderator', is_active: true },
      ipAddress: '203.0.113.9',
    })
    const cookie = await adminCookie('meera.iyer@example.com', NEW_PASSWORD)
    expect((await callRoute(dashboardLoader, '/admin/dashboard', { cookie })).status).toBe(200)
  })

  it('refuses a duplicate email (any case) with 409 and a clear message, writing nothing', async () => {
    const s = await superAdmin()
    const existing = await createAdmin()
    const before = await auditCount()
    const out = await post(s.cookie, { intent: 'create', fullName: 'Someone Else', email: existing.email.toUpperCase(), role: 'admin', password: NEW_PASSWORD })
    expect(out.status).toBe(409)
    expect(out.data).toMatchObject({ fieldErrors: { email: 'adminAccounts:errors.emailTaken' } })
    expect(await auditCount()).toBe(before)
  })

  it('of two creations racing for one email, one wins and the other gets the same 409', async () => {
    const s = await superAdmin()
    const fields = { intent: 'create', fullName: 'Race Twin', email: 'race.twin@example.com', role: 'admin', password: NEW_PASSWORD }
    const outs = await Promise.all([post(s.cookie, fields), post(s.cookie, fields)])
    expect(outs.map((o) => o.status).sort()).toEqual([302, 409])
    expect(await getDb().select().from(adminUsers).where(eq(adminUsers.email, 'race.twin@example.com'))).toHaveLength(1)
  })

  it('checks every field with its own message (400), and the password policy, writing nothing', async () => {
    const s = await superAdmin()
    const before = await auditCount()
    const empty = await post(s.cookie, { intent: 'create' })
    expect(empty.status).toBe(400)
    expect(empty.data).toMatchObject({
      fieldErrors: { fullName: 'adminAccounts:errors.nameLength', email: 'adminAccounts:errors.emailRequired', role: 'adminAccounts:errors.roleInvalid', password: 'auth:validation.passwordMin' },
    })
    const bad = await post(s.cookie, { intent: 'create', fullName: 'X'.repeat(101), email: 'not-an-email', role: 'owner', password: 'short' })
    expect(bad.data).toMatchObject({ fieldErrors: { fullName: 'adminAccounts:errors.nameLength', email: 'adminAccounts:errors.emailInvalid', role: 'adminAccounts:errors.roleInvalid', password: 'auth:validation.passwordMin' } })
    const common = await post(s.cookie, { intent: 'create', fullName: 'Weak Password', email: 'weak@example.com', role: 'admin', password: 'password123' })
    expect(common.status).toBe(400)
    expect(common.data).toMatchObject({ fieldErrors: { password: 'auth:validation.passwordCommon' } })
    const likeEmail = await post(s.cookie, { intent: 'create', fullName: 'Like Email', email: 'harbourlantern@example.com', role: 'admin', password: 'harbourlantern' })
    expect(likeEmail.data).toMatchObject({ fieldErrors: { password: 'auth:validation.passwordLikeIdentity' } })
    const unknownIntent = await post(s.cookie, { intent: 'drop' })
    expect(unknownIntent.status).toBe(400)
    expect(unknownIntent.data).toMatchObject({ fieldErrors: { form: 'adminAccounts:errors.invalid' } })
    const huge = await post(s.cookie, { intent: 'create', fullName: 'x'.repeat(20_000) })
    expect(huge.status).toBe(413)
    expect(await getDb().select().from(adminUsers).where(eq(adminUsers.email, 'weak@example.com'))).toEqual([])
    expect(await auditCount()).toBe(before)
  })
})

describe('/admin/admins: role and status changes', () => {
  it('changes another admin’s role (audited old and new), effective on their next request', async () => {
    const s = await superAdmin()
    const target = await createAdmin({ role: 'admin' })
    const targetCookie = await adminCookie(target.email, target.password)
    expect((await callRoute(kycLoader, '/admin/kyc', { cookie: targetCookie })).status).toBe(200)
    const out = await post(s.cookie, { intent: 'role', adminId: target.id, role: 'moderator' })
    expect(out.status).toBe(302)
    expect(await toastOf(out.response)).toMatchObject({ key: 'adminAccounts:role.changed' })
    expect((await adminRow(target.id)).role).toBe('moderator')
    expect(await latestAudit('admin_role_change')).toMatchObject({ adminId: s.id, targetId: target.id, oldValue: { role: 'admin' }, newValue: { role: 'moderator' } })
    expect((await callRoute(kycLoader, '/admin/kyc', { cookie: targetCookie })).status).toBe(403)

    const same = await post(s.cookie, { intent: 'role', adminId: target.id, role: 'moderator' })
    expect(same.status).toBe(409)
    expect(same.data).toMatchObject({ formError: 'adminAccounts:errors.unchanged' })
  })

  it('deactivates another admin, ending their sessions at once (audited), and reactivates them', async () => {
    const s = await superAdmin()
    const target = await createAdmin({ role: 'moderator' })
    const targetCookie = await adminCookie(target.email, target.password)
    const out = await post(s.cookie, { intent: 'deactivate', adminId: target.id })
    expect(out.status).toBe(302)
    expect(await toastOf(out.response)).toMatchObject({ key: 'adminAccounts:status.deactivated' })
    expect((await adminRow(target.id)).isActive).toBe(false)
    expect(await getDb().select().from(adminSessions).where(eq(adminSessions.userId, target.id))).toEqual([])
    expect((await callRoute(dashboardLoader, '/admin/dashboard', { cookie: targetCookie })).location).toBe('/admin/login')
    expect(await latestAudit('admin_status_change')).toMatchObject({ adminId: s.id, targetId: target.id, oldValue: { is_active: true }, newValue: { is_active: false, sessions_ended: 1 } })
    expect((await adminLogin(target.email, target.password)).status).toBe(401)

    const back = await post(s.cookie, { intent: 'activate', adminId: target.id })
    expect(back.status).toBe(302)
    expect(await latestAudit('admin_status_change')).toMatchObject({ oldValue: { is_active: false }, newValue: { is_active: true } })
    expect((await adminLogin(target.email, target.password)).status).toBe(302)
  })

  it('never lets a super_admin demote or deactivate themself; unknown ids are 404; nothing written', async () => {
    const s = await superAdmin()
    const before = await auditCount()
    const attempts: Record<string, string>[] = [
      { intent: 'role', adminId: s.id, role: 'admin' },
      { intent: 'deactivate', adminId: s.id },
    ]
    for (const fields of attempts) {
      const out = await post(s.cookie, fields)
      expect(out.status).toBe(409)
      expect(out.data).toMatchObject({ formError: 'adminAccounts:errors.self' })
    }
    const unknown = await post(s.cookie, { intent: 'deactivate', adminId: '00000000-0000-4000-8000-000000000000' })
    expect(unknown.status).toBe(404)
    expect(unknown.data).toMatchObject({ formError: 'adminAccounts:errors.notFound' })
    const junk = await post(s.cookie, { intent: 'role', adminId: "x' or 1=1 --", role: 'admin' })
    expect(junk.status).toBe(400)
    expect(await auditCount()).toBe(before)
    expect(await adminRow(s.id)).toMatchObject({ role: 'super_admin', isActive: true })
  })

  it('refuses admins and moderators posting directly (403) and visitors (to /admin/login), writing nothing', async () => {
    const target = await createAdmin({ role: 'moderator' })
    const before = await auditCount()
    for (const role of ['admin', 'moderator'] as const) {
      const a = await createAdmin({ role })
      const cookie = await adminCookie(a.email, a.password)
      const attempts: Record<string, string>[] = [
        { intent: 'create', fullName: 'Sneaky Admin', email: `sneaky-${role}@example.com`, role: 'super_admin', password: NEW_PASSWORD },
        { intent: 'role', adminId: a.id, role: 'super_admin' },
        { intent: 'deactivate', adminId: target.id },
      ]
      for (const fields of attempts) {
        expect((await post(cookie, fields)).status).toBe(403)
      }
    }
    expect((await post(null, { intent: 'deactivate', adminId: target.id })).location).toBe('/admin/login?redirectTo=%2Fadmin%2Fadmins')
    expect(await auditCount()).toBe(before + 2) // the two sign-ins above
    expect(await adminRow(target.id)).toMatchObject({ isActive: true, role: 'moderator' })
    expect(await getDb().select().from(adminUsers).where(eq(adminUsers.email, 'sneaky-admin@example.com'))).toEqual([])
  })

  it('keeps an active super_admin when two super_admins demote or deactivate each other at the same moment', async () => {
    for (const intent of ['role', 'deactivate'] as const) {
      const a = await superAdmin()
      const b = await superAdmin()
      // Only these two are active super_admins now.
      await getDb()
        .update(adminUsers)
        .set({ isActive: false })
        .where(and(eq(adminUsers.role, 'super_admin'), ne(adminUsers.id, a.id), ne(adminUsers.id, b.id)))
      const fields = (id: string): Record<string, string> => (intent === 'role' ? { intent, adminId: id, role: 'admin' } : { intent, adminId: id })
      const outs = await Promise.all([post(a.cookie, fields(b.id)), post(b.cookie, fields(a.id))])
      // One wins; the other is refused, or (when the winner deactivated them first) already signed out.
      const won = outs.filter((o) => o.location === '/admin/admins')
      expect(won).toHaveLength(1)
      const lost = outs.find((o) => o !== won[0])!
      expect(lost.status === 403 || lost.status === 409 || lost.location === '/admin/login?redirectTo=%2Fadmin%2Fadmins').toBe(true)
      const active = await getDb().select().from(adminUsers).where(and(eq(adminUsers.role, 'super_admin'), eq(adminUsers.isActive, true)))
      expect(active).toHaveLength(1)
    }
  })
})
