// One LISTEN per server process (ADR 011). PostgreSQL's NOTIFY reaches every session listening on the
// channel, so with several app processes on one database each process holds one listening connection
// and fans the payloads out to its own subscribers in memory. On PostgreSQL that connection is a
// dedicated pg.Client (a pooled one would be handed to a query and lose the LISTEN); on PGlite it is
// the app's one in-process instance, whose listen() hears NOTIFYs sent by the same process.
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { getListenConnection } from './db.server'

const RECONNECT_MIN_MS = 500
const RECONNECT_MAX_MS = 30_000

export type ChannelHandlers = {
  /** Called with each payload, in the order PostgreSQL delivered them. */
  payload: (payload: string) => void
  /**
   * Called after a lost PostgreSQL connection is listening again: NOTIFYs sent meanwhile were not
   * heard, so subscribers should re-read what they may have missed.
   */
  reconnected?: () => void
}

export type ChannelListener = {
  /** Resolves once the first LISTEN is in place (or, on PostgreSQL, the first attempt failed and retries run). */
  ready: Promise<void>
  stop: () => Promise<void>
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err))

/** Starts listening on `channel` on the app database; call stop() before the database closes. */
export function listenToChannel(channel: string, handlers: ChannelHandlers): ChannelListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`)
  const connection = getListenConnection()
  return connection.kind === 'postgres' ? listenOnPostgres(connection.url, channel, handlers) : listenOnPglite(connection.client, channel, handlers)
}

function listenOnPglite(client: PGlite, channel: string, handlers: ChannelHandlers): ChannelListener {
  let unlisten: (() => Promise<void>) | undefined
  let stopped = false
  const ready = client.listen(channel, (payload) => handlers.payload(payload)).then((stop) => {
    unlisten = stop
    if (stopped) return stop()
  })
  return {
    ready,
    stop: async () => {
      stopped = true
      await ready.catch(() => {})
      // The instance may already be closed (tests close the database first): nothing is left to undo.
      if (unlisten && !client.closed) await unlisten().catch(() => {})
    },
  }
}

function listenOnPostgres(url: string, channel: string, handlers: ChannelHandlers): ChannelListener {
  let client: pg.Client | undefined
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let delay = RECONNECT_MIN_MS
  let lost = false
  let everConnected = false
  let resolveReady!: () => void
  const ready = new Promise<void>((r) => (resolveReady = r))

  const retry = (failed: pg.Client, err?: unknown) => {
    if (stopped || client !== failed) return
    client = undefined
    failed.removeAllListeners('notification')
    void failed.end().catch(() => {})
    if (!lost) {
      lost = true
      // Logged once per outage; the request side has its own outage handling (db-health.server.ts).
      console.error(`[setu] live events: lost the LISTEN connection (${err ? errorText(err) : 'closed'}); reconnecting`)
    }
    timer = setTimeout(connect, delay)
    timer.unref()
    delay = Math.min(delay * 2, RECONNECT_MAX_MS)
  }

  const connect = async () => {
    timer = undefined
    if (stopped) return
    const c = new pg.Client({
      connectionString: url,
      application_name: 'setu-live',
      connectionTimeoutMillis: 10_000,
      // A peer that vanished without closing the socket (failover, cut network) is noticed by TCP.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    })
    client = c
    c.on('error', (err) => retry(c, err))
    c.on('end', () => retry(c))
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) handlers.payload(msg.payload)
    })
    try {
      await c.connect()
      await c.query(`LISTEN "${channel}"`)
    } catch (err) {
      resolveReady()
      retry(c, err)
      return
    }
    if (stopped || client !== c) return
    delay = RECONNECT_MIN_MS
    if (lost) {
      lost = false
      console.log('[setu] live events: listening again')
    }
    if (everConnected) handlers.reconnected?.()
    everConnected = true
    resolveReady()
  }

  void connect()
  return {
    ready,
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      const c = client
      client = undefined
      if (c) {
        c.removeAllListeners('notification')
        await c.end().catch(() => {})
      }
      resolveReady()
    },
  }
}
