// Migration 0028 (issue 29): structured payment terms on orders and an order's milestone rows, as the
// database keeps them. The rows milestoneRows makes fit the table and add up to the order total in SQL;
// every rule a single row can break is refused by the database too; an old order keeps its free text.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orderMilestones, orders, profiles } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import type { PaymentTerms } from '~/domain'
import { milestoneRows } from '~/modules/payments/schedule'
import { paymentTermsView, readPaymentTerms } from '~/modules/payments/schemas'
import { createOrder } from '../factories/orders'

async function parties() {
  const [seller, buyer] = await getDb()
    .insert(profiles)
    .values([
      { name: 'Seller', email: `seller-${randomUUID()}@example.com`, country: 'Russia', userType: 'Seller' },
      { name: 'Buyer', email: `buyer-${randomUUID()}@example.com`, country: 'India', userType: 'Buyer' },
    ])
    .returning({ id: profiles.id })
  return { sellerId: seller!.id, buyerId: buyer!.id }
}

const THIRDS: PaymentTerms = {
  method: 'bank_transfer',
  methodDays: null,
  shipBeforePaid: false,
  milestones: [
    { share: '33.34', event: 'proforma_issued', offsetDays: 0 },
    { share: '33.33', event: 'shipped', offsetDays: 0 },
    { share: '33.33', event: 'delivered', offsetDays: 30 },
  ],
}

/** An order of 1,000.01 USD with THIRDS, its milestone rows inserted; returns the order id. */
async function orderWithMilestones() {
  const { sellerId, buyerId } = await parties()
  const order = await createOrder(buyerId, sellerId, 'Accepted')
  await getDb().update(orders).set({ total: '1000.01', paymentSchedule: THIRDS }).where(eq(orders.id, order.id))
  const rows = milestoneRows(THIRDS, { total: '1000.01', currency: 'USD' }, { proforma_issued: '2026-11-29' })
  await getDb().insert(orderMilestones).values(rows.map((row) => ({ ...row, orderId: order.id })))
  return { orderId: order.id, buyerId, sellerId }
}

/** The constraint an insert or update broke (drizzle wraps the database's error). */
async function brokenConstraint(query: Promise<unknown>): Promise<string | undefined> {
  try {
    await query
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string; message?: string } }).cause
    return cause?.constraint ?? /constraint "(\w+)"/.exec(cause?.message ?? String(error))?.[1]
  }
  return undefined
}

describe('order milestones in the database', () => {
  it('keeps the rows the terms make, adding up to the order total in exact numeric', async () => {
    const { orderId } = await orderWithMilestones()
    const rows = await getDb().select().from(orderMilestones).where(eq(orderMilestones.orderId, orderId)).orderBy(orderMilestones.position)
    expect(rows.map((r) => [r.position, r.share, r.amount, r.status, r.dueOn, r.beforeShipment])).toEqual([
      [1, '33.34', '333.41', 'due', '2026-11-29', true],
      [2, '33.33', '333.30', 'upcoming', null, false],
      [3, '33.33', '333.30', 'upcoming', null, false],
    ])
    const [sum] = await getDb()
      .select({ matches: sql<boolean>`sum(${orderMilestones.amount}) = max(${orders.total})` })
      .from(orderMilestones)
      .innerJoin(orders, eq(orders.id, orderMilestones.orderId))
      .where(eq(orderMilestones.orderId, orderId))
    expect(sum!.matches).toBe(true)
    const [order] = await getDb().select({ paymentSchedule: orders.paymentSchedule, paymentTerms: orders.paymentTerms }).from(orders).where(eq(orders.id, orderId))
    expect(readPaymentTerms(order!.paymentSchedule)).toEqual(THIRDS)
  })

  it('shows an order made before structured terms its free text', async () => {
    const { sellerId, buyerId } = await parties()
    const order = await createOrder(buyerId, sellerId)
    const [row] = await getDb().select({ paymentSchedule: orders.paymentSchedule, paymentTerms: orders.paymentTerms }).from(orders).where(eq(orders.id, order.id))
    expect(paymentTermsView(row!)).toEqual({ kind: 'text', text: 'LC at sight' })
  })

  const proof = { proofStorageKey: 'payment-proofs/x.pdf', proofFileName: 'receipt.pdf', proofContentType: 'application/pdf', proofSizeBytes: 2048, proofSubmittedAt: new Date() }

  it.each([
    ['a status not in the list', { status: 'paid' as never }, 'order_milestones_status_check'],
    ['a zero share', { share: '0' }, 'order_milestones_share_check'],
    ['a share over 100', { share: '100.01' }, 'order_milestones_share_check'],
    ['an offset of 366 days', { offsetDays: 366 }, 'order_milestones_offset_check'],
    ['a negative amount', { amount: '-0.01' }, 'order_milestones_amount_check'],
    ['an unknown event', { event: 'paid' as never }, 'order_milestones_event_check'],
    ['a due milestone without its due date', { status: 'due' as const, dueOn: null }, 'order_milestones_due_on_check'],
    ['a bank reference of 101 characters', { bankReference: 'R'.repeat(101) }, 'order_milestones_bank_reference_check'],
    ['half a proof file', { proofStorageKey: 'payment-proofs/x.pdf' }, 'order_milestones_proof_whole_check'],
    ['a proof that is an HTML page', { ...proof, proofContentType: 'text/html' }, 'order_milestones_proof_type_check'],
    ['a proof over 10 MB', { ...proof, proofSizeBytes: 10 * 1024 * 1024 + 1 }, 'order_milestones_proof_size_check'],
    ['a submitted proof without its file', { status: 'proof_submitted' as const, bankReference: 'UTR123' }, 'order_milestones_proof_submitted_check'],
    ['a confirmed milestone without its time', { status: 'confirmed' as const }, 'order_milestones_confirmed_check'],
  ])('refuses %s', async (_, change, constraint) => {
    const { orderId } = await orderWithMilestones()
    const update = getDb()
      .update(orderMilestones)
      .set({ dueOn: '2026-12-01', ...change })
      .where(sql`${orderMilestones.orderId} = ${orderId} and ${orderMilestones.position} = 1`)
    expect(await brokenConstraint(update)).toBe(constraint)
  })

  it('takes a proof with its bank reference, and a confirmation with its time', async () => {
    const { orderId, sellerId } = await orderWithMilestones()
    const first = sql`${orderMilestones.orderId} = ${orderId} and ${orderMilestones.position} = 1`
    await getDb().update(orderMilestones).set({ ...proof, status: 'proof_submitted', bankReference: 'SBININBB 0042 UTR 123456' }).where(first)
    await getDb().update(orderMilestones).set({ status: 'confirmed', confirmedBy: sellerId, confirmedAt: new Date() }).where(first)
    const [row] = await getDb().select({ status: orderMilestones.status }).from(orderMilestones).where(first)
    expect(row!.status).toBe('confirmed')
  })

  it('refuses a second milestone at the same position, a seventh, and terms that are not an object', async () => {
    const { orderId } = await orderWithMilestones()
    const row = { orderId, share: '10', amount: '1.00', currency: 'USD' as const, event: 'shipped' as const, beforeShipment: false }
    expect(await brokenConstraint(getDb().insert(orderMilestones).values({ ...row, position: 2 }))).toBe('order_milestones_order_position_key')
    expect(await brokenConstraint(getDb().insert(orderMilestones).values({ ...row, position: 7 }))).toBe('order_milestones_position_check')
    expect(await brokenConstraint(getDb().update(orders).set({ paymentSchedule: ['30/70'] }).where(eq(orders.id, orderId)))).toBe('orders_payment_schedule_check')
  })
})
