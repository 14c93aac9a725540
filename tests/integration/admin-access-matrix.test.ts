// Every admin route × every admin role, a marketplace user and nobody → the status that
// tests/access/admin-matrix.ts derives from the permission table, through the production build.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { disputeEvidence, profiles } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { can } from '~/modules/admin/permissions'
import { ADMIN_ROLES, type AdminRole } from '~/domain'
import { ADMIN_ACCESS, ADMIN_ACTORS, expectedFor, isExplicit, type AdminActor, type AdminFixtures } from '../access/admin-matrix'
import type { Expected } from '../access/matrix'
import { createAdmin } from '../factories/admins'
import { createDispute } from '../factories/disputes'
import { createOrder } from '../factories/orders'
import { makeFile, pdfBytes, useTempStorage } from '../factories/files'
import { issueDocument } from '~/modules/documents/commands.server'
import { createUser, signInCookie } from '../factories/users'
import { builtRouteIds, dispatch, isRouterRefusalLog, readBody } from '../support/app'

// The matrix and fuzz runs send hundreds of writes as each actor within minutes: the per-account limits
// (app/lib/action-limits.ts) stay on but 1000 times higher here, so each request reaches the route it
// tests; tests/integration/action-limits*.test.ts check the limits at their real numbers.
process.env.ACTION_RATE_LIMIT_SCALE ??= '1000'

const manifest = (await builtRouteIds()).filter((id) => id.startsWith('routes/admin/'))
const cookies = {} as Record<AdminActor, string | null>
const credentials = {} as Record<AdminRole, { email: string; password: string }>
let fixtures: AdminFixtures
let storage: ReturnType<typeof useTempStorage>

/** Signs in at /admin/login through the app and returns the admin session cookie. */
async function adminSession(email: string, password: string): Promise<string> {
  const response = await dispatch('/admin/login', { method: 'POST', body: new URLSearchParams({ email, password }) })
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => /session_token=./.test(c))
    .join('; ')
  if (!cookie) throw new Error(`admin sign-in answered ${response.status}`)
  return cookie
}

beforeAll(async () => {
  const log = console.error.bind(console)
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!isRouterRefusalLog(args)) log(...args)
  })
  storage = useTempStorage()
  for (const role of ADMIN_ROLES) {
    const a = await createAdmin({ role })
    credentials[role] = a
    cookies[role] = await adminSession(a.email, a.password)
  }
  const buyer = await createUser({ profile: { userType: 'Buyer' } })
  cookies.marketplaceUser = await signInCookie(buyer.email, buyer.password)
  cookies.nobody = null
  fixtures = await createAdminFixtures(buyer.id)
}, 60_000)
afterAll(() => {
  vi.restoreAllMocks()
  storage.cleanup()
})

async function createAdminFixtures(buyerUserId: string): Promise<AdminFixtures> {
  const seller = await createUser({ profile: { userType: 'Seller', kycStatus: 'Pending' } })
  const sellerCookie = await signInCookie(seller.email, seller.password)
  const body = new FormData()
  body.append('kycDocument', makeFile(pdfBytes(), 'registration.pdf'))
  const upload = await dispatch('/kyc-upload', { method: 'POST', cookie: sellerCookie, body })
  if (upload.status !== 302) throw new Error(`fixture: KYC upload answered ${upload.status}`)
  const [pending] = await getDb().select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, seller.id))
  const [buyer] = await getDb().select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, buyerUserId))
  const other = await createAdmin({ role: 'moderator' })
  const sellerProfile = await createUser({ profile: { userType: 'Seller', kycStatus: 'Approved' } })
  const order = await createOrder(buyer!.id, sellerProfile.profileId!, 'Delivered')
  const dispute = await createDispute(order.id, { openedById: buyer!.id })
  const [evidence] = await getDb()
    .insert(disputeEvidence)
    .values({ disputeId: dispute.id, uploadedById: buyer!.id, storageKey: `disputes/${dispute.id}/photo.png`, fileName: 'photo.png', contentType: 'image/png', sizeBytes: 10 })
    .returning({ id: disputeEvidence.id })
  const tradeDocument = await issueDocument(order.id, 'proforma')
  return { pendingSellerId: pending!.id, userId: buyer!.id, disputeId: dispute.id, evidenceId: evidence!.id, orderId: order.id, tradeDocumentId: tradeDocument!.id, otherAdminId: other.id }
}

describe('the admin permission matrix', () => {
  it('has a rule for every admin route and none for a route that is gone', () => {
    const missing = manifest.filter((id) => !(id in ADMIN_ACCESS))
    const stale = Object.keys(ADMIN_ACCESS).filter((id) => !manifest.includes(id))
    expect(missing, `admin route(s) ${missing.join(', ')} have no rule in tests/access/admin-matrix.ts`).toEqual([])
    expect(stale, `tests/access/admin-matrix.ts names route(s) that no longer exist: ${stale.join(', ')}`).toEqual([])
    for (const [id, rules] of Object.entries(ADMIN_ACCESS)) {
      expect(rules.GET.length, `${id}: add at least one GET case`).toBeGreaterThan(0)
      expect(rules.POST.length, `${id}: add at least one POST case`).toBeGreaterThan(0)
    }
  })
})

async function check(response: Response, expected: Expected) {
  const e = typeof expected === 'number' ? { status: expected } : expected
  const body = await readBody(response)
  expect({ status: response.status, location: response.headers.get('Location') }).toMatchObject({
    status: e.status,
    ...(e.location !== undefined ? { location: e.location } : {}),
  })
  if (e.contains) expect(body.includes(e.contains), `the page should contain "${e.contains}"`).toBe(true)
  if (e.lacks) expect(body.includes(e.lacks), `the page should not contain "${e.lacks}"`).toBe(false)
}

for (const [id, rules] of Object.entries(ADMIN_ACCESS)) {
  describe(id, () => {
    for (const method of ['GET', 'POST'] as const) {
      for (const c of rules[method]) {
        const name = c.label ?? (typeof c.path === 'string' ? c.path : id)
        it.each(ADMIN_ACTORS)(`${method} ${name} as %s`, async (actor) => {
          const path = typeof c.path === 'function' ? c.path(fixtures) : c.path
          let cookie = cookies[actor]
          if (isExplicit(c) && c.endsSession && cookie && actor !== 'marketplaceUser') {
            const role = actor as AdminRole
            cookie = await adminSession(credentials[role].email, credentials[role].password)
          }
          const response = await dispatch(path, {
            method,
            cookie,
            body: method === 'POST' ? (c.body?.(fixtures) ?? new URLSearchParams()) : undefined,
          })
          const expected = isExplicit(c) ? c.expect[actor] : expectedFor(c, actor, path, can)
          await check(response, expected)
        })
      }
    }
  })
}
