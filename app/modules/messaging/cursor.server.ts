// Where the live stream starts for a page: read by the root loader with the page.
import { sql } from 'drizzle-orm'
import { getDb } from '~/lib/db.server'

/**
 * The newest message seq in the database (anyone's): a page passes it to the live stream as `since`,
 * so a message written between the page's load and the stream's start is replayed, not lost. One
 * index lookup on messages_seq_key.
 */
export async function currentMessageCursor(): Promise<number> {
  const { rows } = await getDb().execute<{ seq: string | number | null }>(sql`select max(seq) as seq from messages`)
  return Number(rows[0]?.seq ?? 0)
}
