import { and, asc, count, desc, eq, inArray, isNull, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { categories, categoryTranslations, products, productTranslations, profiles, SEARCH_BUCKETS, searchBucket, type Specification } from '../../../db/schema'
import type {
  CatalogStatsDto,
  CategoryDetailDto,
  CategoryOptionDto,
  CategorySummaryDto,
  ProductCardDto,
  ProductDetailDto,
  ProductPageDto,
  SellerPublicDto,
  ShippingOptionDto,
  SitemapEntryDto,
  SitemapIndexDto,
  TradeAttributesDto,
} from './types'
import { getDb } from '~/lib/db.server'
import { referenceData } from '~/lib/reference-cache.server'
import { INTL_LOCALES } from '~/lib/i18n'
import { toCents } from './money'
import { CATALOG_CURRENCIES, type CatalogCurrency, type LanguageCode, LANGUAGES, SHIPPING_METHODS, type ShippingMethod, type TradingCountry } from '~/domain'
import {
  COUNT_CAP,
  EMPTY_MARKETPLACE_QUERY,
  isCategoryId,
  isProductId,
  isSellerId,
  maxPageFor,
  NEW_LAUNCHES_COUNT,
  NEW_LISTING_DAYS,
  PAGE_SIZE,
  SITEMAP_FILE_SIZE,
  type MarketplaceQuery,
} from './schemas'

export type * from './types'

// ---------------------------------------------------------------------------------------------
// Shared SQL pieces

/** Category name in the visitor's language, then English. */
const ctl = alias(categoryTranslations, 'ctl')
const cte = alias(categoryTranslations, 'cte')

const categoryImage = (id: string) => `/images/categories/${id}.svg`

/**
 * A product is public when it is active and its seller's account is active and KYC-approved
 * (suspended sellers disappear; a pending seller's products wait for approval).
 */
const publicProduct = and(eq(products.isActive, true), eq(profiles.accountStatus, 'active'), eq(profiles.kycStatus, 'Approved'))
/**
 * The same rule as publicProduct, as the triggers of migration 0018 keep it on the product row:
 * reads no seller, and is the predicate of the listing indexes (migration 0019).
 */
const listedProduct = sql`${products.isListed}`

/** A seller has a public page (/sellers/:id) on the same terms: account active, KYC approved. */
const publicSeller = and(eq(profiles.userType, 'Seller'), eq(profiles.accountStatus, 'active'), eq(profiles.kycStatus, 'Approved'))

const categoryName = (idColumn: AnyPgColumn | SQL) => sql<string>`coalesce(${ctl.name}, ${cte.name}, ${idColumn})`
const isNewSql = sql<boolean>`(${products.createdAt} >= now() - make_interval(days => ${NEW_LISTING_DAYS}))`

/**
 * Count of public products in a category, its subcategories, or (for a subcategory) itself, up to
 * COUNT_CAP + 1 (more reads as "1,000+"; an exact count would read the whole category). Two capped
 * counts over products.is_listed (kept by triggers, migration 0018), each an index-only scan of one
 * partial index that stops at the cap: products filed under the category or one of its children, and
 * products whose subcategory it is that are filed elsewhere (so no product is counted twice). No seller
 * is looked up (ADR 017 fourth step).
 */
const publicProductCount = (categoryId: AnyPgColumn) => {
  const ids = sql`array(select ${categoryId} union all select cc.id from ${categories} cc where cc.parent_id = ${categoryId})`
  return sql<number>`(
  (select count(*)::int from (select 1 from ${products} p where p.is_listed and p.category_id = any(${ids}) limit ${COUNT_CAP + 1}) filed)
  + (select count(*)::int from (select 1 from ${products} p where p.is_listed and p.subcategory_id = ${categoryId}
      and p.category_id <> all(${ids}) limit ${COUNT_CAP + 1}) elsewhere))`
}

/**
 * The listing fields that filters and sorts read: on a product and its seller (a listing), or their
 * copies on a product text (`t`, a search; kept by the triggers of migration 0017, ADR 017).
 */
type ListingFields = {
  isPublic: SQL
  sellerId: AnyColumn
  sellerCountry: AnyColumn
  categoryId: AnyColumn
  subcategoryId: AnyColumn
  /** Products only: a text has the rank, which names the currency as well. */
  currency?: AnyColumn
  currencyRank: AnyColumn
  price: AnyColumn
  minimumOrderQuantity: AnyColumn
  createdAt: AnyColumn
}
const productFields: ListingFields = {
  isPublic: listedProduct,
  sellerId: products.sellerId,
  sellerCountry: profiles.country,
  categoryId: products.categoryId,
  subcategoryId: products.subcategoryId,
  currency: products.currency,
  currencyRank: products.currencyRank,
  price: products.price,
  minimumOrderQuantity: products.minimumOrderQuantity,
  createdAt: products.createdAt,
}
/** A product text as a search reads it (`from product_translations t`). */
const st = alias(productTranslations, 't')
const textFields: ListingFields = {
  isPublic: sql`${st.isPublic}`,
  sellerId: st.sellerId,
  sellerCountry: st.sellerCountry,
  categoryId: st.categoryId,
  subcategoryId: st.subcategoryId,
  currencyRank: st.currencyRank,
  price: st.price,
  minimumOrderQuantity: st.minimumOrderQuantity,
  createdAt: st.productCreatedAt,
}

/**
 * Products in a category: directly, through a subcategory, or filed under one of its children
 * (`childIds`). The ids are literal values, not a subquery, so the planner can estimate each branch
 * from its statistics and pick the category or subcategory index for a small category.
 */
function inCategory(f: ListingFields, categoryId: string, childIds: string[]): SQL {
  return or(inArray(f.categoryId, [categoryId, ...childIds]), eq(f.subcategoryId, categoryId))!
}

type CategoryIndex = {
  /** Every category's name in the language (then English, then its id), by id. */
  names: Readonly<Record<string, string>>
  /** The ids of each top-level category's subcategories, by id, in display order. */
  children: Readonly<Record<string, readonly string[]>>
  /** The top-level categories' ids, in display order. */
  top: readonly string[]
}

/**
 * Names and subcategories of every category: reference data, kept per language with the other
 * reference data (ADR 016), so that listings and the product page join no category tables.
 */
function categoryIndex(locale: LanguageCode): Promise<CategoryIndex> {
  return referenceData(`category-index:${locale}`, async () => {
    const rows = await getDb()
      .select({ id: categories.id, parentId: categories.parentId, name: categoryName(categories.id) })
      .from(categories)
      .leftJoin(ctl, and(eq(ctl.categoryId, categories.id), eq(ctl.languageCode, locale)))
      .leftJoin(cte, and(eq(cte.categoryId, categories.id), eq(cte.languageCode, 'en')))
      .orderBy(asc(categories.sortOrder), asc(categories.id))
    const names: Record<string, string> = {}
    const children: Record<string, string[]> = {}
    const top: string[] = []
    for (const r of rows) {
      names[r.id] = r.name
      if (r.parentId) (children[r.parentId] ??= []).push(r.id)
      else top.push(r.id)
    }
    return { names, children, top }
  })
}

/** The ids of a category's subcategories. */
async function childCategoryIds(categoryId: string, locale: LanguageCode): Promise<string[]> {
  return [...((await categoryIndex(locale)).children[categoryId] ?? [])]
}

/** Trigram (typo-tolerant) matching applies to queries up to this length; longer ones are sentences. */
export const FUZZY_MAX_QUERY_LENGTH = 64
/**
 * Queries shorter than this have so few trigrams that the connection's looser threshold
 * (TRGM_WORD_SIMILARITY_THRESHOLD, 0.5) would match unrelated words ("the" → "Thermal"); they need FUZZY_STRICT_SIMILARITY.
 */
const FUZZY_LOOSE_MIN_LENGTH = 5
const FUZZY_STRICT_SIMILARITY = 0.6

/** Trigram closeness of the query to a translated product name (see FUZZY_LOOSE_MIN_LENGTH). */
function fuzzyMatch(q: string, name: SQL, query: SQL = sql`${q}`): SQL {
  return [...q].length >= FUZZY_LOOSE_MIN_LENGTH
    ? sql`${query} <% ${name}`
    : sql`(${query} <% ${name} and word_similarity(${query}, ${name}) >= ${FUZZY_STRICT_SIMILARITY})`
}

/**
 * Translation rows a search reads at most. Most searches match one text per product, so COUNT_CAP + 1
 * rows usually tell "more than COUNT_CAP products" (the listing says "1,000+" and ranks the rows
 * found); only when those rows name COUNT_CAP products or fewer (a product matched in two languages) does
 * the search read up to one row per language per product, SEARCH_WIDE_ROWS.
 */
const SEARCH_ROWS = COUNT_CAP + 1
const SEARCH_WIDE_ROWS = (COUNT_CAP + 1) * LANGUAGES.length

/**
 * What one search statement reads: up to `fullText` full-text matching texts, then up to `trigram`
 * trigram-close names when full text is complete (or as wide as it goes) and names COUNT_CAP products
 * or fewer. A search starts with FIRST_SEARCH_STAGE and widens only as far as what it found asks
 * (nextSearchStage), one statement per stage: a common word or a typo is one statement.
 */
type SearchStage = { fullText: number; trigram: number }
const FIRST_SEARCH_STAGE: SearchStage = { fullText: SEARCH_ROWS, trigram: SEARCH_ROWS }
/** What a stage found: texts and distinct products per step. */
type SearchFound = { fullTextRows: number; fullTextProducts: number; trigramRows: number; trigramProducts: number }

/**
 * The next stage, or null when this one is the answer. SEARCH_ROWS full-text texts that name more than
 * COUNT_CAP products are "1,000+" and the answer; when they fill the limit but name COUNT_CAP or fewer
 * (a product matched in several languages), up to SEARCH_WIDE_ROWS texts are read. Trigram matches
 * (typos; not for queries longer than FUZZY_MAX_QUERY_LENGTH) are widened the same way.
 */
function nextSearchStage(q: string, stage: SearchStage, found: SearchFound): SearchStage | null {
  if (found.fullTextProducts > COUNT_CAP) return null
  if (found.fullTextRows >= stage.fullText && stage.fullText < SEARCH_WIDE_ROWS) return { ...stage, fullText: SEARCH_WIDE_ROWS }
  // Full text is complete (or as wide as it goes) and names few products: the trigram step ran.
  if ([...q].length > FUZZY_MAX_QUERY_LENGTH || found.trigramProducts > COUNT_CAP) return null
  if (found.trigramRows >= stage.trigram && stage.trigram < SEARCH_WIDE_ROWS) return { ...stage, trigram: SEARCH_WIDE_ROWS }
  return null
}

/**
 * The matching products of a search, one row per product (its best translation), as CTEs ending in
 * `m(product_id, rank, created_at, currency_rank, price)`, beside `fts` and `trg`, the texts each step
 * read: a bounded candidate set (ADR 017).
 *
 * A translation matches when its tsvector matches websearch_to_tsquery in the row's own text-search
 * configuration (english / russian stem; Hindi uses simple, which PostgreSQL 15 and PGlite both have),
 * or when the name is trigram-close to the query (pg_trgm `<%`, threshold 0.5 set per connection, 0.6 for
 * queries under five characters) to forgive typos. The query text is always a bound parameter.
 *
 * Full text (`fts`): the OR of the three languages' queries is the index condition, the row's own
 * language the check. Each step reads the texts' search groups (SEARCH_BUCKETS partial GIN indexes,
 * db/schema/catalog.ts) one after another and stops at its limit, so a common word builds the bitmap
 * of one group, not of every match. The listing's filters (`filters`, over the texts' copies of the
 * listing fields: textFields) are checked on the text row itself before the limit, so a filtered search
 * finds every match up to the cap without looking up a product or a seller. `ranked`: false when the
 * page is sorted by price or date, which then skips computing a relevance nobody reads.
 */
function searchMatches(q: string, filters: SQL, ranked: boolean, stage: SearchStage, plan: SearchPlan): SQL {
  // The query text and its three tsqueries, once (qs): every group refers to them rather than to eight
  // copies of each, which keeps the statement small to build, send and plan.
  const qs = sql`qs as materialized (select ${q}::text as q, websearch_to_tsquery('english'::regconfig, ${q}) as en,
    websearch_to_tsquery('russian'::regconfig, ${q}) as ru, websearch_to_tsquery('simple'::regconfig, ${q}) as simple)`
  const rowQuery = sql`(case t.language_code when 'en' then qs.en when 'ru' then qs.ru else qs.simple end)`
  const fuzzy = [...q].length <= FUZZY_MAX_QUERY_LENGTH
  const textMatch = sql`(t.search_vector @@ (qs.en || qs.ru || qs.simple) and t.search_vector @@ ${rowQuery})`
  const rank = ranked ? sql`(ts_rank(t.search_vector, ${rowQuery})${fuzzy ? sql` + word_similarity(qs.q, t.name)` : sql``})` : sql`0::real`
  /** Up to `limit` texts matching `match`, group by group; the group number is a literal, so the planner picks that group's partial index. */
  const step = (match: SQL, limit: number) => {
    // A small catalog: one scan of the whole table (see searchPlan). Its matches are taken in the order
    // the groups give them (group, then table order: each group is a bitmap scan), so that above the
    // limit too it keeps the same texts as the staged plan; sorting a small table's matches is cheap.
    if (plan === 'plain') {
      return sql`select t.product_id, ${rank} as r, t.product_created_at as created_at, t.currency_rank, t.price
        from qs, ${productTranslations} t where ${match} and ${filters}
        order by ${searchBucket(sql`t.product_id`)}, t.ctid limit ${limit}`
    }
    const groups = Array.from(
      { length: SEARCH_BUCKETS },
      (_, b) => sql`select t.product_id, ${rank} as r, t.product_created_at as created_at, t.currency_rank, t.price
        from qs, ${productTranslations} t where ${searchBucket(sql`t.product_id`)} = ${sql.raw(String(b))} and ${match} and ${filters}`,
    )
    return sql`select * from (${sql.join(groups, sql` union all `)}) g limit ${limit}`
  }
  // Trigrams only when full text is complete (it did not fill its limit) or as wide as it goes, and
  // names COUNT_CAP products or fewer: computed once (trg_gate), and a one-time filter in each group
  // (an uncorrelated subquery, which PostgreSQL checks before the group's index scan starts).
  const fullTextDone = sql`(select count(*) from fts) < ${stage.fullText} or ${stage.fullText >= SEARCH_WIDE_ROWS}`
  const gate = sql`trg_gate as materialized (select (${fullTextDone}) and (select count(distinct product_id) from fts) <= ${COUNT_CAP} as open)`
  const trigram = fuzzy ? step(sql`(select open from trg_gate) and ${fuzzyMatch(q, sql`t.name`, sql`qs.q`)}`, stage.trigram) : sql`select * from fts where false`
  return sql`${qs},
    fts as materialized (${step(textMatch, stage.fullText)}),
    ${gate},
    trg as materialized (${trigram}),
    m as (select product_id, max(r) as rank, created_at, currency_rank, price
      from (select * from fts union all select * from trg) c group by product_id, created_at, currency_rank, price)`
}

/**
 * How a search reads the texts: `staged`, group by group through the partial GIN indexes in a
 * transaction without parallel workers (a large catalog); `plain`, one statement over the whole table,
 * which PostgreSQL reads in a few pages without an index (a small catalog, where planning eight groups
 * and the transaction cost more than the search: 13.4 instead of 9.9 ms for /marketplace?q=rice on the
 * 32-product demo). Both take the same texts, in the same order, so their results are the same, also
 * above the cap; the plain one reads and sorts every match, which is cheap only for a small table.
 */
export type SearchPlan = 'plain' | 'staged'
/**
 * 256 kB of product texts: 150 texts like the demo's (21 pages for its 102), up to about 1,500 short ones;
 * far below a parallel scan's minimum. Above it the trigram check on every name costs more than the
 * staged plan's index scans.
 */
const SMALL_CATALOG_TEXT_PAGES = 32
/** How long the size check is kept: a catalog that grows past the limit is searched in groups within this time. */
const SEARCH_PLAN_TTL_MS = 60_000
let searchPlanCache: { db: unknown; at: number; plan: SearchPlan } | null = null
let forcedSearchPlan: SearchPlan | null = null

/** Tests: search with this plan whatever the catalog size (null: by size again). */
export function forceSearchPlan(plan: SearchPlan | null) {
  forcedSearchPlan = plan
}

/**
 * The plan for the current database, from the size of the product texts' table (pg_relation_size:
 * current on PGlite too, which runs no autovacuum to keep pg_class statistics), checked at most once
 * per SEARCH_PLAN_TTL_MS.
 */
async function searchPlan(): Promise<SearchPlan> {
  if (forcedSearchPlan) return forcedSearchPlan
  const db = getDb()
  const now = Date.now()
  if (searchPlanCache && searchPlanCache.db === db && now - searchPlanCache.at < SEARCH_PLAN_TTL_MS) return searchPlanCache.plan
  const res = await db.execute(sql`select pg_relation_size('product_translations'::regclass) / current_setting('block_size')::int as pages`)
  const pages = Number((res.rows[0] as { pages: string | number }).pages)
  const plan: SearchPlan = pages <= SMALL_CATALOG_TEXT_PAGES ? 'plain' : 'staged'
  searchPlanCache = { db, at: now, plan }
  return plan
}

function filterConditions(query: MarketplaceQuery, opts: { newOnly?: boolean; sellerId?: string; childCategoryIds: string[] }, f: ListingFields): SQL[] {
  const conditions: SQL[] = [f.isPublic]
  if (opts.sellerId) conditions.push(eq(f.sellerId, opts.sellerId))
  if (query.category) conditions.push(inCategory(f, query.category, opts.childCategoryIds))
  if (query.country) conditions.push(eq(f.sellerCountry, query.country))
  if (query.currency) {
    if (f.currency) conditions.push(eq(f.currency, query.currency))
    // The same condition on the price sort's leading index column, so the price indexes apply.
    conditions.push(eq(f.currencyRank, CURRENCY_RANK[query.currency]))
  }
  // Bounds are validated decimal strings; compared as numeric in SQL, never as floats.
  if (query.minPrice !== null) conditions.push(sql`${f.price} >= ${query.minPrice}::numeric`)
  if (query.maxPrice !== null) conditions.push(sql`${f.price} <= ${query.maxPrice}::numeric`)
  if (query.maxMoq !== null) conditions.push(sql`${f.minimumOrderQuantity} <= ${query.maxMoq}`)
  if (opts.newOnly) conditions.push(sql`(${f.createdAt} >= now() - make_interval(days => ${NEW_LISTING_DAYS}))`)
  return conditions
}

/**
 * Price sorts order numerically within a currency; currencies are never mixed into one scale. The
 * order is products.currency_rank, a generated column (same CASE as db/schema/catalog.ts).
 */
const CURRENCY_RANK: Record<CatalogCurrency, number> = { USD: 0, INR: 1, RUB: 2 }

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
  opts: { newOnly?: boolean; pageSize?: number; sellerId?: string; count?: boolean } = {},
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
    { q: null, category: null, country: null, currency: null, minPrice: null, maxPrice: null, maxMoq: null, sort: 'newest', page: 1 },
    locale,
    { pageSize: limit, count: false },
  )
  return page.items
}

function cleanShippingOptions(value: unknown): ShippingOptionDto[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((o): ShippingOptionDto[] => {
    if (!o || typeof o !== 'object') return []
    const { method, price, currency, estimatedDays } = o as Record<string, unknown>
    const priceText = typeof price === 'number' ? String(price) : price
    if (!SHIPPING_METHODS.includes(method as ShippingMethod)) return []
    if (typeof priceText !== 'string' || toCents(priceText) === null) return []
    if (!CATALOG_CURRENCIES.includes(currency as CatalogCurrency)) return []
    return [
      {
        method: method as ShippingMethod,
        price: priceText.trim(),
        currency: currency as CatalogCurrency,
        estimatedDays: typeof estimatedDays === 'string' ? estimatedDays.slice(0, 20) : '',
      },
    ]
  })
}

const HS_CODE = /^\d{4,10}$/
const regionNames = new Map<LanguageCode, Intl.DisplayNames>()

/** "100630" → "1006.30", "10063010" → "1006.30.10": heading, subheading, national digits. */
function formatHsCode(digits: string): string {
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6)].filter(Boolean).join('.')
}

/**
 * HS code and country of origin from products.attributes (seed data writes "0902.40", the product
 * form "090240"); anything malformed is left out rather than shown. The country name is made here, on
 * the server, so the page shows the same words before and after hydration.
 */
function tradeAttributes(value: unknown, locale: LanguageCode): TradeAttributesDto {
  const attrs = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  const hsCode = typeof attrs.hsCode === 'string' ? attrs.hsCode.replace(/[\s.]/g, '') : ''
  const origin = typeof attrs.origin === 'string' ? attrs.origin.trim().toUpperCase() : ''
  let names = regionNames.get(locale)
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([INTL_LOCALES[locale]], { type: 'region', fallback: 'code' })))
  return {
    hsCode: HS_CODE.test(hsCode) ? formatHsCode(hsCode) : null,
    origin: /^[A-Z]{2}$/.test(origin) ? { code: origin, name: names.of(origin) ?? origin } : null,
  }
}

function cleanSpecifications(value: unknown): Specification[] {
  if (!Array.isArray(value)) return []
  return value.filter(
    (s): s is Specification => !!s && typeof s === 'object' && typeof s.name === 'string' && typeof s.value === 'string',
  )
}

/** A public product with its text in `locale` (English per missing field), or null (unknown, inactive, bad id). */
export async function getProduct(id: string, locale: LanguageCode, viewerSellerId: string | null = null): Promise<ProductDetailDto | null> {
  if (!isProductId(id)) return null
  type DetailText = { languageCode: LanguageCode; name: string | null; description: string | null; longDescription: string | null; specifications: unknown }
  const productRow = getDb()
    .select({
      id: products.id,
      sku: products.sku,
      price: products.price,
      currency: products.currency,
      stockQuantity: products.stockQuantity,
      minimumOrderQuantity: products.minimumOrderQuantity,
      mediaFiles: products.mediaFiles,
      shippingOptions: products.shippingOptions,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
      isNew: isNewSql,
      categoryId: products.categoryId,
      subcategoryId: products.subcategoryId,
      attributes: products.attributes,
      sellerId: profiles.id,
      sellerName: profiles.name,
      sellerCompany: profiles.companyName,
      sellerCountry: profiles.country,
      sellerKyc: profiles.kycStatus,
      isActive: products.isActive,
      sellerActive: sql<boolean>`${profiles.accountStatus} = 'active'`,
      // Its texts in the same statement; category names come from the reference data (categoryIndex).
      texts: sql<DetailText[] | string | null>`(select json_agg(json_build_object('languageCode', x.language_code, 'name', x.name,
        'description', x.description, 'longDescription', x.long_description, 'specifications', x.specifications))
        from ${productTranslations} x where x.product_id = ${products.id})`,
    })
    .from(products)
    .innerJoin(profiles, eq(profiles.id, products.sellerId))
    // The owner also sees a product the public does not (inactive, or KYC not approved yet).
    .where(and(eq(products.id, id), viewerSellerId ? or(listedProduct, eq(products.sellerId, viewerSellerId)) : listedProduct))
    .limit(1)
  const [[row], { names: categoryNames }] = await Promise.all([productRow, categoryIndex(locale)])
  if (!row) return null
  const visibility: ProductDetailDto['visibility'] = !row.isActive ? 'hiddenInactive' : row.sellerKyc !== 'Approved' || !row.sellerActive ? 'hiddenKyc' : 'public'
  const translations: DetailText[] = (typeof row.texts === 'string' ? JSON.parse(row.texts) : row.texts) ?? []
  // Per field: the visitor's language, then English, then any language that has it.
  const ordered = [
    ...translations.filter((t) => t.languageCode === locale),
    ...translations.filter((t) => t.languageCode === 'en' && locale !== 'en'),
    ...translations.filter((t) => t.languageCode !== locale && t.languageCode !== 'en'),
  ]
  // Each text says which language it is in (the page marks fallbacks with `lang`).
  const pick = (field: 'name' | 'description' | 'longDescription') => {
    const found = ordered.find((t) => t[field]?.trim())
    return { text: found?.[field]?.trim() ?? '', lang: found?.languageCode ?? locale }
  }
  const [name, description, longDescription] = [pick('name'), pick('description'), pick('longDescription')]
  const specsFrom = ordered.find((t) => cleanSpecifications(t.specifications).length > 0)

  return {
    id: row.id,
    sku: row.sku,
    name: name.text,
    description: description.text,
    longDescription: longDescription.text,
    specifications: specsFrom ? cleanSpecifications(specsFrom.specifications) : [],
    lang: { name: name.lang, description: description.lang, longDescription: longDescription.lang, specifications: specsFrom?.languageCode ?? locale },
    trade: tradeAttributes(row.attributes, locale),
    price: row.price,
    currency: row.currency,
    stockQuantity: row.stockQuantity,
    minimumOrderQuantity: row.minimumOrderQuantity,
    images: Array.isArray(row.mediaFiles) ? row.mediaFiles.filter((f): f is string => typeof f === 'string') : [],
    shippingOptions: cleanShippingOptions(row.shippingOptions),
    category: { id: row.categoryId, name: categoryNames[row.categoryId] ?? row.categoryId },
    subcategory: row.subcategoryId ? { id: row.subcategoryId, name: categoryNames[row.subcategoryId] ?? row.subcategoryId } : null,
    seller: {
      id: row.sellerId,
      name: row.sellerName,
      companyName: row.sellerCompany,
      country: row.sellerCountry,
      verified: row.sellerKyc === 'Approved',
      publicPage: row.sellerKyc === 'Approved' && row.sellerActive,
    },
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    isNew: Boolean(row.isNew),
    visibility,
  }
}

// ---------------------------------------------------------------------------------------------
// Sellers

/** A seller's public profile, or null unless the id is a seller whose account is active and KYC approved. */
export async function getSeller(id: string): Promise<SellerPublicDto | null> {
  if (!isSellerId(id)) return null
  const [row] = await getDb()
    .select({ id: profiles.id, name: profiles.name, companyName: profiles.companyName, country: profiles.country, createdAt: profiles.createdAt })
    .from(profiles)
    .where(and(eq(profiles.id, id), publicSeller))
    .limit(1)
  if (!row) return null
  const company = row.companyName?.trim() || null
  return {
    id: row.id,
    displayName: company ?? row.name,
    contactName: company ? row.name : null,
    country: row.country,
    verified: true,
    memberSince: new Date(row.createdAt).toISOString(),
  }
}

/** One page (newest first) of a seller's public products; an out-of-range page is clamped to the last. */
export async function listSellerProducts(sellerId: string, page: number, locale: LanguageCode): Promise<ProductPageDto> {
  return listProducts({ ...EMPTY_MARKETPLACE_QUERY, page }, locale, { sellerId })
}

// ---------------------------------------------------------------------------------------------
// Categories

function categorySelect() {
  return {
    id: categories.id,
    parentId: categories.parentId,
    icon: categories.icon,
    name: categoryName(categories.id),
    description: sql<string>`coalesce(nullif(${ctl.description}, ''), ${cte.description}, '')`,
    productCount: publicProductCount(categories.id),
  }
}

function categoryRows(locale: LanguageCode) {
  return getDb()
    .select(categorySelect())
    .from(categories)
    .leftJoin(ctl, and(eq(ctl.categoryId, categories.id), eq(ctl.languageCode, locale)))
    .leftJoin(cte, and(eq(cte.categoryId, categories.id), eq(cte.languageCode, 'en')))
    .$dynamic()
}

type CategoryRow = { id: string; parentId: string | null; icon: string; name: string; description: string; productCount: number }

const toCategorySummary = (r: CategoryRow): CategorySummaryDto => ({
  id: r.id,
  name: r.name,
  description: r.description,
  icon: r.icon,
  image: categoryImage(r.id),
  productCount: Math.min(Number(r.productCount), COUNT_CAP),
  productCountCapped: Number(r.productCount) > COUNT_CAP,
})

/** All top-level categories with public product counts, in display order. */
export async function listCategories(locale: LanguageCode): Promise<CategorySummaryDto[]> {
  const rows = await categoryRows(locale).where(isNull(categories.parentId)).orderBy(asc(categories.sortOrder), asc(categories.id))
  return rows.map(toCategorySummary)
}

/** The given top-level categories in the given order (missing ids are skipped). */
export async function listFeaturedCategories(ids: readonly string[], locale: LanguageCode): Promise<CategorySummaryDto[]> {
  if (ids.length === 0) return []
  const rows = await categoryRows(locale).where(inArray(categories.id, [...ids]))
  const byId = new Map(rows.map((r) => [r.id, toCategorySummary(r)]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** A category with its parent and subcategories, or null for an unknown id. */
export async function getCategory(id: string, locale: LanguageCode): Promise<CategoryDetailDto | null> {
  if (!isCategoryId(id)) return null
  const [row] = await categoryRows(locale).where(eq(categories.id, id)).limit(1)
  if (!row) return null
  const children = await categoryRows(locale)
    .where(eq(categories.parentId, id))
    .orderBy(asc(categories.sortOrder), asc(categories.id))
  let parent: CategoryDetailDto['parent'] = null
  if (row.parentId) {
    const [p] = await categoryRows(locale).where(eq(categories.id, row.parentId)).limit(1)
    if (p) parent = { id: p.id, name: p.name }
  }
  return { ...toCategorySummary(row), parent, subcategories: children.map(toCategorySummary) }
}

/** Categories for the filter select: top level with their subcategories. */
export async function listCategoryOptions(locale: LanguageCode): Promise<CategoryOptionDto[]> {
  const { names, children, top } = await categoryIndex(locale)
  return top.map((id) => ({
    id,
    name: names[id],
    children: (children[id] ?? []).map((c) => ({ id: c, name: names[c] })),
  }))
}

/** True when a category with this id exists. */
export async function categoryExists(id: string): Promise<boolean> {
  if (!isCategoryId(id)) return false
  const [row] = await getDb().select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1)
  return !!row
}

// ---------------------------------------------------------------------------------------------
// Site-wide

/** Pages a count estimate samples (TABLESAMPLE SYSTEM): a few thousand rows, read in a few milliseconds. */
const ESTIMATE_SAMPLE_PAGES = 200
/** A table this small (2 MB, about ten thousand rows) is counted exactly, in a millisecond or two. */
const EXACT_COUNT_MAX_PAGES = 250

/** "835,023" → 840,000: an estimate shows two significant digits, never fewer than COUNT_CAP + 1. */
const roundEstimate = (n: number) => {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(n, 1))) - 1)
  return Math.max(COUNT_CAP + 1, Math.round(n / unit) * unit)
}

/**
 * Rows of `table` (joined by `join`) that meet `where`: exact up to COUNT_CAP (a count that stops
 * there), otherwise estimated from a repeatable sample of the table's pages and rounded (ADR 017).
 * A table of at most EXACT_COUNT_MAX_PAGES pages is counted exactly. Neither path reads the whole
 * of a large table; no statistics are needed (PGlite has no autovacuum to keep them).
 */
async function countOrEstimate(table: 'products' | 'profiles', join: SQL, where: SQL): Promise<{ n: number; approx: boolean }> {
  const db = getDb()
  const name = sql.raw(`"${table}"`)
  const one = async (text: SQL) => Number(((await db.execute(text)).rows[0] as { n: string | number }).n)
  const capped = await one(sql`select count(*) as n from (select 1 from ${name} ${join} where ${where} limit ${COUNT_CAP + 1}) c`)
  if (capped <= COUNT_CAP) return { n: capped, approx: false }
  const pages = await one(sql`select greatest(1, pg_relation_size(${table}::regclass) / current_setting('block_size')::int) as n`)
  if (pages <= EXACT_COUNT_MAX_PAGES) return { n: await one(sql`select count(*) as n from ${name} ${join} where ${where}`), approx: false }
  const percent = (100 * ESTIMATE_SAMPLE_PAGES) / pages
  // A literal: TABLESAMPLE takes no parameter in every driver; it is a number computed here.
  const sampled = await one(sql`select count(*) as n from ${name} tablesample system (${sql.raw(percent.toFixed(6))}) repeatable (0) ${join} where ${where}`)
  return { n: roundEstimate((sampled * 100) / percent), approx: true }
}

/**
 * Counters for the home page: public products and verified sellers exact up to COUNT_CAP, above it
 * an estimate that the page shows as "about 840,000" (ADR 017); top-level categories exactly.
 */
export async function getCatalogStats(): Promise<CatalogStatsDto> {
  const db = getDb()
  const [activeProducts, verifiedSellers, [{ categoryCount }]] = await Promise.all([
    countOrEstimate('products', sql``, sql`${products.isListed}`),
    countOrEstimate('profiles', sql``, publicSeller!),
    db.select({ categoryCount: count() }).from(categories).where(isNull(categories.parentId)),
  ])
  return {
    activeProducts: activeProducts.n,
    activeProductsApprox: activeProducts.approx,
    verifiedSellers: verifiedSellers.n,
    verifiedSellersApprox: verifiedSellers.approx,
    categories: categoryCount,
  }
}

/** How many sitemap files (`fileSize` URLs each) the public products and sellers fill. */
export async function getSitemapIndexData(fileSize = SITEMAP_FILE_SIZE): Promise<SitemapIndexDto> {
  const db = getDb()
  const [[{ productCount }], [{ sellerCount }]] = await Promise.all([
    db.select({ productCount: count() }).from(products).where(eq(products.isListed, true)),
    db.select({ sellerCount: count() }).from(profiles).where(publicSeller),
  ])
  return { productFiles: Math.ceil(productCount / fileSize), sellerFiles: Math.ceil(sellerCount / fileSize) }
}

/** Top-level categories for the sitemap's pages file (a few dozen at most). */
export async function listSitemapCategories(): Promise<SitemapEntryDto[]> {
  const rows = await getDb()
    .select({ id: categories.id, createdAt: categories.createdAt })
    .from(categories)
    .where(isNull(categories.parentId))
    .orderBy(asc(categories.sortOrder), asc(categories.id))
  return rows.map((c) => ({ id: c.id, lastModified: new Date(c.createdAt).toISOString() }))
}

/** Rows per query while a sitemap file streams: memory stays bounded whatever the catalog size. */
const SITEMAP_CHUNK = 5_000

/**
 * The entries of sitemap file `file` (1-based) of public products or sellers, in id order: the
 * file-th run of `fileSize`. Yields chunks (keyset pages on id, `chunkSize` rows each); yields
 * nothing for a file past the end.
 */
export async function* sitemapEntries(
  kind: 'products' | 'sellers',
  file: number,
  { fileSize = SITEMAP_FILE_SIZE, chunkSize = SITEMAP_CHUNK } = {},
): AsyncGenerator<SitemapEntryDto[]> {
  if (!Number.isSafeInteger(file) || file < 1) return
  const db = getDb()
  const id = kind === 'products' ? products.id : profiles.id
  const chunk = (from: SQL | undefined, offset: number, limit: number) =>
    kind === 'products'
      ? db
          .select({ id: products.id, updatedAt: products.updatedAt })
          .from(products)
          .innerJoin(profiles, eq(profiles.id, products.sellerId))
          .where(and(publicProduct, from))
          .orderBy(asc(products.id))
          .offset(offset)
          .limit(limit)
      : db
          .select({
            id: profiles.id,
            // A seller page changes with the profile and with its products: the later of the two.
            updatedAt: sql<Date | string>`greatest(${profiles.updatedAt}, (select max(p.updated_at) from ${products} p where p.seller_id = ${profiles.id} and p.is_active))`,
          })
          .from(profiles)
          .where(and(publicSeller, from))
          .orderBy(asc(profiles.id))
          .offset(offset)
          .limit(limit)
  // The file's first chunk by offset (one index walk to its start), the rest by keyset on id.
  let remaining = fileSize
  let rows = await chunk(undefined, (file - 1) * fileSize, Math.min(chunkSize, remaining))
  while (rows.length > 0) {
    yield rows.map((r) => ({ id: r.id, lastModified: new Date(r.updatedAt).toISOString() }))
    remaining -= rows.length
    if (remaining <= 0 || rows.length < Math.min(chunkSize, remaining + rows.length)) return
    rows = await chunk(sql`${id} > ${rows[rows.length - 1].id}`, 0, Math.min(chunkSize, remaining))
  }
}
