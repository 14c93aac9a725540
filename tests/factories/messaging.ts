import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { conversations, messages } from '../../db/schema'
import type { ConversationSubject } from '~/domain'
import { getDb } from '~/lib/db.server'

export type ConversationOverrides = Partial<Omit<typeof conversations.$inferInsert, 'buyerId' | 'sellerId'>>

/** Inserts a conversation between the buyer and the seller (about a random product id unless told); returns its row. */
export async function createConversation(buyerId: string, sellerId: string, overrides: ConversationOverrides = {}) {
  const [row] = await getDb()
    .insert(conversations)
    .values({ buyerId, sellerId, subjectType: 'product' as ConversationSubject, subjectId: randomUUID(), ...overrides })
    .returning()
  return row!
}

/**
 * Inserts a message as the send command stores one (and moves the conversation's last_message_at and the
 * sender's read mark the same way); `at` backdates it.
 */
export async function createMessage(conversation: { id: string; buyerId: string }, senderId: string, body = 'Hello', opts: { at?: Date } = {}) {
  const db = getDb()
  const [row] = await db
    .insert(messages)
    .values({ conversationId: conversation.id, senderId, body, clientKey: randomUUID(), ...(opts.at ? { createdAt: opts.at } : {}) })
    .returning()
  const mark = sql.raw(conversation.buyerId === senderId ? 'buyer_last_read_at' : 'seller_last_read_at')
  await db.execute(sql`update conversations set last_message_at = greatest(coalesce(last_message_at, '-infinity'::timestamptz), (select created_at from messages where id = ${row!.id})),
    ${mark} = greatest(coalesce(${mark}, '-infinity'::timestamptz), (select created_at from messages where id = ${row!.id}))
    where id = ${conversation.id}`)
  return row!
}

/** Row count and newest row version of every messaging table: any write changes it. */
export async function messagingFingerprint() {
  const r = await getDb().execute(sql`select
    (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from conversations) c,
    (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from messages) m,
    (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from message_attachments) a,
    (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from conversation_reports) r,
    (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from user_blocks) b`)
  return JSON.stringify(r.rows[0])
}
