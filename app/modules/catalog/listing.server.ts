// Product listings: one page of public product cards for the marketplace, a category page, New
// Listings or a seller's page, and everything a listing page needs from its URL.
import { and, type AnyColumn, asc, count, desc, eq, inArray, type SQL, sql, type SQLWrapper } from 'drizzle-orm'
import { products, productTranslations, profiles } from '../../../db/schema'
import { CATALOG_CURRENCIES, CURRENCY_MINOR_UNITS, QUANTITY_UNITS, UNIT_RULES, type CatalogCurrency, type LanguageCode, type QuantityUnit, type TradingCountry } from '~/domain'
import type { ReaderRates } from '~/lib/conversion'
import { mulDivFloor, parseDecimal } from '~/lib/decimal'
import { QUANTITY_SCALE } from '~/domain/quantities'
import type { CategoryOptionDto, ProductCardDto, ProductPageDto } from './types'
import { getDb } from '~/lib/db.server'
import { referenceData } from '~/lib/reference-cache.server'
import { COUNT_CAP, type MarketplaceNotice, type MarketplaceQuery, maxPageFor, NEW_LAUNCHES_COUNT, NEW_LISTING_DAYS, PAGE_SIZE, parseMarketplaceQuery } from './schemas'
import { listCategoryOptions } from './categories.server'
import { FIRST_SEARCH_STAGE, nextSearchStage, type SearchFound, searchMatches, searchPlan, type SearchPlan, type SearchStage } from './search.server'
import { categoryIndex, type CategoryIndex, childCategoryIds, inCategory, isNewSql, listedProduct, type ListingFields, productFields, textFields } from './sql.server'

/**
 * A product's price in the reader's currency, as the page shows it beside the seller's (issue 28 item 4):
 * price × the reader's rate, exact numeric, rounded half up to the currency's minor units. Null for a
 * product whose currency has no usable rate (none known, or older than RATE_MAX_AGE_DAYS): such products
 * never match a price range, since nothing says what they cost in the reader's currency.
 */
function priceInReaderCurrency(f: ListingFields, prices: ReaderRates): SQL {
  const minor = CURRENCY_MINOR_UNITS[prices.currency]
  const whens = CATALOG_CURRENCIES.flatMap((c) => {
    if (c === prices.currency) return [sql`when ${CURRENCY_RANK[c]} then ${f.price}`]
    const rate = prices.rates[c]?.rate
    return rate ? [sql`when ${CURRENCY_RANK[c]} then round(${f.price} * ${rate}::numeric, ${minor})`] : []
  })
  return whens.length === 0 ? sql`null::numeric` : sql`(case ${f.currencyRank} ${sql.join(whens, sql` `)} end)`
}

/**
 * "Minimum order at most `max` `unit`": a product in the same unit directly; in another unit of the same
 * dimension with a factor (kg, t, carat; litre, m³...) through the factors, exactly; units without a
 * factor (bags, containers) only match themselves. 500 t never matches "at most 500 pieces".
 */
function moqAtMost(f: ListingFields, max: number, unit: QuantityUnit): SQL {
  const rule = UNIT_RULES[unit]
  const peers = rule.factor === null ? [] : QUANTITY_UNITS.filter((u) => u !== unit && UNIT_RULES[u].dimension === rule.dimension && UNIT_RULES[u].factor !== null)
  // One clause per unit, each "unit = u and moq <= a constant" (the bound converted exactly and rounded
  // down to the quantities' scale), so the planner estimates each from the columns' statistics and reads
  // them through the MOQ index.
  const bounds = [unit, ...peers].map((u) => ({ u, bound: u === unit ? String(max) : mulDivFloor(String(max), rule.factor!, UNIT_RULES[u].factor!, QUANTITY_SCALE) }))
  const clauses = bounds.map(({ u, bound }) => sql`(${f.unit} = ${u} and ${f.minimumOrderQuantity} <= ${bound}::numeric)`)
  if (clauses.length === 1) return clauses[0]!
  // The largest bound as well, on its own: the listing indexes that end in the MOQ apply it.
  const units = (b: string | null) => (b === null ? -1n : (parseDecimal(b, QUANTITY_SCALE) ?? -1n))
  const largest = bounds.map((b) => b.bound).reduce((a, b) => (units(a) >= units(b) ? a : b))
  return sql`(${f.minimumOrderQuantity} <= ${largest}::numeric and (${sql.join(clauses, sql` or `)}))`
}

function filterConditions(query: MarketplaceQuery, opts: { newOnly?: boolean; sellerId?: string; childCategoryIds: string[]; prices?: ReaderRates | null }, f: ListingFields): SQL[] {
  const conditions: SQL[] = [f.isPublic]
  if (opts.sellerId) conditions.push(eq(f.sellerId, opts.sellerId))
  if (query.category) conditions.push(inCategory(f, query.category, opts.childCategoryIds))
  if (query.country) conditions.push(eq(f.sellerCountry, query.country))
  if (query.currency) {
    if (f.currency) conditions.push(eq(f.currency, query.currency))
    // The same condition on the price sort's leading index column, so the price indexes apply.
    conditions.push(eq(f.currencyRank, CURRENCY_RANK[query.currency]))
  }
  // Bounds are validated decimal strings in the reader's currency; compared as numeric in SQL, never as
  // floats. Without the reader's rates (a caller that has none) a bound applies to prices as they are.
  if (query.minPrice !== null || query.maxPrice !== null) {
    const price = opts.prices ? priceInReaderCurrency(f, opts.prices) : f.price
    if (query.minPrice !== null) conditions.push(sql`${price} >= ${query.minPrice}::numeric`)
    if (query.maxPrice !== null) conditions.push(sql`${price} <= ${query.maxPrice}::numeric`)
  }
  if (query.maxMoq !== null) conditions.push(moqAtMost(f, query.maxMoq, query.moqUnit ?? 'pieces'))
  if (opts.newOnly) conditions.push(sql`(${f.createdAt} >= now() - make_interval(days => ${NEW_LISTING_DAYS}))`)
  return conditions
}

/**
 * Price sorts order numerically within a currency; currencies are never mixed into one scale. The
 * order is products.currency_rank, a generated column (same CASE as db/schema/catalog.ts).
 */
const CURRENCY_RANK = Object.fromEntries(CATALOG_CURRENCIES.map((c, i) => [c, i])) as Record<CatalogCurrency, number>

/** A product's names as the card reads them: [language, name], in language order. */
type CardText = [LanguageCode, string | null]

function cardFields() {
  return {
    id: products.id,
    mediaFiles: products.mediaFiles,
    categoryId: products.categoryId,
    sellerId: profiles.id,
    sellerName: profiles.name,
    sellerCompany: profiles.companyName,
    sellerCountry: profiles.country,
    sellerKyc: profiles.kycStatus,
    price: products.price,
    currency: products.currency,
    unit: products.unit,
    minimumOrderQuantity: products.minimumOrderQuantity,
    stockQuantity: products.stockQuantity,
    createdAt: products.createdAt,
    isNew: isNewSql,
    // Every name of the product in one value: the language is picked below (pickCardText), not by
    // joins the planner would weigh on every page (ADR 017 fifth step). A card shows no description,
    // so none is read.
    texts: sql<CardText[] | string | null>`(select json_agg(json_build_array(x.language_code, x.name) order by x.language_code)
      from ${productTranslations} x where x.product_id = ${products.id})`,
  }
}

type CardRow = {
  id: string
  mediaFiles: string[]
  categoryId: string
  sellerId: string
  sellerName: string
  sellerCompany: string | null
  sellerCountry: TradingCountry
  sellerKyc: string | null
  price: string
  currency: CatalogCurrency
  unit: QuantityUnit
  minimumOrderQuantity: number
  stockQuantity: number
  createdAt: Date | string
  isNew: boolean
  texts: CardText[] | string | null
}

/**
 * A card's name in the visitor's language, then English, then the first language (in code order) that
 * has it, trimmed, with the language it came from; blank names count as missing. No name at all: ''
 * and no language.
 */
export function pickCardText(texts: readonly CardText[], locale: LanguageCode): { text: string; lang: LanguageCode | null } {
  const found = (lang: LanguageCode | null) => {
    for (const t of texts) {
      if (lang !== null && t[0] !== lang) continue
      const text = typeof t[1] === 'string' ? t[1].trim() : ''
      if (text) return { text, lang: t[0] }
    }
    return null
  }
  return found(locale) ?? found('en') ?? found(null) ?? { text: '', lang: null }
}

function toCard(row: CardRow, locale: LanguageCode, categoryNames: CategoryIndex['names']): ProductCardDto {
  const image = Array.isArray(row.mediaFiles) ? row.mediaFiles.find((f) => typeof f === 'string') : undefined
  const texts: CardText[] = (typeof row.texts === 'string' ? JSON.parse(row.texts) : row.texts) ?? []
  const name = pickCardText(texts, locale)
  return {
    id: row.id,
    name: name.text,
    // No name at all: the card shows a translated placeholder, in the page language.
    lang: { name: name.lang ?? locale },
    image: image ?? null,
    category: { id: row.categoryId, name: categoryNames[row.categoryId] ?? row.categoryId },
    seller: { id: row.sellerId, displayName: row.sellerCompany || row.sellerName, country: row.sellerCountry, verified: row.sellerKyc === 'Approved' },
    price: row.price,
    currency: row.currency,
    unit: row.unit,
    minimumOrderQuantity: row.minimumOrderQuantity,
    stockQuantity: row.stockQuantity,
    createdAt: new Date(row.createdAt).toISOString(),
    isNew: Boolean(row.isNew),
  }
}

// ---------------------------------------------------------------------------------------------
// Products

/**
 * One page of public products for the marketplace, a category page, New Listings or a seller's page:
 * filters, search, sort and pagination from a parsed query. The count stops at COUNT_CAP (then
 * `totalCapped`), pages stop at the capped count, and a page past the end is clamped to the last page.
 */
export async function listProducts(
  query: MarketplaceQuery,
  locale: LanguageCode,
  opts: { newOnly?: boolean; pageSize?: number; sellerId?: string; count?: boolean; prices?: ReaderRates | null } = {},
): Promise<ProductPageDto> {
  const db = getDb()
  const pageSize = opts.pageSize ?? PAGE_SIZE
  const maxPage = maxPageFor(pageSize)
  const childIds = query.category ? await childCategoryIds(query.category, locale) : []
  const filterOpts = { ...opts, childCategoryIds: childIds }
  const conditions = and(...filterConditions(query, filterOpts, productFields))
  const sort = query.sort === 'relevance' && !query.q ? 'newest' : query.sort

  // Each order below is the column order of one listing index (db/schema/catalog.ts). A search
  // orders its candidate set (m) by the same columns.
  type SortColumns = Record<'createdAt' | 'id' | 'currencyRank' | 'price', SQLWrapper | AnyColumn> & { rank?: SQLWrapper }
  const orderFor = (c: SortColumns): SQL[] => {
    const tieBreak = [desc(c.createdAt), asc(c.id)]
    if (sort === 'relevance' && c.rank) return [desc(c.rank), ...tieBreak]
    if (sort === 'price_asc') return [asc(c.currencyRank), asc(c.price), ...tieBreak]
    if (sort === 'price_desc') return [asc(c.currencyRank), desc(c.price), ...tieBreak]
    return tieBreak
  }

  /**
   * A search statement, with parallel workers off for it. Each search step reads its groups in turn
   * and stops at its limit; in parallel, PostgreSQL starts two workers for every step, even one whose
   * gate is false, and they read groups that the limit would have skipped (50 ms instead of 20 for
   * "turmeric" at a million products, ADR 017). PGlite has no workers; the setting is harmless there.
   */
  const runSearch = (statement: SQL, plan: SearchPlan) =>
    plan === 'plain'
      ? db.execute(statement)
      : db.transaction(async (tx) => {
          await tx.execute(sql`set local max_parallel_workers_per_gather = 0`)
          return tx.execute(statement)
        })

  /**
   * The ids of one page, in order: products and sellers only, through the index of the chosen order
   * (OFFSET reads at most COUNT_CAP rows of it). The cards' texts and category names are joined for
   * these ids only (cardsFor), not for the rows skipped.
   */
  // Listed products need no seller (products.is_listed), unless the filter is the seller's country.
  const withSellers = query.country !== null
  const pageIds = async (page: number): Promise<string[]> => {
    const base = db.select({ id: products.id }).from(products).$dynamic()
    const rows = await (withSellers ? base.innerJoin(profiles, eq(profiles.id, products.sellerId)) : base)
      .where(conditions)
      .orderBy(...orderFor({ createdAt: products.createdAt, id: products.id, currencyRank: products.currencyRank, price: products.price }))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
    return rows.map((r) => r.id)
  }
  /** Matching products, counted up to COUNT_CAP + 1. */
  const countCapped = async () => {
    const base = db.select({ one: sql`1` }).from(products).$dynamic()
    const capped = (withSellers ? base.innerJoin(profiles, eq(profiles.id, products.sellerId)) : base)
      .where(conditions)
      .limit(COUNT_CAP + 1)
      .as('capped')
    return (await db.select({ n: count() }).from(capped))[0].n
  }

  /**
   * One page of a search and what its steps found: one statement that orders the bounded candidate
   * set (searchMatches) and cuts the page from it.
   */
  const searchPage = async (q: string, page: number, stage: SearchStage, plan: SearchPlan) => {
    const matches = searchMatches(q, and(...filterConditions(query, filterOpts, textFields))!, sort === 'relevance', stage, plan)
    const m = (column: string) => sql.raw(`m.${column}`)
    const order = orderFor({ createdAt: m('created_at'), id: m('product_id'), currencyRank: m('currency_rank'), price: m('price'), rank: m('rank') })
    const res = await runSearch(sql`with ${matches}
      select (select count(*) from m) as products,
        (select count(*) from fts) as fts_rows, (select count(distinct product_id) from fts) as fts_products,
        (select count(*) from trg) as trg_rows, (select count(distinct product_id) from trg) as trg_products,
        array_to_json(array(select m.product_id from m order by ${sql.join(order, sql`, `)} limit ${pageSize} offset ${(page - 1) * pageSize})) as ids`, plan)
    const row = res.rows[0] as Record<'products' | 'fts_rows' | 'fts_products' | 'trg_rows' | 'trg_products', string | number> & { ids: string[] | string }
    const found: SearchFound = {
      fullTextRows: Number(row.fts_rows),
      fullTextProducts: Number(row.fts_products),
      trigramRows: Number(row.trg_rows),
      trigramProducts: Number(row.trg_products),
    }
    return { products: Number(row.products), found, ids: (typeof row.ids === 'string' ? JSON.parse(row.ids) : row.ids) as string[] }
  }

  let page = Math.min(Math.max(1, query.page), maxPage)
  let ids: string[]
  let total: number
  if (query.q) {
    const plan = await searchPlan()
    let stage = FIRST_SEARCH_STAGE
    let result = await searchPage(query.q, page, stage, plan)
    for (let next = nextSearchStage(query.q, stage, result.found); next; next = nextSearchStage(query.q, stage, result.found)) {
      stage = next
      result = await searchPage(query.q, page, stage, plan)
    }
    total = result.products
    ids = result.ids
    if (ids.length === 0 && page > 1 && total > 0) {
      // Past the end (page=999): show the last page instead.
      page = Math.ceil(Math.min(total, COUNT_CAP) / pageSize)
      ids = (await searchPage(query.q, page, stage, plan)).ids
    }
  } else {
    ids = await pageIds(page)
    if (ids.length > 0 && ids.length < pageSize) total = (page - 1) * pageSize + ids.length
    else if (ids.length === 0 && page === 1) total = 0
    // A caller that shows no count or pages (New Launches) is not made to wait for one.
    else if (opts.count === false) total = (page - 1) * pageSize + ids.length
    else total = await countCapped()
    if (ids.length === 0 && page > 1) {
      // Past the end (page=999): show the last page instead.
      page = Math.max(1, Math.ceil(Math.min(total, COUNT_CAP) / pageSize))
      if (total > 0) ids = await pageIds(page)
    }
  }
  const items = await cardsFor(ids, locale)
  const totalCapped = total > COUNT_CAP
  const totalPages = totalCapped ? maxPage : Math.max(1, Math.ceil(total / pageSize))
  return {
    items,
    total: Math.min(total, COUNT_CAP),
    totalCapped,
    page,
    pageSize,
    totalPages,
  }
}

/** The cards of the given products, in the given order (one statement; a page's worth of ids). */
async function cardsFor(ids: string[], locale: LanguageCode): Promise<ProductCardDto[]> {
  if (ids.length === 0) return []
  const [rows, { names }] = await Promise.all([
    getDb()
      .select(cardFields())
      .from(products)
      .innerJoin(profiles, eq(profiles.id, products.sellerId))
      // Still public (a product can be hidden between the two statements).
      .where(and(inArray(products.id, ids), listedProduct)),
    categoryIndex(locale),
  ])
  const byId = new Map(rows.map((r) => [r.id, toCard(r as CardRow, locale, names)]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** The newest public products (home page "New Launches"). */
export async function listNewLaunches(locale: LanguageCode, limit = NEW_LAUNCHES_COUNT): Promise<ProductCardDto[]> {
  const page = await listProducts(
    { q: null, category: null, country: null, currency: null, minPrice: null, maxPrice: null, maxMoq: null, moqUnit: null, sort: 'newest', page: 1 },
    locale,
    { pageSize: limit, count: false },
  )
  return page.items
}

export type ListingData = {
  result: ProductPageDto
  /** The query as applied: bad values removed, page clamped. */
  query: MarketplaceQuery
  notices: MarketplaceNotice[]
  /** Category choices for the filter; null when the category is fixed by the page. */
  categories: CategoryOptionDto[] | null
  /** True when the URL carries a search or filters (such pages are not indexed). */
  filtered: boolean
}

/**
 * Everything a listing page needs from its URL: lenient parse, unknown category dropped with a notice,
 * one page of products. `fixedCategory` pins the category (category pages).
 */
export async function loadListing(
  url: URL,
  locale: LanguageCode,
  opts: { newOnly?: boolean; fixedCategory?: string; prices?: ReaderRates | null } = {},
): Promise<ListingData> {
  const { query, notices } = parseMarketplaceQuery(url.searchParams)
  let categories: CategoryOptionDto[] | null = null
  if (opts.fixedCategory) {
    query.category = opts.fixedCategory
    const i = notices.indexOf('unknownCategory')
    if (i >= 0) notices.splice(i, 1)
  } else {
    // The same for every visitor of a language: kept with the other reference data (ADR 016).
    categories = await referenceData(`category-options:${locale}`, () => listCategoryOptions(locale))
    const known = new Set(categories.flatMap((c) => [c.id, ...c.children.map((x) => x.id)]))
    if (query.category && !known.has(query.category)) {
      query.category = null
      if (!notices.includes('unknownCategory')) notices.push('unknownCategory')
    }
  }
  const result = await listProducts(query, locale, { newOnly: opts.newOnly, prices: opts.prices })
  const filtered = [...url.searchParams.keys()].some((k) => k !== 'lng')
  return { result, query: { ...query, page: result.page }, notices, categories, filtered }
}
