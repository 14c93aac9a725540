// Writes on RFQs: create (idempotent per form token) and close. Every function takes the buyer's
// profile id and touches only that buyer's rows; someone else's RFQ is "not found".
import { and, eq } from 'drizzle-orm'
import { categories, rfqs } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import type { CreateRfqInput, RfqFieldErrors } from './schemas/create-rfq'
import { UUID_PATTERN } from '~/domain'

export type CreateRfqResult = { ok: true; id: string; duplicate: boolean } | { ok: false; fieldErrors: RfqFieldErrors }

/**
 * Creates the buyer's RFQ. A second submit of the same form (same one-time token) creates nothing
 * and answers with the first one's id: the unique (buyer_id, submission_key) index decides, so two
 * requests racing each other still make one row.
 */
export async function createRfq(buyerId: string, input: CreateRfqInput): Promise<CreateRfqResult> {
  return getDb().transaction(async (tx) => {
    if (input.categoryId) {
      const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)).limit(1)
      if (!category) return { ok: false as const, fieldErrors: { categoryId: 'rfqs:form.errors.category' } }
    }
    const [row] = await tx
      .insert(rfqs)
      .values({
        buyerId,
        title: input.title,
        description: input.description,
        categoryId: input.categoryId,
        budgetMin: input.budgetMin,
        budgetMax: input.budgetMax,
        currency: input.currency,
        quantity: input.quantity,
        unit: input.unit,
        deadline: input.deadline,
        locationPreference: input.locationPreference,
        incoterm: input.incoterm,
        incotermPlace: input.incotermPlace,
        destination: input.destination,
        hsCode: input.hsCode,
        submissionKey: input.submissionKey,
      })
      .onConflictDoNothing({ target: [rfqs.buyerId, rfqs.submissionKey] })
      .returning({ id: rfqs.id })
    if (row) return { ok: true as const, id: row.id, duplicate: false }
    const [first] = await tx
      .select({ id: rfqs.id })
      .from(rfqs)
      .where(and(eq(rfqs.buyerId, buyerId), eq(rfqs.submissionKey, input.submissionKey)))
      .limit(1)
    return { ok: true as const, id: first!.id, duplicate: true }
  })
}

export type CloseRfqResult = 'closed' | 'notFound' | 'notOpen'

/** Closes the buyer's own open RFQ; anyone else's (or a made-up id) is 'notFound' and nothing is written. */
export async function closeRfq(buyerId: string, rfqId: string): Promise<CloseRfqResult> {
  if (!UUID_PATTERN.test(rfqId)) return 'notFound'
  const db = getDb()
  const now = new Date()
  const [row] = await db
    .update(rfqs)
    .set({ status: 'closed', closedAt: now, updatedAt: now })
    .where(and(eq(rfqs.id, rfqId), eq(rfqs.buyerId, buyerId), eq(rfqs.status, 'open')))
    .returning({ id: rfqs.id })
  if (row) return 'closed'
  const [own] = await db
    .select({ id: rfqs.id })
    .from(rfqs)
    .where(and(eq(rfqs.id, rfqId), eq(rfqs.buyerId, buyerId)))
    .limit(1)
  return own ? 'notOpen' : 'notFound'
}
