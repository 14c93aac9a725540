// Issue 29 items 2 and 3 on a real database: an order's events make its milestones due; the buyer sends a
// proof, the seller confirms or says it has not arrived (each on the order's timeline, the other party
// told); the wrong party gets 403, a stranger 404, a move out of turn 409, bad input 400, and none of them
// writes anything; two confirmations at once make one; Shipped waits for the advance; reminders go once.
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { milestoneEvents, milestoneReminders, notifications, orderEvents, orderMilestones, orders } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { BANK_REFERENCE_MAX, MILESTONE_REMINDER_DAYS_BEFORE, shiftDay, utcDay, type PaymentTerms } from '~/domain'
import { issueDocument } from '~/modules/documents/commands.server'
import { changeOrderStatus } from '~/modules/orders/commands.server'
import { confirmMilestoneReceipt } from '~/modules/payments/commands.server'
import { runMilestoneReminders } from '~/modules/payments/jobs.server'
import { getOrderPayments } from '~/modules/payments/queries.server'
import { loader as proofLoader } from '~/routes/trade/milestone-proof'
import { action as orderAction, loader as orderLoader } from '~/routes/trade/order'
import { action as milestoneAction } from '~/routes/trade/order-milestone'
import { htmlBytes, makeFile, pdfBytes, useTempStorage } from '../factories/files'
import { ADVANCE_AND_BALANCE, createOrderWithMilestones } from '../factories/milestones'
import { createSignedInUser } from '../factories/users'
import { localeMessage } from '../support/locales'
import { callRoute, form, toastOf } from './account-support'

let temp: ReturnType<typeof useTempStorage>
beforeEach(() => {
  temp = useTempStorage()
})
afterEach(() => temp.cleanup())
/** The stored files (their hidden sidecars left out). */
const storedFiles = () => temp.listFiles().filter((p) => !/(^|\/)\./.test(p))

const newBuyer = () => createSignedInUser({ userType: 'Buyer', country: 'India', companyName: `Buyer Co ${randomUUID().slice(0, 4)}` })
const newSeller = () => createSignedInUser({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved', companyName: `Seller Co ${randomUUID().slice(0, 4)}` })
type Person = Awaited<ReturnType<typeof newBuyer>>

const today = () => utcDay(new Date())

/** A buyer and a seller with an order whose advance (milestone 1) is due today and balance (2) upcoming. */
async function trade(opts: Parameters<typeof createOrderWithMilestones>[2] = { status: 'Accepted', happened: { order_accepted: today() } }) {
  const buyer = await newBuyer()
  const seller = await newSeller()
  const order = await createOrderWithMilestones(buyer.profileId, seller.profileId, opts)
  return { buyer, seller, order }
}

const milestonePath = (orderId: string, milestoneId: string) => `/orders/${orderId}/milestones/${milestoneId}`
const post = (who: Person, orderId: string, milestoneId: string, body: FormData) =>
  callRoute(milestoneAction, milestonePath(orderId, milestoneId), { cookie: who.cookie, body, params: { id: orderId, milestoneId } })
const proofForm = (bankReference = 'UTR0042', file: File = makeFile(pdfBytes(), 'swift-confirmation.pdf')) => form({ intent: 'proof', bankReference, proof: file })

const milestone = async (id: string) => (await getDb().select().from(orderMilestones).where(eq(orderMilestones.id, id)))[0]!

/** Everything a milestone move writes: its row, the timeline, the notices, the order's events and the stored files. */
async function fingerprint(milestoneId: string) {
  const r = await getDb().execute(
    sql`select (select count(*) from milestone_events) me, (select count(*) from notifications) n, (select count(*) from order_events) oe, (select count(*) from orders where status = 'Shipped') shipped`,
  )
  return JSON.stringify({ counts: r.rows[0], row: await milestone(milestoneId), files: storedFiles().length })
}

const noticesTo = (recipientId: string, kind: string) =>
  getDb()
    .select({ params: notifications.params, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), eq(notifications.kind, kind as typeof notifications.$inferSelect.kind)))

describe('milestones fall due on the order’s events', () => {
  it('makes the advance due when the seller accepts, a proforma milestone when the proforma is issued, the balance when it ships', async () => {
    const terms: PaymentTerms = {
      ...ADVANCE_AND_BALANCE,
      milestones: [
        { share: '20', event: 'order_accepted', offsetDays: 0 },
        { share: '30', event: 'proforma_issued', offsetDays: 10 },
        { share: '50', event: 'shipped', offsetDays: 14 },
      ],
    }
    const { buyer, seller, order } = await trade({ status: 'Pending', terms })
    expect((await milestone(order.milestoneIds[0]!)).status).toBe('upcoming')

    expect(await changeOrderStatus(seller.profileId, order.id, 'Accepted', null)).toMatchObject({ ok: true })
    expect(await milestone(order.milestoneIds[0]!)).toMatchObject({ status: 'due', dueOn: today() })
    expect(await milestone(order.milestoneIds[1]!)).toMatchObject({ status: 'upcoming', dueOn: null })

    await issueDocument(order.id, 'proforma')
    expect(await milestone(order.milestoneIds[1]!)).toMatchObject({ status: 'due', dueOn: shiftDay(today(), 10) })
    expect(await milestone(order.milestoneIds[2]!)).toMatchObject({ status: 'upcoming', dueOn: null })

    // The seller may not ship before the advance and the proforma milestone are confirmed.
    for (const id of order.milestoneIds.slice(0, 2)) expect(await confirmMilestoneReceipt(seller.profileId, order.id, id)).toEqual({ ok: true, status: 'confirmed' })
    expect(await changeOrderStatus(seller.profileId, order.id, 'Shipped', null)).toMatchObject({ ok: true })
    expect(await milestone(order.milestoneIds[2]!)).toMatchObject({ status: 'due', dueOn: shiftDay(today(), 14) })
    const payments = await getOrderPayments(buyer.profileId, order.id)
    expect(payments!.milestones.map((m) => [m.position, m.amount, m.status])).toEqual([
      [1, '1000.00', 'confirmed'],
      [2, '1500.00', 'confirmed'],
      [3, '2500.00', 'due'],
    ])
    expect(payments!.paid).toBe(false)
  })
})

describe('the ship gate', () => {
  it('refuses Shipped with 409 naming the unconfirmed advance, writing nothing, and lets it through once confirmed', async () => {
    const { seller, order } = await trade()
    const before = await fingerprint(order.milestoneIds[0]!)
    const page = await callRoute(orderAction, `/orders/${order.id}`, { cookie: seller.cookie, body: form({ intent: 'status', status: 'Shipped' }), params: { id: order.id } })
    expect(page.status).toBe(409)
    expect(page.data).toEqual({ formError: 'payments:milestones.errors.shipBlocked', formErrorValues: { count: 1, milestones: '1' } })
    expect(localeMessage('en', 'payments:milestones.errors.shipBlocked_one')).toContain('payment milestone {{milestones}} is due before shipment')
    expect(await fingerprint(order.milestoneIds[0]!)).toBe(before)
    const [row] = await getDb().select({ status: orders.status }).from(orders).where(eq(orders.id, order.id))
    expect(row!.status).toBe('Accepted')

    await confirmMilestoneReceipt(seller.profileId, order.id, order.milestoneIds[0]!)
    expect(await changeOrderStatus(seller.profileId, order.id, 'Shipped', null)).toMatchObject({ ok: true, status: 'Shipped' })
  })

  it('lets the seller ship first when the terms say so', async () => {
    const { seller, order } = await trade({ status: 'Accepted', terms: { ...ADVANCE_AND_BALANCE, shipBeforePaid: true }, happened: { order_accepted: today() } })
    expect(await changeOrderStatus(seller.profileId, order.id, 'Shipped', null)).toMatchObject({ ok: true })
  })
})

describe('the buyer’s proof of payment', () => {
  it('takes the file and the bank reference: proof submitted, on the timeline, the seller told; both parties download it', async () => {
    const { buyer, seller, order } = await trade()
    const [advance] = order.milestoneIds
    const sent = await post(buyer, order.id, advance!, proofForm())
    expect(sent.status).toBe(302)
    expect(sent.location).toBe(`/orders/${order.id}`)
    expect(await toastOf(sent.response)).toMatchObject({ key: 'payments:milestones.toast.proofSubmitted' })
    expect(await milestone(advance!)).toMatchObject({ status: 'proof_submitted', bankReference: 'UTR0042', proofFileName: 'swift-confirmation.pdf', proofContentType: 'application/pdf', proofSubmittedBy: buyer.profileId })
    expect(storedFiles()).toHaveLength(1)
    const events = await getDb().select().from(milestoneEvents).where(eq(milestoneEvents.milestoneId, advance!))
    expect(events).toMatchObject([{ action: 'submit_proof', status: 'proof_submitted', actorId: buyer.profileId, bankReference: 'UTR0042', fileName: 'swift-confirmation.pdf' }])
    expect(await noticesTo(seller.profileId, 'milestone_proof_submitted')).toEqual([
      { params: { order: order.id.slice(0, 8), milestone: '1', amount: '1500.00', currency: 'USD', due: today() }, link: `/orders/${order.id}` },
    ])

    // The order page shows it to both: the milestone's status, the proof, and the timeline entry.
    const page = await callRoute(orderLoader, `/orders/${order.id}`, { cookie: seller.cookie, params: { id: order.id } })
    const data = page.data as { payments: Awaited<ReturnType<typeof getOrderPayments>> }
    expect(data.payments!.milestones[0]).toMatchObject({ status: 'proof_submitted', proof: { fileName: 'swift-confirmation.pdf' }, actions: ['confirm_receipt', 'report_not_arrived'] })
    expect(data.payments!.events).toMatchObject([{ position: 1, action: 'submit_proof', actorRole: 'buyer' }])
    expect(JSON.stringify(data)).not.toContain('payments/')

    for (const who of [buyer, seller]) {
      const file = await callRoute(proofLoader, `${milestonePath(order.id, advance!)}/proof`, { cookie: who.cookie, params: { id: order.id, milestoneId: advance! } })
      expect(file.status).toBe(200)
      expect(file.response!.headers.get('Content-Disposition')).toContain('attachment')
      expect(new TextDecoder().decode(await file.response!.arrayBuffer())).toContain('%PDF-')
    }
    const stranger = await newBuyer()
    const refused = await callRoute(proofLoader, `${milestonePath(order.id, advance!)}/proof`, { cookie: stranger.cookie, params: { id: order.id, milestoneId: advance! } })
    expect(refused.status).toBe(404)
  })

  it('refuses the wrong party (403), a stranger (404), out of turn (409), a wrong file or a long reference (400), writing nothing', async () => {
    const { buyer, seller, order } = await trade()
    const [advance, balance] = order.milestoneIds
    const stranger = await newBuyer()
    const before = await fingerprint(advance!)
    const cases: [Person, string, FormData, number, unknown][] = [
      [seller, advance!, proofForm(), 403, { formError: 'payments:milestones.errors.wrongParty' }],
      [buyer, balance!, proofForm(), 409, { formError: 'payments:milestones.errors.outOfTurn' }],
      [buyer, advance!, proofForm('UTR', makeFile(htmlBytes(), 'receipt.pdf')), 400, { fieldErrors: { proof: 'payments:errors.proofType' } }],
      [buyer, advance!, proofForm('x'.repeat(BANK_REFERENCE_MAX + 1)), 400, { fieldErrors: { bankReference: 'payments:milestones.errors.bankReferenceTooLong' } }],
      [buyer, advance!, proofForm('   '), 400, { fieldErrors: { bankReference: 'payments:milestones.errors.bankReferenceRequired' } }],
      [buyer, advance!, form({ intent: 'proof', bankReference: 'UTR' }), 400, { fieldErrors: { proof: 'payments:errors.proofRequired' } }],
      [buyer, advance!, form({ intent: 'confirm' }), 403, { formError: 'payments:milestones.errors.wrongParty' }],
      [buyer, advance!, form({ intent: 'wire-the-money' }), 400, { formError: 'payments:milestones.errors.badRequest' }],
    ]
    for (const [who, id, body, status, data] of cases) {
      const answer = await post(who, order.id, id, body)
      expect([answer.status, answer.data]).toEqual([status, data])
    }
    // Someone else's order, a milestone of another order, a malformed id: 404 before the form is read.
    for (const [who, orderId, id] of [
      [stranger, order.id, advance!],
      [buyer, randomUUID(), advance!],
      [buyer, order.id, 'not-a-uuid'],
    ] as const) {
      expect((await post(who, orderId, id, proofForm())).status).toBe(404)
    }
    expect(await fingerprint(advance!)).toBe(before)
    expect(localeMessage('ru', 'payments:milestones.errors.bankReferenceTooLong')).toContain('{{max}}')
  })
})

describe('the seller’s answer', () => {
  it('"not arrived" needs a note, sends the milestone back to due and tells the buyer; the next proof replaces the file', async () => {
    const { buyer, seller, order } = await trade()
    const [advance] = order.milestoneIds
    await post(buyer, order.id, advance!, proofForm())
    const [first] = storedFiles()
    const noNote = await post(seller, order.id, advance!, form({ intent: 'not_arrived', note: ' ' }))
    expect([noNote.status, noNote.data]).toEqual([400, { fieldErrors: { note: 'payments:milestones.errors.noteRequired' } }])
    const answered = await post(seller, order.id, advance!, form({ intent: 'not_arrived', note: 'Nothing on our account at Sberbank yet.' }))
    expect(answered.status).toBe(302)
    expect(await milestone(advance!)).toMatchObject({ status: 'due', sellerNote: 'Nothing on our account at Sberbank yet.', proofFileName: 'swift-confirmation.pdf' })
    expect(await noticesTo(buyer.profileId, 'milestone_not_arrived')).toHaveLength(1)
    // Out of turn now: nothing to answer until the next proof.
    expect((await post(seller, order.id, advance!, form({ intent: 'not_arrived', note: 'Again' }))).status).toBe(409)

    await post(buyer, order.id, advance!, proofForm('UTR0043', makeFile(pdfBytes(), 'second.pdf')))
    expect(await milestone(advance!)).toMatchObject({ status: 'proof_submitted', bankReference: 'UTR0043', proofFileName: 'second.pdf' })
    expect(storedFiles()).toHaveLength(1)
    expect(storedFiles()).not.toContain(first)
    const timeline = await getDb().select({ action: milestoneEvents.action, status: milestoneEvents.status }).from(milestoneEvents).where(eq(milestoneEvents.orderId, order.id)).orderBy(milestoneEvents.createdAt)
    expect(timeline).toEqual([
      { action: 'submit_proof', status: 'proof_submitted' },
      { action: 'report_not_arrived', status: 'due' },
      { action: 'submit_proof', status: 'proof_submitted' },
    ])
  })

  it('two confirmations at once make one: the other gets 409 and writes nothing', async () => {
    const { buyer, seller, order } = await trade()
    const [advance] = order.milestoneIds
    const results = await Promise.all([confirmMilestoneReceipt(seller.profileId, order.id, advance!), confirmMilestoneReceipt(seller.profileId, order.id, advance!)])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, status: 409, error: 'payments:milestones.errors.alreadyConfirmed' }])
    expect(await milestone(advance!)).toMatchObject({ status: 'confirmed', confirmedBy: seller.profileId })
    expect(await getDb().select().from(milestoneEvents).where(eq(milestoneEvents.milestoneId, advance!))).toHaveLength(1)
    expect(await noticesTo(buyer.profileId, 'milestone_confirmed')).toHaveLength(1)
    // Through the route as well: a confirmed milestone is final.
    const again = await post(seller, order.id, advance!, form({ intent: 'confirm' }))
    expect([again.status, again.data]).toEqual([409, { formError: 'payments:milestones.errors.alreadyConfirmed' }])
  })

  it('reads "Paid" once every milestone is confirmed', async () => {
    const { buyer, seller, order } = await trade({ status: 'Delivered', happened: { order_accepted: today(), shipped: today() } })
    for (const id of order.milestoneIds) expect((await post(seller, order.id, id, form({ intent: 'confirm' }))).status).toBe(302)
    const page = await callRoute(orderLoader, `/orders/${order.id}`, { cookie: buyer.cookie, params: { id: order.id } })
    expect((page.data as { payments: { paid: boolean } }).payments.paid).toBe(true)
    expect(localeMessage('en', 'payments:milestones.paid')).toBe('Paid')
  })
})

describe('reminders', () => {
  it('tells the buyer before a milestone falls due, once, even when two runs cross', async () => {
    const { buyer, order } = await trade()
    const [advance] = order.milestoneIds
    await getDb().update(orderMilestones).set({ dueOn: shiftDay(today(), MILESTONE_REMINDER_DAYS_BEFORE) }).where(eq(orderMilestones.id, advance!))
    await Promise.all([runMilestoneReminders(), runMilestoneReminders()])
    await runMilestoneReminders()
    expect(await noticesTo(buyer.profileId, 'milestone_due_soon')).toHaveLength(1)
    expect(await getDb().select().from(milestoneReminders).where(eq(milestoneReminders.milestoneId, advance!))).toMatchObject([{ stage: 'due_soon' }])
  })

  it('marks a milestone past its due date overdue (on the timeline) and tells both parties once', async () => {
    const { buyer, seller, order } = await trade()
    const [advance] = order.milestoneIds
    await getDb().update(orderMilestones).set({ dueOn: shiftDay(today(), -1) }).where(eq(orderMilestones.id, advance!))
    const first = await runMilestoneReminders()
    expect(first.overdue).toBeGreaterThanOrEqual(1)
    await runMilestoneReminders()
    expect(await milestone(advance!)).toMatchObject({ status: 'overdue' })
    expect(await getDb().select({ action: milestoneEvents.action, actorId: milestoneEvents.actorId }).from(milestoneEvents).where(eq(milestoneEvents.milestoneId, advance!))).toEqual([
      { action: 'due_date_passed', actorId: null },
    ])
    expect(await noticesTo(buyer.profileId, 'milestone_overdue')).toHaveLength(1)
    expect(await noticesTo(seller.profileId, 'milestone_overdue')).toHaveLength(1)
    // The buyer may still pay an overdue milestone; "not arrived" then sends it back to overdue.
    await post(buyer, order.id, advance!, proofForm())
    await post(seller, order.id, advance!, form({ intent: 'not_arrived', note: 'Not yet.' }))
    expect(await milestone(advance!)).toMatchObject({ status: 'overdue' })
    await runMilestoneReminders()
    expect(await noticesTo(buyer.profileId, 'milestone_overdue')).toHaveLength(1)
  })

  it('leaves a cancelled order’s milestones alone', async () => {
    const { buyer, order } = await trade()
    await getDb().update(orderMilestones).set({ dueOn: shiftDay(today(), -1) }).where(eq(orderMilestones.id, order.milestoneIds[0]!))
    await getDb().update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, order.id))
    await runMilestoneReminders()
    expect(await milestone(order.milestoneIds[0]!)).toMatchObject({ status: 'due' })
    expect(await noticesTo(buyer.profileId, 'milestone_overdue')).toHaveLength(0)
    expect(await getDb().select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toHaveLength(1)
    // Nor does anyone move them: no buttons, and a proof is refused (409) without storing the file.
    expect((await getOrderPayments(buyer.profileId, order.id))!.milestones.map((m) => m.actions)).toEqual([[], []])
    const refused = await post(buyer, order.id, order.milestoneIds[0]!, proofForm())
    expect([refused.status, refused.data]).toEqual([409, { formError: 'payments:milestones.errors.orderClosed' }])
    expect(storedFiles()).toHaveLength(0)
  })
})
