import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import {
  categories,
  categoryTranslations,
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
  SitemapDataDto,
  TradeAttributesDto,
} from './types'
import { getDb } from '~/lib/db.server'
import { INTL_LOCALES } from '~/lib/i18n'
import { toCents } from './money'
import {
  CURRENCY_VALUES,
  EMPTY_MARKETPLACE_QUERY,
  isCategoryId,
  isProductId,
  isSellerId,
  NEW_LAUNCHES_COUNT,
  NEW_LISTING_DAYS,
  PAGE_SIZE,
  SHIPPING_METHOD_VALUES,
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

/** Count of public products in a category, its subcategories, or (for a subcategory) itself. */
const publicProductCount = (categoryId: AnyPgColumn) => sql<number>`(
  select count(*)::int from ${products} p join ${profiles} s on s.id = p.seller_id
  where p.is_active and s.account_status = 'active' and s.kyc_status = 'Approved'
    and (p.category_id = ${categoryId} or p.subcategory_id = ${categoryId}
      or p.category_id in (select cc.id from ${categories} cc where cc.parent_id = ${categoryId})))`

/** Products in a category: directly, through a subcategory, or filed under one of its children. */
function inCategory(categoryId: string): SQL {
  return or(
    eq(products.categoryId, categoryId),
    eq(products.subcategoryId, categoryId),
    sql`${products.categoryId} in (select cc.id from ${categories} cc where cc.parent_id = ${categoryId})`,
  )!
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
function fuzzyMatch(q: string): SQL {
  const name = productTranslations.name
  return [...q].length >= FUZZY_LOOSE_MIN_LENGTH
    ? sql`${q} <% ${name}`
    : sql`(${q} <% ${name} and word_similarity(${q}, ${name}) >= ${FUZZY_STRICT_SIMILARITY})`
}

/**
 * Relevance-ranked matches for a search, one row per product (its best translation).
 * A translation matches when its tsvector matches websearch_to_tsquery in the row's own text-search
 * configuration (english / russian stem; Hindi uses simple, which PostgreSQL 15 and PGlite both have),
 * or when the name is trigram-close to the query (pg_trgm `<%`, threshold 0.5 set per connection, 0.6 for
 * queries under five characters) to forgive typos.
 * The OR of the three queries is an index-friendly pre-filter (one GIN condition) that the per-row
 * check then narrows. The query text is always a bound parameter.
 */
function searchMatches(q: string) {
  const pt = productTranslations
  const en = sql`websearch_to_tsquery('english'::regconfig, ${q})`
  const ru = sql`websearch_to_tsquery('russian'::regconfig, ${q})`
  const simple = sql`websearch_to_tsquery('simple'::regconfig, ${q})`
  const rowQuery = sql`(case ${pt.languageCode} when 'en' then ${en} when 'ru' then ${ru} else ${simple} end)`
  const fuzzy = [...q].length <= FUZZY_MAX_QUERY_LENGTH
  const textMatch = sql`(${pt.searchVector} @@ (${en} || ${ru} || ${simple}) and ${pt.searchVector} @@ ${rowQuery})`
  return getDb()
    .select({
      productId: pt.productId,
      rank: sql<number>`max(ts_rank(${pt.searchVector}, ${rowQuery}) + ${fuzzy ? sql`word_similarity(${q}, ${pt.name})` : sql`0`})`.as('rank'),
    })
    .from(pt)
    .where(fuzzy ? or(textMatch, fuzzyMatch(q)) : textMatch)
    .groupBy(pt.productId)
    .as('m')
}

function filterConditions(query: MarketplaceQuery, opts: { newOnly?: boolean; sellerId?: string }): SQL[] {
  const conditions: SQL[] = [publicProduct!]
  if (opts.sellerId) conditions.push(eq(products.sellerId, opts.sellerId))
  if (query.category) conditions.push(inCategory(query.category))
  if (query.country) conditions.push(eq(profiles.country, query.country))
  if (query.currency) conditions.push(eq(products.currency, query.currency))
  // Bounds are validated decimal strings; compared as numeric in SQL, never as floats.
  if (query.minPrice !== null) conditions.push(sql`${products.price} >= ${query.minPrice}::numeric`)
  if (query.maxPrice !== null) conditions.push(sql`${products.price} <= ${query.maxPrice}::numeric`)
  if (query.maxMoq !== null) conditions.push(sql`${products.minimumOrderQuantity} <= ${query.maxMoq}`)
  if (opts.newOnly) conditions.push(isNewSql)
  return conditions
}

/** Price sorts order numerically within a currency; currencies are never mixed into one scale. */
const currencyOrder = sql`(case ${products.currency} when 'USD' then 0 when 'INR' then 1 else 2 end)`

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
 * filters, search, sort and pagination from a parsed query. An out-of-range page is clamped to the last page.
 */
export async function listProducts(
  query: MarketplaceQuery,
  locale: LanguageCode,
  opts: { newOnly?: boolean; pageSize?: number; sellerId?: string } = {},
): Promise<ProductPageDto> {
  const db = getDb()
  const pageSize = opts.pageSize ?? PAGE_SIZE
  const conditions = and(...filterConditions(query, opts))
  const matches = query.q ? searchMatches(query.q) : null

  const tieBreak = [desc(products.createdAt), asc(products.id)]
  const sort = query.sort === 'relevance' && !matches ? 'newest' : query.sort
  const orderBy: SQL[] =
    sort === 'relevance' && matches
      ? [desc(matches.rank), ...tieBreak]
      : sort === 'price_asc'
        ? [currencyOrder, asc(products.price), ...tieBreak]
        : sort === 'price_desc'
          ? [currencyOrder, desc(products.price), ...tieBreak]
          : tieBreak

  // One query gives the page and, through a window count, the total (the search runs once).
  const fetchPage = (page: number) => {
    let rows = db
      .select({ ...cardFields(), total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .innerJoin(profiles, eq(profiles.id, products.sellerId))
      .leftJoin(tl, and(eq(tl.productId, products.id), eq(tl.languageCode, locale)))
      .leftJoin(te, and(eq(te.productId, products.id), eq(te.languageCode, 'en')))
      .leftJoin(ctl, and(eq(ctl.categoryId, products.categoryId), eq(ctl.languageCode, locale)))
      .leftJoin(cte, and(eq(cte.categoryId, products.categoryId), eq(cte.languageCode, 'en')))
      .$dynamic()
    if (matches) rows = rows.innerJoin(matches, eq(matches.productId, products.id))
    return rows
      .where(conditions)
      .orderBy(...orderBy)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
  }

  let page = Math.max(1, query.page)
  let result = await fetchPage(page)
  let total = result[0]?.total ?? 0
  if (result.length === 0 && page > 1) {
    // Past the end (page=999): count, then show the last page instead.
    let countQuery = db.select({ total: count() }).from(products).innerJoin(profiles, eq(profiles.id, products.sellerId)).$dynamic()
    if (matches) countQuery = countQuery.innerJoin(matches, eq(matches.productId, products.id))
    ;[{ total }] = await countQuery.where(conditions)
    page = Math.max(1, Math.ceil(total / pageSize))
    if (total > 0) result = await fetchPage(page)
  }
  const totalPages = Math.max(1, Math.ceil(total / pageSize))
  return { items: result.map((r) => toCard(r as CardRow, locale)), total, page, pageSize, totalPages }
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
  productCount: Number(r.productCount),
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

/** Real counters for the home page. */
export async function getCatalogStats(): Promise<CatalogStatsDto> {
  const db = getDb()
  const [[{ activeProducts }], [{ verifiedSellers }], [{ categoryCount }]] = await Promise.all([
    db.select({ activeProducts: count() }).from(products).innerJoin(profiles, eq(profiles.id, products.sellerId)).where(publicProduct),
    db.select({ verifiedSellers: count() }).from(profiles).where(publicSeller),
    db.select({ categoryCount: count() }).from(categories).where(isNull(categories.parentId)),
  ])
  return { activeProducts, verifiedSellers, categories: categoryCount }
}

/** Ids and modification times of every public page generated from data, for /sitemap.xml. */
export async function getSitemapData(): Promise<SitemapDataDto> {
  const db = getDb()
  const [cats, prods, sellers] = await Promise.all([
    db
      .select({ id: categories.id, createdAt: categories.createdAt })
      .from(categories)
      .where(isNull(categories.parentId))
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
    db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .innerJoin(profiles, eq(profiles.id, products.sellerId))
      .where(publicProduct)
      .orderBy(desc(products.createdAt), asc(products.id)),
    // A seller page changes with the profile and with its products: the later of the two.
    db
      .select({
        id: profiles.id,
        updatedAt: sql<Date | string>`greatest(${profiles.updatedAt}, (select max(p.updated_at) from ${products} p where p.seller_id = ${profiles.id} and p.is_active))`,
      })
      .from(profiles)
      .where(publicSeller)
      .orderBy(asc(profiles.createdAt), asc(profiles.id)),
  ])
  return {
    categories: cats.map((c) => ({ id: c.id, lastModified: new Date(c.createdAt).toISOString() })),
    products: prods.map((p) => ({ id: p.id, lastModified: new Date(p.updatedAt).toISOString() })),
    sellers: sellers.map((s) => ({ id: s.id, lastModified: new Date(s.updatedAt).toISOString() })),
  }
}
