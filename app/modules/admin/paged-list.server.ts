// The panel's paged lists (admin accounts, the KYC queue, the audit log, users): count, keep the page
// asked for within the list, read that page. The page arithmetic itself is app/lib/paging.ts.
import { count, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { getDb } from '~/lib/db.server'
import { type Page, pageWithin } from '~/lib/paging'

/** How many rows of `table` match `where` (all of them without it). */
export async function countRows(table: PgTable, where?: SQL): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(table).where(where)
  return row?.n ?? 0
}

/**
 * One page of a list of `total` rows: the page asked for kept within the list (past the end, the last
 * one), its rows read by `read` from that page's offset (the query ends in `.limit(pageSize).offset(offset)`).
 */
export async function readPage<T>(total: number, asked: number, pageSize: number, read: (offset: number) => Promise<T[]>): Promise<Page<T>> {
  const { page, pageCount, offset } = pageWithin(asked, total, pageSize)
  return { items: await read(offset), total, page, pageCount }
}
