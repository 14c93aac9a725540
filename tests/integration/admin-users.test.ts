// Issue 10 item 4: admin User Management. The list filtered, searched and paginated in the database,
// the KYC card, one user's detail, Activate / Suspend / Ban (signed out everywhere, listings hidden and
// restored) and the admin notes, each with its §7 audit row; who may do what; bad input refused with
// nothing written; concurrent status changes leave a consistent audit trail.
import type { AdminRole } from '~/domain'
import { randomUUID } from 'node:crypto'
import { and, eq, like, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, profiles, sessions } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { can } from '~/modules/admin/permissions'
import { ADMIN_ROLES } from '~/domain'
import { ADMIN_NOTES_MAX, USERS_COUNT_CAP, USERS_MAX_PAGE, USERS_PAGE_SIZE } from '~/modules/admin/user-schemas'
import { notesVersion, type KycCardDto, type UserDetailDto, type UserPageDto } from '~/modules/admin/users.server'
import { getCurrentUser } from '~/modules/accounts/session.server'
import { storeKycDocument } from '~/modules/kyc/commands.server'
import { loader as profileLoader } from '~/routes/account/profile'
import { action as usersAction, loader as usersLoader } from '~/routes/admin/users'
import { loader as marketplaceLoader } from '~/routes/public/marketplace'
import { loader as productLoader } from '~/routes/public/product'
import { ADMIN_CLIENT, auditRowsAbout, profileAudit, signedInAdmin } from '../factories/admins'
import { createProduct } from '../factories/catalog'
import { pdfBytes, useTempStorage } from '../factories/files'
import { createUser, requestAs, signInCookie } from '../factories/users'
import { callRoute, form, toastOf } from './account-support'

let temp: ReturnType<typeof useTempStorage>
beforeEach(() => {
  temp = useTempStorage()
})
afterEach(() => temp.cleanup())

type UsersPage = {
  filter: { q: string; status: string; kyc: string; page: number }
  page: UserPageDto
  kycCard: KycCardDto
  detail: UserDetailDto | null
  detailMissing: boolean
  canManage: boolean
  canReviewKyc: boolean
}

const manager = (role: AdminRole = 'admin') => signedInAdmin(role)

const list = async (cookie: string | null, qs = '') => {
  const out = await callRoute(usersLoader, `/admin/users${qs}`, { cookie })
  return { ...out, view: out.data as UsersPage }
}
const post = (cookie: string | null, fields: Record<string, string>, qs = '') =>
  callRoute(usersAction, `/admin/users${qs}`, { cookie, body: form(fields), headers: ADMIN_CLIENT })

const profileOf = async (profileId: string) =>
  (await getDb().select({ status: profiles.accountStatus, notes: profiles.adminNotes }).from(profiles).where(eq(profiles.id, profileId)))[0]!
const sessionCount = async (userId: string) => (await getDb().select().from(sessions).where(eq(sessions.userId, userId))).length

/** A unique word for this test's users, so searches see only them. */
const stamp = () => `zx${randomUUID().slice(0, 8)}`
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute))
async function setCreated(profileId: string, when: Date) {
  await getDb().update(profiles).set({ createdAt: when }).where(eq(profiles.id, profileId))
}

describe('/admin/users list', () => {
  it('searches name, email and company case-insensitively, filters by account and KYC status, newest first, with counts', async () => {
    const a = await manager()
    // A fresh database: no KYC awaiting review, so no card.
    expect((await list(a.cookie)).view.kycCard).toEqual({ total: 0, totalCapped: false, items: [] })

    const s = stamp()
    const byName = await createUser({ name: `Asha ${s} Rao`, profile: { companyName: null } })
    const byEmail = await createUser({ email: `${s}.trader@test.example`, name: 'Boris Volkov', profile: { userType: 'Seller', country: 'Russia', kycStatus: 'Approved', accountStatus: 'suspended' } })
    const byCompany = await createUser({ name: 'Chitra Iyer', profile: { userType: 'Seller', companyName: `${s.toUpperCase()} Exports Pvt Ltd`, kycStatus: 'Pending', accountStatus: 'banned' } })
    const other = await createUser({ name: 'Dmitri Orlov' })
    for (const [i, u] of [byName, byEmail, byCompany, other].entries()) await setCreated(u.profileId!, at(i))

    const all = await list(a.cookie, `?q=${s.toUpperCase()}`)
    expect(all.status).toBe(200)
    expect(all.view.page.users.map((u) => u.profileId)).toEqual([byCompany.profileId, byEmail.profileId, byName.profileId])
    expect(all.view.page).toMatchObject({ total: 3, totalCapped: false, page: 1, pageCount: 1 })
    expect(all.view.page.users[1]).toEqual({
      profileId: byEmail.profileId,
      name: 'Boris Volkov',
      email: byEmail.email,
      companyName: null,
      userType: 'Seller',
      country: 'Russia',
      accountStatus: 'suspended',
      kycStatus: 'Approved',
      createdAt: at(1).toISOString(),
    })
    expect(all.view.page.users[0]).toMatchObject({ companyName: `${s.toUpperCase()} Exports Pvt Ltd`, kycStatus: 'Pending', accountStatus: 'banned' })
    expect(all.view.page.users[2]).toMatchObject({ kycStatus: null, accountStatus: 'active' })
    expect(all.view.filter).toEqual({ q: s.toUpperCase(), status: '', kyc: '', page: 1 })

    const ids = async (qs: string) => (await list(a.cookie, qs)).view.page.users.map((u) => u.profileId)
    expect(await ids(`?q=${s}&status=suspended`)).toEqual([byEmail.profileId])
    expect(await ids(`?q=${s}&status=active`)).toEqual([byName.profileId])
    expect(await ids(`?q=${s}&kyc=Pending`)).toEqual([byCompany.profileId])
    expect(await ids(`?q=${s}&kyc=approved`)).toEqual([byEmail.profileId])
    expect(await ids(`?q=${s}&kyc=Rejected`)).toEqual([])
    expect(await ids(`?q=${s}&status=banned&kyc=Pending`)).toEqual([byCompany.profileId])
    expect(await ids(`?q=${encodeURIComponent(`  ${s}\u0000  `)}&status=active`)).toEqual([byName.profileId])
    // Unreadable filters are dropped, never an error.
    const junk = await list(a.cookie, `?q=${s}&status=deleted&kyc=%00&page=-3&user=`)
    expect(junk.status).toBe(200)
    expect(junk.view.page.total).toBe(3)
    expect(junk.view.filter).toEqual({ q: s, status: '', kyc: '', page: 1 })
    // The search text is cut to 100 characters.
    const long = await list(a.cookie, `?q=${s}${'x'.repeat(5000)}`)
    expect(long.status).toBe(200)
    expect(long.view.filter.q).toHaveLength(100)
    // Nothing matches: the empty list.
    expect((await list(a.cookie, `?q=${s}-nobody`)).view.page).toMatchObject({ users: [], total: 0, pageCount: 1 })
  })

  it('takes % and _ in the search literally', async () => {
    const a = await manager()
    const s = stamp()
    const literal = await createUser({ name: `50%_off ${s}` })
    // Would match '%50%_off%' if % and _ were wildcards.
    await createUser({ name: `50 and then some off ${s}` })
    await createUser({ name: `50x_off ${s}` })
    const found = (await list(a.cookie, `?q=${encodeURIComponent('50%_off')}`)).view.page
    expect(found.users.map((u) => u.profileId)).toEqual([literal.profileId])
    const underscore = (await list(a.cookie, `?q=${encodeURIComponent(`_off ${s}`)}`)).view.page
    expect(underscore.total).toBe(2)
    const backslash = (await list(a.cookie, `?q=${encodeURIComponent('\\')}`)).view.page
    expect(backslash.total).toBe(0)
  })

  it('pages 25 at a time on the server (created_at, then id), and clamps a page past the end', async () => {
    const a = await manager()
    const s = stamp()
    const made: { profileId: string; createdAt: Date }[] = []
    for (let i = 0; i < USERS_PAGE_SIZE + 5; i += 1) {
      const u = await createUser({ name: `Pager ${s} ${i}` })
      // Pairs share a timestamp: the id breaks the tie.
      const when = at(Math.floor(i / 2))
      await setCreated(u.profileId!, when)
      made.push({ profileId: u.profileId!, createdAt: when })
    }
    const expected = [...made].sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (y.profileId < x.profileId ? -1 : 1)).map((u) => u.profileId)
    const first = (await list(a.cookie, `?q=${s}`)).view.page
    expect(first).toMatchObject({ total: USERS_PAGE_SIZE + 5, page: 1, pageCount: 2 })
    const second = (await list(a.cookie, `?q=${s}&page=2`)).view.page
    expect([...first.users, ...second.users].map((u) => u.profileId)).toEqual(expected)
    expect((await list(a.cookie, `?q=${s}&page=99`)).view.page.page).toBe(2)
    expect((await list(a.cookie, `?q=${s}&page=1e9`)).view.page.page).toBe(2)
  })

  it(`counts up to ${USERS_COUNT_CAP} and then says "more", with pages bounded`, async () => {
    const a = await manager()
    const domain = `${stamp()}.example`
    await getDb().execute(
      sql`insert into profiles (name, email, country, user_type) select 'Bulk ' || g, 'bulk' || g || ${`@${domain}`}, 'India', 'Buyer' from generate_series(1, ${USERS_COUNT_CAP + 50}) g`,
    )
    try {
      const page = (await list(a.cookie, `?q=${domain}`)).view.page
      expect(page).toMatchObject({ total: USERS_COUNT_CAP, totalCapped: true, pageCount: USERS_MAX_PAGE, page: 1 })
      const last = (await list(a.cookie, `?q=${domain}&page=${USERS_MAX_PAGE + 10}`)).view.page
      expect(last.page).toBe(USERS_MAX_PAGE)
      expect(last.users).toHaveLength(USERS_PAGE_SIZE)
    } finally {
      await getDb().delete(profiles).where(like(profiles.email, `%@${domain}`))
    }
  })

  it("shows the 'KYC Pending Review' card only for KYC Pending with a document, with View KYC links for a reviewer", async () => {
    const a = await manager()
    // Pending without a document, and a buyer: not in the card.
    await createUser({ profile: { userType: 'Seller', kycStatus: 'Pending' } })
    await createUser()
    expect((await list(a.cookie)).view.kycCard.total).toBe(0)
    const seller = await createUser({ profile: { userType: 'Seller', country: 'Russia', companyName: 'Volga Timber LLC' } })
    await storeKycDocument(seller.id, { ext: 'pdf', bytes: pdfBytes(), mime: 'application/pdf' })
    const { view } = await list(a.cookie)
    expect(view.canReviewKyc).toBe(true)
    expect(view.kycCard.total).toBe(1)
    expect(view.kycCard.items[0]).toMatchObject({ profileId: seller.profileId, name: seller.name, email: seller.email, userType: 'Seller', country: 'Russia', documentType: 'pdf' })
    expect(view.kycCard.items[0]!.viewUrl).toMatch(new RegExp(`^/admin/kyc/${seller.profileId}/document\\?expires=\\d+&sig=`))
    // Never the storage key.
    expect(JSON.stringify(view)).not.toContain('kyc_document')
    // The detail offers the same review.
    const detail = (await list(a.cookie, `?user=${seller.profileId}`)).view.detail!
    expect(detail).toMatchObject({ hasKycDocument: true, kycReviewable: true, kycDocumentType: 'pdf', kycStatus: 'Pending' })
    expect(detail.kycViewUrl).toMatch(/^\/admin\/kyc\/.+\/document\?expires=/)
    await getDb().update(profiles).set({ kycStatus: 'Approved' }).where(eq(profiles.id, seller.profileId!))
    expect((await list(a.cookie, `?user=${seller.profileId}`)).view.detail).toMatchObject({ hasKycDocument: true, kycReviewable: false })
  })
})

describe('the user detail (?user=)', () => {
  it("is a DTO of the profile: contact details, statuses and notes, but no auth ids or storage keys; an unknown id is a 404 with a message", async () => {
    const a = await manager()
    const u = await createUser({ name: 'Irina Sokolova', profile: { userType: 'Seller', country: 'Russia', companyName: 'Ural Metals', phoneNumber: '+7 495 123-45-67', kycStatus: 'Rejected', kycDocumentUrl: null } })
    await getDb().update(profiles).set({ adminNotes: 'Called on 3 March.' }).where(eq(profiles.id, u.profileId!))
    const out = await list(a.cookie, `?q=Irina&user=${u.profileId!.toUpperCase()}`)
    expect(out.status).toBe(200)
    expect(out.response).toBeNull()
    const detail = out.view.detail!
    expect(detail).toEqual({
      profileId: u.profileId,
      name: 'Irina Sokolova',
      email: u.email,
      companyName: 'Ural Metals',
      userType: 'Seller',
      country: 'Russia',
      phoneNumber: '+7 495 123-45-67',
      accountStatus: 'active',
      kycStatus: 'Rejected',
      createdAt: expect.any(String),
      hasKycDocument: false,
      kycReviewable: false,
      kycViewUrl: null,
      kycDocumentType: null,
      adminNotes: 'Called on 3 March.',
      notesVersion: notesVersion('Called on 3 March.'),
    })
    expect(JSON.stringify(out.view)).not.toContain(u.id)
    for (const bogus of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const missing = await list(a.cookie, `?user=${encodeURIComponent(bogus)}`)
      expect(missing.status).toBe(404)
      expect(missing.view).toMatchObject({ detail: null, detailMissing: true })
    }
  })
})

describe('Activate / Suspend / Ban', () => {
  it("suspends in one step: signed out everywhere, listings hidden, audited; activate brings the listings back but not the old sessions", async () => {
    const a = await manager()
    const word = stamp()
    const u = await createUser({ profile: { userType: 'Seller', kycStatus: 'Approved', companyName: 'Kaveri Spices' } })
    const product = await createProduct({ sellerId: u.profileId!, translations: { en: { name: `Cardamom ${word}`, description: 'Green cardamom, 8 mm bold.' } } })
    const laptop = await signInCookie(u.email, u.password)
    const phone = await signInCookie(u.email, u.password)
    expect(await sessionCount(u.id)).toBe(2)
    expect(await getCurrentUser(requestAs(laptop))).not.toBeNull()
    const listed = async () =>
      ((await callRoute(marketplaceLoader, `/marketplace?q=${word}`)).data as { result: { items: { id: string }[] } }).result.items.map((p) => p.id)
    const productStatus = async () => (await callRoute(productLoader, `/products/${product.id}`, { params: { id: product.id } })).status
    expect(await listed()).toEqual([product.id])
    expect(await productStatus()).toBe(200)

    const out = await post(a.cookie, { intent: 'status', profileId: u.profileId!, status: 'suspended' }, `?q=Kaveri&status=active&page=1&user=${u.profileId}`)
    expect(out.status).toBe(302)
    expect(out.location).toBe(`/admin/users?q=Kaveri&status=active&user=${u.profileId}`)
    expect(await toastOf(out.response)).toMatchObject({ type: 'success', key: 'adminUsers:toast.suspended' })
    expect((await profileOf(u.profileId!)).status).toBe('suspended')
    // Signed out on every device at once: the sessions are gone, not just refused.
    expect(await sessionCount(u.id)).toBe(0)
    for (const cookie of [laptop, phone]) {
      expect(await getCurrentUser(requestAs(cookie))).toBeNull()
      const page = await callRoute(profileLoader, '/profile', { cookie })
      expect(page.status).toBe(302)
      expect(page.location).toBe('/login?redirectTo=%2Fprofile')
    }
    await expect(signInCookie(u.email, u.password)).rejects.toThrow()
    expect(await listed()).toEqual([])
    expect(await productStatus()).toBe(404)
    expect(await auditRowsAbout(u.profileId!)).toMatchObject([profileAudit(a, u.profileId!, { action: 'user_status_change', oldValue: { status: 'active' }, newValue: { status: 'suspended', reason: 'Admin action', sessions_ended: 2 } })])
    // The list shows the new status.
    expect((await list(a.cookie, `?user=${u.profileId}`)).view.detail!.accountStatus).toBe('suspended')

    const back = await post(a.cookie, { intent: 'status', profileId: u.profileId!, status: 'active' })
    expect(back.location).toBe(`/admin/users?user=${u.profileId}`)
    expect(await toastOf(back.response)).toMatchObject({ key: 'adminUsers:toast.active' })
    expect(await listed()).toEqual([product.id])
    expect(await productStatus()).toBe(200)
    // The old cookies stay dead; signing in again works.
    expect(await getCurrentUser(requestAs(laptop))).toBeNull()
    const fresh = await signInCookie(u.email, u.password)
    expect((await getCurrentUser(requestAs(fresh)))?.email).toBe(u.email)
    expect((await auditRowsAbout(u.profileId!)).map((r) => [r.oldValue, r.newValue])).toEqual([
      [{ status: 'active' }, { status: 'suspended', reason: 'Admin action', sessions_ended: 2 }],
      [{ status: 'suspended' }, { status: 'active', reason: 'Admin action', sessions_ended: 0 }],
    ])

    // Ban: the same, from active.
    const ban = await post(a.cookie, { intent: 'status', profileId: u.profileId!, status: 'banned' })
    expect(await toastOf(ban.response)).toMatchObject({ key: 'adminUsers:toast.banned' })
    expect(await getCurrentUser(requestAs(fresh))).toBeNull()
    expect(await sessionCount(u.id)).toBe(0)
    expect(await productStatus()).toBe(404)
  })

  it('answers the same status with 409, an unknown user with 404 and bad input with 400, writing nothing', async () => {
    const a = await manager('super_admin')
    const u = await createUser()
    const cookie = await signInCookie(u.email, u.password)
    const same = await post(a.cookie, { intent: 'status', profileId: u.profileId!, status: 'active' })
    expect(same.status).toBe(409)
    expect(same.data).toEqual({ formError: 'adminUsers:errors.statusUnchanged' })
    const unknown = await post(a.cookie, { intent: 'status', profileId: '00000000-0000-4000-8000-000000000000', status: 'banned' })
    expect(unknown.status).toBe(404)
    expect(unknown.data).toEqual({ formError: 'adminUsers:errors.notFound' })
    const bad: [Record<string, string>, Record<string, string>][] = [
      [{ intent: 'status', profileId: u.profileId!, status: 'deleted' }, { status: 'adminUsers:errors.statusInvalid' }],
      [{ intent: 'status', profileId: u.profileId! }, { status: 'adminUsers:errors.statusInvalid' }],
      [{ intent: 'status', profileId: 'not-a-uuid', status: 'banned' }, { form: 'adminUsers:errors.notFound' }],
      [{ intent: 'status', status: 'banned' }, { form: 'adminUsers:errors.notFound' }],
      [{ intent: 'delete', profileId: u.profileId!, status: 'banned' }, { form: 'adminUsers:errors.invalid' }],
      [{ profileId: u.profileId!, status: 'banned' }, { form: 'adminUsers:errors.invalid' }],
    ]
    for (const [fields, fieldErrors] of bad) {
      const out = await post(a.cookie, fields)
      expect(out.status, JSON.stringify(fields)).toBe(400)
      expect(out.data).toEqual({ fieldErrors })
    }
    // Not a form at all.
    const raw = await callRoute(usersAction, '/admin/users', { cookie: a.cookie, body: '{"intent":"status"}', headers: { ...ADMIN_CLIENT, 'Content-Type': 'application/json' }, method: 'POST' })
    expect(raw.status).toBe(400)
    expect((await profileOf(u.profileId!)).status).toBe('active')
    expect(await auditRowsAbout(u.profileId!)).toEqual([])
    expect(await sessionCount(u.id)).toBe(1)
    expect(await getCurrentUser(requestAs(cookie))).not.toBeNull()
  })

  it('keeps a consistent audit trail under simultaneous changes: each row starts from the status the previous one left', async () => {
    const admins = await Promise.all([manager(), manager(), manager('super_admin')])
    const u = await createUser()
    const wanted = ['suspended', 'banned', 'active', 'banned', 'suspended', 'active', 'banned', 'banned'] as const
    const outs = await Promise.all(wanted.map((status, i) => post(admins[i % admins.length]!.cookie, { intent: 'status', profileId: u.profileId!, status })))
    for (const o of outs) expect([302, 409]).toContain(o.status)
    const rows = await auditRowsAbout(u.profileId!)
    expect(rows).toHaveLength(outs.filter((o) => o.status === 302).length)
    expect(rows.length).toBeGreaterThan(0)
    let status = 'active'
    for (const r of rows) {
      const from = (r.oldValue as { status: string }).status
      const to = (r.newValue as { status: string }).status
      expect(from).toBe(status)
      expect(to).not.toBe(from)
      status = to
    }
    expect((await profileOf(u.profileId!)).status).toBe(status)
  })
})

describe('Admin notes', () => {
  it('saves notes up to 5,000 characters with an audit row that records lengths, not the text', async () => {
    const a = await manager()
    const u = await createUser()
    const note = 'Asked for GST certificate.\r\nFollow up on Monday.\u0007'
    const out = await post(a.cookie, { intent: 'notes', profileId: u.profileId!, notes: `  ${note}  `, notesVersion: notesVersion(null) }, `?kyc=Pending&user=${u.profileId}`)
    expect(out.status).toBe(302)
    expect(out.location).toBe(`/admin/users?kyc=Pending&user=${u.profileId}`)
    expect(await toastOf(out.response)).toMatchObject({ key: 'adminUsers:toast.notesSaved' })
    const saved = 'Asked for GST certificate.\nFollow up on Monday.'
    expect((await profileOf(u.profileId!)).notes).toBe(saved)
    const [row] = await auditRowsAbout(u.profileId!)
    expect(row).toMatchObject({
      adminId: a.id,
      action: 'admin_notes_update',
      targetType: 'profile',
      targetId: u.profileId,
      oldValue: { notes_length: 0 },
      newValue: { notes_added: true, notes_length: saved.length, timestamp: expect.any(String) },
      ipAddress: '203.0.113.9',
    })
    expect(JSON.stringify(row)).not.toContain('GST')
    expect((await list(a.cookie, `?user=${u.profileId}`)).view.detail).toMatchObject({ adminNotes: saved, notesVersion: notesVersion(saved) })

    // Exactly the maximum is fine; clearing the notes too.
    const max = 'n'.repeat(ADMIN_NOTES_MAX)
    expect((await post(a.cookie, { intent: 'notes', profileId: u.profileId!, notes: max, notesVersion: notesVersion(saved) })).status).toBe(302)
    expect((await post(a.cookie, { intent: 'notes', profileId: u.profileId!, notes: '   ', notesVersion: notesVersion(max) })).status).toBe(302)
    expect((await profileOf(u.profileId!)).notes).toBeNull()
    expect((await auditRowsAbout(u.profileId!)).map((r) => [r.oldValue, (r.newValue as { notes_added: boolean; notes_length: number }).notes_length])).toEqual([
      [{ notes_length: 0 }, saved.length],
      [{ notes_length: saved.length }, ADMIN_NOTES_MAX],
      [{ notes_length: ADMIN_NOTES_MAX }, 0],
    ])
  })

  it('refuses 100,000 characters, unchanged notes, a stale version and an unknown user, writing nothing', async () => {
    const a = await manager()
    const u = await createUser()
    await getDb().update(profiles).set({ adminNotes: 'Original note' }).where(eq(profiles.id, u.profileId!))
    const version = notesVersion('Original note')
    for (const notes of ['x'.repeat(100_000), 'y'.repeat(ADMIN_NOTES_MAX + 1)]) {
      const out = await post(a.cookie, { intent: 'notes', profileId: u.profileId!, notes, notesVersion: version })
      expect(out.status).toBe(400)
      expect(out.data).toEqual({ fieldErrors: { notes: 'adminUsers:errors.notesTooLong' } })
    }
    const unchanged = await post(a.cookie, { intent: 'notes', profileId: u.profileId!, notes: ' Original note ', notesVersion: version })
    expect(unchanged.status).toBe(409)
    expect(unchanged.data).toEqual({ formError: 'adminUsers:errors.notesUnchanged' })
    // Another admin saved in between: this save would overwrite their note, so it is refused.
    const stale = await post(a.cookie, { intent: 'notes', profileId: u.profileId!, notes: 'Mine', notesVersion: notesVersion(null) })
    expect(stale.status).toBe(409)
    expect(stale.data).toEqual({ formError: 'adminUsers:errors.notesStale' })
    const noVersion = await post(a.cookie, { intent: 'notes', profileId: u.profileId!, notes: 'Mine' })
    expect(noVersion.status).toBe(400)
    const unknown = await post(a.cookie, { intent: 'notes', profileId: '00000000-0000-4000-8000-000000000000', notes: 'x', notesVersion: version })
    expect(unknown.status).toBe(404)
    expect((await profileOf(u.profileId!)).notes).toBe('Original note')
    expect(await auditRowsAbout(u.profileId!)).toEqual([])
  })
})

describe('who may manage users', () => {
  it("per role: the page needs user:read and every change user:manage; a moderator gets 'Access Denied' and 403, writing nothing", async () => {
    const u = await createUser()
    for (const role of ADMIN_ROLES) {
      const m = await manager(role)
      const page = await list(m.cookie)
      if (can(role, 'user:read')) {
        expect(page.status, role).toBe(200)
        expect(page.view.canManage).toBe(can(role, 'user:manage'))
      } else {
        expect(page.status, role).toBe(403)
        expect(page.data).toMatchObject({ adminAccessDenied: true, admin: { role } })
      }
      const before = (await profileOf(u.profileId!)).status
      const target = before === 'active' ? 'suspended' : 'active'
      const status = await post(m.cookie, { intent: 'status', profileId: u.profileId!, status: target })
      const notes = await post(m.cookie, { intent: 'notes', profileId: u.profileId!, notes: `By ${role}`, notesVersion: notesVersion((await profileOf(u.profileId!)).notes) })
      if (can(role, 'user:manage')) {
        expect([status.status, notes.status], role).toEqual([302, 302])
      } else {
        expect([status.status, notes.status], role).toEqual([403, 403])
        expect(status.data).toMatchObject({ adminAccessDenied: true })
      }
    }
    // The moderator's attempts left no trace.
    const rows = await auditRowsAbout(u.profileId!)
    const managers = ADMIN_ROLES.filter((r) => can(r, 'user:manage')).length
    expect(rows).toHaveLength(managers * 2)
    expect(rows.every((r) => r.action === 'user_status_change' || r.action === 'admin_notes_update')).toBe(true)
  })

  it('sends a marketplace user or nobody to /admin/login, for the page and the action alike', async () => {
    const u = await createUser()
    const userCookie = await signInCookie(u.email, u.password)
    for (const cookie of [userCookie, null]) {
      expect((await list(cookie, '?q=a')).location).toBe('/admin/login?redirectTo=%2Fadmin%2Fusers%3Fq%3Da')
      const out = await post(cookie, { intent: 'status', profileId: u.profileId!, status: 'banned' })
      expect(out.status).toBe(302)
      expect(out.location).toBe('/admin/login?redirectTo=%2Fadmin%2Fusers')
    }
    expect((await profileOf(u.profileId!)).status).toBe('active')
    expect(await getDb().select().from(auditLog).where(and(eq(auditLog.targetId, u.profileId!)))).toEqual([])
  })
})
