// Issue 10 item 3: the Overview's four counters counted in the database, Recent Activity from the
// audit log (everyone's for those with audit:read, a moderator's own otherwise), and the links.
import type { AdminRole } from '~/domain'
import { count, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, disputes, profiles } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { recordAudit } from '~/modules/admin/audit.server'
import { listRecentActivity, RECENT_ACTIVITY_LIMIT } from '~/modules/admin/queries.server'
import { getCatalogStats } from '~/modules/catalog/stats.server'
import { loader as dashboardLoader } from '~/routes/admin/dashboard'
import { createAdmin, signedInAdmin } from '../factories/admins'
import { createProduct, createSeller } from '../factories/catalog'
import { useTempStorage } from '../factories/files'
import { createOrder } from '../factories/orders'
import { createUser } from '../factories/users'
import { callRoute } from './account-support'

// The System Status probe writes to storage: a temporary one, not ./data.
let temp: ReturnType<typeof useTempStorage>
beforeEach(() => {
  temp = useTempStorage()
})
afterEach(() => temp.cleanup())

const request = new Request('http://localhost/', { headers: { 'x-setu-client-ip': '198.51.100.7', 'User-Agent': 'OverviewTest' } })

type Overview = {
  overview: { totalUsers: number; pendingKyc: number; openDisputes: number; activeProducts: number; activeProductsApprox: boolean }
  recentActivity: { id: string; createdAt: string; adminEmail: string | null; action: string; targetType: string | null; targetId: string | null }[]
  activityScope: 'all' | 'own'
  links: Record<string, string | null>
  systemStatus: { checks: { id: string; status: string }[] }
}

const signedIn = (role: AdminRole) => signedInAdmin(role)

const overviewOf = async (cookie: string) => {
  const out = await callRoute(dashboardLoader, '/admin/dashboard', { cookie })
  expect(out.status).toBe(200)
  return out.data as Overview
}

async function openDispute(status: 'open' | 'resolved' = 'open') {
  const buyer = await createUser()
  const seller = await createSeller()
  const order = await createOrder(buyer.profileId!, seller.id)
  const resolved = status === 'resolved'
  await getDb()
    .insert(disputes)
    .values({
      orderId: order.id,
      openedById: buyer.profileId!,
      openedByParty: 'buyer',
      reason: 'not_received',
      description: 'The goods never arrived.',
      status,
      ...(resolved ? { decision: 'reject' as const, resolution: 'Tracking shows delivery.', decidedAt: new Date() } : {}),
    })
}

describe('/admin/dashboard counters', () => {
  it('equal the database counts: profiles, pending KYC with a document, open disputes, public products', async () => {
    const a = await signedIn('admin')
    await createUser({ profile: { userType: 'Seller', kycStatus: 'Pending', kycDocumentUrl: 'kyc/a.pdf' } })
    await createUser({ profile: { userType: 'Seller', kycStatus: 'Pending' } })
    await createProduct()
    await createProduct({ sellerId: (await createSeller({ kycStatus: 'Pending' })).id })
    await openDispute('open')
    await openDispute('open')
    await openDispute('resolved')
    const { overview } = await overviewOf(a.cookie)
    const db = getDb()
    const [[users], [open]] = await Promise.all([db.select({ n: count() }).from(profiles), db.select({ n: count() }).from(disputes).where(eq(disputes.status, 'open'))])
    expect(overview).toEqual({ totalUsers: users!.n, pendingKyc: 1, openDisputes: open!.n, activeProducts: (await getCatalogStats()).activeProducts, activeProductsApprox: false })
    expect(overview.openDisputes).toBe(2)

    // A new dispute, a new user: the next load counts them.
    await openDispute('open')
    const after = (await overviewOf(a.cookie)).overview
    expect(after.openDisputes).toBe(3)
    expect(after.totalUsers).toBe(overview.totalUsers + 2)
  })

  it('link to the pages the admin may open', async () => {
    const admin = await signedIn('admin')
    expect((await overviewOf(admin.cookie)).links).toEqual({ totalUsers: '/admin/users', pendingKyc: '/admin/kyc', openDisputes: '/admin/disputes', activeProducts: null })
    const moderator = await signedIn('moderator')
    expect((await overviewOf(moderator.cookie)).links).toEqual({ totalUsers: null, pendingKyc: null, openDisputes: '/admin/disputes', activeProducts: null })
  })

  it('sends a visitor to the admin login', async () => {
    const out = await callRoute(dashboardLoader, '/admin/dashboard', { cookie: null })
    expect(out.status).toBe(302)
    expect(out.location).toBe('/admin/login')
  })
})

describe('/admin/dashboard Recent Activity', () => {
  it("shows the newest 10 audit entries, newest first, with the admin's email, action and target", async () => {
    const viewer = await signedIn('super_admin')
    const other = await createAdmin({ role: 'moderator' })
    for (let i = 0; i < 14; i += 1) {
      await recordAudit({ admin: { id: other.id, email: other.email }, action: 'report_review', targetType: 'conversation_report', targetId: `r${i}`, request })
    }
    const { recentActivity, activityScope } = await overviewOf(viewer.cookie)
    expect(activityScope).toBe('all')
    expect(recentActivity).toHaveLength(RECENT_ACTIVITY_LIMIT)
    expect(recentActivity.map((e) => e.targetId)).toEqual(['r13', 'r12', 'r11', 'r10', 'r9', 'r8', 'r7', 'r6', 'r5', 'r4'])
    expect(recentActivity[0]).toMatchObject({ adminEmail: other.email, action: 'report_review', targetType: 'conversation_report' })
    expect(Date.parse(recentActivity[0]!.createdAt)).not.toBeNaN()
    // What the database holds, newest first: the same ten ids.
    const newest = await getDb().select({ id: auditLog.id }).from(auditLog).orderBy(auditLog.id).then((rows) => rows.map((r) => String(r.id)).reverse().slice(0, 10))
    expect(recentActivity.map((e) => e.id)).toEqual(newest)
    // Only the fields the card shows (no IP, user agent or values).
    expect(Object.keys(recentActivity[0]!).sort()).toEqual(['action', 'adminEmail', 'createdAt', 'id', 'targetId', 'targetType'])
  })

  it("shows a moderator (no audit:read) only their own acts, and nothing when they have none", async () => {
    const someone = await createAdmin({ role: 'admin' })
    await recordAudit({ admin: { id: someone.id, email: someone.email }, action: 'user_status_change', targetType: 'profile', targetId: 'p1', request })
    const moderator = await signedIn('moderator')
    await recordAudit({ admin: { id: moderator.id, email: moderator.email }, action: 'report_review', targetType: 'conversation_report', targetId: 'mine', request })
    const { recentActivity, activityScope } = await overviewOf(moderator.cookie)
    expect(activityScope).toBe('own')
    expect(recentActivity.every((e) => e.adminEmail === moderator.email)).toBe(true)
    expect(recentActivity.map((e) => e.action)).toEqual(['report_review', 'login'])
    // An admin who never acted: the card says 'No recent activity'.
    expect(await listRecentActivity({ adminId: 'never-acted' })).toEqual([])
  })
})
