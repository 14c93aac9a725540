// Reads on RFQs: the buyer's own list (My RFQs). Returns DTOs, never whole rows.
import { and, count, desc, eq, sql } from 'drizzle-orm'
import { products, profiles, rfqs } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { type Page, pageOf, pageOffset } from '~/lib/paging'
import type { QuantityUnit, RfqStatus } from '~/domain'
import { productRequestStatus, type ProductRequestStatus } from './policy'
import { ctl, cte, rfqCategoryJoins, rfqListColumns, type RfqListFields } from './list-columns.server'
import { RFQ_PAGE_SIZE } from './schemas/common'
import { partyName } from '~/lib/party-name.server'

/** One row of My RFQs. */
export type RfqListItemDto = RfqListFields & {
  hsCode: string | null
  status: RfqStatus
  closedAt: string | null
  /** Quotes received that are not withdrawn. */
  quoteCount: number
  /** A product request (addressed to one seller): the product, the seller, its state and the seller's reason for rejecting it. */
  request: {
    /** Null once the product is deleted; `public` false while it is hidden (no link then). */
    product: { id: string; name: string; public: boolean } | null
    /** The addressed seller's profile id (their public page's id), to write to them about the request. */
    sellerId: string
    sellerCompany: string
    status: ProductRequestStatus
    rejectionReason: string | null
  } | null
}

export type RfqListDto = Page<RfqListItemDto>

/** The buyer's own RFQs, newest first, one page of RFQ_PAGE_SIZE (a page past the end is empty). */
export async function listOwnRfqs(buyerId: string, page: number, locale: string): Promise<RfqListDto> {
  const db = getDb()
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(rfqs).where(eq(rfqs.buyerId, buyerId)),
    db
      .select({
        ...rfqListColumns(locale),
        hsCode: rfqs.hsCode,
        status: rfqs.status,
        closedAt: rfqs.closedAt,
        quoteCount: sql<number>`(select count(*)::int from quotes q where q.rfq_id = ${rfqs.id} and q.status <> 'Withdrawn')`,
        productPublic: sql<boolean>`coalesce(${products.isActive} and ${profiles.accountStatus} = 'active' and ${profiles.kycStatus} = 'Approved', false)`,
        sellerCompany: sql<string | null>`(select ${partyName({ companyName: sql`s.company_name`, name: sql`s.name` })} from profiles s where s.id = ${rfqs.sellerId})`,
        rejectionReason: rfqs.rejectionReason,
      })
      .from(rfqs)
      .leftJoin(products, eq(products.id, rfqs.productId))
      .leftJoin(profiles, eq(profiles.id, products.sellerId))
      .leftJoin(ctl, rfqCategoryJoins(locale).reader)
      .leftJoin(cte, rfqCategoryJoins(locale).english)
      .where(eq(rfqs.buyerId, buyerId))
      .orderBy(desc(rfqs.createdAt), desc(rfqs.id))
      .limit(RFQ_PAGE_SIZE)
      .offset(pageOffset(page, RFQ_PAGE_SIZE)),
  ])
  const items = rows.map(({ sellerId, productId, productName, productPublic, sellerCompany, rejectionReason, ...r }): RfqListItemDto => ({
    ...r,
    quoteCount: Number(r.quoteCount),
    createdAt: r.createdAt.toISOString(),
    closedAt: r.closedAt?.toISOString() ?? null,
    request:
      sellerId === null
        ? null
        : {
            product: productId ? { id: productId, name: productName ?? '', public: Boolean(productPublic) } : null,
            sellerId,
            sellerCompany: sellerCompany ?? '',
            status: productRequestStatus(r.status, Number(r.quoteCount)),
            rejectionReason,
          },
  }))
  return pageOf(items, total, page, RFQ_PAGE_SIZE)
}

/** An open RFQ on the buyer's dashboard: what was asked, and how far the sellers' answers have come. */
export type OpenRfqSummaryDto = {
  id: string
  title: string
  quantity: number
  unit: QuantityUnit
  deadline: string | null
  createdAt: string
  /** Quotes received that are not withdrawn. */
  quoteCount: number
  /** A product request (addressed to one seller) rather than an RFQ open to the board. */
  productRequest: boolean
}

/** How many RFQs of the buyer are open, and the `limit` newest of them. */
export async function listOpenRfqsForBuyer(buyerId: string, limit: number): Promise<{ total: number; items: OpenRfqSummaryDto[] }> {
  const db = getDb()
  const mineOpen = and(eq(rfqs.buyerId, buyerId), eq(rfqs.status, 'open'))
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(rfqs).where(mineOpen),
    db
      .select({
        id: rfqs.id,
        title: rfqs.title,
        quantity: rfqs.quantity,
        unit: rfqs.unit,
        deadline: rfqs.deadline,
        createdAt: rfqs.createdAt,
        // Spelled out: on a query of one table Drizzle writes ${rfqs.id} as a bare "id", which the subquery would read as q.id.
        quoteCount: sql<number>`(select count(*)::int from quotes q where q.rfq_id = "rfqs"."id" and q.status <> 'Withdrawn')`,
        sellerId: rfqs.sellerId,
      })
      .from(rfqs)
      .where(mineOpen)
      .orderBy(desc(rfqs.createdAt), desc(rfqs.id))
      .limit(limit),
  ])
  return {
    total,
    items: rows.map(({ sellerId, ...r }) => ({ ...r, quoteCount: Number(r.quoteCount), createdAt: r.createdAt.toISOString(), productRequest: sellerId !== null })),
  }
}
