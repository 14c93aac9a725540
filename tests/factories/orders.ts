import { orderEvents, orders } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import type { OrderStatus } from '~/domain'
import { createQuote } from './quotes'
import { createRfq } from './trade'

/**
 * An order between the buyer and the seller in `status`, made as accepting a quote makes it (an RFQ,
 * an accepted quote, the order and its first Pending event); returns its ids.
 */
export async function createOrder(buyerId: string, sellerId: string, status: OrderStatus = 'Pending') {
  const rfq = await createRfq(buyerId, { status: 'awarded' })
  const quote = await createQuote(rfq.id, sellerId, { status: 'Accepted', quantity: 4 })
  const [row] = await getDb()
    .insert(orders)
    .values({
      rfqId: rfq.id,
      quoteId: quote!.id,
      buyerId,
      sellerId,
      unitPrice: '1250.00',
      quantity: 4,
      currency: 'USD',
      total: '5000.00',
      incoterm: 'FOB',
      incotermPlace: 'Nhava Sheva',
      leadTimeDays: 21,
      paymentTerms: 'LC at sight',
      status,
    })
    .returning({ id: orders.id })
  // The app stamps events with the server's clock (JS), not the database's now(); a second back keeps
  // this first event ahead of a status change made in the same millisecond by the test.
  await getDb().insert(orderEvents).values({ orderId: row!.id, status: 'Pending', actorId: buyerId, createdAt: new Date(Date.now() - 1000) })
  return { id: row!.id, rfqId: rfq!.id, quoteId: quote!.id, rfqTitle: rfq!.title }
}
