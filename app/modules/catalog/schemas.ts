import { z } from 'zod'
import type { Country, Currency, ShippingMethod } from '../../../db/schema'
import { compareMoney } from './money'

// Copies of the schema's value lists: this file is also bundled for the browser, which must not pull
// in the Drizzle table definitions. `satisfies` keeps them in step with the schema types.
export const COUNTRY_VALUES = ['India', 'Russia'] as const satisfies readonly Country[]
export const CURRENCY_VALUES = ['USD', 'INR', 'RUB'] as const satisfies readonly Currency[]
export const SHIPPING_METHOD_VALUES = ['sea', 'air', 'rail', 'road', 'express'] as const satisfies readonly ShippingMethod[]

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
  | 'currencyAssumed'
  | 'maxMoqInvalid'
  | 'unknownCategory'
  | 'unknownCountry'
  | 'unknownCurrency'

export type MarketplaceQuery = {
  q: string | null
  category: string | null
  country: Country | null
  currency: Currency | null
  /** Exact decimal strings, never negative. */
  minPrice: string | null
  maxPrice: string | null
  maxMoq: number | null
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
  sort: 'newest',
  page: 1,
}

// Field schemas: each one either yields a clean value or fails; parseMarketplaceQuery decides what a
// failure means (drop silently, or drop with a notice). Nothing here throws.
export const SearchTextSchema = z
  .string()
  // Control characters never belong in a search; whitespace runs collapse to one space.
  .transform((s) => s.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim())
export const CategoryIdSchema = z.string().trim().toLowerCase().regex(/^[a-z0-9][a-z0-9-]{0,63}$/)
export const CountrySchema = z
  .string()
  .trim()
  .transform((s) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase())
  .pipe(z.enum(COUNTRY_VALUES))
export const CurrencySchema = z.string().trim().toUpperCase().pipe(z.enum(CURRENCY_VALUES))
/** A non-negative price with at most two decimals; a decimal comma is accepted ("9,50"). */
export const PriceSchema = z
  .string()
  .trim()
  .transform((s) => s.replace(',', '.'))
  .pipe(z.string().regex(/^\d{1,12}(\.\d{1,2})?$/))
  .transform((s) => {
    const [whole, frac] = s.split('.')
    const trimmed = whole.replace(/^0+(?=\d)/, '')
    return frac === undefined ? trimmed : `${trimmed}.${frac}`
  })
export const MaxMoqSchema = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .pipe(z.number().int().min(1))
export const PageSchema = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .pipe(z.number().int().min(1))
export const SortSchema = z.enum(MARKETPLACE_SORTS)

/** The Zod schema for a whole query string object; lenient: every bad field becomes null/default. */
export const MarketplaceQuerySchema = z.object({
  q: SearchTextSchema.nullable().catch(null),
  category: CategoryIdSchema.nullable().catch(null),
  country: CountrySchema.nullable().catch(null),
  currency: CurrencySchema.nullable().catch(null),
  minPrice: PriceSchema.nullable().catch(null),
  maxPrice: PriceSchema.nullable().catch(null),
  maxMoq: MaxMoqSchema.nullable().catch(null),
  sort: SortSchema.nullable().catch(null),
  page: PageSchema.nullable().catch(null),
})

const first = (params: URLSearchParams, key: string) => {
  const value = params.get(key)
  return value === null || value.trim() === '' ? null : value
}

/**
 * Reads marketplace filters from a query string. Never throws: a bad value is dropped or corrected,
 * and a notice says so where the visitor should know (a typed price that was ignored, for example).
 * `page` is only checked for being a positive integer here; the query clamps it to the last page.
 */
export function parseMarketplaceQuery(params: URLSearchParams): { query: MarketplaceQuery; notices: MarketplaceNotice[] } {
  const notices: MarketplaceNotice[] = []
  const raw = Object.fromEntries(
    (['q', 'category', 'country', 'currency', 'minPrice', 'maxPrice', 'maxMoq', 'sort', 'page'] as const).map((k) => [
      k,
      first(params, k),
    ]),
  )
  const parsed = MarketplaceQuerySchema.parse(raw)

  let q = parsed.q || null
  if (q && [...q].length > MAX_QUERY_LENGTH) {
    const chars = [...q]
    let cut = chars.slice(0, MAX_QUERY_LENGTH).join('')
    // Do not leave half a word at the end (it would rarely match anything).
    const lastSpace = cut.lastIndexOf(' ')
    if (chars[MAX_QUERY_LENGTH] !== ' ' && lastSpace > 0) cut = cut.slice(0, lastSpace)
    q = cut.trim()
    notices.push('queryTruncated')
  }
  if (raw.category !== null && parsed.category === null) notices.push('unknownCategory')
  if (raw.country !== null && parsed.country === null) notices.push('unknownCountry')
  if (raw.currency !== null && parsed.currency === null) notices.push('unknownCurrency')
  if (raw.minPrice !== null && parsed.minPrice === null) notices.push('minPriceInvalid')
  if (raw.maxPrice !== null && parsed.maxPrice === null) notices.push('maxPriceInvalid')
  if (raw.maxMoq !== null && parsed.maxMoq === null) notices.push('maxMoqInvalid')

  let { minPrice, maxPrice, currency } = parsed
  if (minPrice !== null && maxPrice !== null && compareMoney(minPrice, maxPrice) > 0) {
    ;[minPrice, maxPrice] = [maxPrice, minPrice]
    notices.push('priceRangeSwapped')
  }
  // Prices in different currencies cannot be compared; a price bound applies within one currency.
  if ((minPrice !== null || maxPrice !== null) && currency === null) {
    currency = 'USD'
    notices.push('currencyAssumed')
  }

  let sort: MarketplaceSort = parsed.sort ?? (q ? 'relevance' : 'newest')
  if (sort === 'relevance' && !q) sort = 'newest'

  return {
    query: {
      q,
      category: parsed.category,
      country: parsed.country,
      currency,
      minPrice,
      maxPrice,
      maxMoq: parsed.maxMoq,
      sort,
      page: parsed.page ?? 1,
    },
    notices,
  }
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
  const defaultSort = merged.q ? 'relevance' : 'newest'
  if (merged.sort && merged.sort !== defaultSort) params.set('sort', merged.sort)
  if (merged.page && merged.page > 1) params.set('page', String(merged.page))
  const s = params.toString()
  return s ? `?${s}` : ''
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Product ids are UUIDs; anything else is answered with 404 before it reaches the database. */
export function isProductId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value)
}

/** Seller ids are profile UUIDs (the seller page /sellers/:id); anything else is not found. */
export function isSellerId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value)
}

/** Category ids are short slugs (wellness, gems-jewelry). */
export function isCategoryId(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z0-9][a-z0-9-]{0,63}$/.test(value)
}
