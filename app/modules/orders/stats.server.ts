// Order counters for the dashboards: the seller's pending orders (issue 8 item 11) and a buyer's
// orders by status (issue 26 item 6).
import { and, count, eq } from 'drizzle-orm'
import { orders } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { ORDER_STATUSES, type OrderStatus } from '~/domain'

/** Orders waiting for this seller to act on them: status Pending. */
export async function countPendingOrders(sellerId: string): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.sellerId, sellerId), eq(orders.status, 'Pending')))
  return Number(row?.n ?? 0)
}

export type OrderCountsDto = { total: number; byStatus: Record<OrderStatus, number> }

/** The orders the profile placed as a buyer, counted by status (every status present, 0 when none). One query. */
export async function countBuyerOrdersByStatus(buyerId: string): Promise<OrderCountsDto> {
  const rows = await getDb().select({ status: orders.status, n: count() }).from(orders).where(eq(orders.buyerId, buyerId)).groupBy(orders.status)
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>
  for (const r of rows) if (r.status in byStatus) byStatus[r.status] = Number(r.n)
  return { total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus }
}
