import { randomUUID } from 'node:crypto'
import { rfqs } from '../../db/schema'
import { getDb } from '~/lib/db.server'

let counter = 0

export type RfqOverrides = Partial<Omit<typeof rfqs.$inferInsert, 'buyerId'>>

/** Inserts an open RFQ for the buyer's profile; returns its id and title. */
export async function createRfq(buyerId: string, overrides: RfqOverrides = {}) {
  counter += 1
  const [row] = await getDb()
    .insert(rfqs)
    .values({
      buyerId,
      title: `Turmeric fingers lot ${counter}`,
      description: 'Salem turmeric fingers, curcumin 3% minimum, 25 kg jute bags.',
      quantity: 10,
      unit: 'tonnes',
      submissionKey: randomUUID(),
      ...overrides,
    })
    .returning({ id: rfqs.id, title: rfqs.title, createdAt: rfqs.createdAt })
  return row
}
