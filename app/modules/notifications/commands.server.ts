// The recipient marks notices read. Every write is limited to the caller's own rows.
import { and, eq, isNull } from 'drizzle-orm'
import { notifications } from '../../../db/schema'
import { getDb } from '~/lib/db.server'

/**
 * Marks one of the recipient's notices read and returns the path it opens; null when it is not
 * theirs (or does not exist), in which case nothing is written. Opening a read notice again keeps
 * the first read time.
 */
export async function openNotification(recipientId: string, id: string): Promise<string | null> {
  const db = getDb()
  const [row] = await db
    .select({ link: notifications.link, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
  if (!row) return null
  if (!row.readAt) {
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId), isNull(notifications.readAt)))
  }
  return row.link
}

/** Marks every unread notice of the recipient read; returns how many changed. */
export async function markAllNotificationsRead(recipientId: string): Promise<number> {
  const rows = await getDb()
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)))
    .returning({ id: notifications.id })
  return rows.length
}
