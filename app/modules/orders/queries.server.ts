// Orders (issue 8 item 7): made by accepting a quote (app/modules/rfqs/negotiation.server.ts); read here
// by either party. Status changes come with a later issue.
import { and, count, desc, eq, sql } from 'drizzle-orm'
import { orders, profiles, rfqs } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { ORDER_PAGE_SIZE, type OrderStatus, type QuantityUnit, type QuoteCurrency } from '~/modules/rfqs/enums'

export type OrderListItemDto = {
  id: string
  rfqId: string | null
  quoteId: string | null
  rfqTitle: string | null
  counterpartyCompany: string
  counterpartyCountry: 'India' | 'Russia'
  quantity: number
  unit: QuantityUnit | null
  total: string
  currency: QuoteCurrency
  status: OrderStatus
  createdAt: string
}

export type OrderList = { items: OrderListItemDto[]; total: number; page: number; pageCount: number }

/** One page of the orders where the profile is the buyer (or the seller), newest first; the other party's company shown. */
export async function listOrders(profileId: string, side: 'buyer' | 'seller', page: number): Promise<OrderList> {
  const db = getDb()
  const mine = side === 'buyer' ? eq(orders.buyerId, profileId) : eq(orders.sellerId, profileId)
  const other = side === 'buyer' ? orders.sellerId : orders.buyerId
  const [{ n }] = await db.select({ n: count() }).from(orders).where(mine)
  const rows = await db
    .select({
      id: orders.id,
      rfqId: orders.rfqId,
      quoteId: orders.quoteId,
      rfqTitle: rfqs.title,
      counterpartyCompany: sql<string>`coalesce(${profiles.companyName}, ${profiles.name})`,
      counterpartyCountry: profiles.country,
      quantity: orders.quantity,
      unit: rfqs.unit,
      total: orders.total,
      currency: orders.currency,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, other))
    .leftJoin(rfqs, eq(rfqs.id, orders.rfqId))
    .where(and(mine))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_PAGE_SIZE)
    .offset((page - 1) * ORDER_PAGE_SIZE)
  return {
    items: rows.map((r) => ({ ...r, counterpartyCountry: r.counterpartyCountry!, createdAt: r.createdAt.toISOString() })),
    total: n,
    page,
    pageCount: Math.max(1, Math.ceil(n / ORDER_PAGE_SIZE)),
  }
}
