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

/** The create-RFQ form's fields, valid as they stand (a fresh submission key each call); `extra` overrides any. */
export const rfqFormFields = (extra: Record<string, string> = {}): Record<string, string> => ({
  title: 'Basmati rice 1121, 25 kg bags',
  description: 'Steam basmati 1121, moisture 12% max, SGS inspection at loading.',
  categoryId: '',
  budgetMin: '1000',
  budgetMax: '2500.50',
  currency: 'INR',
  quantity: '20',
  unit: 'tonnes',
  deadline: '',
  locationPreference: 'India',
  incoterm: 'FOB',
  incotermPlace: 'Nhava Sheva',
  destination: 'Saint Petersburg',
  hsCode: '1006.30',
  submissionKey: randomUUID(),
  ...extra,
})
