// Issue 29 item 6, the admin side of payments: a disputed order's page shows its milestones (share, exact
// amount, event, due date, status, bank reference, seller's note, who confirmed and when), each proof
// through a signed link bound to the milestone, the proof and the admin session (opening it is audited as
// payment_proof_view), and the order's trade documents through the audited admin document route.
import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, orderMilestones } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { signBoundLink } from '~/lib/storage.server'
import { DEFAULT_PAYMENT_TERMS } from '~/modules/payments/schemas'
import { issueDocument } from '~/modules/documents/commands.server'
import AdminDisputePage, { loader as disputeLoader } from '~/routes/admin/dispute'
import { loader as proofLoader } from '~/routes/admin/dispute-proof'
import { ADMIN_CLIENT, signedInAdmin } from '../factories/admins'
import { createDispute } from '../factories/disputes'
import { pdfBytes, pngBytes, useTempStorage } from '../factories/files'
import { createMilestones, storedProof } from '../factories/milestone-states'
import { createOrder } from '../factories/orders'
import { createUser, signInCookie } from '../factories/users'
import { renderPageText } from '../support/render-page'
import { callRoute } from './account-support'

let temp: ReturnType<typeof useTempStorage>
beforeEach(() => {
  temp = useTempStorage()
})
afterEach(() => temp.cleanup())

type Milestone = {
  id: string
  position: number
  share: string
  amount: string
  currency: string
  event: string
  dueOn: string | null
  status: string
  bankReference: string | null
  sellerNote: string | null
  confirmedByName: string | null
  confirmedAt: string | null
  proof: { fileName: string; url: string } | null
}
type PageData = { payments: { orderId: string; milestones: Milestone[]; documents: { id: string; kind: string; number: string }[] | null; documentLanguage: string; linkTtlSeconds: number } }

/** A shipped order (5,000.00 USD) with 30/70 terms: the advance confirmed by the seller, the balance with a proof waiting; a dispute on it. */
async function disputedWithMilestones() {
  const buyer = await createUser({ profile: { userType: 'Buyer', country: 'India', companyName: 'Asha Traders' } })
  const seller = await createUser({ profile: { userType: 'Seller', country: 'Russia', companyName: 'Volga Grain', kycStatus: 'Approved' } })
  const order = await createOrder(buyer.profileId!, seller.profileId!, 'Shipped')
  const confirmedAt = new Date('2026-01-10T09:30:00Z')
  const proof = await storedProof(order.id, 'SWIFT МТ103.pdf')
  const rows = await createMilestones({ id: order.id, total: '5000.00', currency: 'USD' }, DEFAULT_PAYMENT_TERMS, [
    { status: 'confirmed', dueOn: '2026-01-05', bankReference: 'UTR0001', confirmedBy: seller.profileId!, confirmedAt, sellerNote: 'Received in full.' },
    { status: 'proof_submitted', dueOn: '2026-02-01', bankReference: 'SWIFT-REF-77', proofSubmittedBy: buyer.profileId!, ...proof },
  ])
  const dispute = await createDispute(order.id, { openedById: buyer.profileId!, reason: 'not_received' })
  return { order, rows, disputeId: dispute.id, proofKey: proof.proofStorageKey! }
}

const detail = (cookie: string | null, disputeId: string) => callRoute(disputeLoader, `/admin/disputes/${disputeId}`, { cookie, params: { id: disputeId } })
const openProof = (cookie: string | null, disputeId: string, milestoneId: string, url: string) =>
  callRoute(proofLoader, url, { cookie, headers: ADMIN_CLIENT, params: { id: disputeId, milestoneId } })
const proofViews = (milestoneId: string) => getDb().select().from(auditLog).where(eq(auditLog.targetId, milestoneId))
const sessionOf = async (adminId: string) =>
  ((await getDb().execute(sql`select id from admin_sessions where user_id = ${adminId} order by created_at desc limit 1`)).rows as { id: string }[])[0]!.id

describe('/admin/disputes/:id payments', () => {
  it("shows the order's milestones with exact amounts, states, bank references, notes, who confirmed, proofs as signed links, and its documents", async () => {
    const { order, disputeId, rows, proofKey } = await disputedWithMilestones()
    const proforma = await issueDocument(order.id, 'proforma')
    const m = await signedInAdmin('moderator')
    const res = await detail(m.cookie, disputeId)
    expect(res.status).toBe(200)
    const { payments } = res.data as PageData
    expect(payments.milestones).toMatchObject([
      { position: 1, share: '30.00', amount: '1500.00', currency: 'USD', event: 'proforma_issued', dueOn: '2026-01-05', status: 'confirmed', bankReference: 'UTR0001', sellerNote: 'Received in full.', confirmedByName: 'Volga Grain', confirmedAt: '2026-01-10T09:30:00.000Z', proof: null },
      { position: 2, share: '70.00', amount: '3500.00', currency: 'USD', event: 'shipped', dueOn: '2026-02-01', status: 'proof_submitted', bankReference: 'SWIFT-REF-77', confirmedByName: null, confirmedAt: null, proof: { fileName: 'SWIFT МТ103.pdf' } },
    ])
    expect(payments.milestones[1]!.proof!.url).toMatch(new RegExp(`^/admin/disputes/${disputeId}/proofs/${rows[1]!.id}\\?expires=\\d+&sig=`))
    expect(payments.documents).toEqual([expect.objectContaining({ id: proforma!.id, kind: 'proforma' })])
    expect(payments.documentLanguage).toBe('hi')
    // The storage key never leaves the server.
    expect(JSON.stringify(res.data)).not.toContain(proofKey)

    const text = await renderPageText(AdminDisputePage as never, res.data, `/admin/disputes/${disputeId}`)
    for (const seen of ['Payment milestones', '$1,500.00', '$3,500.00', 'Confirmed', 'Proof submitted', 'UTR0001', 'SWIFT-REF-77', 'Received in full.', 'Volga Grain', 'SWIFT МТ103.pdf', 'Proforma invoice']) expect(text).toContain(seen)
    const ru = await renderPageText(AdminDisputePage as never, res.data, `/admin/disputes/${disputeId}`, 'ru')
    expect(ru).toContain('Этапы оплаты')
  })

  it('an order without milestones says so; an unknown or malformed dispute is 404', async () => {
    const buyer = await createUser({ profile: { userType: 'Buyer' } })
    const seller = await createUser({ profile: { userType: 'Seller', kycStatus: 'Approved' } })
    const order = await createOrder(buyer.profileId!, seller.profileId!, 'Delivered')
    const dispute = await createDispute(order.id)
    const m = await signedInAdmin('admin')
    const res = await detail(m.cookie, dispute.id)
    expect((res.data as PageData).payments.milestones).toEqual([])
    expect(await renderPageText(AdminDisputePage as never, res.data, `/admin/disputes/${dispute.id}`)).toContain('This order has no payment milestones')
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) expect((await detail(m.cookie, id)).status).toBe(404)
  })

  it('opens a proof through its link, audited as payment_proof_view (who, which proof); tampered 403, expired 410, another session 403, replaced proof 403', async () => {
    const { disputeId, rows, order, proofKey } = await disputedWithMilestones()
    const m = await signedInAdmin('moderator')
    const { payments } = (await detail(m.cookie, disputeId)).data as PageData
    const milestone = payments.milestones[1]!
    const open = (cookie: string, url: string) => openProof(cookie, disputeId, milestone.id, url)

    const ok = await open(m.cookie, milestone.proof!.url)
    expect(ok.status).toBe(200)
    expect(ok.response!.headers.get('Content-Type')).toBe('application/pdf')
    expect(ok.response!.headers.get('Content-Disposition')).toBe(`attachment; filename="SWIFT __103.pdf"; filename*=UTF-8''SWIFT%20%D0%9C%D0%A2103.pdf`)
    expect(ok.response!.headers.get('Cache-Control')).toBe('private, no-store')
    expect(new Uint8Array(await ok.response!.arrayBuffer())).toEqual(pdfBytes())
    const views = await proofViews(milestone.id)
    expect(views).toHaveLength(1)
    expect(views[0]).toMatchObject({ action: 'payment_proof_view', adminId: m.id, targetType: 'order_milestone', targetId: rows[1]!.id, ipAddress: '203.0.113.9', userAgent: 'AdminTest/1.0' })
    expect(views[0]!.newValue).toMatchObject({ dispute: disputeId, order: order.id, position: 2, file_name: 'SWIFT МТ103.pdf', access: 'signed_url' })

    const url = new URL(milestone.proof!.url, 'http://x')
    const expires = url.searchParams.get('expires')!
    const sig = url.searchParams.get('sig')!
    const refused = async (cookie: string, href: string, status: number) => {
      const res = await open(cookie, href)
      expect(res.status).toBe(status)
      return res
    }
    const tampered = await refused(m.cookie, `${url.pathname}?expires=${expires}&sig=${sig.slice(0, -2)}AA`, 403)
    expect(await tampered.response!.text()).toContain('This link is not valid')
    await refused(m.cookie, `${url.pathname}?expires=${Number(expires) + 60}&sig=${sig}`, 403)
    await refused(m.cookie, url.pathname, 403)
    // A genuine link signed in the past has expired: 410.
    const old = signBoundLink(`payment-proof:${milestone.id}:${await sessionOf(m.id)}`, proofKey, 300, { now: Date.now() - 600_000 })
    const expired = await refused(m.cookie, `${url.pathname}?expires=${old.expires}&sig=${old.sig}`, 410)
    expect(await expired.response!.text()).toContain('This link has expired')
    // The same link in another admin's session opens nothing.
    await refused((await signedInAdmin('admin')).cookie, milestone.proof!.url, 403)
    // Another milestone's id under this link, or this link under another dispute: nothing.
    expect((await openProof(m.cookie, disputeId, rows[0]!.id, `/admin/disputes/${disputeId}/proofs/${rows[0]!.id}?expires=${expires}&sig=${sig}`)).status).toBe(403)
    const elsewhere = await disputedWithMilestones()
    expect((await openProof(m.cookie, elsewhere.disputeId, milestone.id, milestone.proof!.url)).status).toBe(403)
    // A proof replaced since the page was opened: the old link opens nothing.
    const replaced = await storedProof(order.id, 'receipt.png', pngBytes())
    await getDb().update(orderMilestones).set({ ...replaced, proofContentType: 'image/png' }).where(eq(orderMilestones.id, milestone.id))
    await refused(m.cookie, milestone.proof!.url, 403)
    expect(await proofViews(milestone.id)).toHaveLength(1)
  })

  it('without an admin session, or as a marketplace user, the page and the proof redirect to /admin/login and nothing is audited', async () => {
    const { disputeId } = await disputedWithMilestones()
    const m = await signedInAdmin('moderator')
    const milestone = ((await detail(m.cookie, disputeId)).data as PageData).payments.milestones[1]!
    const user = await createUser({ profile: { userType: 'Buyer' } })
    for (const cookie of [null, await signInCookie(user.email, user.password)]) {
      expect((await detail(cookie, disputeId)).status).toBe(302)
      const res = await openProof(cookie, disputeId, milestone.id, milestone.proof!.url)
      expect(res.status).toBe(302)
      expect(res.location).toMatch(/^\/admin\/login\?redirectTo=/)
    }
    expect(await proofViews(milestone.id)).toHaveLength(0)
  })
})
