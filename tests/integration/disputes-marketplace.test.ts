// Issue 10 item 7, the marketplace side: a party opens a dispute with evidence, the other answers, the
// order shows Disputed and stands still; everyone else gets 404 and nothing is written.
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { disputeEvidence, disputeMessages, disputes, notifications, orderEvents, orders } from '../../db/schema'
import { ACTION_LIMITS } from '~/lib/action-limits'
import { getDb } from '~/lib/db.server'
import { countInWindow, limitKey } from '~/lib/rate-limit.server'
import { DISPUTE_TEXT_MAX } from '~/modules/disputes/enums'
import type { OrderStatus } from '~/domain'
import { loader as evidenceLoader } from '~/routes/trade/dispute-evidence'
import { action as orderAction, loader as orderLoader } from '~/routes/trade/order'
import { action as disputeAction, loader as disputeLoader } from '~/routes/trade/order-dispute'
import { loader as ordersLoader } from '~/routes/trade/orders'
import { createDispute } from '../factories/disputes'
import { htmlBytes, makeFile, pdfBytes, pngBytes, useTempStorage } from '../factories/files'
import { createOrder } from '../factories/orders'
import { createSignedInUser } from '../factories/users'
import { callRoute, form, toastOf } from './account-support'

let temp: ReturnType<typeof useTempStorage>
beforeEach(() => {
  temp = useTempStorage()
})
afterEach(() => temp.cleanup())

const newBuyer = () => createSignedInUser({ userType: 'Buyer', country: 'India', companyName: `Buyer Co ${randomUUID().slice(0, 4)}` })
const newSeller = () => createSignedInUser({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved', companyName: `Seller Co ${randomUUID().slice(0, 4)}` })
type Person = Awaited<ReturnType<typeof newBuyer>>

async function trade(status: OrderStatus = 'Delivered') {
  const buyer = await newBuyer()
  const seller = await newSeller()
  const order = await createOrder(buyer.profileId, seller.profileId, status)
  return { buyer, seller, order }
}

const path = (orderId: string) => `/orders/${orderId}/dispute`
const openForm = (fields: Partial<Record<'reason' | 'description', string>> = {}, files: File[] = []) => {
  const fd = form({ intent: 'open', reason: fields.reason ?? 'damaged', description: fields.description ?? 'Two of the four crates arrived crushed.' })
  for (const f of files) fd.append('files', f)
  return fd
}
const answerForm = (body: string, files: File[] = []) => {
  const fd = form({ intent: 'answer', body })
  for (const f of files) fd.append('files', f)
  return fd
}
const post = (who: Person | null, orderId: string, body: FormData) => callRoute(disputeAction, path(orderId), { cookie: who?.cookie ?? null, body, params: { id: orderId } })
const view = (who: Person | null, orderId: string) => callRoute(disputeLoader, path(orderId), { cookie: who?.cookie ?? null, params: { id: orderId } })

/** Row counts of every table a dispute act writes, plus the stored files. */
async function fingerprint() {
  const r = await getDb().execute(
    sql`select (select count(*) from disputes) d, (select count(*) from dispute_messages) m, (select count(*) from dispute_evidence) e, (select count(*) from notifications) n, (select count(*) from order_events) oe`,
  )
  return JSON.stringify({ ...(r.rows[0] as object), files: temp.listFiles().length })
}

const noticesOf = (profileId: string) => getDb().select().from(notifications).where(eq(notifications.recipientId, profileId))

type PageData = { page: { order: { status: string }; dispute: { id: string; status: string; reason: string; description: string; evidence: { id: string; fileName: string; url: string }[]; messages: { authorKind: string; body: string; evidence: { url: string }[] }[] } | null; openVerdict: string } }

describe('opening a dispute (/orders/:id/dispute)', () => {
  it('the buyer of a Delivered order opens one with a PDF: one open dispute, the file stored privately, the seller told, the order Disputed', async () => {
    const { buyer, seller, order } = await trade('Delivered')
    const res = await post(buyer, order.id, openForm({ reason: 'not_as_described', description: '  Wrong grade: 8 mm instead of 6 mm.\r\nSee the lab report.  ' }, [makeFile(pdfBytes(), 'lab report.pdf')]))
    expect(res.status).toBe(302)
    expect(res.location).toBe(path(order.id))
    expect((await toastOf(res.response))?.key).toBe('disputes:toast.opened')
    const rows = await getDb().select().from(disputes).where(eq(disputes.orderId, order.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'open', openedByParty: 'buyer', openedById: buyer.profileId, reason: 'not_as_described', description: 'Wrong grade: 8 mm instead of 6 mm.\nSee the lab report.', decision: null })
    const files = await getDb().select().from(disputeEvidence).where(eq(disputeEvidence.disputeId, rows[0]!.id))
    expect(files).toHaveLength(1)
    expect(files[0]).toMatchObject({ fileName: 'lab report.pdf', contentType: 'application/pdf', messageId: null, uploadedById: buyer.profileId })
    expect(files[0]!.storageKey).toMatch(new RegExp(`^disputes/${rows[0]!.id}/[0-9a-f-]{36}\\.pdf$`))
    expect(await temp.storage.exists(files[0]!.storageKey)).toBe(true)
    const sellerNotices = await noticesOf(seller.profileId)
    expect(sellerNotices.map((n) => [n.kind, n.params, n.link])).toEqual([['dispute_opened', { order: order.id.slice(0, 8) }, path(order.id)]])
    expect(await noticesOf(buyer.profileId)).toHaveLength(0)

    // Both parties see the dispute; the page's DTO carries links, never storage keys.
    for (const who of [buyer, seller]) {
      const page = (await view(who, order.id)).data as PageData
      expect(page.page.dispute).toMatchObject({ status: 'open', reason: 'not_as_described' })
      expect(page.page.dispute!.evidence[0]!.url).toBe(`/orders/${order.id}/dispute/evidence/${files[0]!.id}`)
      expect(JSON.stringify(page)).not.toContain(files[0]!.storageKey)
    }
    // The order page and both order lists show Disputed; the status dialog is gone.
    const orderPage = (await callRoute(orderLoader, `/orders/${order.id}`, { cookie: seller.cookie, params: { id: order.id } })).data as { order: { disputed: boolean }; disputeState: { dispute: { status: string } } }
    expect(orderPage.order.disputed).toBe(true)
    expect(orderPage.disputeState.dispute.status).toBe('open')
    const list = (await callRoute(ordersLoader, '/orders', { cookie: buyer.cookie })).data as { list: { items: { id: string; disputed: boolean }[] } }
    expect(list.list.items.find((i) => i.id === order.id)?.disputed).toBe(true)
  })

  it('the seller may open one too (an Accepted order), and the buyer is told', async () => {
    const { buyer, seller, order } = await trade('Accepted')
    expect((await post(seller, order.id, openForm({ reason: 'payment_issue' }))).status).toBe(302)
    const [row] = await getDb().select().from(disputes).where(eq(disputes.orderId, order.id))
    expect(row).toMatchObject({ openedByParty: 'seller', reason: 'payment_issue' })
    expect((await noticesOf(buyer.profileId)).map((n) => n.kind)).toEqual(['dispute_opened'])
  })

  it.each(['Pending', 'Cancelled'] as const)('a %s order cannot be disputed: 409, nothing written', async (status) => {
    const { buyer, order } = await trade(status)
    const before = await fingerprint()
    const res = await post(buyer, order.id, openForm({}, [makeFile(pdfBytes(), 'x.pdf')]))
    expect(res.status).toBe(409)
    expect(res.data).toEqual({ fieldErrors: { form: 'disputes:errors.orderStatus' } })
    expect(await fingerprint()).toBe(before)
    expect(((await view(buyer, order.id)).data as PageData).page.openVerdict).toBe('orderStatus')
  })

  it('anyone but the two parties gets 404 (page, post, evidence); a visitor is sent to sign in; nothing written', async () => {
    const { buyer, order } = await trade()
    await post(buyer, order.id, openForm({}, [makeFile(pdfBytes(), 'a.pdf')]))
    const [file] = await getDb().select().from(disputeEvidence)
    const outsider = await newBuyer()
    const otherSeller = await newSeller()
    const before = await fingerprint()
    for (const who of [outsider, otherSeller]) {
      expect((await view(who, order.id)).status).toBe(404)
      expect((await post(who, order.id, answerForm('Let me in'))).status).toBe(404)
      expect((await post(who, order.id, openForm())).status).toBe(404)
      const ev = await callRoute(evidenceLoader, `${path(order.id)}/evidence/${file!.id}`, { cookie: who.cookie, params: { id: order.id, evidenceId: file!.id } })
      expect(ev.status).toBe(404)
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await view(buyer, id)).status).toBe(404)
      expect((await post(buyer, id, openForm())).status).toBe(404)
    }
    const visitor = await view(null, order.id)
    expect(visitor.status).toBe(302)
    expect(visitor.location).toMatch(/^\/login\?redirectTo=/)
    expect(await fingerprint()).toBe(before)
  })

  it('evidence is judged by its bytes: HTML named .pdf, a PNG named .pdf, six files, an 11 MB file are refused, nothing written', async () => {
    const { buyer, order } = await trade()
    const before = await fingerprint()
    const cases: [File[], number, string][] = [
      [[makeFile(htmlBytes(), 'invoice.pdf')], 400, 'disputes:errors.fileType'],
      [[makeFile(pngBytes(), 'photo.pdf', 'application/pdf')], 400, 'disputes:errors.fileType'],
      [Array.from({ length: 6 }, (_, i) => makeFile(pdfBytes(), `${i}.pdf`)), 400, 'disputes:errors.tooManyFiles'],
      [[makeFile(new Uint8Array(11 * 1024 * 1024), 'big.pdf')], 413, 'disputes:errors.fileTooLarge'],
    ]
    for (const [files, status, error] of cases) {
      const res = await post(buyer, order.id, openForm({}, files))
      expect(res.status).toBe(status)
      expect(res.data).toEqual({ fieldErrors: { files: error } })
    }
    expect(await fingerprint()).toBe(before)
  })

  it('refuses a missing reason, an unknown reason, an empty or a 5,001-character description with 400, nothing written', async () => {
    const { buyer, order } = await trade()
    const before = await fingerprint()
    const cases: [Partial<Record<'reason' | 'description', string>>, Record<string, string>][] = [
      [{ reason: '' }, { reason: 'disputes:errors.reason' }],
      [{ reason: 'refund_now' }, { reason: 'disputes:errors.reason' }],
      [{ description: '   ' }, { description: 'disputes:errors.descriptionRequired' }],
      [{ description: 'x'.repeat(DISPUTE_TEXT_MAX + 1) }, { description: 'disputes:errors.descriptionTooLong' }],
    ]
    for (const [fields, errors] of cases) {
      const res = await post(buyer, order.id, openForm(fields))
      expect(res.status).toBe(400)
      expect(res.data).toEqual({ fieldErrors: errors })
    }
    expect((await post(buyer, order.id, form({ intent: 'delete' }))).status).toBe(400)
    expect(await fingerprint()).toBe(before)
    // Exactly 5,000 characters (an emoji counts as one) is accepted.
    expect((await post(buyer, order.id, openForm({ description: '🙂'.repeat(DISPUTE_TEXT_MAX) }))).status).toBe(302)
  })

  it('one open dispute per order: a second opening is 409, and two at once make one row', async () => {
    const { buyer, seller, order } = await trade()
    expect((await post(buyer, order.id, openForm())).status).toBe(302)
    const before = await fingerprint()
    const again = await post(seller, order.id, openForm({}, [makeFile(pdfBytes(), 'b.pdf')]))
    expect(again.status).toBe(409)
    expect(again.data).toEqual({ fieldErrors: { form: 'disputes:errors.alreadyOpen' } })
    expect(await fingerprint()).toBe(before)

    const other = await trade()
    const results = await Promise.all([post(other.buyer, other.order.id, openForm({}, [makeFile(pdfBytes(), 'c.pdf')])), post(other.seller, other.order.id, openForm({}, [makeFile(pdfBytes(), 'd.pdf')]))])
    expect(results.map((r) => r.status).sort()).toEqual([302, 409])
    expect(await getDb().select().from(disputes).where(eq(disputes.orderId, other.order.id))).toHaveLength(1)
    // The loser's file was removed again: one evidence row, one stored file for that dispute.
    const [d] = await getDb().select().from(disputes).where(eq(disputes.orderId, other.order.id))
    expect(await getDb().select().from(disputeEvidence).where(eq(disputeEvidence.disputeId, d!.id))).toHaveLength(1)
    expect(temp.listFiles().filter((f) => f.startsWith('disputes/') && !f.includes('/.'))).toHaveLength(1)
  })

  it('while a dispute is open the order status cannot change (409, clear message, nothing written)', async () => {
    const { buyer, seller, order } = await trade('Shipped')
    await createDispute(order.id, { openedById: buyer.profileId })
    const before = await fingerprint()
    const res = await callRoute(orderAction, `/orders/${order.id}`, { cookie: seller.cookie, body: form({ intent: 'status', status: 'Delivered' }), params: { id: order.id } })
    expect(res.status).toBe(409)
    expect(res.data).toEqual({ formError: 'disputes:errors.orderDisputed' })
    const [row] = await getDb().select({ status: orders.status }).from(orders).where(eq(orders.id, order.id))
    expect(row!.status).toBe('Shipped')
    expect(await fingerprint()).toBe(before)
  })
})

describe('answering in a dispute', () => {
  it('the seller answers with a PNG: the thread grows, the buyer is told, both download the file as an attachment', async () => {
    const { buyer, seller, order } = await trade()
    await post(buyer, order.id, openForm({}, [makeFile(pdfBytes(), 'report.pdf')]))
    const [d] = await getDb().select().from(disputes).where(eq(disputes.orderId, order.id))
    await getDb().update(disputes).set({ lastActivityAt: new Date(Date.now() - 5 * 86_400_000) }).where(eq(disputes.id, d!.id))
    const res = await post(seller, order.id, answerForm('The crates left our warehouse intact: see the loading photo.', [makeFile(pngBytes(), 'loading.png', 'image/png')]))
    expect(res.status).toBe(302)
    expect((await toastOf(res.response))?.key).toBe('disputes:toast.answered')
    const msgs = await getDb().select().from(disputeMessages).where(eq(disputeMessages.disputeId, d!.id))
    expect(msgs).toHaveLength(1)
    expect(msgs[0]).toMatchObject({ authorKind: 'seller', authorProfileId: seller.profileId, authorAdminId: null })
    const [after] = await getDb().select({ last: disputes.lastActivityAt }).from(disputes).where(eq(disputes.id, d!.id))
    expect(Date.now() - after!.last.getTime()).toBeLessThan(60_000)
    expect((await noticesOf(buyer.profileId)).map((n) => n.kind)).toEqual(['dispute_message'])

    const page = (await view(buyer, order.id)).data as PageData
    expect(page.page.dispute!.messages).toMatchObject([{ authorKind: 'seller', body: 'The crates left our warehouse intact: see the loading photo.' }])
    const url = page.page.dispute!.messages[0]!.evidence[0]!.url
    const evidenceId = url.split('/').pop()!
    for (const who of [buyer, seller]) {
      const file = await callRoute(evidenceLoader, url, { cookie: who.cookie, params: { id: order.id, evidenceId } })
      expect(file.status).toBe(200)
      expect(file.response!.headers.get('Content-Type')).toBe('image/png')
      expect(file.response!.headers.get('Content-Disposition')).toMatch(/^attachment; filename="loading.png"/)
      expect(file.response!.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(new Uint8Array(await file.response!.arrayBuffer())).toEqual(pngBytes())
    }
    // The evidence id under another order (of the same buyer) is not found.
    const mine = await createOrder(buyer.profileId, seller.profileId, 'Delivered')
    expect((await callRoute(evidenceLoader, url, { cookie: buyer.cookie, params: { id: mine.id, evidenceId } })).status).toBe(404)
  })

  it('refuses an empty answer (400), an answer without a dispute (404) and after the decision (409), nothing written', async () => {
    const { buyer, seller, order } = await trade()
    const before = await fingerprint()
    const none = await post(buyer, order.id, answerForm('Hello?'))
    expect(none.status).toBe(404)
    expect(none.data).toEqual({ fieldErrors: { form: 'disputes:errors.noDispute' } })
    const d = await createDispute(order.id, { openedById: buyer.profileId })
    const empty = await post(seller, order.id, answerForm('  \n '))
    expect(empty.status).toBe(400)
    expect(empty.data).toEqual({ fieldErrors: { body: 'disputes:errors.bodyRequired' } })
    await getDb().update(disputes).set({ status: 'resolved', decision: 'reject', resolution: 'No evidence of damage.', decidedAt: new Date() }).where(eq(disputes.id, d.id))
    const mid = await fingerprint()
    const late = await post(seller, order.id, answerForm('One more thing', [makeFile(pdfBytes(), 'late.pdf')]))
    expect(late.status).toBe(409)
    expect(late.data).toEqual({ fieldErrors: { form: 'disputes:errors.closed' } })
    expect(await fingerprint()).toBe(mid)
    expect(JSON.parse(before).m).toBe(JSON.parse(mid).m)
    // The decision is final: no second dispute on the order.
    const reopen = await post(buyer, order.id, openForm())
    expect(reopen.status).toBe(409)
    expect(reopen.data).toEqual({ fieldErrors: { form: 'disputes:errors.alreadyResolved' } })
    expect(await getDb().select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'Cancelled')))).toHaveLength(0)
  })
  const [answersPerHour] = ACTION_LIMITS.disputeAnswer.windows
  it(`a party may post ${answersPerHour.max} answers an hour: the next is refused with 429 and a clear message, nothing stored; the other party still may answer`, async () => {
    const { buyer, seller, order } = await trade()
    await createDispute(order.id, { openedById: buyer.profileId })
    // The hour's earlier answers, counted as the command counts them (posting 30 through the route would only be slower).
    await countInWindow(limitKey('disputeAnswer', answersPerHour.windowMs, seller.profileId), answersPerHour.windowMs, answersPerHour.max - 1)
    const last = await post(seller, order.id, answerForm('The last answer this hour'))
    expect(last.status).toBe(302)
    const before = await fingerprint()
    const over = await post(seller, order.id, answerForm('One answer too many', [makeFile(pdfBytes(), 'extra.pdf')]))
    expect(over.status).toBe(429)
    expect(over.data).toEqual({ fieldErrors: { form: 'disputes:errors.rateLimited' } })
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(Number(over.headers.get('Retry-After'))).toBeLessThanOrEqual(3600)
    expect(await fingerprint()).toBe(before)
    const other = await post(buyer, order.id, answerForm('I can still answer'))
    expect(other.status).toBe(302)
  })
})
