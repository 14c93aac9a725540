import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonVariants } from '~/components/ui/button'
import { cn } from '~/lib/utils'

/** Page numbers shown around the current one, with gaps (null) for skipped ranges. */
export function pageWindow(page: number, totalPages: number): (number | null)[] {
  const pages = new Set([1, totalPages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= totalPages))
  const sorted = [...pages].sort((a, b) => a - b)
  const out: (number | null)[] = []
  for (const p of sorted) {
    if (out.length && p - (out[out.length - 1] as number) > 1) out.push(null)
    out.push(p)
  }
  return out
}

/** Links to the other pages of a listing; hidden when there is one page. */
export function Pagination({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation('catalog')
  if (totalPages <= 1) return null
  const item = 'min-w-10'
  return (
    <nav aria-label={t('pagination.label')} className="flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={cn(buttonVariants({ variant: 'outline', size: 'sm' }))}>
          <ChevronLeft aria-hidden />
          {t('pagination.previous')}
        </Link>
      ) : null}
      {pageWindow(page, totalPages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="px-2 text-muted-foreground" aria-hidden>
            …
          </span>
        ) : (
          <Link
            key={p}
            to={hrefFor(p)}
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('pagination.page', { page: p })}
            className={cn(buttonVariants({ variant: p === page ? 'default' : 'outline', size: 'sm' }), item)}
          >
            {p}
          </Link>
        ),
      )}
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} rel="next" className={cn(buttonVariants({ variant: 'outline', size: 'sm' }))}>
          {t('pagination.next')}
          <ChevronRight aria-hidden />
        </Link>
      ) : null}
    </nav>
  )
}
