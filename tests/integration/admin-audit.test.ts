import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { adminUsers, auditLog } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { recordAudit } from '~/modules/admin/audit.server'
import { AUDIT_PAGE_SIZE } from '~/modules/admin/schemas'
import { loader as auditLoader } from '~/routes/admin/audit'
import { loader as dashboardLoader } from '~/routes/admin/dashboard'
import { callRoute } from './account-support'
import { adminCookie, createAdmin } from '../factories/admins'
import { createProduct, createSeller } from '../factories/catalog'
import { createUser } from '../factories/users'

const request = new Request('http://localhost/', { headers: { 'x-setu-client-ip': '198.51.100.4', 'User-Agent': 'AuditTest' } })

/** The database's error for a statement, or null when it succeeded. */
async function refusal(statement: ReturnType<typeof sql>): Promise<string | null> {
  try {
    await getDb().execute(statement)
    return null
  } catch (err) {
    const e = err as { message?: string; cause?: { message?: string } }
    return `${e.message ?? ''} ${e.cause?.message ?? ''}`
  }
}

describe('audit_log is append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks', async () => {
    const a = await createAdmin()
    await recordAudit({ admin: { id: a.id, email: a.email }, action: 'login', targetType: 'admin_session', newValue: { success: true }, request })
    const [row] = await getDb().select().from(auditLog).where(eq(auditLog.adminId, a.id))
    expect(await refusal(sql`update audit_log set action = 'logout' where id = ${row.id}`)).toMatch(/append-only/)
    expect(await refusal(sql`update audit_log set admin_email = 'someone@else.example'`)).toMatch(/append-only/)
    expect(await refusal(sql`delete from audit_log where id = ${row.id}`)).toMatch(/append-only/)
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only/)
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only/)
    const [after] = await getDb().select().from(auditLog).where(eq(auditLog.id, row.id))
    expect(after).toEqual(row)
  })

  it("keeps the admin's email when the admin account is deleted (only admin_id is cleared)", async () => {
    const a = await createAdmin()
    await recordAudit({ admin: { id: a.id, email: a.email }, action: 'login', request })
    await getDb().delete(adminUsers).where(eq(adminUsers.id, a.id))
    const rows = await getDb().select().from(auditLog).where(eq(auditLog.adminEmail, a.email))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ adminId: null, adminEmail: a.email, action: 'login', ipAddress: '198.51.100.4', userAgent: 'AuditTest' })
  })
})

describe('/admin/audit viewer', () => {
  it('lists entries newest first, 50 a page, filtered by action and admin on the server', async () => {
    const viewer = await createAdmin({ role: 'admin' })
    const other = await createAdmin({ role: 'moderator' })
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i += 1) {
      await recordAudit({ admin: { id: other.id, email: other.email }, action: 'admin_notes_update', targetType: 'profile', targetId: `p${i}`, newValue: { i }, request })
    }
    const cookie = await adminCookie(viewer.email, viewer.password)
    type Page = { page: { entries: { action: string; targetId: string | null; adminEmail: string | null }[]; page: number; pageCount: number; total: number } }
    const first = (await callRoute(auditLoader, `/admin/audit?admin=${other.id}`, { cookie })).data as Page
    expect(first.page.total).toBe(AUDIT_PAGE_SIZE + 5)
    expect(first.page.entries).toHaveLength(AUDIT_PAGE_SIZE)
    expect(first.page.entries[0]).toMatchObject({ targetId: `p${AUDIT_PAGE_SIZE + 4}`, adminEmail: other.email })
    const second = (await callRoute(auditLoader, `/admin/audit?admin=${other.id}&page=2`, { cookie })).data as Page
    expect(second.page.entries.map((e) => e.targetId)).toEqual(['p4', 'p3', 'p2', 'p1', 'p0'])
    // A page past the end shows the last one; junk filters are ignored rather than failing.
    expect(((await callRoute(auditLoader, `/admin/audit?admin=${other.id}&page=999`, { cookie })).data as Page).page.page).toBe(2)
    const logins = (await callRoute(auditLoader, '/admin/audit?action=login', { cookie })).data as Page
    expect(logins.page.entries.every((e) => e.action === 'login')).toBe(true)
    expect(logins.page.entries.some((e) => e.adminEmail === viewer.email)).toBe(true)
    const junk = await callRoute(auditLoader, '/admin/audit?action=%00drop&admin=%27%3B--&page=-4', { cookie })
    expect(junk.status).toBe(200)
  })
})

describe('/admin/dashboard overview', () => {
  it('counts users, pending KYC (with a document) and public products from the database', async () => {
    const a = await createAdmin({ role: 'moderator' })
    const cookie = await adminCookie(a.email, a.password)
    type Overview = { overview: { totalUsers: number; pendingKyc: number; activeProducts: number }; admin: { role: string; fullName: string } }
    const before = ((await callRoute(dashboardLoader, '/admin/dashboard', { cookie })).data as Overview).overview
    await createUser({ profile: { userType: 'Seller', kycStatus: 'Pending', kycDocumentUrl: 'kyc/test.pdf' } })
    await createUser({ profile: { userType: 'Seller', kycStatus: 'Pending' } })
    await createUser({ profile: {} })
    // Two products, one public (approved seller) and one waiting for its seller's KYC review.
    await createProduct()
    await createProduct({ sellerId: (await createSeller({ kycStatus: 'Pending' })).id })
    const after = (await callRoute(dashboardLoader, '/admin/dashboard', { cookie })).data as Overview
    expect(after.overview.totalUsers).toBe(before.totalUsers + 5)
    expect(after.overview.pendingKyc).toBe(before.pendingKyc + 1)
    expect(after.overview.activeProducts).toBe(before.activeProducts + 1)
    expect(after.admin).toMatchObject({ role: 'moderator', fullName: a.fullName })
  })
})
