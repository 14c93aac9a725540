import { sql, type SQL } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { CATALOG_CURRENCIES, QUANTITY_UNITS, type CatalogCurrency, type LanguageCode, type QuantityUnit, type ShippingMethod } from '../../app/domain'
import { profiles } from './accounts'
import { sqlList, wholeInUnit } from './sql-lists'
import { idColumn, partOf, quantityColumn } from './columns'

export type ShippingOption = {
  method: ShippingMethod
  /** Exact decimal as a string, e.g. "120.00". */
  price: string
  currency: CatalogCurrency
  /** Range of days, e.g. "30-45". */
  estimatedDays: string
}
export type Specification = { name: string; value: string }

const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector'
  },
})

export const categories = pgTable(
  'categories',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    icon: text('icon').notNull().default('package'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
)

export const categoryTranslations = pgTable(
  'category_translations',
  {
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    languageCode: text('language_code').$type<LanguageCode>().notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.languageCode] })],
)

export const products = pgTable(
  'products',
  {
    id: idColumn(),
    sellerId: partOf('seller_id', () => profiles.id),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    subcategoryId: text('subcategory_id').references(() => categories.id),
    /** Seller's own stock-keeping unit: optional, unique per seller. */
    sku: text('sku'),
    /** Money is exact: numeric(14,2), read as a string. */
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').$type<CatalogCurrency>().notNull().default('USD'),
    /** What the price is per, and what the stock and minimum order count (app/domain/units.ts). */
    unit: text('unit').$type<QuantityUnit>().notNull().default('pieces'),
    stockQuantity: quantityColumn('stock_quantity').notNull().default(0),
    minimumOrderQuantity: quantityColumn('minimum_order_quantity').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Public in the catalog: active, and the seller's account active and KYC approved (the app's
     * publicProduct). Written only by triggers (migration 0018, ADR 017 fourth step), so category
     * counts read one partial index without looking up a seller.
     */
    isListed: boolean('is_listed').notNull().default(false),
    /** Language-neutral attributes, e.g. { hsCode: "0910.30", origin: "IN" }. */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    shippingOptions: jsonb('shipping_options').$type<ShippingOption[]>().notNull().default([]),
    /** Public image paths, first is the thumbnail. */
    mediaFiles: jsonb('media_files').$type<string[]>().notNull().default([]),
    /** Distinct visitors per day (product_views), kept here so lists can show and sort by it. */
    viewCount: integer('view_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Position of the currency in price sorts (CATALOG_CURRENCIES' order: sorts do not convert). Stored so
     * that "currency, then price" is a plain column order an index can serve (see CURRENCY_RANK).
     */
    currencyRank: smallint('currency_rank')
      .notNull()
      // Written from CATALOG_CURRENCIES (its order is the rank); the same text the column was made with.
      .generatedAlwaysAs(sql.raw(`(case currency ${CATALOG_CURRENCIES.slice(0, -1).map((c, i) => `when '${c}' then ${i}`).join(' ')} else ${CATALOG_CURRENCIES.length - 1} end)`)),
  },
  (t) => [
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_currency_check', sql`${t.currency} in ${sqlList(CATALOG_CURRENCIES)}`),
    check('products_stock_check', sql`${t.stockQuantity} >= 0`),
    check('products_moq_check', sql`${t.minimumOrderQuantity} > 0`),
    check('products_unit_check', sql`${t.unit} in ${sqlList(QUANTITY_UNITS)}`),
    check('products_whole_stock_check', wholeInUnit(t.unit, t.stockQuantity)),
    check('products_whole_moq_check', wholeInUnit(t.unit, t.minimumOrderQuantity)),
    index('products_seller_idx').on(t.sellerId),
    uniqueIndex('products_seller_sku_key').on(t.sellerId, t.sku),
    index('products_category_idx').on(t.categoryId),
    index('products_created_idx').on(t.createdAt),
    // Listing indexes (ADR 017): each serves one filter or sort of the public listing in its exact
    // order (newest first, id as tie-break), over listed products only (is_listed: a listing reads
    // no seller unless it filters by the seller's country; migration 0019).
    index('products_listing_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id).where(sql`${t.isListed}`),
    index('products_listing_price_asc_idx').on(t.currencyRank, t.price, t.createdAt.desc().nullsFirst(), t.id).where(sql`${t.isListed}`),
    index('products_listing_price_desc_idx').on(t.currencyRank, t.price.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id).where(sql`${t.isListed}`),
    index('products_listing_category_idx').on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id).where(sql`${t.isListed}`),
    index('products_listing_subcategory_idx').on(t.subcategoryId, t.createdAt.desc().nullsFirst(), t.id).where(sql`${t.isListed} and ${t.subcategoryId} is not null`),
    index('products_listing_seller_idx').on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id).where(sql`${t.isListed}`),
    index('products_listing_moq_idx').on(t.minimumOrderQuantity).where(sql`${t.isListed}`),
    // Category with currency, price range and MOQ together (ADR 017): every condition is an index
    // condition, so a narrow combination is counted from the index instead of a scan of the category.
    index('products_listing_category_price_idx').on(t.categoryId, t.currencyRank, t.price, t.minimumOrderQuantity).where(sql`${t.isListed}`),
    // Category counts (ADR 017 fourth step): public products per category and per subcategory, read
    // by index-only scans that stop at the count cap.
    index('products_listed_category_idx').on(t.categoryId).where(sql`${t.isListed}`),
    index('products_listed_subcategory_idx').on(t.subcategoryId, t.categoryId).where(sql`${t.isListed} and ${t.subcategoryId} is not null`),
  ],
)

/**
 * Product texts are split into SEARCH_BUCKETS groups by product id, each with its own full-text and
 * trigram index (partial indexes over `searchBucket(product_id) = b`). A search reads the groups one
 * after another and stops at its candidate limit, so a common word builds the index bitmap of one
 * group (an eighth of its matches) instead of all of them (ADR 017, third step). Every text of a
 * product is in the same group.
 */
export const SEARCH_BUCKETS = 8
/** The search group of a product: the last byte of its uuid (random), modulo SEARCH_BUCKETS. */
export const searchBucket = (productId: SQL | AnyPgColumn) => sql`(get_byte(uuid_send(${productId}), 15) % ${sql.raw(String(SEARCH_BUCKETS))})`

/** Text search configuration per language: english and russian stem; Hindi uses simple. */
export const searchConfigFor = (languageCode: SQL | AnyPgColumn) =>
  sql`(case ${languageCode} when 'en' then 'english'::regconfig when 'ru' then 'russian'::regconfig else 'simple'::regconfig end)`

export const productTranslations = pgTable(
  'product_translations',
  {
    productId: partOf('product_id', () => products.id),
    languageCode: text('language_code').$type<LanguageCode>().notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    longDescription: text('long_description').notNull().default(''),
    specifications: jsonb('specifications').$type<Specification[]>().notNull().default([]),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector((case language_code when 'en' then 'english'::regconfig when 'ru' then 'russian'::regconfig else 'simple'::regconfig end), coalesce(name, '')), 'A') || setweight(to_tsvector((case language_code when 'en' then 'english'::regconfig when 'ru' then 'russian'::regconfig else 'simple'::regconfig end), coalesce(description, '') || ' ' || coalesce(long_description, '')), 'B')`,
      ),
    // Copies of the listing fields a search filters and sorts on (ADR 017, third step), so the index
    // scan that finds a text also decides whether its product is shown, with no lookup of the product
    // or its seller. Written only by triggers (migration 0017): on insert of a text, and on every
    // product or seller update that changes one of them. Never set them in application code.
    /** The product is public: active, and its seller active and KYC-approved (publicProduct in catalog queries). */
    isPublic: boolean('is_public').notNull().default(false),
    sellerId: uuid('seller_id'),
    sellerCountry: text('seller_country'),
    categoryId: text('category_id'),
    subcategoryId: text('subcategory_id'),
    price: numeric('price', { precision: 14, scale: 2 }),
    currencyRank: smallint('currency_rank'),
    minimumOrderQuantity: quantityColumn('minimum_order_quantity'),
    productCreatedAt: timestamp('product_created_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.languageCode] }),
    uniqueIndex('product_translations_language_slug_key').on(t.languageCode, t.slug),
    ...Array.from({ length: SEARCH_BUCKETS }, (_, b) => [
      index(`product_translations_search_${b}_idx`)
        .using('gin', t.searchVector)
        .where(sql`${searchBucket(t.productId)} = ${sql.raw(String(b))}`),
      index(`product_translations_name_trgm_${b}_idx`)
        .using('gin', t.name.op('gin_trgm_ops'))
        .where(sql`${searchBucket(t.productId)} = ${sql.raw(String(b))}`),
    ]).flat(),
  ],
)

/**
 * One row per visitor per product per day (spec: product views, counted for real). The visitor key
 * is a hash (signed-in user, or the anonymous visitor cookie), never an address in clear.
 */
export const productViews = pgTable(
  'product_views',
  {
    productId: partOf('product_id', () => products.id),
    visitorKey: text('visitor_key').notNull(),
    day: date('day').notNull(),
  },
  // The day index serves the admin analytics' views in a date range.
  (t) => [primaryKey({ columns: [t.productId, t.visitorKey, t.day] }), index('product_views_day_idx').on(t.day)],
)
