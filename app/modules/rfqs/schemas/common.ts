// What the RFQ forms share: the field patterns, the page size and the lists' page number.
import { z } from 'zod'

export const PLACE_MAX = 120
export const RFQ_PAGE_SIZE = 20

// Control characters (NUL and the rest, but not newline or tab) are stripped from free text: nobody types them.
export const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

/** PostgreSQL refuses a NUL in text; nobody types one. */
export const noNul = z.string().transform((v) => v.replace(/\u0000/g, ''))

/** Today's date as YYYY-MM-DD in UTC: India and Russia are ahead of UTC, so their "today" is never earlier. */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10)
}

/** The My RFQs page's query string: ?page=, anything else falls back to 1. */
export function parseRfqListPage(params: URLSearchParams): number {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1
}

/** A page number from ?page= for the order lists. */
export const parseOrderListPage = parseRfqListPage
