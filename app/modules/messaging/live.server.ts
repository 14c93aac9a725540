// Live delivery of messages (issue 9 item 4). Writers publish after their transaction commits; the
// server-sent-events stream subscribes. The channel is PostgreSQL's NOTIFY, so every server process
// on one PostgreSQL database hears every message; embedded PGlite has NOTIFY too, within its process.
import { sql } from 'drizzle-orm'
import { getDb } from '~/lib/db.server'

/** The NOTIFY channel the message events travel on. */
export const MESSAGE_CHANNEL = 'setu_messages'

/** What a subscriber learns: enough to decide who should hear it; the message itself is read from the database. */
export type MessageEvent = {
  kind: 'message' | 'read' | 'block'
  conversationId: string
  /** The message's seq (for 'message'), so a reconnecting stream resumes after the last one it sent. */
  seq?: number
  /** The profiles to tell: the two participants. */
  participantIds: [string, string]
}

/** Tells every listening process about an event. Call after the transaction that wrote it has committed. */
export async function publishMessageEvent(event: MessageEvent): Promise<void> {
  await getDb().execute(sql`select pg_notify(${MESSAGE_CHANNEL}, ${JSON.stringify(event)})`)
}
