// Paged lists (orders, RFQs, the inbox, notices, the moderation queues): the shape every list answers
// and the arithmetic that gets there, written once.

/** One page of a list: its items, how many there are in all, which page this is and how many pages there are (at least one). */
export type Page<T> = { items: T[]; total: number; page: number; pageCount: number }

/** How many pages `total` rows fill at `pageSize` a page: at least one (an empty list shows one empty page). */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/** The rows before `page` (1-based): the query's offset. */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize
}

/** The page asked for kept within the list (below 1 the first, past the end the last), with the page count and its offset. */
export function pageWithin(asked: number, total: number, pageSize: number): { page: number; pageCount: number; offset: number } {
  const pageCount = pageCountOf(total, pageSize)
  const page = Math.min(Math.max(1, asked), pageCount)
  return { page, pageCount, offset: pageOffset(page, pageSize) }
}

/** A page as a list answers it: `page` as given (a page past the end is empty), the page count from `total`. */
export function pageOf<T>(items: T[], total: number, page: number, pageSize: number): Page<T> {
  return { items, total, page, pageCount: pageCountOf(total, pageSize) }
}
