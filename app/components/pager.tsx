import { Link } from 'react-router'

/** What a pager needs: where it is, how to link to a page, and its translated words. */
export interface PagerProps {
  page: number
  pageCount: number
  href: (page: number) => string
  /** The nav landmark's name, e.g. "Audit log pages". */
  label: string
  previous: string
  next: string
  /** "Page 2 of 5", already translated. */
  position: string
}

/**
 * Previous / "Page x of y" / Next under a paged list; nothing when everything fits on one page. The
 * texts come translated from the caller (each list words its own), the links from `href`.
 */
export function Pager({ page, pageCount, href, label, previous, next, position }: PagerProps) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="font-medium text-primary hover:underline">
          {previous}
        </Link>
      ) : (
        <span />
      )}
      <span>{position}</span>
      {page < pageCount ? (
        <Link to={href(page + 1)} className="font-medium text-primary hover:underline">
          {next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
