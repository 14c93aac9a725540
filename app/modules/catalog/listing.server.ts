import type { LanguageCode } from '~/domain'
import { listCategoryOptions, listProducts } from './queries.server'
import { referenceData } from '~/lib/reference-cache.server'
import { parseMarketplaceQuery, type MarketplaceNotice, type MarketplaceQuery } from './schemas'
import type { CategoryOptionDto, ProductPageDto } from './types'

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
  opts: { newOnly?: boolean; fixedCategory?: string } = {},
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
  const result = await listProducts(query, locale, { newOnly: opts.newOnly })
  const filtered = [...url.searchParams.keys()].some((k) => k !== 'lng')
  return { result, query: { ...query, page: result.page }, notices, categories, filtered }
}
