// Live delivery of messages (issue 9 item 4, ADR 011). Writers publish after their transaction commits;
// the server-sent-events streams subscribe. The channel is PostgreSQL's NOTIFY, so every server process
// on one PostgreSQL database hears every message; embedded PGlite has NOTIFY too, within its process.
// Each process holds one LISTEN (app/lib/realtime.server.ts) and hands each event to the streams of the
// two participants it names; a stream then reads what it sends from the database, scoped to its user,
// so the payload only decides who is woken, never what anyone sees.
import { sql } from 'drizzle-orm'
import { getDb } from '~/lib/db.server'
import { listenToChannel, type ChannelListener } from '~/lib/realtime.server'
import { UUID_PATTERN, isUuid } from '~/domain'

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

/** What a subscriber is handed: an event for its profile, or 'resync' after the LISTEN connection was lost and regained. */
export type HubSignal = MessageEvent | { kind: 'resync' }
export type HubSubscriber = (signal: HubSignal) => void

type Hub = { listener: ChannelListener; subscribers: Map<string, Set<HubSubscriber>> }

// On globalThis, so `react-router dev` module reloads find the running hub instead of listening twice.
const globalForHub = globalThis as unknown as { __setuMessageHub?: Hub }

const KINDS = new Set(['message', 'read', 'block'])

/** A NOTIFY payload as a MessageEvent, or null when it is not one (anyone with database access can NOTIFY). */
export function parseMessageEvent(payload: string): MessageEvent | null {
  let value: unknown
  try {
    value = JSON.parse(payload)
  } catch {
    return null
  }
  if (!value || typeof value !== 'object') return null
  const v = value as Record<string, unknown>
  if (typeof v.kind !== 'string' || !KINDS.has(v.kind)) return null
  if (typeof v.conversationId !== 'string' || !UUID_PATTERN.test(v.conversationId)) return null
  const ids = v.participantIds
  if (!Array.isArray(ids) || ids.length !== 2 || !ids.every((id) => isUuid(id))) return null
  if (v.seq !== undefined && !(typeof v.seq === 'number' && Number.isSafeInteger(v.seq) && v.seq > 0)) return null
  return {
    kind: v.kind as MessageEvent['kind'],
    conversationId: v.conversationId,
    ...(v.seq !== undefined ? { seq: v.seq as number } : {}),
    participantIds: [ids[0] as string, ids[1] as string],
  }
}

function deliver(hub: Hub, profileId: string, signal: HubSignal) {
  for (const subscriber of hub.subscribers.get(profileId) ?? []) {
    try {
      subscriber(signal)
    } catch (err) {
      console.error(`[setu] live events: a subscriber failed: ${err instanceof Error ? err.message : err}`)
    }
  }
}

/**
 * Starts this process's one LISTEN on the message channel (idempotent). app/startup.server.ts calls it
 * with the job queue; a subscription starts it too, for processes that did not (dev server, tests).
 */
export function startMessageHub(): Promise<void> {
  let hub = globalForHub.__setuMessageHub
  if (!hub) {
    const subscribers = new Map<string, Set<HubSubscriber>>()
    const listener = listenToChannel(MESSAGE_CHANNEL, {
      payload: (payload) => {
        const event = parseMessageEvent(payload)
        if (!event) return
        const current = globalForHub.__setuMessageHub
        if (!current) return
        for (const id of new Set(event.participantIds)) deliver(current, id, event)
      },
      reconnected: () => {
        const current = globalForHub.__setuMessageHub
        if (!current) return
        for (const id of current.subscribers.keys()) deliver(current, id, { kind: 'resync' })
      },
    })
    hub = { listener, subscribers }
    globalForHub.__setuMessageHub = hub
  }
  return hub.listener.ready
}

/** Stops the LISTEN; open streams stay subscribed but hear nothing more. Call before the database closes. */
export async function stopMessageHub(): Promise<void> {
  const hub = globalForHub.__setuMessageHub
  globalForHub.__setuMessageHub = undefined
  if (hub) await hub.listener.stop()
}

/** Subscribes to the events of one profile; resolves once the LISTEN is in place, with the function that unsubscribes. */
export async function subscribeToMessageEvents(profileId: string, subscriber: HubSubscriber): Promise<() => void> {
  const ready = startMessageHub()
  const hub = globalForHub.__setuMessageHub!
  let set = hub.subscribers.get(profileId)
  if (!set) hub.subscribers.set(profileId, (set = new Set()))
  set.add(subscriber)
  let done = false
  const unsubscribe = () => {
    if (done) return
    done = true
    const current = hub.subscribers.get(profileId)
    current?.delete(subscriber)
    if (current && current.size === 0) hub.subscribers.delete(profileId)
  }
  try {
    await ready
  } catch (err) {
    unsubscribe()
    throw err
  }
  return unsubscribe
}

/** How many subscriptions this process holds (all profiles, or one): streams that were not cleaned up show here. */
export function countMessageSubscribers(profileId?: string): number {
  const hub = globalForHub.__setuMessageHub
  if (!hub) return 0
  if (profileId) return hub.subscribers.get(profileId)?.size ?? 0
  let n = 0
  for (const set of hub.subscribers.values()) n += set.size
  return n
}
