// Order counters for the seller's dashboard (issue 8 item 11).
import { and, count, eq } from 'drizzle-orm'
import { orders } from '../../../db/schema'
import { getDb } from '~/lib/db.server'

/** Orders waiting for this seller to act on them: status Pending. */
export async function countPendingOrders(sellerId: string): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.sellerId, sellerId), eq(orders.status, 'Pending')))
  return Number(row?.n ?? 0)
}
