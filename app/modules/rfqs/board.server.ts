// The sellers' RFQ board (/dashboard/rfqs, issue 8 item 4): open RFQs a seller may see and quote on.
// Returns DTOs, never whole rows.
import { and, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import { products, quotes, rfqs } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { type Page, pageOf, pageOffset } from '~/lib/paging'
import type { Currency, QuoteStatus, TradingCountry } from '~/domain'
import { MAX_QUOTES_PER_RFQ } from './enums'
import { ctl, cte, rfqCategoryJoins, rfqListColumns, type RfqListFields } from './list-columns.server'
import { displayStatus } from './quotes.server'
import { type BoardFilters } from './schemas/board-filters'
import { RFQ_PAGE_SIZE } from './schemas/common'

export type BoardSeller = { id: string; country: TradingCountry }

/** The seller's own quote on a board RFQ (their newest one that is not withdrawn). */
export type OwnQuoteDto = { id: string; unitPrice: string; currency: Currency; status: QuoteStatus; expiresAt: string }

export type BoardRfqDto = RfqListFields & {
  buyerCountry: TradingCountry
  quoteCount: number
  ownQuote: OwnQuoteDto | null
  /**
   * A product request addressed to this seller (only they see it): the product as the quote dialog
   * prefills it (its current price, currency and minimum order; null fields once the product is deleted,
   * and price and minimum order null when the product is now sold in another unit than the request's).
   */
  request: { productId: string | null; productName: string | null; price: string | null; currency: Currency | null; minimumOrderQuantity: number | null } | null
}

export type BoardDto = Page<BoardRfqDto>


/** Quotes that take one of an RFQ's ten places: all but withdrawn ones. */
const takenPlaces = sql`(select count(*) from ${quotes} q where q.rfq_id = ${rfqs.id} and q.status <> 'Withdrawn')`
const ownLive = (sellerId: string) => sql`exists (select 1 from ${quotes} q where q.rfq_id = ${rfqs.id} and q.seller_id = ${sellerId} and q.status <> 'Withdrawn')`

/** SQL for "this RFQ still takes quotes": open and its deadline (end of that day, UTC) not passed. */
export const takesQuotes = sql`(${rfqs.status} = 'open' and (${rfqs.deadline} is null or ${rfqs.deadline} >= (now() at time zone 'UTC')::date))`

/** Every rule of the board but the seller's own filters: open, not past its deadline, not full (unless
 * the seller is on it), someone else's, and either addressed to nobody with a location preference the
 * seller's country meets, or a product request addressed to this seller (`isRfqForSeller` in policy.ts). */
function boardWhere(seller: BoardSeller, f: Partial<BoardFilters> = {}): SQL {
  const parts: (SQL | undefined)[] = [
    takesQuotes,
    ne(rfqs.buyerId, seller.id),
    or(and(isNull(rfqs.sellerId), inArray(rfqs.locationPreference, ['Both', seller.country])), eq(rfqs.sellerId, seller.id)),
    sql`(${takenPlaces} < ${MAX_QUOTES_PER_RFQ} or ${ownLive(seller.id)})`,
    // A suspended or banned buyer's requests leave the board with them (and come back on activation).
    sql`exists (select 1 from profiles bp where bp.id = ${rfqs.buyerId} and bp.account_status = 'active')`,
  ]
  if (f.category) parts.push(sql`${rfqs.categoryId} in (select c.id from categories c where c.id = ${f.category} or c.parent_id = ${f.category})`)
  if (f.currency) parts.push(eq(rfqs.currency, f.currency))
  if (f.notQuoted) parts.push(sql`not ${ownLive(seller.id)}`)
  if (f.mine) parts.push(eq(rfqs.sellerId, seller.id))
  if (f.match) {
    // Matches the seller's catalog: same category, or one is the other's parent. An RFQ without a category matches every seller.
    parts.push(sql`(${rfqs.categoryId} is null or exists (
      select 1 from products p join categories pc on pc.id = p.category_id
      where p.seller_id = ${seller.id}
        and (p.category_id = ${rfqs.categoryId} or pc.parent_id = ${rfqs.categoryId}
             or pc.id = (select rc.parent_id from categories rc where rc.id = ${rfqs.categoryId}))))`)
  }
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    parts.push(or(sql`${rfqs.title} ilike ${like}`, sql`${rfqs.description} ilike ${like}`))
  }
  return and(...parts)!
}

/** One page of the seller's board, newest first, with the filters applied. */
export async function listBoardRfqs(seller: BoardSeller, filters: BoardFilters, locale: string): Promise<BoardDto> {
  const db = getDb()
  const where = boardWhere(seller, filters)
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(rfqs).where(where),
    db
      .select({
        ...rfqListColumns(locale),
        buyerCountry: sql<TradingCountry>`(select p.country from profiles p where p.id = ${rfqs.buyerId})`,
        quoteCount: sql<number>`${takenPlaces}::int`,
        productPrice: products.price,
        productCurrency: products.currency,
        productMoq: products.minimumOrderQuantity,
        productUnit: products.unit,
      })
      .from(rfqs)
      .leftJoin(products, eq(products.id, rfqs.productId))
      .leftJoin(ctl, rfqCategoryJoins(locale).reader)
      .leftJoin(cte, rfqCategoryJoins(locale).english)
      .where(where)
      .orderBy(desc(rfqs.createdAt), desc(rfqs.id))
      .limit(RFQ_PAGE_SIZE)
      .offset(pageOffset(filters.page, RFQ_PAGE_SIZE)),
  ])
  const own = rows.length
    ? await db
        .select({ id: quotes.id, rfqId: quotes.rfqId, unitPrice: quotes.unitPrice, currency: quotes.currency, status: displayStatus, expiresAt: quotes.expiresAt })
        .from(quotes)
        .where(and(eq(quotes.sellerId, seller.id), ne(quotes.status, 'Withdrawn'), inArray(quotes.rfqId, rows.map((r) => r.id))))
        .orderBy(desc(quotes.createdAt))
    : []
  const items = rows.map(({ sellerId, productId, productName, productPrice, productCurrency, productMoq, productUnit, ...r }): BoardRfqDto => {
    const mine = own.find((o) => o.rfqId === r.id)
    // The quote counts in the request's unit (the product's when it was asked for): a price or minimum
    // order the product now has in another unit would be per something else, so it is not prefilled.
    const sameUnit = productUnit === r.unit
    return {
      ...r,
      request:
        sellerId === null
          ? null
          : { productId, productName, price: sameUnit ? productPrice : null, currency: productCurrency, minimumOrderQuantity: sameUnit ? productMoq : null },
      quoteCount: Number(r.quoteCount),
      createdAt: r.createdAt.toISOString(),
      ownQuote: mine ? { id: mine.id, unitPrice: mine.unitPrice, currency: mine.currency, status: mine.status, expiresAt: mine.expiresAt.toISOString() } : null,
    }
  })
  return pageOf(items, total, filters.page, RFQ_PAGE_SIZE)
}

/** The dashboard's "open RFQs" counter: RFQs on this seller's board they have not quoted yet. */
export async function countOpenBoardRfqs(seller: BoardSeller): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(rfqs).where(boardWhere(seller, { notQuoted: true }))
  return Number(row?.n ?? 0)
}
