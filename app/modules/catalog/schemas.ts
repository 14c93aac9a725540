import { z } from 'zod'
import { CATALOG_CURRENCIES, MONEY_PATTERN, QUANTITY_UNITS, TRADING_COUNTRIES } from '~/domain'
import { MARKETPLACE_SORTS, MAX_QUERY_LENGTH, type MarketplaceNotice, type MarketplaceQuery, type MarketplaceSort } from './constants'
import { compareMoney } from './money'

export * from './constants'

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
  .pipe(z.enum(TRADING_COUNTRIES))
export const CurrencySchema = z.string().trim().toUpperCase().pipe(z.enum(CATALOG_CURRENCIES))
/** A non-negative price with at most two decimals; a decimal comma is accepted ("9,50"). */
export const PriceSchema = z
  .string()
  .trim()
  .transform((s) => s.replace(',', '.'))
  .pipe(z.string().regex(MONEY_PATTERN))
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
  moqUnit: z.enum(QUANTITY_UNITS).nullable().catch(null),
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
    (['q', 'category', 'country', 'currency', 'minPrice', 'maxPrice', 'maxMoq', 'moqUnit', 'sort', 'page'] as const).map((k) => [
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

  let { minPrice, maxPrice } = parsed
  if (minPrice !== null && maxPrice !== null && compareMoney(minPrice, maxPrice) > 0) {
    ;[minPrice, maxPrice] = [maxPrice, minPrice]
    notices.push('priceRangeSwapped')
  }
  // 500 t and 500 pieces are not comparable: a minimum order bound has a unit (pieces when none is named).
  let moqUnit = parsed.maxMoq === null ? null : parsed.moqUnit
  if (parsed.maxMoq !== null && moqUnit === null) {
    moqUnit = 'pieces'
    notices.push('moqUnitAssumed')
  }

  let sort: MarketplaceSort = parsed.sort ?? (q ? 'relevance' : 'newest')
  if (sort === 'relevance' && !q) sort = 'newest'

  return {
    query: {
      q,
      category: parsed.category,
      country: parsed.country,
      currency: parsed.currency,
      minPrice,
      maxPrice,
      maxMoq: parsed.maxMoq,
      moqUnit,
      sort,
      page: parsed.page ?? 1,
    },
    notices,
  }
}
