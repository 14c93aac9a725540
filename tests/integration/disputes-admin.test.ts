// Issue 10 item 7, the admin side: the queue (oldest first, Overdue after 3 days, filters, pages), one
// dispute with evidence through signed links bound to the file and the admin session (audited), the
// moderator's message to both parties and the decision, each with its audit row and notices.
import type { AdminRole } from '~/domain'
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, disputeMessages, disputes, notifications, orderEvents, orders } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { DISPUTE_QUEUE_PAGE_SIZE, DISPUTE_TEXT_MAX } from '~/modules/disputes/enums'
import { getOrder } from '~/modules/orders/queries.server'
import type { OrderStatus } from '~/domain'
import { loader as evidenceLoader } from '~/routes/admin/dispute-evidence'
import AdminDisputePage, { action as disputeAction, loader as disputeLoader } from '~/routes/admin/dispute'
import { loader as queueLoader } from '~/routes/admin/disputes'
import { action as orderAction, loader as orderLoader } from '~/routes/trade/order'
import { action as partyAction } from '~/routes/trade/order-dispute'
import { ADMIN_CLIENT, signedInAdmin } from '../factories/admins'
import { createDispute } from '../factories/disputes'
import { makeFile, pdfBytes, useTempStorage } from '../factories/files'
import { createOrder } from '../factories/orders'
import { createUser, signInCookie } from '../factories/users'
import { renderPageText } from '../support/render-page'
import { callRoute, form, toastOf } from './account-support'

let temp: ReturnType<typeof useTempStorage>
beforeEach(() => {
  temp = useTempStorage()
})
afterEach(() => temp.cleanup())

async function party(userType: 'Buyer' | 'Seller', name: string) {
  const u = await createUser({ name, profile: { userType, country: userType === 'Buyer' ? 'India' : 'Russia', companyName: `${name} Ltd`, kycStatus: userType === 'Seller' ? 'Approved' : null } })
  return { ...u, profileId: u.profileId!, cookie: await signInCookie(u.email, u.password) }
}

/** An order between a fresh buyer and seller; the buyer opens a dispute with a PDF through the real form. */
async function disputed(status: OrderStatus = 'Delivered') {
  const buyer = await party('Buyer', `Asha ${randomUUID().slice(0, 4)}`)
  const seller = await party('Seller', `Ivan ${randomUUID().slice(0, 4)}`)
  const order = await createOrder(buyer.profileId, seller.profileId, status)
  const fd = form({ intent: 'open', reason: 'damaged', description: 'Crates crushed.' })
  fd.append('files', makeFile(pdfBytes(), 'photos.pdf'))
  const opened = await callRoute(partyAction, `/orders/${order.id}/dispute`, { cookie: buyer.cookie, body: fd, params: { id: order.id } })
  if (opened.status !== 302) throw new Error(`open answered ${opened.status}`)
  const [d] = await getDb().select({ id: disputes.id }).from(disputes).where(eq(disputes.orderId, order.id))
  return { buyer, seller, order, disputeId: d!.id }
}

const moderator = (role: AdminRole = 'moderator') => signedInAdmin(role)

const act = (cookie: string | null, disputeId: string, fields: Record<string, string>) =>
  callRoute(disputeAction, `/admin/disputes/${disputeId}`, { cookie, body: form(fields), headers: ADMIN_CLIENT, params: { id: disputeId } })
const detail = (cookie: string | null, disputeId: string) => callRoute(disputeLoader, `/admin/disputes/${disputeId}`, { cookie, params: { id: disputeId } })
const queue = (cookie: string, qs = '') => callRoute(queueLoader, `/admin/disputes${qs}`, { cookie })
const auditOf = (disputeId: string) => getDb().select().from(auditLog).where(eq(auditLog.targetId, disputeId)).orderBy(auditLog.id)
const noticesOf = (profileId: string) => getDb().select().from(notifications).where(eq(notifications.recipientId, profileId))

async function fingerprint() {
  const r = await getDb().execute(
    sql`select (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from disputes) d, (select count(*) from dispute_messages) m, (select count(*) from notifications) n, (select count(*) from order_events) oe, (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from orders) o, (select count(*) from audit_log where action like 'dispute%') a`,
  )
  return JSON.stringify(r.rows[0])
}

type QueueData = { queue: { filter: string; items: { id: string; orderRef: string; buyer: { name: string; company: string; country: string }; seller: { company: string }; reason: string; overdue: boolean; status: string }[]; page: number; pageCount: number; total: number; counts: Record<string, number> } }
type DetailData = {
  dispute: {
    id: string
    status: string
    overdue: boolean
    description: string
    order: { ref: string; status: string; quantity: number; unit: string; total: string; currency: string; subject: string | null }
    buyer: { name: string; company: string; country: string }
    seller: { name: string; company: string; country: string }
    evidence: { id: string; fileName: string; url: string }[]
    messages: { authorKind: string; authorName: string | null; body: string }[]
  }
}

describe('/admin/disputes queue', () => {
  it('lists open disputes oldest first, 20 a page, with the order, parties and reason; Overdue after 3 days idle (judged in SQL)', async () => {
    const m = await moderator()
    const buyer = await party('Buyer', 'Queue Buyer')
    const seller = await party('Seller', 'Queue Seller')
    const ids: string[] = []
    for (let i = 0; i < DISPUTE_QUEUE_PAGE_SIZE + 2; i += 1) {
      const order = await createOrder(buyer.profileId, seller.profileId, 'Delivered')
      // i = 0 is the oldest (30 days); the first two have been idle 4 days and 3 days + 1 hour, the rest 2 days.
      const d = await createDispute(order.id, { ageDays: 30 - i, idleDays: i === 0 ? 4 : i === 1 ? 3.05 : 2 })
      ids.push(d.id)
    }
    const first = (await queue(m.cookie)).data as QueueData
    expect(first.queue.total).toBe(DISPUTE_QUEUE_PAGE_SIZE + 2)
    expect(first.queue.pageCount).toBe(2)
    expect(first.queue.items.map((i) => i.id)).toEqual(ids.slice(0, DISPUTE_QUEUE_PAGE_SIZE))
    expect(first.queue.items[0]).toMatchObject({ buyer: { name: 'Queue Buyer', company: 'Queue Buyer Ltd', country: 'India' }, seller: { company: 'Queue Seller Ltd' }, reason: 'damaged', overdue: true, status: 'open' })
    expect(first.queue.items.map((i) => i.overdue)).toEqual([true, true, ...Array(DISPUTE_QUEUE_PAGE_SIZE - 2).fill(false)])
    expect(first.queue.counts).toEqual({ open: DISPUTE_QUEUE_PAGE_SIZE + 2, overdue: 2, resolved: 0 })
    const second = (await queue(m.cookie, '?page=2')).data as QueueData
    expect(second.queue.items.map((i) => i.id)).toEqual(ids.slice(DISPUTE_QUEUE_PAGE_SIZE))
    const overdue = (await queue(m.cookie, '?status=overdue')).data as QueueData
    expect(overdue.queue.items.map((i) => i.id)).toEqual(ids.slice(0, 2))
    // Unreadable filters fall back to the open queue's first page.
    const odd = (await queue(m.cookie, '?status=%00&page=-3')).data as QueueData
    expect(odd.queue).toMatchObject({ filter: 'open', page: 1 })
  })

  it('answers every role with dispute:resolve; without an admin session (or as a marketplace user) redirects to /admin/login', async () => {
    for (const role of ['moderator', 'admin', 'super_admin'] as const) expect((await queue((await moderator(role)).cookie)).status).toBe(200)
    const user = await party('Buyer', 'Not Admin')
    for (const cookie of [null, user.cookie]) {
      const res = await callRoute(queueLoader, '/admin/disputes', { cookie })
      expect(res.status).toBe(302)
      expect(res.location).toBe('/admin/login?redirectTo=%2Fadmin%2Fdisputes')
    }
  })
})

describe('/admin/disputes/:id', () => {
  it('shows the whole dispute: order summary, parties, description, evidence as signed links (no storage keys)', async () => {
    const { disputeId, order, buyer, seller } = await disputed()
    const m = await moderator()
    const res = await detail(m.cookie, disputeId)
    expect(res.status).toBe(200)
    const { dispute } = res.data as DetailData
    expect(dispute).toMatchObject({ status: 'open', overdue: false, description: 'Crates crushed.', order: { ref: order.id.slice(0, 8), status: 'Delivered', quantity: 4, total: '5000.00', currency: 'USD', subject: order.rfqTitle } })
    expect(dispute.buyer).toEqual({ name: buyer.name, company: `${buyer.name} Ltd`, country: 'India' })
    expect(dispute.seller).toEqual({ name: seller.name, company: `${seller.name} Ltd`, country: 'Russia' })
    expect(dispute.evidence[0]!.url).toMatch(new RegExp(`^/admin/disputes/${disputeId}/evidence/${dispute.evidence[0]!.id}\\?expires=\\d+&sig=`))
    const [stored] = (await getDb().execute(sql`select storage_key from dispute_evidence where dispute_id = ${disputeId}`)).rows as { storage_key: string }[]
    expect(JSON.stringify(res.data)).not.toContain(stored!.storage_key)
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) expect((await detail(m.cookie, id)).status).toBe(404)
  })

  it("shows the order's quantity in its unit and what the unit price is per (issue 28)", async () => {
    const { disputeId, order } = await disputed()
    await getDb().update(orders).set({ unit: 'tonnes' }).where(eq(orders.id, order.id))
    const m = await moderator()
    const res = await detail(m.cookie, disputeId)
    expect((res.data as DetailData).dispute.order).toMatchObject({ quantity: 4, unit: 'tonnes' })
    const text = await renderPageText(AdminDisputePage as never, res.data, `/admin/disputes/${disputeId}`)
    expect(text).toContain('Quantity 4 t')
    expect(text).toContain('$1,250.00 per tonne')
    expect(await renderPageText(AdminDisputePage as never, res.data, `/admin/disputes/${disputeId}`, 'ru')).toContain('за тонну')
  })

  it('opens evidence through its link (audited dispute_evidence_view); a tampered link is 403, an expired one 410, another session 403', async () => {
    const { disputeId } = await disputed()
    const m = await moderator()
    const { dispute } = (await detail(m.cookie, disputeId)).data as DetailData
    const ev = dispute.evidence[0]!
    const open = (cookie: string, url: string) => callRoute(evidenceLoader, url, { cookie, headers: ADMIN_CLIENT, params: { id: disputeId, evidenceId: ev.id } })
    const ok = await open(m.cookie, ev.url)
    expect(ok.status).toBe(200)
    expect(ok.response!.headers.get('Content-Disposition')).toMatch(/^attachment; filename="photos.pdf"/)
    expect(ok.response!.headers.get('Cache-Control')).toBe('private, no-store')
    expect(new Uint8Array(await ok.response!.arrayBuffer())).toEqual(pdfBytes())
    const views = (await auditOf(disputeId)).filter((a) => a.action === 'dispute_evidence_view')
    expect(views).toHaveLength(1)
    expect(views[0]).toMatchObject({ adminId: m.id, targetType: 'dispute', ipAddress: '203.0.113.9', userAgent: 'AdminTest/1.0' })
    expect(views[0]!.newValue).toMatchObject({ evidence_id: ev.id })

    const url = new URL(ev.url, 'http://x')
    const tampered = `${url.pathname}?expires=${url.searchParams.get('expires')}&sig=${url.searchParams.get('sig')!.slice(0, -2)}AA`
    expect((await open(m.cookie, tampered)).status).toBe(403)
    const later = `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 60}&sig=${url.searchParams.get('sig')}`
    expect((await open(m.cookie, later)).status).toBe(403)
    // A genuine link signed in the past has expired: 410.
    const { signBoundLink } = await import('~/lib/storage.server')
    const [key] = (await getDb().execute(sql`select storage_key from dispute_evidence where id = ${ev.id}`)).rows as { storage_key: string }[]
    const session = (await getDb().execute(sql`select id from admin_sessions where user_id = ${m.id} order by created_at desc limit 1`)).rows as { id: string }[]
    const old = signBoundLink(`dispute-evidence:${ev.id}:${session[0]!.id}`, key!.storage_key, 300, { now: Date.now() - 600_000 })
    expect((await open(m.cookie, `${url.pathname}?expires=${old.expires}&sig=${old.sig}`)).status).toBe(410)
    // The same link in another admin's session opens nothing.
    const other = await moderator('admin')
    expect((await open(other.cookie, ev.url)).status).toBe(403)
    expect((await auditOf(disputeId)).filter((a) => a.action === 'dispute_evidence_view')).toHaveLength(1)
  })

  it('a moderator messages both parties: the thread, the audit row, both notified, last activity now (no longer Overdue)', async () => {
    const { disputeId, buyer, seller } = await disputed()
    await getDb().update(disputes).set({ lastActivityAt: new Date(Date.now() - 4 * 86_400_000) }).where(eq(disputes.id, disputeId))
    const m = await moderator()
    expect(((await detail(m.cookie, disputeId)).data as DetailData).dispute.overdue).toBe(true)
    const res = await act(m.cookie, disputeId, { intent: 'message', body: 'Please both send the bill of lading.' })
    expect(res.status).toBe(302)
    expect(res.location).toBe(`/admin/disputes/${disputeId}`)
    expect((await toastOf(res.response))?.key).toBe('adminDisputes:toast.messageSent')
    const [msg] = await getDb().select().from(disputeMessages).where(eq(disputeMessages.disputeId, disputeId))
    expect(msg).toMatchObject({ authorKind: 'moderator', authorAdminId: m.id, authorProfileId: null, body: 'Please both send the bill of lading.' })
    const audit = (await auditOf(disputeId)).filter((a) => a.action === 'dispute_message')
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ adminId: m.id, adminEmail: m.email, targetType: 'dispute' })
    expect(audit[0]!.newValue).toMatchObject({ message_id: msg!.id, body: 'Please both send the bill of lading.' })
    expect((await noticesOf(buyer.profileId)).map((n) => n.kind)).toEqual(['dispute_message'])
    expect((await noticesOf(seller.profileId)).map((n) => n.kind)).toEqual(['dispute_opened', 'dispute_message'])
    const after = (await detail(m.cookie, disputeId)).data as DetailData
    expect(after.dispute.overdue).toBe(false)
    expect(after.dispute.messages).toMatchObject([{ authorKind: 'moderator', authorName: m.fullName }])
    // The parties read "Moderator", never the admin's name.
    const page = await callRoute((await import('~/routes/trade/order-dispute')).loader, `/orders/x/dispute`, { cookie: buyer.cookie, params: { id: (await getDb().select({ o: disputes.orderId }).from(disputes).where(eq(disputes.id, disputeId)))[0]!.o } })
    expect(JSON.stringify(page.data)).not.toContain(m.fullName)
  })

  it('refuses an empty or over-long message and an unknown intent with 400, nothing written', async () => {
    const { disputeId } = await disputed()
    const m = await moderator()
    const before = await fingerprint()
    expect((await act(m.cookie, disputeId, { intent: 'message', body: ' ' })).data).toEqual({ fieldErrors: { body: 'adminDisputes:errors.bodyRequired' } })
    expect((await act(m.cookie, disputeId, { intent: 'message', body: 'x'.repeat(DISPUTE_TEXT_MAX + 1) })).status).toBe(400)
    expect((await act(m.cookie, disputeId, { intent: 'close' })).status).toBe(400)
    expect((await act(m.cookie, disputeId, { intent: 'decide', decision: 'refund_all', resolution: 'x' })).data).toEqual({ fieldErrors: { decision: 'adminDisputes:errors.decision' } })
    expect((await act(m.cookie, disputeId, { intent: 'decide', decision: 'reject', resolution: '' })).data).toEqual({ fieldErrors: { resolution: 'adminDisputes:errors.resolutionRequired' } })
    expect((await act(m.cookie, '00000000-0000-4000-8000-000000000000', { intent: 'decide', decision: 'reject', resolution: 'No.' })).status).toBe(404)
    expect((await act(m.cookie, 'nope', { intent: 'decide', decision: 'reject', resolution: 'No.' })).status).toBe(404)
    const anon = await act(null, disputeId, { intent: 'decide', decision: 'reject', resolution: 'No.' })
    expect(anon.status).toBe(302)
    expect(anon.location).toMatch(/^\/admin\/login/)
    expect(await fingerprint()).toBe(before)
  })

  it('decides: open → resolved with the audit row and both notices; the order leaves Disputed, its status unchanged; a second decision is 409, nothing written', async () => {
    const { disputeId, buyer, seller, order } = await disputed('Shipped')
    const m = await moderator()
    const res = await act(m.cookie, disputeId, { intent: 'decide', decision: 'release_to_seller', resolution: 'The carrier confirmed delivery in good order.' })
    expect(res.status).toBe(302)
    expect((await toastOf(res.response))?.key).toBe('adminDisputes:toast.decided')
    const [row] = await getDb().select().from(disputes).where(eq(disputes.id, disputeId))
    expect(row).toMatchObject({ status: 'resolved', decision: 'release_to_seller', resolution: 'The carrier confirmed delivery in good order.', decidedByAdminId: m.id })
    const [audit] = (await auditOf(disputeId)).filter((a) => a.action === 'dispute_decision')
    expect(audit).toMatchObject({ adminId: m.id, targetType: 'dispute', oldValue: { status: 'open' }, newValue: { decision: 'release_to_seller', resolution: 'The carrier confirmed delivery in good order.' } })
    expect((await noticesOf(buyer.profileId)).map((n) => n.kind)).toEqual(['dispute_resolved'])
    expect((await noticesOf(seller.profileId)).map((n) => n.kind)).toEqual(['dispute_opened', 'dispute_resolved'])
    const [o] = await getDb().select({ status: orders.status }).from(orders).where(eq(orders.id, order.id))
    expect(o!.status).toBe('Shipped')
    // Both parties read the decision on the order page; the order is no longer Disputed and moves again.
    for (const who of [buyer, seller]) {
      const page = (await callRoute(orderLoader, `/orders/${order.id}`, { cookie: who.cookie, params: { id: order.id } })).data as { order: { disputed: boolean }; disputeState: { dispute: { status: string; decision: string; resolution: string } } }
      expect(page.order.disputed).toBe(false)
      expect(page.disputeState.dispute).toMatchObject({ status: 'resolved', decision: 'release_to_seller', resolution: 'The carrier confirmed delivery in good order.' })
    }
    expect((await callRoute(orderAction, `/orders/${order.id}`, { cookie: seller.cookie, body: form({ intent: 'status', status: 'Delivered' }), params: { id: order.id } })).status).toBe(302)

    const before = await fingerprint()
    const again = await act(m.cookie, disputeId, { intent: 'decide', decision: 'cancel_refund', resolution: 'Changed my mind.' })
    expect(again.status).toBe(409)
    expect(again.data).toEqual({ formError: 'adminDisputes:errors.alreadyDecided' })
    const late = await act(m.cookie, disputeId, { intent: 'message', body: 'Anything else?' })
    expect(late.status).toBe(409)
    expect(await fingerprint()).toBe(before)
  })

  it('cancel_refund cancels the order with an order_events row carrying the resolution, audited with the order change', async () => {
    const { disputeId, order } = await disputed('Delivered')
    const m = await moderator('admin')
    expect((await act(m.cookie, disputeId, { intent: 'decide', decision: 'cancel_refund', resolution: 'Goods were not as described; the seller refunds in full.' })).status).toBe(302)
    const [o] = await getDb().select({ status: orders.status }).from(orders).where(eq(orders.id, order.id))
    expect(o!.status).toBe('Cancelled')
    const events = await getDb().select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'Cancelled')))
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ note: 'Goods were not as described; the seller refunds in full.', actorId: null })
    // On the order page's timeline both parties read it as the moderator's act, not "someone".
    const { buyer } = await getDb().select({ buyer: orders.buyerId }).from(orders).where(eq(orders.id, order.id)).then((r) => r[0]!)
    const seen = await getOrder(buyer, order.id)
    expect(seen!.events.at(-1)).toMatchObject({ status: 'Cancelled', actorName: null, byModerator: true })
    expect(seen!.events.filter((e) => e.byModerator)).toHaveLength(1)
    const [audit] = (await auditOf(disputeId)).filter((a) => a.action === 'dispute_decision')
    expect(audit!.newValue).toEqual({ decision: 'cancel_refund', resolution: 'Goods were not as described; the seller refunds in full.', order_status: { from: 'Delivered', to: 'Cancelled' } })
  })

  it('two decisions at once: one wins (302), the other is 409; one audit row', async () => {
    const { disputeId } = await disputed()
    const [a, b] = [await moderator(), await moderator('admin')]
    const results = await Promise.all([
      act(a.cookie, disputeId, { intent: 'decide', decision: 'reject', resolution: 'No evidence.' }),
      act(b.cookie, disputeId, { intent: 'decide', decision: 'partial_settlement', resolution: 'Split the difference.' }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([302, 409])
    expect((await auditOf(disputeId)).filter((x) => x.action === 'dispute_decision')).toHaveLength(1)
  })
})
