// Issue 8 item 10: every trade event writes its notice for the other party, in the event's own
// transaction, and never one for whoever acted.
import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications, profiles } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { changeOrderStatus, placeProductOrder } from '~/modules/orders/commands.server'
import { actOnQuote } from '~/modules/rfqs/negotiation.server'
import { submitQuote, withdrawQuote } from '~/modules/rfqs/quotes.server'
import { CounterOfferSchema } from '~/modules/rfqs/schemas/negotiation'
import { SubmitQuoteSchema } from '~/modules/rfqs/schemas/quote'
import { createProduct } from '../factories/catalog'
import { createOrder } from '../factories/orders'
import { createQuote } from '../factories/quotes'
import { createRfq } from '../factories/trade'
import { createUser } from '../factories/users'
import { termsForm } from '../support/payment-terms'
import { DEFAULT_PAYMENT_TERMS } from '~/modules/payments/schemas'

const buyer = async () => (await createUser({ profile: { userType: 'Buyer', country: 'India', companyName: `Buyer ${randomUUID().slice(0, 4)}` } })).profileId!
const seller = async () => (await createUser({ profile: { userType: 'Seller', country: 'Russia', kycStatus: 'Approved', companyName: `Seller ${randomUUID().slice(0, 4)}` } })).profileId!
const actor = (id: string) => ({ id, country: 'Russia' as const, kycStatus: 'Approved' as const, accountStatus: 'active' as const })

/** Every notice about anything these profiles did or received, oldest first. */
async function noticesOf(...profileIds: string[]) {
  return getDb()
    .select({ recipientId: notifications.recipientId, actorId: notifications.actorId, kind: notifications.kind, params: notifications.params, link: notifications.link, emailStatus: notifications.emailStatus, readAt: notifications.readAt })
    .from(notifications)
    .where(inArray(notifications.recipientId, profileIds))
    .orderBy(notifications.createdAt)
}

const counter = (unitPrice: string, quantity = '7') =>
  CounterOfferSchema.parse({ unitPrice, quantity, incoterm: 'CIF', incotermPlace: 'Nhava Sheva', leadTimeDays: '30', ...termsForm(), validityDays: '10', message: '' })

describe('notices for the quote flow', () => {
  it('a new quote tells the buyer (quote_received, pending email, unread) and not the seller', async () => {
    const [b, s] = [await buyer(), await seller()]
    const rfq = await createRfq(b, { title: 'Basmati rice 1121, 40 t', locationPreference: 'Both' })
    const input = SubmitQuoteSchema.parse({ rfqId: rfq.id, unitPrice: '1250.50', currency: 'USD', minOrderQuantity: '1', incoterm: 'FOB', incotermPlace: 'Mundra', leadTimeDays: '20', ...termsForm(), validityDays: '15', message: '' })
    const res = await submitQuote(actor(s), input)
    expect(res.ok).toBe(true)
    const quoteId = (res as { id: string }).id
    expect(await noticesOf(b, s)).toEqual([
      {
        recipientId: b,
        actorId: s,
        kind: 'quote_received',
        // The RFQ's quantity and unit, so the notice says what the price is per (issue 28).
        params: { title: 'Basmati rice 1121, 40 t', amount: '1250.50', currency: 'USD', quantity: '10', unit: 'tonnes' },
        link: `/rfqs/${rfq.id}/quotes/${quoteId}`,
        emailStatus: 'pending',
        readAt: null,
      },
    ])
  })

  it('a refused quote writes no notice', async () => {
    const b = await buyer()
    const rfq = await createRfq(b, { status: 'closed', closedAt: new Date() })
    const input = SubmitQuoteSchema.parse({ rfqId: rfq.id, unitPrice: '10', currency: 'USD', minOrderQuantity: '1', incoterm: 'FOB', incotermPlace: 'Mundra', leadTimeDays: '20', ...termsForm(), validityDays: '15', message: '' })
    const s = await seller()
    expect((await submitQuote(actor(s), input)).ok).toBe(false)
    expect(await noticesOf(b, s)).toEqual([])
  })

  it('withdrawing (from the board or the negotiation) tells the buyer', async () => {
    const [b, s] = [await buyer(), await seller()]
    const rfq = await createRfq(b)
    const q1 = await createQuote(rfq.id, s)
    expect(await withdrawQuote(s, q1.id)).toEqual({ ok: true })
    const rfq2 = await createRfq(b)
    const q2 = await createQuote(rfq2.id, s)
    expect((await actOnQuote(s, rfq2.id, q2.id, 'withdraw')).ok).toBe(true)
    const got = await noticesOf(b, s)
    expect(got.map((n) => [n.recipientId, n.actorId, n.kind, n.link])).toEqual([
      [b, s, 'quote_withdrawn', `/rfqs/${rfq.id}/quotes/${q1.id}`],
      [b, s, 'quote_withdrawn', `/rfqs/${rfq2.id}/quotes/${q2.id}`],
    ])
    expect(got[0]!.params).toEqual({ title: rfq.title })
  })

  it('a counter-offer tells the other party, each way', async () => {
    const [b, s] = [await buyer(), await seller()]
    const rfq = await createRfq(b)
    const q = await createQuote(rfq.id, s, { currency: 'INR' })
    expect((await actOnQuote(b, rfq.id, q.id, 'counter', counter('999.00', '12'))).ok).toBe(true)
    expect((await actOnQuote(s, rfq.id, q.id, 'counter', counter('1100.00'))).ok).toBe(true)
    const got = await noticesOf(b, s)
    expect(got.map((n) => [n.recipientId, n.actorId, n.kind])).toEqual([
      [s, b, 'quote_countered'],
      [b, s, 'quote_countered'],
    ])
    expect(got[0]!.params).toEqual({ title: rfq.title, amount: '999.00', currency: 'INR', quantity: '12', unit: 'tonnes' })
    expect(got[0]!.link).toBe(`/rfqs/${rfq.id}/quotes/${q.id}`)
  })

  it('declining tells the seller', async () => {
    const [b, s] = [await buyer(), await seller()]
    const rfq = await createRfq(b)
    const q = await createQuote(rfq.id, s)
    expect((await actOnQuote(b, rfq.id, q.id, 'decline')).ok).toBe(true)
    expect((await noticesOf(b, s)).map((n) => [n.recipientId, n.actorId, n.kind])).toEqual([[s, b, 'quote_declined']])
  })

  it('accepting tells the seller (accepted + order placed) and every seller not selected; the buyer gets none', async () => {
    const [b, s, other1, other2] = [await buyer(), await seller(), await seller(), await seller()]
    const rfq = await createRfq(b, { quantity: 4 })
    const q = await createQuote(rfq.id, s, { unitPrice: '1250.00', currency: 'USD' })
    const o1 = await createQuote(rfq.id, other1)
    const o2 = await createQuote(rfq.id, other2, { status: 'Countered' })
    const res = await actOnQuote(b, rfq.id, q.id, 'accept')
    expect(res.ok).toBe(true)
    const orderId = (res as { orderId: string }).orderId
    const got = await noticesOf(b, s, other1, other2)
    expect(got.filter((n) => n.recipientId === b)).toEqual([])
    expect(got.every((n) => n.actorId === b)).toBe(true)
    const mine = got.filter((n) => n.recipientId === s)
    expect(mine.map((n) => [n.kind, n.link, n.params])).toEqual([
      ['quote_accepted', `/rfqs/${rfq.id}/quotes/${q.id}`, { title: rfq.title, order: orderId.slice(0, 8) }],
      ['order_placed', `/orders/${orderId}`, { title: rfq.title, order: orderId.slice(0, 8), amount: '5000.00', currency: 'USD', quantity: '4', unit: 'tonnes' }],
    ])
    const notSelected = got.filter((n) => n.kind === 'quote_not_selected').map((n) => [n.recipientId, n.link])
    expect(notSelected).toEqual(expect.arrayContaining([[other1, `/rfqs/${rfq.id}/quotes/${o1.id}`], [other2, `/rfqs/${rfq.id}/quotes/${o2.id}`]]))
    expect(notSelected).toHaveLength(2)
  })

  it('when the seller accepts the buyer’s counter, the buyer is told and the seller gets no notice of their own act', async () => {
    const [b, s] = [await buyer(), await seller()]
    const rfq = await createRfq(b)
    const q = await createQuote(rfq.id, s, { status: 'Countered' })
    const res = await actOnQuote(s, rfq.id, q.id, 'accept')
    expect(res.ok).toBe(true)
    expect((await noticesOf(b, s)).map((n) => [n.recipientId, n.actorId, n.kind])).toEqual([[b, s, 'quote_accepted']])
  })

  it('a refused move (out of turn) writes no notice', async () => {
    const [b, s] = [await buyer(), await seller()]
    const rfq = await createRfq(b)
    const q = await createQuote(rfq.id, s)
    expect((await actOnQuote(s, rfq.id, q.id, 'counter', counter('1.00'))).ok).toBe(false)
    expect(await noticesOf(b, s)).toEqual([])
  })
})

describe('notices for orders', () => {
  it('a product order tells the seller', async () => {
    const b = await buyer()
    const p = await createProduct({ price: '100.00', stockQuantity: 50, minimumOrderQuantity: 5, shippingOptions: [] })
    const res = await placeProductOrder(b, { productId: p.id, quantity: 6, shipping: null, submissionKey: randomUUID(), terms: DEFAULT_PAYMENT_TERMS })
    expect(res.ok).toBe(true)
    const orderId = (res as { orderId: string }).orderId
    expect((await noticesOf(b, p.sellerId)).map((n) => [n.recipientId, n.actorId, n.kind, n.link, n.params])).toEqual([
      [p.sellerId, b, 'order_placed', `/orders/${orderId}`, { order: orderId.slice(0, 8), amount: '600.00', currency: 'USD', quantity: '6', unit: 'pieces' }],
    ])
  })

  it('a status change tells the other party with the status and the short order id', async () => {
    const [b, s] = [await buyer(), await seller()]
    const order = await createOrder(b, s)
    expect((await changeOrderStatus(s, order.id, 'Accepted', null)).ok).toBe(true)
    const order2 = await createOrder(b, s)
    expect((await changeOrderStatus(b, order2.id, 'Cancelled', 'Changed plans')).ok).toBe(true)
    // Refused: the seller may not skip to Delivered.
    expect((await changeOrderStatus(s, order.id, 'Delivered', null)).ok).toBe(false)
    expect((await noticesOf(b, s)).map((n) => [n.recipientId, n.actorId, n.kind, n.link, n.params])).toEqual([
      [b, s, 'order_status_changed', `/orders/${order.id}`, { order: order.id.slice(0, 8), status: 'Accepted' }],
      [s, b, 'order_status_changed', `/orders/${order2.id}`, { order: order2.id.slice(0, 8), status: 'Cancelled' }],
    ])
  })

  it('a notice is never addressed to its own actor, whatever the caller passes', async () => {
    const { notify } = await import('~/modules/notifications/notify.server')
    const s = await seller()
    await getDb().transaction((tx) => notify(tx, { recipientId: s, actorId: s, kind: 'order_placed', link: '/orders' }))
    const [row] = await getDb().select({ n: profiles.id }).from(notifications).innerJoin(profiles, eq(profiles.id, notifications.recipientId)).where(and(eq(notifications.recipientId, s)))
    expect(row).toBeUndefined()
  })
})
