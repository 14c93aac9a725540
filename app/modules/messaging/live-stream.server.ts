// One user's server-sent-events stream (GET /messages/events; ADR 011). Events:
//   message  id: the message's seq; data: LiveMessageDto
//   read     data: { conversationId, readerId, lastReadAt } — the other party's read mark
//   unread   data: { count } — the header badge
//   block    data: { conversationId }
// Resuming: a stream starts after `since` (Last-Event-ID, or ?since from the page that opened it) and
// first replays every message of the user's conversations with a greater seq, in seq order; then it
// goes live. Every read is queued behind the previous one, so live events that arrive while the replay
// runs wait for it, and a seq already sent is never sent again on this stream.
//
// Identity values are taken when a transaction inserts, not when it commits, so seq 10 can become
// visible after seq 11. The NOTIFY for a message is sent after its commit and names its seq: a seq
// above the stream's high mark starts a catch-up from the mark (everything committed since), and a
// seq at or below the mark that this stream has not sent is fetched on its own. Only a late commit
// that happens while the browser is disconnected can be skipped by the resume; the client revalidates
// the page it shows when it reconnects, which reads the database and shows it.
import { and, asc, eq, gt, inArray, or } from 'drizzle-orm'
import { conversations, messageAttachments, messages, profiles } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import type { LiveMessage } from '~/lib/live-events'
import { subscribeToMessageEvents, type HubSignal } from './live.server'
import { currentMessageCursor } from './cursor.server'
import { countUnreadMessages } from './queries.server'

/** The message as the thread shows it: the type the browser side of the stream reads (app/lib/live-events.ts). */
export type LiveMessageDto = LiveMessage

/** Messages read per catch-up; a full batch is followed by the next one. */
export const REPLAY_BATCH = 500
export const HEARTBEAT_MS = 25_000
/** A stream ends after this long (plus up to a minute, so a crowd does not reconnect at once); the browser reconnects and is authenticated again. */
export const MAX_LIFETIME_MS = 15 * 60_000
/** Seqs this far below the high mark are forgotten (a commit this late after 10,000 others is not expected). */
const SENT_WINDOW = 10_000
/** What the browser waits before reconnecting after the stream ends. */
const RETRY_MS = 3_000
/**
 * Streams one user may hold open at once in this process (a tab each, on each device): opening one
 * more closes that user's oldest. With several server processes (ADR 018) each holds to it.
 */
export const MAX_LIVE_STREAMS_PER_USER = 10
/** A stream closed for a newer one tells its browser to wait this long before trying again. */
export const REPLACED_RETRY_MS = 60_000
/** Streams ended by a shutdown tell their browsers to come back after 1 to 5 s (spread, so not all at once). */
export const SHUTDOWN_RETRY_MS = { min: 1_000, spread: 4_000 } as const

type OpenStream = { end: (retryMs: number, why: string) => void }
type StreamRegistry = { byProfile: Map<string, Set<OpenStream>>; closing: boolean }
// On globalThis, like the hub: `react-router dev` module reloads must find the streams already open.
const globalForStreams = globalThis as unknown as { __setuLiveStreams?: StreamRegistry }
function streams(): StreamRegistry {
  return (globalForStreams.__setuLiveStreams ??= { byProfile: new Map(), closing: false })
}
const shutdownRetryMs = () => SHUTDOWN_RETRY_MS.min + Math.floor(Math.random() * SHUTDOWN_RETRY_MS.spread)

/**
 * Ends every open stream with a `retry:` hint, and every stream opened from now on at once: the
 * server is shutting down, and browsers reconnect to another process or to the restarted server.
 * Returns how many were open.
 */
export function closeLiveStreams(): number {
  const registry = streams()
  registry.closing = true
  const open = [...registry.byProfile.values()].flatMap((set) => [...set])
  for (const stream of open) stream.end(shutdownRetryMs(), 'server restarting')
  return open.length
}

/** How many streams are open in this process (all users, or one). */
export function countLiveStreams(profileId?: string): number {
  const { byProfile } = streams()
  if (profileId) return byProfile.get(profileId)?.size ?? 0
  let n = 0
  for (const set of byProfile.values()) n += set.size
  return n
}

const participant = (profileId: string) => or(eq(conversations.buyerId, profileId), eq(conversations.sellerId, profileId))

/** Messages of the profile's conversations, seq > `after` (or exactly `only`), in seq order. */
export async function readLiveMessages(profileId: string, opts: { after: number; limit?: number } | { only: number }): Promise<LiveMessageDto[]> {
  const db = getDb()
  const rows = await db
    .select({
      id: messages.id,
      seq: messages.seq,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      senderName: profiles.name,
      body: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(profiles, eq(profiles.id, messages.senderId))
    .where(and(participant(profileId), 'only' in opts ? eq(messages.seq, opts.only) : gt(messages.seq, opts.after)))
    .orderBy(asc(messages.seq))
    .limit('only' in opts ? 1 : (opts.limit ?? REPLAY_BATCH))
  if (rows.length === 0) return []
  const files = await db
    .select({
      id: messageAttachments.id,
      messageId: messageAttachments.messageId,
      fileName: messageAttachments.fileName,
      contentType: messageAttachments.contentType,
      sizeBytes: messageAttachments.sizeBytes,
    })
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, rows.map((r) => r.id)))
    .orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id))
  return rows.map((r) => ({
    ...r,
    seq: Number(r.seq),
    mine: r.senderId === profileId,
    createdAt: r.createdAt.toISOString(),
    attachments: files
      .filter((f) => f.messageId === r.id)
      .map(({ id, fileName, contentType, sizeBytes }) => ({ id, fileName, contentType, sizeBytes, url: `/messages/${r.conversationId}/attachments/${id}` })),
  }))
}

/** The other party's read mark in one of the profile's conversations; null when it is not theirs. */
async function readOtherPartyMark(profileId: string, conversationId: string) {
  const [row] = await getDb()
    .select({ buyerId: conversations.buyerId, sellerId: conversations.sellerId, buyerMark: conversations.buyerLastReadAt, sellerMark: conversations.sellerLastReadAt })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), participant(profileId)))
  if (!row) return null
  const buyerIsMe = row.buyerId === profileId
  const mark = buyerIsMe ? row.sellerMark : row.buyerMark
  return { conversationId, readerId: buyerIsMe ? row.sellerId : row.buyerId, lastReadAt: mark?.toISOString() ?? null }
}

async function isParticipant(profileId: string, conversationId: string) {
  const [row] = await getDb().select({ id: conversations.id }).from(conversations).where(and(eq(conversations.id, conversationId), participant(profileId)))
  return Boolean(row)
}

/** Parses a resume position: Last-Event-ID wins over ?since; anything but a whole number is ignored. */
export function parseResumePosition(lastEventId: string | null, since: string | null): number | null {
  for (const raw of [lastEventId, since]) {
    if (raw && /^\d{1,15}$/.test(raw.trim())) return Number(raw.trim())
  }
  return null
}

export type MessageStreamOptions = {
  profileId: string
  /** Replay messages after this seq; null: start at the newest message now. */
  since: number | null
  signal: AbortSignal
  heartbeatMs?: number
  maxLifetimeMs?: number
}

const encoder = new TextEncoder()
const frame = (event: string, data: unknown, id?: number) => `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`

/** The event stream for one signed-in profile; ends when `signal` aborts, the reader cancels, or the lifetime is over. */
export function openMessageStream(opts: MessageStreamOptions): ReadableStream<Uint8Array> {
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS
  const lifetimeMs = opts.maxLifetimeMs ?? MAX_LIFETIME_MS + Math.floor(Math.random() * 60_000)
  let closed = false
  let unsubscribe: (() => void) | undefined
  let heartbeat: NodeJS.Timeout | undefined
  let lifetime: NodeJS.Timeout | undefined
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let high = 0
  const sent = new Set<number>()
  let lastUnread: number | null = null
  // One read at a time, in arrival order: the replay runs first, live events wait behind it.
  let queue: Promise<void> = Promise.resolve()

  const registered: OpenStream = {
    end: (retryMs, why) => {
      write(`retry: ${retryMs}\n: ${why}\n\n`)
      close()
    },
  }
  const cleanup = () => {
    if (closed) return
    closed = true
    const mine = streams().byProfile.get(opts.profileId)
    mine?.delete(registered)
    if (mine?.size === 0) streams().byProfile.delete(opts.profileId)
    unsubscribe?.()
    clearInterval(heartbeat)
    clearTimeout(lifetime)
    opts.signal.removeEventListener('abort', close)
  }
  function close() {
    if (closed) return
    cleanup()
    try {
      controller.close()
    } catch {
      // already closed or errored
    }
  }
  const write = (text: string) => {
    if (closed) return
    try {
      controller.enqueue(encoder.encode(text))
    } catch {
      cleanup()
    }
  }
  const run = (task: () => Promise<void>) => {
    queue = queue
      .then(() => (closed ? undefined : task()))
      .catch((err) => {
        // A failed read (the database went away) ends the stream; the browser reconnects and resumes.
        if (!closed) console.error(`[setu] live events: a stream read failed: ${err instanceof Error ? err.message : err}`)
        close()
      })
  }

  const send = (rows: LiveMessageDto[]) => {
    for (const m of rows) {
      if (sent.has(m.seq)) continue
      sent.add(m.seq)
      if (m.seq > high) high = m.seq
      write(frame('message', m, m.seq))
    }
    if (sent.size > 2 * REPLAY_BATCH) for (const seq of sent) if (seq < high - SENT_WINDOW) sent.delete(seq)
  }
  const catchUp = async () => {
    for (;;) {
      const rows = await readLiveMessages(opts.profileId, { after: high })
      send(rows)
      if (rows.length < REPLAY_BATCH || closed) return
    }
  }
  const sendUnread = async (always = false) => {
    const count = await countUnreadMessages(opts.profileId)
    if (always || count !== lastUnread) write(frame('unread', { count }))
    lastUnread = count
  }

  const onSignal = (signal: HubSignal) => {
    if (signal.kind === 'resync') {
      run(async () => {
        await catchUp()
        await sendUnread()
      })
    } else if (signal.kind === 'message') {
      const seq = signal.seq
      run(async () => {
        if (seq !== undefined && sent.has(seq)) return
        if (seq !== undefined && seq <= high) send(await readLiveMessages(opts.profileId, { only: seq }))
        else await catchUp()
        await sendUnread()
      })
    } else if (signal.kind === 'read') {
      run(async () => {
        const mark = await readOtherPartyMark(opts.profileId, signal.conversationId)
        if (!mark) return
        write(frame('read', mark))
        await sendUnread()
      })
    } else if (signal.kind === 'block') {
      run(async () => {
        if (await isParticipant(opts.profileId, signal.conversationId)) write(frame('block', { conversationId: signal.conversationId }))
      })
    }
  }

  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c
      if (opts.signal.aborted) {
        close()
        return
      }
      const registry = streams()
      if (registry.closing) {
        registered.end(shutdownRetryMs(), 'server restarting')
        return
      }
      opts.signal.addEventListener('abort', close)
      // The first bytes go out at once: proxies and the browser see the stream is open.
      write(`retry: ${RETRY_MS}\n: connected\n\n`)
      let mine = registry.byProfile.get(opts.profileId)
      if (!mine) registry.byProfile.set(opts.profileId, (mine = new Set()))
      mine.add(registered)
      // Sets keep insertion order: the first is the oldest.
      if (mine.size > MAX_LIVE_STREAMS_PER_USER) mine.values().next().value!.end(REPLACED_RETRY_MS, 'replaced by a newer stream')
      heartbeat = setInterval(() => write(': ping\n\n'), heartbeatMs)
      lifetime = setTimeout(close, lifetimeMs)
      // Subscribe before reading the starting point, so nothing committed in between is missed.
      run(async () => {
        const off = await subscribeToMessageEvents(opts.profileId, onSignal)
        if (closed) off()
        else unsubscribe = off
      })
      run(async () => {
        high = opts.since ?? (await currentMessageCursor())
        await catchUp()
        await sendUnread(true)
      })
    },
    cancel() {
      cleanup()
    },
  })
}
