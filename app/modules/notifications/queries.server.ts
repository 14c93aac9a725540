// Reading a user's notices: the /notifications page and the unread count in the header.
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import { notifications } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { type Page, pageWithin } from '~/lib/paging'
import { stringParams } from './messages'
import { NOTIFICATION_PAGE_SIZE } from './schemas'

/** One notice as its recipient sees it: the kind and values to build the sentence from, never email internals. */
export type NotificationDto = {
  id: string
  kind: string
  params: Record<string, string>
  link: string
  read: boolean
  createdAt: string
}

export type NotificationPage = Page<NotificationDto> & { unread: number }

/** The recipient's notices, newest first, `NOTIFICATION_PAGE_SIZE` a page (a page past the end gives the last one). */
export async function listNotifications(recipientId: string, requestedPage: number): Promise<NotificationPage> {
  const db = getDb()
  const [totals] = await db
    .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)` })
    .from(notifications)
    .where(eq(notifications.recipientId, recipientId))
  const total = Number(totals?.total ?? 0)
  const { page, pageCount, offset } = pageWithin(requestedPage, total, NOTIFICATION_PAGE_SIZE)
  const rows = await db
    .select({ id: notifications.id, kind: notifications.kind, params: notifications.params, link: notifications.link, readAt: notifications.readAt, createdAt: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.recipientId, recipientId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_PAGE_SIZE)
    .offset(offset)
  return {
    items: rows.map((r) => ({ id: r.id, kind: r.kind, params: stringParams(r.params), link: r.link, read: r.readAt !== null, createdAt: r.createdAt.toISOString() })),
    page,
    pageCount,
    total,
    unread: Number(totals?.unread ?? 0),
  }
}

/** How many of the recipient's notices are unread (the header badge); one index-only count on notifications_unread_idx. */
export async function countUnreadNotifications(recipientId: string): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)))
  return Number(row?.n ?? 0)
}
