import { and, asc, count, desc, eq, inArray, isNull, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import {
  categories,
  categoryTranslations,
  LANGUAGES,
  products,
  productTranslations,
  profiles,
  type Country,
  type Currency,
  type LanguageCode,
  type ShippingMethod,
  type Specification,
} from '../../../db/schema'
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
import { INTL_LOCALES } from '~/lib/i18n'
import { toCents } from './money'
import {
  COUNT_CAP,
  CURRENCY_VALUES,
  EMPTY_MARKETPLACE_QUERY,
  isCategoryId,
  isProductId,
  isSellerId,
  maxPageFor,
  NEW_LAUNCHES_COUNT,
  NEW_LISTING_DAYS,
  PAGE_SIZE,
  SHIPPING_METHOD_VALUES,
  SITEMAP_FILE_SIZE,
  type MarketplaceQuery,
} from './schemas'

export type * from './types'

// ---------------------------------------------------------------------------------------------
// Shared SQL pieces

/** Product text in the visitor's language, then English. */
const tl = alias(productTranslations, 'tl')
const te = alias(productTranslations, 'te')
/** Category name in the visitor's language, then English. */
const ctl = alias(categoryTranslations, 'ctl')
const cte = alias(categoryTranslations, 'cte')

const categoryImage = (id: string) => `/images/categories/${id}.svg`

/**
 * A product is public when it is active and its seller's account is active and KYC-approved
 * (suspended sellers disappear; a pending seller's products wait for approval).
 */
const publicProduct = and(eq(products.isActive, true), eq(profiles.accountStatus, 'active'), eq(profiles.kycStatus, 'Approved'))

/** A seller has a public page (/sellers/:id) on the same terms: account active, KYC approved. */
const publicSeller = and(eq(profiles.userType, 'Seller'), eq(profiles.accountStatus, 'active'), eq(profiles.kycStatus, 'Approved'))

/**
 * A card text in the visitor's language, then English, then the first translation that has it (a
 * product needs at least one), with the language it came from. Blank texts count as missing.
 * Needs the `tl` and `te` joins.
 */
function fallbackText(field: 'name' | 'description') {
  const column = sql.raw(field === 'name' ? 'name' : 'description')
  const local = sql`nullif(btrim(${tl[field]}), '')`
  const english = sql`nullif(btrim(${te[field]}), '')`
  const other = (value: SQL) =>
    sql`(select ${value} from ${productTranslations} x where x.product_id = ${products.id} and btrim(x.${column}) <> '' order by x.language_code limit 1)`
  return {
    text: sql<string>`coalesce(${local}, ${english}, ${other(sql`btrim(x.${column})`)}, '')`,
    lang: sql<LanguageCode | null>`(case when ${local} is not null then ${tl.languageCode} when ${english} is not null then ${te.languageCode} else ${other(sql`x.language_code`)} end)`,
  }
}
const productName = fallbackText('name')
const productSummary = fallbackText('description')
const categoryName = (idColumn: AnyPgColumn | SQL) => sql<string>`coalesce(${ctl.name}, ${cte.name}, ${idColumn})`
const isNewSql = sql<boolean>`(${products.createdAt} >= now() - make_interval(days => ${NEW_LISTING_DAYS}))`

/**
 * Count of public products in a category, its subcategories, or (for a subcategory) itself, up to
 * COUNT_CAP + 1 (more reads as "1,000+"; an exact count would read the whole category).
 */
const publicProductCount = (categoryId: AnyPgColumn) => sql<number>`(
  select count(*)::int from (select 1 from ${products} p join ${profiles} s on s.id = p.seller_id
    where p.is_active and s.account_status = 'active' and s.kyc_status = 'Approved'
      and (p.category_id = ${categoryId} or p.subcategory_id = ${categoryId}
        or p.category_id in (select cc.id from ${categories} cc where cc.parent_id = ${categoryId}))
    limit ${COUNT_CAP + 1}) capped)`

/**
 * Products in a category: directly, through a subcategory, or filed under one of its children
 * (`childIds`). The ids are literal values, not a subquery, so the planner can estimate each branch
 * from its statistics and pick the category or subcategory index for a small category.
 */
function inCategory(categoryId: string, childIds: string[]): SQL {
  return or(inArray(products.categoryId, [categoryId, ...childIds]), eq(products.subcategoryId, categoryId))!
}

/** The ids of a category's subcategories. */
async function childCategoryIds(categoryId: string): Promise<string[]> {
  const rows = await getDb().select({ id: categories.id }).from(categories).where(eq(categories.parentId, categoryId))
  return rows.map((r) => r.id)
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
function fuzzyMatch(q: string, name: SQL): SQL {
  return [...q].length >= FUZZY_LOOSE_MIN_LENGTH
    ? sql`${q} <% ${name}`
    : sql`(${q} <% ${name} and word_similarity(${q}, ${name}) >= ${FUZZY_STRICT_SIMILARITY})`
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
 * The matching products of a search, one row per product (its best translation), as SQL over
 * `m(product_id, rank, created_at, currency_rank, price)`: a bounded candidate set (ADR 017).
 *
 * A translation matches when its tsvector matches websearch_to_tsquery in the row's own text-search
 * configuration (english / russian stem; Hindi uses simple, which PostgreSQL 15 and PGlite both have),
 * or when the name is trigram-close to the query (pg_trgm `<%`, threshold 0.5 set per connection, 0.6 for
 * queries under five characters) to forgive typos. The query text is always a bound parameter.
 *
 * Full-text matches come first (the GIN index on the tsvector; the OR of the three languages' queries
 * is its index condition, the row's own language the check), SEARCH_ROWS of them (`fts`), widened to
 * SEARCH_WIDE_ROWS only when they name COUNT_CAP products or fewer (`fts_wide`). Trigram matches
 * (`trg`, `trg_wide` the same way) are read only when full text found COUNT_CAP products or fewer.
 * Each later step is gated by a one-time filter that PostgreSQL checks before reading anything, so a
 * common word never pays for the trigram index (reading "turmeric"'s trigrams costs as much as its
 * full-text match at a million products); above the cap the result is "1,000+" anyway, ranked within
 * the full-text candidates, and a misspelt word finds no full-text match and gets the trigram ones. The listing's filters apply in each step
 * before its limit, through a lateral lookup by primary key (its LIMIT 1 keeps the planner from
 * turning it into a scan of every product), so a filtered search finds every match up to the cap.
 */
function searchMatches(q: string, filters: SQL | undefined): SQL {
  const en = sql`websearch_to_tsquery('english'::regconfig, ${q})`
  const ru = sql`websearch_to_tsquery('russian'::regconfig, ${q})`
  const simple = sql`websearch_to_tsquery('simple'::regconfig, ${q})`
  const rowQuery = sql`(case t.language_code when 'en' then ${en} when 'ru' then ${ru} else ${simple} end)`
  const fuzzy = [...q].length <= FUZZY_MAX_QUERY_LENGTH
  const textMatch = sql`(t.search_vector @@ (${en} || ${ru} || ${simple}) and t.search_vector @@ ${rowQuery})`
  const rank = sql`(ts_rank(t.search_vector, ${rowQuery})${fuzzy ? sql` + word_similarity(${q}, t.name)` : sql``})`
  const product = sql`(select ${products.createdAt} as created_at, ${products.currencyRank} as currency_rank, ${products.price} as price
      from ${products} inner join ${profiles} on ${profiles.id} = ${products.sellerId}
      where ${products.id} = t.product_id and ${filters ?? sql`true`} limit 1) p`
  const step = (match: SQL, limit: number) =>
    sql`select t.product_id, ${rank} as r, p.created_at, p.currency_rank, p.price
      from ${productTranslations} t cross join lateral ${product}
      where ${match} limit ${limit}`
  const fewProducts = (cte: string) => sql`(select count(distinct product_id) from ${sql.raw(cte)}) <= ${COUNT_CAP}`
  /** Two CTEs: `name` (SEARCH_ROWS texts), `name_wide` (SEARCH_WIDE_ROWS, only if `name` is full but names few products). */
  const steps = (name: string, match: SQL, gate: SQL = sql`true`) =>
    sql`${sql.raw(name)} as materialized (${step(sql`${match} and ${gate}`, SEARCH_ROWS)}),
    ${sql.raw(name)}_wide as materialized (${step(sql`${match} and (select count(*) from ${sql.raw(name)}) >= ${SEARCH_ROWS} and ${fewProducts(name)}`, SEARCH_WIDE_ROWS)})`
  const rowsOf = (name: string) => sql`select * from ${sql.raw(name)} where not exists (select from ${sql.raw(name)}_wide) union all select * from ${sql.raw(name)}_wide`
  return sql`(with ${steps('fts', textMatch)}${fuzzy ? sql`, ${steps('trg', fuzzyMatch(q, sql`t.name`), sql`${fewProducts('fts')} and ${fewProducts('fts_wide')}`)}` : sql``}
    select product_id, max(r) as rank, created_at, currency_rank, price
    from (${rowsOf('fts')}${fuzzy ? sql` union all ${rowsOf('trg')}` : sql``}) c
    group by product_id, created_at, currency_rank, price) m`
}

function filterConditions(query: MarketplaceQuery, opts: { newOnly?: boolean; sellerId?: string; childCategoryIds: string[] }): SQL[] {
  const conditions: SQL[] = [publicProduct!]
  if (opts.sellerId) conditions.push(eq(products.sellerId, opts.sellerId))
  if (query.category) conditions.push(inCategory(query.category, opts.childCategoryIds))
  if (query.country) conditions.push(eq(profiles.country, query.country))
  if (query.currency) {
    conditions.push(eq(products.currency, query.currency))
    // The same condition on the price sort's leading index column, so the price indexes apply.
    conditions.push(eq(products.currencyRank, CURRENCY_RANK[query.currency]))
  }
  // Bounds are validated decimal strings; compared as numeric in SQL, never as floats.
  if (query.minPrice !== null) conditions.push(sql`${products.price} >= ${query.minPrice}::numeric`)
  if (query.maxPrice !== null) conditions.push(sql`${products.price} <= ${query.maxPrice}::numeric`)
  if (query.maxMoq !== null) conditions.push(sql`${products.minimumOrderQuantity} <= ${query.maxMoq}`)
  if (opts.newOnly) conditions.push(isNewSql)
  return conditions
}

/**
 * Price sorts order numerically within a currency; currencies are never mixed into one scale. The
 * order is products.currency_rank, a generated column (same CASE as db/schema/catalog.ts).
 */
const CURRENCY_RANK: Record<Currency, number> = { USD: 0, INR: 1, RUB: 2 }

function cardFields() {
  return {
    id: products.id,
    name: productName.text,
    nameLang: productName.lang,
    summary: productSummary.text,
    summaryLang: productSummary.lang,
    mediaFiles: products.mediaFiles,
    categoryId: products.categoryId,
    categoryName: categoryName(products.categoryId),
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
  }
}

type CardRow = {
  id: string
  name: string
  nameLang: LanguageCode | null
  summary: string
  summaryLang: LanguageCode | null
  mediaFiles: string[]
  categoryId: string
  categoryName: string
  sellerId: string
  sellerName: string
  sellerCompany: string | null
  sellerCountry: Country
  sellerKyc: string | null
  price: string
  currency: Currency
  minimumOrderQuantity: number
  stockQuantity: number
  createdAt: Date | string
  isNew: boolean
}

function toCard(row: CardRow, locale: LanguageCode): ProductCardDto {
  const image = Array.isArray(row.mediaFiles) ? row.mediaFiles.find((f) => typeof f === 'string') : undefined
  return {
    id: row.id,
    name: row.name,
    summary: row.summary,
    // No text at all: the card shows a translated placeholder, in the page language.
    lang: { name: row.nameLang ?? locale, summary: row.summaryLang ?? locale },
    image: image ?? null,
    category: { id: row.categoryId, name: row.categoryName },
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
  opts: { newOnly?: boolean; pageSize?: number; sellerId?: string } = {},
): Promise<ProductPageDto> {
  const db = getDb()
  const pageSize = opts.pageSize ?? PAGE_SIZE
  const maxPage = maxPageFor(pageSize)
  const childIds = query.category ? await childCategoryIds(query.category) : []
  const conditions = and(...filterConditions(query, { ...opts, childCategoryIds: childIds }))
  const matches = query.q ? searchMatches(query.q, conditions) : null

  // Each order below is the column order of one listing index (db/schema/catalog.ts). A search
  // orders its candidate set (m) by the same columns.
  const sort = query.sort === 'relevance' && !matches ? 'newest' : query.sort
  type SortColumns = Record<'createdAt' | 'id' | 'currencyRank' | 'price', SQLWrapper | AnyColumn> & { rank?: SQLWrapper }
  const orderFor = (c: SortColumns): SQL[] => {
    const tieBreak = [desc(c.createdAt), asc(c.id)]
    if (sort === 'relevance' && c.rank) return [desc(c.rank), ...tieBreak]
    if (sort === 'price_asc') return [asc(c.currencyRank), asc(c.price), ...tieBreak]
    if (sort === 'price_desc') return [asc(c.currencyRank), desc(c.price), ...tieBreak]
    return tieBreak
  }

  /**
   * The ids of one page, in order: products and sellers only, through the index of the chosen order
   * (OFFSET reads at most COUNT_CAP rows of it); a search orders its bounded candidate set. The cards'
   * texts and category names are joined for these ids only (cardsFor), not for the rows skipped.
   */
  const pageIds = async (page: number): Promise<{ ids: string[]; total: number | null }> => {
    const offset = (page - 1) * pageSize
    if (!matches) {
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .innerJoin(profiles, eq(profiles.id, products.sellerId))
        .where(conditions)
        .orderBy(...orderFor({ createdAt: products.createdAt, id: products.id, currencyRank: products.currencyRank, price: products.price }))
        .limit(pageSize)
        .offset(offset)
      return { ids: rows.map((r) => r.id), total: null }
    }
    const m = (column: string) => sql.raw(`m.${column}`)
    const order = orderFor({ createdAt: m('created_at'), id: m('product_id'), currencyRank: m('currency_rank'), price: m('price'), rank: m('rank') })
    const res = await db.execute(
      sql`select m.product_id as id, count(*) over () as total from ${matches} order by ${sql.join(order, sql`, `)} limit ${pageSize} offset ${offset}`,
    )
    const rows = res.rows as { id: string; total: string | number }[]
    return { ids: rows.map((r) => r.id), total: rows.length > 0 ? Number(rows[0].total) : null }
  }
  /** Matching products, counted up to COUNT_CAP + 1 (a search's candidate set is bounded already). */
  const countCapped = async () => {
    if (matches) return Number(((await db.execute(sql`select count(*) as n from ${matches}`)).rows[0] as { n: string | number }).n)
    const capped = db
      .select({ one: sql`1` })
      .from(products)
      .innerJoin(profiles, eq(profiles.id, products.sellerId))
      .where(conditions)
      .limit(COUNT_CAP + 1)
      .as('capped')
    return (await db.select({ n: count() }).from(capped))[0].n
  }

  let page = Math.min(Math.max(1, query.page), maxPage)
  let found = await pageIds(page)
  let total: number
  if (found.total !== null) total = found.total
  else if (found.ids.length > 0 && found.ids.length < pageSize) total = (page - 1) * pageSize + found.ids.length
  else if (found.ids.length === 0 && page === 1) total = 0
  else total = await countCapped()
  if (found.ids.length === 0 && page > 1) {
    // Past the end (page=999): show the last page instead.
    if (matches) total = await countCapped()
    page = Math.max(1, Math.ceil(Math.min(total, COUNT_CAP) / pageSize))
    if (total > 0) found = await pageIds(page)
  }
  const items = await cardsFor(found.ids, locale)
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
  const rows = await getDb()
    .select(cardFields())
    .from(products)
    .innerJoin(profiles, eq(profiles.id, products.sellerId))
    .leftJoin(tl, and(eq(tl.productId, products.id), eq(tl.languageCode, locale)))
    .leftJoin(te, and(eq(te.productId, products.id), eq(te.languageCode, 'en')))
    .leftJoin(ctl, and(eq(ctl.categoryId, products.categoryId), eq(ctl.languageCode, locale)))
    .leftJoin(cte, and(eq(cte.categoryId, products.categoryId), eq(cte.languageCode, 'en')))
    // Still public (a product can be hidden between the two statements).
    .where(and(inArray(products.id, ids), publicProduct))
  const byId = new Map(rows.map((r) => [r.id, toCard(r as CardRow, locale)]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** The newest public products (home page "New Launches"). */
export async function listNewLaunches(locale: LanguageCode, limit = NEW_LAUNCHES_COUNT): Promise<ProductCardDto[]> {
  const page = await listProducts(
    { q: null, category: null, country: null, currency: null, minPrice: null, maxPrice: null, maxMoq: null, sort: 'newest', page: 1 },
    locale,
    { pageSize: limit },
  )
  return page.items
}

function cleanShippingOptions(value: unknown): ShippingOptionDto[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((o): ShippingOptionDto[] => {
    if (!o || typeof o !== 'object') return []
    const { method, price, currency, estimatedDays } = o as Record<string, unknown>
    const priceText = typeof price === 'number' ? String(price) : price
    if (!SHIPPING_METHOD_VALUES.includes(method as ShippingMethod)) return []
    if (typeof priceText !== 'string' || toCents(priceText) === null) return []
    if (!CURRENCY_VALUES.includes(currency as Currency)) return []
    return [
      {
        method: method as ShippingMethod,
        price: priceText.trim(),
        currency: currency as Currency,
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
  const db = getDb()
  const sub = alias(categories, 'sub')
  const stl = alias(categoryTranslations, 'stl')
  const ste = alias(categoryTranslations, 'ste')
  const [row] = await db
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
      categoryName: categoryName(products.categoryId),
      subcategoryId: sub.id,
      subcategoryName: sql<string | null>`coalesce(${stl.name}, ${ste.name}, ${sub.id})`,
      attributes: products.attributes,
      sellerId: profiles.id,
      sellerName: profiles.name,
      sellerCompany: profiles.companyName,
      sellerCountry: profiles.country,
      sellerKyc: profiles.kycStatus,
      isActive: products.isActive,
      sellerActive: sql<boolean>`${profiles.accountStatus} = 'active'`,
    })
    .from(products)
    .innerJoin(profiles, eq(profiles.id, products.sellerId))
    .leftJoin(ctl, and(eq(ctl.categoryId, products.categoryId), eq(ctl.languageCode, locale)))
    .leftJoin(cte, and(eq(cte.categoryId, products.categoryId), eq(cte.languageCode, 'en')))
    .leftJoin(sub, eq(sub.id, products.subcategoryId))
    .leftJoin(stl, and(eq(stl.categoryId, sub.id), eq(stl.languageCode, locale)))
    .leftJoin(ste, and(eq(ste.categoryId, sub.id), eq(ste.languageCode, 'en')))
    // The owner also sees a product the public does not (inactive, or KYC not approved yet).
    .where(and(eq(products.id, id), viewerSellerId ? or(publicProduct, eq(products.sellerId, viewerSellerId)) : publicProduct))
    .limit(1)
  if (!row) return null
  const visibility: ProductDetailDto['visibility'] = !row.isActive ? 'hiddenInactive' : row.sellerKyc !== 'Approved' || !row.sellerActive ? 'hiddenKyc' : 'public'

  const translations = await db
    .select({
      languageCode: productTranslations.languageCode,
      name: productTranslations.name,
      description: productTranslations.description,
      longDescription: productTranslations.longDescription,
      specifications: productTranslations.specifications,
    })
    .from(productTranslations)
    .where(eq(productTranslations.productId, id))
  // Per field: the visitor's language, then English, then any language that has it.
  const ordered = [
    ...translations.filter((t) => t.languageCode === locale),
    ...translations.filter((t) => t.languageCode === 'en' && locale !== 'en'),
    ...translations.filter((t) => t.languageCode !== locale && t.languageCode !== 'en'),
  ]
  // Each text says which language it is in (the page marks fallbacks with `lang`).
  const pick = (field: 'name' | 'description' | 'longDescription') => {
    const found = ordered.find((t) => t[field]?.trim())
    return { text: found?.[field] ?? '', lang: found?.languageCode ?? locale }
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
    category: { id: row.categoryId, name: row.categoryName },
    subcategory: row.subcategoryId ? { id: row.subcategoryId, name: row.subcategoryName ?? row.subcategoryId } : null,
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
  const rows = await getDb()
    .select({ id: categories.id, parentId: categories.parentId, name: categoryName(categories.id) })
    .from(categories)
    .leftJoin(ctl, and(eq(ctl.categoryId, categories.id), eq(ctl.languageCode, locale)))
    .leftJoin(cte, and(eq(cte.categoryId, categories.id), eq(cte.languageCode, 'en')))
    .orderBy(asc(categories.sortOrder), asc(categories.id))
  const top = rows.filter((r) => !r.parentId)
  return top.map((t) => ({
    id: t.id,
    name: t.name,
    children: rows.filter((r) => r.parentId === t.id).map((c) => ({ id: c.id, name: c.name })),
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
    countOrEstimate('products', sql`inner join ${profiles} on ${profiles.id} = ${products.sellerId}`, publicProduct!),
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
    db.select({ productCount: count() }).from(products).innerJoin(profiles, eq(profiles.id, products.sellerId)).where(publicProduct),
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
