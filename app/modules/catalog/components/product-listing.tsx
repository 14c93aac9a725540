import { Info, SearchX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { marketplaceSearch, type MarketplaceNotice, type MarketplaceQuery } from '../constants'
import type { CategoryOptionDto, ProductPageDto } from '../types'
import { ProductFilters } from './filters'
import { Pagination } from './pagination'
import { ProductGrid } from './product-grid'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'

/** What the visitor typed that was ignored or corrected, explained. */
export function QueryNotices({ notices }: { notices: MarketplaceNotice[] }) {
  const { t } = useTranslation('catalog')
  if (notices.length === 0) return null
  return (
    <Alert variant="warning" role="status" data-testid="query-notices">
      <Info aria-hidden className="size-4" />
      <AlertTitle>{t('notices.title')}</AlertTitle>
      <AlertDescription>
        <ul className="list-disc pl-4">
          {notices.map((n) => (
            <li key={n}>{t(`notices.${n}`)}</li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  )
}

/**
 * A filterable, paginated product listing: filter form, result count, notices, grid, pagination and an
 * empty state. Shared by /marketplace, /marketplace/new and /categories/{id}.
 */
export function ProductListing({
  result,
  query,
  notices,
  categories,
  basePath,
}: {
  result: ProductPageDto
  query: MarketplaceQuery
  notices: MarketplaceNotice[]
  categories: CategoryOptionDto[] | null
  basePath: string
}) {
  const { t } = useTranslation('catalog')
  const from = (result.page - 1) * result.pageSize + 1
  const to = from + result.items.length - 1
  // On a category page the category is part of the path, not of the query string.
  const linkQuery = categories ? query : { ...query, category: null }
  const hasFilters = marketplaceSearch({ ...linkQuery, sort: undefined, page: undefined }) !== ''
  const mixedCurrencySort = (query.sort === 'price_asc' || query.sort === 'price_desc') && !query.currency
  return (
    <div className="grid gap-8 lg:grid-cols-[17rem_1fr]">
      <aside className="lg:sticky lg:top-20 lg:self-start">
        <ProductFilters query={query} categories={categories} action={basePath} />
      </aside>
      <section aria-labelledby="results-heading" className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="results-heading" className="text-lg font-semibold" aria-live="polite" data-testid="results-count">
            {t(`listing.${query.q ? 'resultsFor' : 'results'}${result.totalCapped ? 'Capped' : ''}`, { count: result.total, q: query.q })}
          </h2>
          {result.total > 0 ? (
            <p className="text-sm text-muted-foreground">{t(result.totalCapped ? 'listing.showingCapped' : 'listing.showing', { from, to, total: result.total })}</p>
          ) : null}
        </div>
        <QueryNotices notices={notices} />
        {/* The count is capped (ADR 017): say so, and how to reach what lies beyond the last page. */}
        {result.totalCapped ? (
          <p className="text-sm text-muted-foreground" data-testid="count-capped">
            {t('listing.cappedNote', { total: result.total })}
          </p>
        ) : null}
        {mixedCurrencySort && result.total > 0 ? <p className="text-sm text-muted-foreground">{t('listing.sortByCurrency')}</p> : null}
        {result.items.length > 0 ? (
          <>
            <ProductGrid products={result.items} className="xl:grid-cols-3" />
            <Pagination page={result.page} totalPages={result.totalPages} hrefFor={(page) => `${basePath}${marketplaceSearch(linkQuery, { page })}`} />
          </>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center" data-testid="empty-state">
            <SearchX className="size-10 text-muted-foreground" aria-hidden />
            <p className="text-lg font-semibold">{t('empty.title')}</p>
            <p className="max-w-md text-muted-foreground">{hasFilters ? t('empty.description') : t('empty.noProducts')}</p>
            {hasFilters ? (
              <Button asChild variant="outline">
                <Link to={basePath}>{t('empty.clear')}</Link>
              </Button>
            ) : null}
          </div>
        )}
      </section>
    </div>
  )
}
