// Helpers for the live-messages and unread-email tests: conversations and messages written straight to
// the database (the messaging commands are tested on their own), and a reader for server-sent events.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { conversations, messageAttachments, messages } from '../../db/schema'
import { getDb } from '~/lib/db.server'

export async function createConversation(buyerId: string, sellerId: string) {
  const [row] = await getDb()
    .insert(conversations)
    .values({ buyerId, sellerId, subjectType: 'product', subjectId: randomUUID() })
    .returning({ id: conversations.id })
  return row!.id
}

/** Writes a message (and optional attachment) as the sender; returns its id and seq. */
export async function writeMessage(conversationId: string, senderId: string, body: string, opts: { createdAt?: Date; attachment?: boolean } = {}) {
  const db = getDb()
  const createdAt = opts.createdAt ?? new Date()
  const [row] = await db
    .insert(messages)
    .values({ conversationId, senderId, body, clientKey: randomUUID(), createdAt })
    .returning({ id: messages.id, seq: messages.seq })
  if (opts.attachment) {
    await db.insert(messageAttachments).values({ messageId: row!.id, storageKey: `messages/${randomUUID()}.pdf`, fileName: 'spec.pdf', contentType: 'application/pdf', sizeBytes: 1234 })
  }
  await db
    .update(conversations)
    .set({ lastMessageAt: sql`greatest(coalesce(${conversations.lastMessageAt}, '-infinity'::timestamptz), ${createdAt.toISOString()}::timestamptz)` })
    .where(eq(conversations.id, conversationId))
  return { id: row!.id, seq: Number(row!.seq) }
}

export type SseEvent = { event: string; id?: string; data?: string; comment?: string }

/** Reads server-sent events from a response body as they arrive. */
export function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const events: SseEvent[] = []
  let buffer = ''
  let ended = false
  const pump = (async () => {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>
      try {
        chunk = await reader.read()
      } catch {
        break
      }
      if (chunk.done) break
      buffer += decoder.decode(chunk.value, { stream: true })
      let end: number
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const e: SseEvent = { event: 'message' }
        let hasField = false
        for (const line of block.split('\n')) {
          if (line.startsWith('retry: ')) {
            e.event = 'retry'
            hasField = true
          } else if (line.startsWith(':')) e.comment = line.slice(1).trim()
          else if (line.startsWith('event: ')) {
            e.event = line.slice(7)
            hasField = true
          } else if (line.startsWith('id: ')) e.id = line.slice(4)
          else if (line.startsWith('data: ')) {
            e.data = line.slice(6)
            hasField = true
          }
        }
        if (!hasField) e.event = e.comment !== undefined ? 'comment' : 'retry'
        events.push(e)
      }
    }
    ended = true
  })()
  return {
    events,
    get ended() {
      return ended
    },
    pump,
    /** Events of one type, data parsed. */
    of<T = Record<string, unknown>>(type: string): T[] {
      return events.filter((e) => e.event === type).map((e) => JSON.parse(e.data!) as T)
    },
    async waitFor(predicate: (events: SseEvent[]) => boolean, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs
      while (!predicate(events)) {
        if (Date.now() > until) throw new Error(`timed out waiting for events; got ${JSON.stringify(events)}`)
        if (ended) throw new Error(`stream ended; got ${JSON.stringify(events)}`)
        await new Promise((r) => setTimeout(r, 20))
      }
    },
    cancel: () => reader.cancel().catch(() => {}),
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
