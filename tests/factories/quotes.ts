import { quotes } from '../../db/schema'
import { getDb } from '~/lib/db.server'

export type QuoteOverrides = Partial<Omit<typeof quotes.$inferInsert, 'rfqId' | 'sellerId'>>

/** Inserts a Quoted quote of the seller on the RFQ, valid for 30 days. */
export async function createQuote(rfqId: string, sellerId: string, overrides: QuoteOverrides = {}) {
  const [row] = await getDb()
    .insert(quotes)
    .values({
      rfqId,
      sellerId,
      unitPrice: '1250.00',
      currency: 'USD',
      minOrderQuantity: 1,
      incoterm: 'FOB',
      incotermPlace: 'Nhava Sheva',
      leadTimeDays: 21,
      validityDays: 30,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
      ...overrides,
    })
    .returning({ id: quotes.id })
  return row
}
