// Payment milestones for tests: rows made by milestoneRows (the accepted terms' split, exact) and written
// straight to order_milestones, each then set to the state a test needs (the flows are tested through their routes).
import { and, eq } from 'drizzle-orm'
import { orderMilestones, orders } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { getStorage } from '~/lib/storage.server'
import type { Currency, PaymentTerms } from '~/domain'
import { milestoneRows } from '~/modules/payments/schedule'
import { pdfBytes } from './files'

type MilestoneState = Partial<typeof orderMilestones.$inferInsert>

/**
 * The order's milestones from `terms` (stored on the order as its payment_schedule), every one due on
 * `dueOn` unless `states[i]` says otherwise (status, due date, proof, confirmation...). Returns the rows.
 */
export async function createMilestones(order: { id: string; total: string; currency: Currency }, terms: PaymentTerms, states: MilestoneState[] = [], dueOn = '2026-01-15') {
  await getDb().update(orders).set({ paymentSchedule: terms }).where(eq(orders.id, order.id))
  const rows = milestoneRows(terms, order).map((row, i) => ({ ...row, orderId: order.id, status: 'due' as const, dueOn, ...states[i] }))
  return getDb().insert(orderMilestones).values(rows).returning()
}

/** A milestone's proof columns with a PDF written to storage under the order's payments folder. */
export async function storedProof(orderId: string, fileName = 'swift-receipt.pdf', bytes = pdfBytes()): Promise<MilestoneState> {
  const key = `payments/${orderId}/${crypto.randomUUID()}.pdf`
  await getStorage().put(key, bytes, { contentType: 'application/pdf' })
  return { proofStorageKey: key, proofFileName: fileName, proofContentType: 'application/pdf', proofSizeBytes: bytes.byteLength, proofSubmittedAt: new Date() }
}

/** The milestone at `position` of an order. */
export async function milestoneAt(orderId: string, position: number) {
  const [row] = await getDb().select().from(orderMilestones).where(and(eq(orderMilestones.orderId, orderId), eq(orderMilestones.position, position)))
  return row!
}
