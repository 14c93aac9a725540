// Issue 10 item 5: KYC review in the admin panel: the queue, View KYC through a signed link bound to
// the document, Approve / Reject with the audit row and the seller's notice, and what the seller and
// the catalog see afterwards.
import type { AdminRole } from '~/domain'
import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, emailOutbox, notifications, profileIdentities, profiles } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { deliverPendingEmails } from '~/lib/outgoing-email.server'
import { signBoundLink } from '~/lib/storage.server'
import { KYC_QUEUE_PAGE_SIZE } from '~/modules/admin/schemas'
import { getProduct } from '~/modules/catalog/product.server'
import { listProducts } from '~/modules/catalog/listing.server'
import { parseMarketplaceQuery } from '~/modules/catalog/schemas'
import { storeKycDocument } from '~/modules/kyc/commands.server'
import { deliverNotificationEmail } from '~/modules/notifications/email-delivery.server'
import { loader as uploadLoader } from '~/routes/account/kyc-upload'
import { loader as documentLoader } from '~/routes/admin/kyc-document'
import { action as kycAction, loader as kycLoader } from '~/routes/admin/kyc'
import { ADMIN_CLIENT, auditRowsAbout, profileAudit, signedInAdmin } from '../factories/admins'
import { createProduct } from '../factories/catalog'
import { pdfBytes, pngBytes, SANDBOXED, servedFileHeaders, useTempStorage } from '../factories/files'
import { createUser, signInCookie } from '../factories/users'
import { giveIdentities } from '../factories/registry'
import { callRoute, form } from './account-support'

let temp: ReturnType<typeof useTempStorage>
beforeEach(() => {
  temp = useTempStorage()
})
afterEach(() => temp.cleanup())

type QueuePage = {
  queue: { items: { profileId: string; name: string; email: string; companyName: string | null; country: string; uploadedAt: string; viewUrl: string }[]; page: number; pageCount: number; total: number }
}

/** A seller with a login whose PDF (or PNG) is on file, KYC Pending, with their registry identities (unless `identities: false`). */
async function pendingSeller(opts: { lng?: 'en' | 'ru' | 'hi'; bytes?: Uint8Array; identities?: false } = {}) {
  const u = await createUser({ profile: { userType: 'Seller', country: 'Russia', companyName: 'Volga Timber LLC' } })
  const png = opts.bytes === undefined ? false : opts.bytes[0] === 0x89
  await storeKycDocument(u.id, { ext: png ? 'png' : 'pdf', bytes: opts.bytes ?? pdfBytes(), mime: png ? 'image/png' : 'application/pdf' })
  if (opts.lng) await getDb().update(profiles).set({ preferredLanguage: opts.lng }).where(eq(profiles.id, u.profileId!))
  const identities = opts.identities === false ? {} : await giveIdentities(u.profileId!, 'Russia')
  return { ...u, profileId: u.profileId!, identities }
}

const reviewer = (role: AdminRole = 'admin') => signedInAdmin(role)

const decide = (cookie: string | null, fields: Record<string, string>) =>
  callRoute(kycAction, '/admin/kyc', { cookie, body: form(fields), headers: ADMIN_CLIENT })

const noticesOf = (profileId: string) => getDb().select().from(notifications).where(eq(notifications.recipientId, profileId))
const statusOf = async (profileId: string) =>
  (await getDb().select({ s: profiles.kycStatus, r: profiles.kycRejectionReason }).from(profiles).where(eq(profiles.id, profileId)))[0]!

const documentPath = (url: string) => ({ path: url, profileId: url.split('/')[3]! })
const openLink = (cookie: string | null, url: string) => {
  const { path, profileId } = documentPath(url)
  return callRoute(documentLoader, path, { cookie, params: { profileId }, headers: ADMIN_CLIENT })
}

describe('/admin/kyc queue', () => {
  it('lists Pending sellers with a document, oldest upload first, 20 a page, with name, company, country, email and date', async () => {
    const a = await reviewer()
    // Not in the queue: no document, approved, rejected, a buyer.
    await createUser({ profile: { userType: 'Seller', kycStatus: 'Pending' } })
    await createUser({ profile: { userType: 'Seller', kycStatus: 'Approved', kycDocumentUrl: 'x/kyc_document.pdf' } })
    await createUser({ profile: { userType: 'Seller', kycStatus: 'Rejected', kycDocumentUrl: 'y/kyc_document.pdf' } })
    const sellers = []
    for (let i = 0; i < KYC_QUEUE_PAGE_SIZE + 2; i += 1) {
      const s = await pendingSeller()
      // Uploaded i minutes after a fixed moment: i = 0 is the oldest.
      await getDb().update(profiles).set({ updatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)) }).where(eq(profiles.id, s.profileId))
      sellers.push(s)
    }
    const first = (await callRoute(kycLoader, '/admin/kyc', { cookie: a.cookie })).data as QueuePage
    expect(first.queue.total).toBe(KYC_QUEUE_PAGE_SIZE + 2)
    expect(first.queue.pageCount).toBe(2)
    expect(first.queue.items.map((i) => i.profileId)).toEqual(sellers.slice(0, KYC_QUEUE_PAGE_SIZE).map((s) => s.profileId))
    expect(first.queue.items[0]).toMatchObject({ name: sellers[0]!.name, email: sellers[0]!.email, companyName: 'Volga Timber LLC', country: 'Russia', uploadedAt: '2026-01-01T00:00:00.000Z' })
    // The DTO carries a link, never the storage key.
    expect(JSON.stringify(first)).not.toContain('kyc_document.pdf')
    const second = (await callRoute(kycLoader, '/admin/kyc?page=2', { cookie: a.cookie })).data as QueuePage
    expect(second.queue.items.map((i) => i.profileId)).toEqual(sellers.slice(KYC_QUEUE_PAGE_SIZE).map((s) => s.profileId))
    expect(((await callRoute(kycLoader, '/admin/kyc?page=99', { cookie: a.cookie })).data as QueuePage).queue.page).toBe(2)
    expect((await callRoute(kycLoader, '/admin/kyc?page=%00-1', { cookie: a.cookie })).status).toBe(200)
    // Clear the queue for the tests below.
    for (const s of sellers) await getDb().update(profiles).set({ kycStatus: 'Approved' }).where(eq(profiles.id, s.profileId))
  })

  it("refuses a moderator (403 'Access Denied') and sends a marketplace user or nobody to /admin/login, writing nothing", async () => {
    const s = await pendingSeller()
    const m = await reviewer('moderator')
    const page = await callRoute(kycLoader, '/admin/kyc', { cookie: m.cookie })
    expect(page.status).toBe(403)
    expect(page.data).toMatchObject({ adminAccessDenied: true, admin: { role: 'moderator' } })
    const act = await decide(m.cookie, { intent: 'approve', profileId: s.profileId })
    expect(act.status).toBe(403)
    const a = await reviewer()
    const { viewUrl } = ((await callRoute(kycLoader, '/admin/kyc', { cookie: a.cookie })).data as QueuePage).queue.items.find((i) => i.profileId === s.profileId)!
    expect((await openLink(m.cookie, viewUrl)).status).toBe(403)

    const user = await createUser()
    const userCookie = await signInCookie(user.email, user.password)
    for (const cookie of [userCookie, null]) {
      expect((await callRoute(kycLoader, '/admin/kyc', { cookie })).location).toBe('/admin/login?redirectTo=%2Fadmin%2Fkyc')
      expect((await decide(cookie, { intent: 'approve', profileId: s.profileId })).status).toBe(302)
      expect((await openLink(cookie, viewUrl)).status).toBe(302)
    }
    expect(await statusOf(s.profileId)).toEqual({ s: 'Pending', r: null })
    expect(await auditRowsAbout(s.profileId)).toEqual([])
    expect(await noticesOf(s.profileId)).toEqual([])
  })
})

describe('View KYC: a signed link bound to the document', () => {
  it('opens the document for an admin with kyc:review, with safe headers, and audits the open', async () => {
    const s = await pendingSeller()
    const a = await reviewer()
    const { viewUrl } = ((await callRoute(kycLoader, '/admin/kyc', { cookie: a.cookie })).data as QueuePage).queue.items.find((i) => i.profileId === s.profileId)!
    expect(viewUrl).toMatch(new RegExp(`^/admin/kyc/${s.profileId}/document\\?expires=\\d+&sig=`))
    const expires = Number(new URL(viewUrl, 'http://x').searchParams.get('expires'))
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(300)
    const out = await openLink(a.cookie, viewUrl)
    expect(out.status).toBe(200)
    const res = out.response!
    // Shown inline, so a sandboxed document: a hostile PDF cannot act with the admin's session (issue 26).
    expect(servedFileHeaders(res)).toEqual({ ...SANDBOXED, type: 'application/pdf', disposition: 'inline; filename="kyc_document.pdf"', cache: 'private, no-store' })
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdfBytes())
    const [row] = await auditRowsAbout(s.profileId)
    expect(row).toMatchObject({ adminId: a.id, action: 'kyc_document_view', targetType: 'profile', targetId: s.profileId, ipAddress: '203.0.113.9', userAgent: 'AdminTest/1.0' })
  })

  it('refuses a tampered, expired, moved or outdated link with a translated page, and audits nothing', async () => {
    const s = await pendingSeller()
    const other = await pendingSeller()
    const a = await reviewer()
    const items = ((await callRoute(kycLoader, '/admin/kyc', { cookie: a.cookie })).data as QueuePage).queue.items
    const viewUrl = items.find((i) => i.profileId === s.profileId)!.viewUrl
    const url = new URL(viewUrl, 'http://x')
    const sig = url.searchParams.get('sig')!
    const expires = url.searchParams.get('expires')!
    const tampered = [
      `/admin/kyc/${s.profileId}/document?expires=${expires}&sig=${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`,
      `/admin/kyc/${s.profileId}/document?expires=${Number(expires) + 600}&sig=${sig}`,
      `/admin/kyc/${s.profileId}/document?expires=${expires}`,
      `/admin/kyc/${s.profileId}/document`,
      `/admin/kyc/${s.profileId}/document?expires=-1&sig=${sig}`,
      // The same signature on another seller's document.
      `/admin/kyc/${other.profileId}/document?expires=${expires}&sig=${sig}`,
      // Not a profile id at all.
      `/admin/kyc/not-a-uuid/document?expires=${expires}&sig=${sig}`,
    ]
    for (const path of tampered) {
      const out = await openLink(a.cookie, path)
      expect(out.status, path).toBe(403)
      expect(out.response!.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
      expect(await out.response!.text()).toContain('Failed to open KYC document: this link is not valid')
    }
    // A genuine link past its time: 410, in the admin's language.
    const key = `${s.id}/kyc_document.pdf`
    const old = signBoundLink(s.profileId, key, 300, { now: Date.now() - 301_000 })
    const expired = await callRoute(documentLoader, `/admin/kyc/${s.profileId}/document?expires=${old.expires}&sig=${old.sig}`, {
      cookie: a.cookie,
      params: { profileId: s.profileId },
      headers: { 'Accept-Language': 'ru' },
    })
    expect(expired.status).toBe(410)
    expect(await expired.response!.text()).toContain('Не удалось открыть документ KYC: срок действия ссылки истёк.')
    // The seller replaces the PDF with a PNG: the old link no longer opens anything.
    await storeKycDocument(s.id, { ext: 'png', bytes: pngBytes(), mime: 'image/png' })
    expect((await openLink(a.cookie, viewUrl)).status).toBe(403)
    expect(await auditRowsAbout(s.profileId)).toEqual([])
  })
})

describe('Approve / Reject', () => {
  it('approves in one step: Approved, audited with admin, IP and user agent, the seller notified in their language, listings public', async () => {
    const s = await pendingSeller({ lng: 'ru' })
    const product = await createProduct({ sellerId: s.profileId, translations: { en: { name: 'Siberian larch boards', description: 'Kiln-dried larch.' } } })
    // Hidden from the public; only its seller sees it, marked as held back by KYC.
    expect(await getProduct(product.id, 'en')).toBeNull()
    expect((await getProduct(product.id, 'en', s.profileId))?.visibility).toBe('hiddenKyc')
    const publicQuery = parseMarketplaceQuery(new URLSearchParams()).query
    expect((await listProducts(publicQuery, 'en', { sellerId: s.profileId })).total).toBe(0)

    const a = await reviewer()
    const out = await decide(a.cookie, { intent: 'approve', profileId: s.profileId })
    expect(out.location).toBe('/admin/kyc')
    expect(await statusOf(s.profileId)).toEqual({ s: 'Approved', r: null })
    expect(await auditRowsAbout(s.profileId)).toMatchObject([profileAudit(a, s.profileId, { action: 'kyc_status_change', oldValue: { kyc_status: 'Pending' }, newValue: { kyc_status: 'Approved', reason: 'Admin KYC review' } })])
    // No extra step: the catalog's own rule now shows the listing.
    expect((await getProduct(product.id, 'en'))?.visibility).toBe('public')
    const listed = await listProducts(publicQuery, 'en', { sellerId: s.profileId })
    expect(listed.items.map((p) => p.id)).toEqual([product.id])
    // The durable notice, then its email in Russian.
    const [notice] = await noticesOf(s.profileId)
    expect(notice).toMatchObject({ kind: 'kyc_approved', link: '/kyc-upload', emailStatus: 'pending' })
    expect(await deliverNotificationEmail(notice!.id)).toBe('sent')
    await deliverPendingEmails()
    const [mail] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, s.email))
    expect(mail!.subject).toBe('Ваш KYC одобрен')
  })

  it('rejects only with a reason (1–1000 characters) that the seller then reads on /kyc-upload; a new upload clears it', async () => {
    const s = await pendingSeller({ lng: 'hi' })
    const a = await reviewer('super_admin')
    for (const [reason, key] of [
      ['', 'admin:kyc.errors.reasonRequired'],
      ['   \u0000 ', 'admin:kyc.errors.reasonRequired'],
      ['x'.repeat(1001), 'admin:kyc.errors.reasonMax'],
    ] as const) {
      const out = await decide(a.cookie, { intent: 'reject', profileId: s.profileId, reason })
      expect(out.status).toBe(400)
      expect(out.data).toEqual({ fieldErrors: { reason: key } })
    }
    expect((await decide(a.cookie, { intent: 'reject', profileId: s.profileId })).status).toBe(400)
    expect((await decide(a.cookie, { intent: 'suspend', profileId: s.profileId, reason: 'x' })).status).toBe(400)
    expect(await statusOf(s.profileId)).toEqual({ s: 'Pending', r: null })
    expect(await auditRowsAbout(s.profileId)).toEqual([])

    const reason = 'The company name on the certificate does not match your profile.'
    expect((await decide(a.cookie, { intent: 'reject', profileId: s.profileId, reason: ` ${reason} ` })).location).toBe('/admin/kyc')
    expect(await statusOf(s.profileId)).toEqual({ s: 'Rejected', r: reason })
    const [row] = await auditRowsAbout(s.profileId)
    expect(row).toMatchObject({ action: 'kyc_status_change', oldValue: { kyc_status: 'Pending' }, newValue: { kyc_status: 'Rejected', rejection_reason: reason } })
    const [notice] = await noticesOf(s.profileId)
    expect(notice).toMatchObject({ kind: 'kyc_rejected', params: { reason } })
    expect(await deliverNotificationEmail(notice!.id)).toBe('sent')
    await deliverPendingEmails()
    const [mail] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, s.email))
    expect(mail!.subject).toBe('आपका KYC दस्तावेज़ अस्वीकार कर दिया गया')
    expect(mail!.text).toContain(reason)

    const sellerCookie = await signInCookie(s.email, s.password)
    const page = (await callRoute(uploadLoader, '/kyc-upload', { cookie: sellerCookie })).data as { kyc: { kycStatus: string; rejectionReason: string | null; uploadDecision: string } }
    expect(page.kyc).toMatchObject({ kycStatus: 'Rejected', rejectionReason: reason, uploadDecision: 'allowed' })
    // Re-upload: back to Pending, the reason gone, and back in the queue.
    await storeKycDocument(s.id, { ext: 'pdf', bytes: pdfBytes(), mime: 'application/pdf' })
    expect(await statusOf(s.profileId)).toEqual({ s: 'Pending', r: null })
    const again = (await callRoute(uploadLoader, '/kyc-upload', { cookie: sellerCookie })).data as { kyc: { rejectionReason: string | null } }
    expect(again.kyc.rejectionReason).toBeNull()
    const queue = ((await callRoute(kycLoader, '/admin/kyc', { cookie: a.cookie })).data as QueuePage).queue
    expect(queue.items.some((i) => i.profileId === s.profileId)).toBe(true)
  })

  it('goes back to the User Management page it was decided from, never outside the panel', async () => {
    const a = await reviewer()
    const s1 = await pendingSeller()
    const back = `/admin/users?q=${encodeURIComponent('x y')}&user=${s1.profileId}`
    expect((await decide(a.cookie, { intent: 'approve', profileId: s1.profileId, returnTo: back })).location).toBe(back)
    const s2 = await pendingSeller()
    expect((await decide(a.cookie, { intent: 'reject', profileId: s2.profileId, reason: 'Blurred scan', returnTo: 'https://evil.example/admin' })).location).toBe('/admin/dashboard')
  })

  it("answers a second decision with 409 'already decided' and writes nothing; an unknown seller is 404", async () => {
    const s = await pendingSeller()
    const first = await reviewer()
    const second = await reviewer()
    expect((await decide(first.cookie, { intent: 'approve', profileId: s.profileId })).status).toBe(302)
    const audits = (await auditRowsAbout(s.profileId)).length
    const notices = (await noticesOf(s.profileId)).length
    for (const fields of [
      { intent: 'reject', profileId: s.profileId, reason: 'Too late' } as Record<string, string>,
      { intent: 'approve', profileId: s.profileId },
    ]) {
      const out = await decide(second.cookie, fields)
      expect(out.status).toBe(409)
      expect(out.data).toEqual({ formError: 'admin:kyc.errors.alreadyDecided' })
    }
    expect(await statusOf(s.profileId)).toEqual({ s: 'Approved', r: null })
    expect((await auditRowsAbout(s.profileId)).length).toBe(audits)
    expect((await noticesOf(s.profileId)).length).toBe(notices)
    // Two decisions at once: exactly one wins.
    const race = await pendingSeller()
    const outs = await Promise.all([
      decide(first.cookie, { intent: 'approve', profileId: race.profileId }),
      decide(second.cookie, { intent: 'reject', profileId: race.profileId, reason: 'Blurred' }),
    ])
    expect(outs.map((o) => o.status).sort()).toEqual([302, 409])
    expect(await getDb().select().from(auditLog).where(and(eq(auditLog.targetId, race.profileId), eq(auditLog.action, 'kyc_status_change')))).toHaveLength(1)
    const unknown = await decide(first.cookie, { intent: 'approve', profileId: '00000000-0000-4000-8000-000000000000' })
    expect(unknown.status).toBe(404)
  })
})

describe('registry identities at KYC review (issue 30 item 1)', () => {
  const identitiesOf = (profileId: string) =>
    getDb().select({ kind: profileIdentities.kind, value: profileIdentities.value, verifiedAt: profileIdentities.verifiedAt, verifiedBy: profileIdentities.verifiedBy }).from(profileIdentities).where(eq(profileIdentities.profileId, profileId))

  it('shows each seller\'s numbers beside the document, and names the ones missing', async () => {
    const a = await reviewer()
    const given = await pendingSeller()
    const missing = await pendingSeller({ identities: false })
    const page = (await callRoute(kycLoader, '/admin/kyc', { cookie: a.cookie })).data as { queue: { items: { profileId: string; identities: { kind: string; value: string }[]; missing: string[] }[] } }
    const row = (id: string) => page.queue.items.find((i) => i.profileId === id)!
    expect(row(given.profileId).identities).toEqual(
      expect.arrayContaining([
        { kind: 'inn', value: given.identities.inn },
        { kind: 'ogrn', value: given.identities.ogrn },
        { kind: 'kpp', value: given.identities.kpp },
      ]),
    )
    expect(row(given.profileId).missing).toEqual([])
    expect(row(missing.profileId)).toMatchObject({ identities: [], missing: ['inn', 'ogrn', 'kpp'] })
  })

  it('refuses approval until the seller has given them (409, naming them, nothing written), then approves and marks each verified, audited', async () => {
    const a = await reviewer()
    const s = await pendingSeller({ identities: false })
    const refused = await decide(a.cookie, { intent: 'approve', profileId: s.profileId })
    expect(refused.status).toBe(409)
    expect(refused.data).toEqual({ formError: 'admin:kyc.errors.identitiesMissing', missing: ['inn', 'ogrn', 'kpp'] })
    expect(await statusOf(s.profileId)).toEqual({ s: 'Pending', r: null })
    expect(await auditRowsAbout(s.profileId)).toEqual([])
    expect(await noticesOf(s.profileId)).toEqual([])

    // Part of them is not enough: a company's INN needs its KPP too.
    await getDb().insert(profileIdentities).values([
      { profileId: s.profileId, kind: 'inn', value: '7707083893' },
      { profileId: s.profileId, kind: 'ogrn', value: '1027700132195' },
    ])
    expect((await decide(a.cookie, { intent: 'approve', profileId: s.profileId })).data).toEqual({ formError: 'admin:kyc.errors.identitiesMissing', missing: ['kpp'] })
    await getDb().insert(profileIdentities).values({ profileId: s.profileId, kind: 'kpp', value: '773601001' })

    const out = await decide(a.cookie, { intent: 'approve', profileId: s.profileId })
    expect(out.location).toBe('/admin/kyc')
    expect(await statusOf(s.profileId)).toEqual({ s: 'Approved', r: null })
    const marked = await identitiesOf(s.profileId)
    expect(marked).toHaveLength(3)
    for (const i of marked) expect(i).toMatchObject({ verifiedAt: expect.any(Date), verifiedBy: a.id })
    const [audit] = await auditRowsAbout(s.profileId)
    expect(audit!.newValue).toMatchObject({ kyc_status: 'Approved', verified_identities: expect.arrayContaining([{ kind: 'inn', value: '7707083893' }, { kind: 'ogrn', value: '1027700132195' }, { kind: 'kpp', value: '773601001' }]) })
  })

  it('a rejection needs no identities and verifies nothing', async () => {
    const a = await reviewer()
    const s = await pendingSeller()
    expect((await decide(a.cookie, { intent: 'reject', profileId: s.profileId, reason: 'Blurred' })).status).toBe(302)
    for (const i of await identitiesOf(s.profileId)) expect(i.verifiedAt).toBeNull()
    const bare = await pendingSeller({ identities: false })
    expect((await decide(a.cookie, { intent: 'reject', profileId: bare.profileId, reason: 'Blurred' })).status).toBe(302)
  })
})
