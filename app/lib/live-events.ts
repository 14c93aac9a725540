// The browser side of the live message stream (ADR 011): one EventSource per tab on /messages/events,
// shared by every component that listens (the header badge, the inbox, the thread) and closed when the
// last one unmounts. The browser reconnects by itself after a drop and sends the last event id; when it
// gives up (the server answered with an error, e.g. a 503 during an outage) this opens a new one after a
// backoff, resuming after the last message it saw. Components are told of a reconnection, so a page can
// re-read what it shows.
import { useEffect, useRef } from 'react'

/** A message as the stream sends it and the thread shows it (the server's LiveMessageDto); attachments without their storage keys. */
export type LiveMessage = {
  id: string
  seq: number
  conversationId: string
  senderId: string
  senderName: string
  /** Written by the stream's own user (in another tab, or on another device). */
  mine: boolean
  body: string
  createdAt: string
  /** `url` opens the file for the two participants (the thread's attachment route). */
  attachments: { id: string; fileName: string; contentType: string; sizeBytes: number; url: string }[]
}

export type LiveEvent =
  | { type: 'message'; message: LiveMessage }
  | { type: 'read'; conversationId: string; readerId: string; lastReadAt: string | null }
  | { type: 'unread'; count: number }
  | { type: 'block'; conversationId: string }
  /** The stream is open again after a drop: events may have been missed while it was down. */
  | { type: 'reconnected' }

type Listener = (event: LiveEvent) => void

export const LIVE_EVENTS_PATH = '/messages/events'
const BACKOFF_MIN_MS = 2_000
const BACKOFF_MAX_MS = 60_000

type Connection = {
  listeners: Set<Listener>
  source: EventSource | null
  /** The newest message seq seen: where a new EventSource resumes. */
  lastSeq: number
  /** Seqs already handed to listeners, so a replay after a reconnect never repeats one. */
  seen: Set<number>
  hadError: boolean
  retryTimer: ReturnType<typeof setTimeout> | null
  backoff: number
}

let connection: Connection | null = null

function emit(c: Connection, event: LiveEvent) {
  for (const listener of [...c.listeners]) listener(event)
}

function parse<T>(e: MessageEvent): T | null {
  try {
    return JSON.parse(e.data as string) as T
  } catch {
    return null
  }
}

function open(c: Connection) {
  const source = new EventSource(`${LIVE_EVENTS_PATH}?since=${c.lastSeq}`)
  c.source = source
  source.addEventListener('open', () => {
    c.backoff = BACKOFF_MIN_MS
    if (c.hadError) emit(c, { type: 'reconnected' })
    c.hadError = false
  })
  source.addEventListener('message', (e) => {
    const message = parse<LiveMessage>(e)
    if (!message || typeof message.seq !== 'number' || c.seen.has(message.seq)) return
    c.seen.add(message.seq)
    if (c.seen.size > 2_000) c.seen = new Set([...c.seen].slice(-1_000))
    if (message.seq > c.lastSeq) c.lastSeq = message.seq
    emit(c, { type: 'message', message })
  })
  source.addEventListener('read', (e) => {
    const d = parse<{ conversationId: string; readerId: string; lastReadAt: string | null }>(e)
    if (d) emit(c, { type: 'read', ...d })
  })
  source.addEventListener('unread', (e) => {
    const d = parse<{ count: number }>(e)
    if (d && typeof d.count === 'number') emit(c, { type: 'unread', count: d.count })
  })
  source.addEventListener('block', (e) => {
    const d = parse<{ conversationId: string }>(e)
    if (d) emit(c, { type: 'block', conversationId: d.conversationId })
  })
  source.addEventListener('error', () => {
    c.hadError = true
    // CONNECTING: the browser retries by itself. CLOSED: it gave up; open a new one after a backoff.
    if (source.readyState !== EventSource.CLOSED || c.source !== source) return
    source.close()
    c.source = null
    const delay = c.backoff + Math.floor(Math.random() * 1_000)
    c.backoff = Math.min(c.backoff * 2, BACKOFF_MAX_MS)
    c.retryTimer = setTimeout(() => {
      c.retryTimer = null
      if (connection === c && c.listeners.size > 0) open(c)
    }, delay)
  })
}

/** Listens to the live stream; the first listener opens it (resuming after `since`), the last one closes it. */
export function subscribeToLiveEvents(since: number, listener: Listener): () => void {
  if (typeof window === 'undefined' || typeof EventSource === 'undefined') return () => {}
  let c = connection
  if (!c) {
    c = connection = { listeners: new Set(), source: null, lastSeq: Math.max(0, Math.floor(since)), seen: new Set(), hadError: false, retryTimer: null, backoff: BACKOFF_MIN_MS }
    c.listeners.add(listener)
    open(c)
  } else {
    c.listeners.add(listener)
  }
  const mine = c
  return () => {
    mine.listeners.delete(listener)
    if (mine.listeners.size > 0 || connection !== mine) return
    connection = null
    if (mine.retryTimer) clearTimeout(mine.retryTimer)
    mine.source?.close()
  }
}

/** Calls `listener` with every live event while the component is mounted (and `enabled`). */
export function useLiveEvents(since: number, listener: Listener, enabled = true) {
  const ref = useRef(listener)
  useEffect(() => {
    ref.current = listener
  })
  useEffect(() => {
    if (!enabled) return
    return subscribeToLiveEvents(since, (event) => ref.current(event))
    // `since` only matters to the first listener of the tab; a later page's value must not reopen the stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled])
}
