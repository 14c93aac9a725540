// A fixed-window counter in the `rate_limits` table, shared by every server process (better-auth keeps
// its own rows in the same table under its own keys).
import { sql } from 'drizzle-orm'
import { rateLimits } from '../../db/schema'
import { getDb } from './db.server'

/**
 * Counts one attempt under `key` and returns the count in the current window; a window that has run
 * out starts again at one. One upsert, so concurrent attempts each get their own number.
 */
export async function countAttempt(key: string, windowMs: number): Promise<number> {
  const now = Date.now()
  const expired = sql`${rateLimits.lastRequest} + ${windowMs} <= ${now}`
  const [row] = await getDb()
    .insert(rateLimits)
    .values({ id: key, key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count })
  return row?.count ?? 1
}
