// The catalog's value lists, limits and URL helpers, free of Zod: client components (filters, the
// listing) import them from here, so public pages do not download Zod (issue #11: 150 kB of
// JavaScript per page). schemas.ts builds its schemas from these same constants and re-exports them.
import { isUuid, type CatalogCurrency, type QuantityUnit, type TradingCountry } from '~/domain'

/** Products per marketplace page. */
export const PAGE_SIZE = 12
/**
 * Listings count matching products up to this many and then say "1,000+" (ADR 017): an exact count of
 * a large filtered set would read all of it on every page view.
 */
export const COUNT_CAP = 1000
/** The last page a listing offers: pages go as far as the capped count, so OFFSET stays bounded. */
export const maxPageFor = (pageSize: number) => Math.ceil(COUNT_CAP / pageSize)
/** Product, seller and page URLs per sitemap file (the protocol allows 50,000). */
export const SITEMAP_FILE_SIZE = 50_000
/** Longer search strings are cut to this many characters (a search box, not a document). */
export const MAX_QUERY_LENGTH = 200
/** Products listed in the last this-many days count as new (New Listings, "New" badge). */
export const NEW_LISTING_DAYS = 30
/** Home page "New Launches". */
export const NEW_LAUNCHES_COUNT = 8
/** Categories featured on the home page and in the header. */
export const FEATURED_CATEGORY_IDS = ['wellness', 'gems-jewelry', 'agriculture'] as const

export const MARKETPLACE_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc'] as const
export type MarketplaceSort = (typeof MARKETPLACE_SORTS)[number]

/**
 * Something in the query string that was ignored or corrected; the page explains each one.
 * Keys map to `catalog:notices.<key>`.
 */
export type MarketplaceNotice =
  | 'queryTruncated'
  | 'minPriceInvalid'
  | 'maxPriceInvalid'
  | 'priceRangeSwapped'
  | 'maxMoqInvalid'
  | 'moqUnitAssumed'
  | 'unknownCategory'
  | 'unknownCountry'
  | 'unknownCurrency'

export type MarketplaceQuery = {
  q: string | null
  category: string | null
  country: TradingCountry | null
  /** Only products priced in this currency. */
  currency: CatalogCurrency | null
  /**
   * Exact decimal strings, never negative, in the reader's currency: a price in another currency is
   * compared converted with the reader's rates (issue 28 item 4; approximate, the page says so).
   */
  minPrice: string | null
  maxPrice: string | null
  /** At most this many `moqUnit` (compared within the unit's dimension, app/domain/units.ts). */
  maxMoq: number | null
  moqUnit: QuantityUnit | null
  sort: MarketplaceSort
  page: number
}

export const EMPTY_MARKETPLACE_QUERY: MarketplaceQuery = {
  q: null,
  category: null,
  country: null,
  currency: null,
  minPrice: null,
  maxPrice: null,
  maxMoq: null,
  moqUnit: null,
  sort: 'newest',
  page: 1,
}

/** The query string for a marketplace state (page 1 and default sort are left out). */
export function marketplaceSearch(query: Partial<MarketplaceQuery>, overrides: Partial<MarketplaceQuery> = {}): string {
  const merged = { ...query, ...overrides }
  const params = new URLSearchParams()
  if (merged.q) params.set('q', merged.q)
  if (merged.category) params.set('category', merged.category)
  if (merged.country) params.set('country', merged.country)
  if (merged.currency) params.set('currency', merged.currency)
  if (merged.minPrice) params.set('minPrice', merged.minPrice)
  if (merged.maxPrice) params.set('maxPrice', merged.maxPrice)
  if (merged.maxMoq) params.set('maxMoq', String(merged.maxMoq))
  if (merged.maxMoq && merged.moqUnit) params.set('moqUnit', merged.moqUnit)
  const defaultSort = merged.q ? 'relevance' : 'newest'
  if (merged.sort && merged.sort !== defaultSort) params.set('sort', merged.sort)
  if (merged.page && merged.page > 1) params.set('page', String(merged.page))
  const s = params.toString()
  return s ? `?${s}` : ''
}

/** Product ids are UUIDs; anything else is answered with 404 before it reaches the database. */
export function isProductId(value: unknown): value is string {
  return isUuid(value)
}

/** Seller ids are profile UUIDs (the seller page /sellers/:id); anything else is not found. */
export function isSellerId(value: unknown): value is string {
  return isUuid(value)
}

/** Category ids are short slugs (wellness, gems-jewelry). */
export function isCategoryId(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z0-9][a-z0-9-]{0,63}$/.test(value)
}
