// Issue 9 item 4, ADR 011: the live message stream. The hub hears NOTIFY on the test file's database
// (PGlite, or PostgreSQL with TEST_DATABASE_URL, where a message written by another process arrives
// too); GET /messages/events refuses visitors, streams a participant's events and nobody else's,
// resumes after Last-Event-ID without losing or repeating a message, sends heartbeats and lets go of
// its subscription when the browser leaves.
import { randomUUID } from 'node:crypto'
import { spawn } from 'node:child_process'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { RouterContextProvider } from 'react-router'
import { conversations } from '../../db/schema'
import { getDb, getListenConnection } from '~/lib/db.server'
import { countMessageSubscribers, MESSAGE_CHANNEL, publishMessageEvent, startMessageHub, stopMessageHub, subscribeToMessageEvents, type HubSignal } from '~/modules/messaging/live.server'
import { openMessageStream, parseResumePosition, type LiveMessageDto } from '~/modules/messaging/live-stream.server'
import { loader } from '~/routes/api/message-events'
import { createUser, signInCookie } from '../factories/users'
import { createConversation, sseReader, writeMessage } from './messaging-live-support'

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const root = path.resolve(__dirname, '../..')

type Person = { profileId: string; cookie: string; name: string }
async function person(userType: 'Buyer' | 'Seller' = 'Buyer'): Promise<Person> {
  const u = await createUser({ profile: { userType, country: userType === 'Buyer' ? 'India' : 'Russia', kycStatus: userType === 'Seller' ? 'Approved' : null } })
  return { profileId: u.profileId!, cookie: await signInCookie(u.email, u.password), name: u.name }
}

/** Opens GET /messages/events through the route module, as the browser's EventSource would. */
async function connect(cookie: string | null, opts: { lastEventId?: string; since?: number } = {}) {
  const controller = new AbortController()
  const headers = new Headers({ Accept: 'text/event-stream' })
  if (cookie) headers.set('Cookie', cookie)
  if (opts.lastEventId) headers.set('Last-Event-ID', opts.lastEventId)
  const url = `http://localhost:3000/messages/events${opts.since !== undefined ? `?since=${opts.since}` : ''}`
  const request = new Request(url, { headers, signal: controller.signal })
  const response = (await loader({ request, context: new RouterContextProvider(), params: {} } as never)) as Response
  return { response, controller, stream: response.status === 200 ? sseReader(response.body!) : null }
}

async function publishMessage(conversationId: string, seq: number, a: string, b: string) {
  await publishMessageEvent({ kind: 'message', conversationId, seq, participantIds: [a, b] })
}

/**
 * Instead of a pause before checking that nothing more arrived: a message in a conversation of its
 * own, sent to `stream` and waited for. A stream writes events in the order they reach it, so once the
 * barrier is there, whatever the events before it would have written is there too. Returns the
 * barrier's conversation id, for the caller to leave it out.
 */
async function barrier(stream: ReturnType<typeof sseReader>, buyerId: string, sellerId: string) {
  const conv = await createConversation(buyerId, sellerId)
  const msg = await writeMessage(conv, sellerId, 'barrier')
  await publishMessage(conv, msg.seq, buyerId, sellerId)
  await stream.waitFor(() => stream.of<LiveMessageDto>('message').some((e) => e.id === msg.id))
  return conv
}

let buyer: Person
let seller: Person
let stranger: Person
let conversationId: string

beforeAll(async () => {
  buyer = await person('Buyer')
  seller = await person('Seller')
  stranger = await person('Buyer')
  conversationId = await createConversation(buyer.profileId, seller.profileId)
})

afterAll(async () => {
  await stopMessageHub()
})

describe(`the message hub on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('hands a NOTIFY to the subscribers of the two participants named in it, and to nobody else', async () => {
    const heard: Record<string, HubSignal[]> = { buyer: [], seller: [], stranger: [] }
    const offs = await Promise.all([
      subscribeToMessageEvents(buyer.profileId, (s) => heard.buyer!.push(s)),
      subscribeToMessageEvents(seller.profileId, (s) => heard.seller!.push(s)),
      subscribeToMessageEvents(stranger.profileId, (s) => heard.stranger!.push(s)),
    ])
    expect(countMessageSubscribers()).toBe(3)
    await publishMessage(conversationId, 42, buyer.profileId, seller.profileId)
    // Anyone with database access can NOTIFY: a payload that is not an event is ignored.
    await getDb().execute(sql`select pg_notify(${MESSAGE_CHANNEL}, ${'{"kind":"message","conversationId":"x"}'})`)
    await getDb().execute(sql`select pg_notify(${MESSAGE_CHANNEL}, ${'not json'})`)
    // A barrier instead of a pause: one more event, for the stranger and the seller. Notifications arrive
    // in order, so once the stranger has it, the ones before it have been handed out (or dropped).
    const barrierEvent = { kind: 'block' as const, conversationId: randomUUID(), participantIds: [stranger.profileId, seller.profileId] as [string, string] }
    await publishMessageEvent(barrierEvent)
    await vi.waitFor(() => expect(heard.stranger).toHaveLength(1), { timeout: 5_000, interval: 10 })
    const expected = { kind: 'message', conversationId, seq: 42, participantIds: [buyer.profileId, seller.profileId] }
    expect(heard.buyer).toEqual([expected])
    expect(heard.seller).toEqual([expected, barrierEvent])
    expect(heard.stranger).toEqual([barrierEvent])
    for (const off of offs) off()
    expect(countMessageSubscribers()).toBe(0)
  })
})

describe('GET /messages/events', () => {
  it('answers 401 (not a redirect an EventSource cannot follow) to a visitor and to a user without a profile', async () => {
    const visitor = await connect(null)
    expect(visitor.response.status).toBe(401)
    expect(visitor.response.headers.get('Location')).toBeNull()
    expect(await visitor.response.text()).toBe('Sign in to receive your messages.')
    const incomplete = await createUser({ profile: null })
    const noProfile = await connect(await signInCookie(incomplete.email, incomplete.password))
    expect(noProfile.response.status).toBe(401)
    expect(countMessageSubscribers()).toBe(0)
  })

  it('answers 406 to a request that does not ask for an event stream (a page load, a .data fetch)', async () => {
    const request = new Request('http://localhost:3000/messages/events', { headers: { Cookie: buyer.cookie, Accept: '*/*' } })
    const response = (await loader({ request, context: new RouterContextProvider(), params: {} } as never)) as Response
    expect(response.status).toBe(406)
    expect(await response.text()).toContain('/messages')
    expect(countMessageSubscribers()).toBe(0)
  })

  it('ignores a resume position that is not a whole number, and starts at the newest message', async () => {
    for (const bad of ['-1', '1e9', 'abc', '12 13', '9'.repeat(40), '']) {
      const c = await connect(buyer.cookie, { lastEventId: bad || undefined, since: undefined })
      expect(c.response.status).toBe(200)
      await c.stream!.waitFor((e) => e.some((x) => x.event === 'unread'))
      expect(c.stream!.of('message')).toEqual([])
      c.controller.abort()
    }
    expect(parseResumePosition('12', '5')).toBe(12)
    expect(parseResumePosition(null, '5')).toBe(5)
    expect(parseResumePosition('x', 'y')).toBeNull()
  })

  it("streams a participant's new message (the thread's fields, no storage key) and the unread count; a third user hears nothing", async () => {
    const b = await connect(buyer.cookie)
    const s = await connect(seller.cookie)
    const x = await connect(stranger.cookie)
    expect(b.response.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8')
    expect(b.response.headers.get('Cache-Control')).toContain('no-store')
    expect(b.response.headers.get('X-Accel-Buffering')).toBe('no')
    for (const c of [b, s, x]) await c.stream!.waitFor((e) => e.some((ev) => ev.event === 'unread'))
    expect(b.stream!.events[0]).toMatchObject({ event: 'retry' })

    const m = await writeMessage(conversationId, seller.profileId, 'Samples ship on Monday <b>', { attachment: true })
    await publishMessage(conversationId, m.seq, buyer.profileId, seller.profileId)
    await b.stream!.waitFor((e) => e.some((ev) => ev.event === 'message'))
    await s.stream!.waitFor((e) => e.some((ev) => ev.event === 'message'))
    const [sent] = b.stream!.of<LiveMessageDto>('message')
    expect(sent).toEqual({
      id: m.id,
      seq: m.seq,
      conversationId,
      senderId: seller.profileId,
      senderName: seller.name,
      mine: false,
      body: 'Samples ship on Monday <b>',
      createdAt: expect.any(String),
      attachments: [{ id: expect.any(String), fileName: 'spec.pdf', contentType: 'application/pdf', sizeBytes: 1234, url: expect.stringMatching(new RegExp(`^/messages/${conversationId}/attachments/`)) }],
    })
    expect(b.stream!.events.find((e) => e.event === 'message')!.id).toBe(String(m.seq))
    expect(JSON.stringify(b.stream!.events)).not.toContain('storage')
    expect(s.stream!.of<LiveMessageDto>('message')[0]!.mine).toBe(true)
    // The buyer's badge goes from 0 to 1; the sender's own message changes nothing for them.
    await b.stream!.waitFor(() => b.stream!.of<{ count: number }>('unread').at(-1)?.count === 1)
    expect(b.stream!.of('unread')).toEqual([{ count: 0 }, { count: 1 }])
    expect(s.stream!.of('unread')).toEqual([{ count: 0 }])

    // The buyer reads it: the seller sees the receipt, the buyer's badge goes back to 0.
    const readAt = new Date()
    await getDb().update(conversations).set({ buyerLastReadAt: readAt }).where(sql`${conversations.id} = ${conversationId}`)
    await publishMessageEvent({ kind: 'read', conversationId, participantIds: [buyer.profileId, seller.profileId] })
    await s.stream!.waitFor((e) => e.some((ev) => ev.event === 'read'))
    expect(s.stream!.of('read')).toEqual([{ conversationId, readerId: buyer.profileId, lastReadAt: readAt.toISOString() }])
    await b.stream!.waitFor(() => b.stream!.of<{ count: number }>('unread').at(-1)?.count === 0)

    await publishMessageEvent({ kind: 'block', conversationId, participantIds: [buyer.profileId, seller.profileId] })
    await b.stream!.waitFor((e) => e.some((ev) => ev.event === 'block'))
    expect(b.stream!.of('block')).toEqual([{ conversationId }])

    // A barrier instead of a pause: a message in the stranger's own conversation. A stream writes its
    // events in the order they reach it, so once the barrier is there, whatever the events before it
    // would have shown the stranger is there too.
    const own = await createConversation(stranger.profileId, seller.profileId)
    const barrierIds: string[] = []
    const barrier = async () => {
      const msg = await writeMessage(own, seller.profileId, `barrier ${barrierIds.length}`)
      barrierIds.push(msg.id)
      await publishMessage(own, msg.seq, stranger.profileId, seller.profileId)
      await x.stream!.waitFor(() => x.stream!.of<LiveMessageDto>('message').some((e) => e.id === msg.id))
    }
    const strangerSaw = () =>
      x.stream!.events.filter((e) => !['retry', 'unread', 'comment'].includes(e.event) && !(e.event === 'message' && barrierIds.includes(JSON.parse(e.data!).id)))
    await barrier()
    expect(strangerSaw()).toEqual([])
    // A forged event naming the stranger as a participant still shows them nothing of a conversation not theirs.
    await publishMessageEvent({ kind: 'message', conversationId, seq: m.seq, participantIds: [stranger.profileId, seller.profileId] })
    await publishMessageEvent({ kind: 'read', conversationId, participantIds: [stranger.profileId, seller.profileId] })
    await publishMessageEvent({ kind: 'block', conversationId, participantIds: [stranger.profileId, seller.profileId] })
    await barrier()
    expect(strangerSaw()).toEqual([])
    for (const c of [b, s, x]) c.controller.abort()
  })

  it('replays every message after Last-Event-ID in order, then goes live, never sending one twice', async () => {
    const conv = await createConversation(buyer.profileId, seller.profileId)
    const first = await writeMessage(conv, seller.profileId, 'one')
    const second = await writeMessage(conv, buyer.profileId, 'two')
    const third = await writeMessage(conv, seller.profileId, 'three')
    // Another pair's message in between is never replayed to them.
    const otherConv = await createConversation(stranger.profileId, seller.profileId)
    await writeMessage(otherConv, seller.profileId, 'not yours')

    const c = await connect(buyer.cookie, { lastEventId: String(first.seq), since: 0 })
    await c.stream!.waitFor(() => c.stream!.of('message').length >= 2)
    // Live events about messages the replay already sent (the browser reconnected while they were on their way).
    await publishMessage(conv, second.seq, buyer.profileId, seller.profileId)
    await publishMessage(conv, third.seq, buyer.profileId, seller.profileId)
    const fourth = await writeMessage(conv, seller.profileId, 'four')
    await publishMessage(conv, fourth.seq, buyer.profileId, seller.profileId)
    await publishMessage(conv, fourth.seq, buyer.profileId, seller.profileId)
    await c.stream!.waitFor(() => c.stream!.of('message').length >= 3)
    const after = await barrier(c.stream!, buyer.profileId, seller.profileId)
    const got = c.stream!.events.filter((e) => e.event === 'message' && JSON.parse(e.data!).conversationId !== after)
    expect(got.map((e) => e.id)).toEqual([second.seq, third.seq, fourth.seq].map(String))
    expect(c.stream!.of<LiveMessageDto>('message').filter((m) => m.conversationId !== after).map((m) => m.body)).toEqual(['two', 'three', 'four'])
    c.controller.abort()

    // ?since works the same for a page opening its first stream; Last-Event-ID wins over it.
    const d = await connect(buyer.cookie, { since: second.seq })
    // (The barrier above is a later message of the buyer's, in another conversation: it is replayed too.)
    const inConv = () => d.stream!.of<LiveMessageDto>('message').filter((m) => m.conversationId !== after)
    await d.stream!.waitFor(() => d.stream!.of<LiveMessageDto>('message').some((m) => m.conversationId === after))
    expect(inConv().map((m) => m.body)).toEqual(['three', 'four'])
    d.controller.abort()

    // Without a position, the stream starts at the newest message: nothing old is replayed.
    const e = await connect(buyer.cookie)
    await e.stream!.waitFor((ev) => ev.some((x) => x.event === 'unread'))
    const later = await barrier(e.stream!, buyer.profileId, seller.profileId)
    expect(e.stream!.of<LiveMessageDto>('message').filter((m) => m.conversationId !== later)).toEqual([])
    e.controller.abort()
  })

  it('sends a heartbeat comment and ends by itself after its lifetime', async () => {
    const controller = new AbortController()
    const stream = sseReader(openMessageStream({ profileId: buyer.profileId, since: null, signal: controller.signal, heartbeatMs: 50, maxLifetimeMs: 400 }))
    await stream.waitFor((e) => e.filter((x) => x.comment === 'ping').length >= 2, 2_000)
    await stream.pump
    expect(stream.ended).toBe(true)
    // Its subscription may still be on its way in when the lifetime ends; it is let go once it lands.
    await vi.waitFor(() => expect(countMessageSubscribers(buyer.profileId)).toBe(0), { timeout: 2_000, interval: 10 })
  })

  it('lets go of its subscription when the browser disconnects (request aborted) or stops reading', async () => {
    // The earlier tests' streams, aborted as they ended, are let go by now or shortly.
    await vi.waitFor(() => expect(countMessageSubscribers()).toBe(0), { timeout: 2_000, interval: 10 })
    const streams = await Promise.all([connect(buyer.cookie), connect(buyer.cookie), connect(seller.cookie)])
    for (const c of streams) await c.stream!.waitFor((e) => e.some((x) => x.event === 'unread'))
    expect(countMessageSubscribers(buyer.profileId)).toBe(2)
    expect(countMessageSubscribers()).toBe(3)
    streams[0]!.controller.abort()
    await streams[0]!.stream!.pump
    expect(countMessageSubscribers(buyer.profileId)).toBe(1)
    await streams[1]!.stream!.cancel()
    streams[2]!.controller.abort()
    // The hub lets go when the stream's cancel and abort handlers have run: wait for it, with a deadline.
    await vi.waitFor(() => expect(countMessageSubscribers()).toBe(0), { timeout: 2_000, interval: 10 })
    // Aborted before it even started: nothing is left behind either.
    const early = new AbortController()
    early.abort()
    const gone = sseReader(openMessageStream({ profileId: buyer.profileId, since: null, signal: early.signal }))
    await gone.pump
    // It closed in start(), before queueing its subscription: there is nothing to wait for.
    expect(gone.ended).toBe(true)
    expect(countMessageSubscribers()).toBe(0)
  })
})

describe.runIf(onPostgres)('across server processes on PostgreSQL', () => {
  it('a message written and published by another process reaches this process’s hub and stream', async () => {
    await startMessageHub()
    const heard: HubSignal[] = []
    const off = await subscribeToMessageEvents(buyer.profileId, (s) => heard.push(s))
    const c = await connect(buyer.cookie)
    await c.stream!.waitFor((e) => e.some((x) => x.event === 'unread'))
    const connection = getListenConnection()
    if (connection.kind !== 'postgres') throw new Error('expected PostgreSQL')
    // A second process: plain Node with pg, writing the message and publishing it as the app does.
    const script = `
      import pg from 'pg'
      const [url, conversationId, senderId, buyerId, channel] = process.argv.slice(1)
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      const { rows } = await client.query(
        "insert into messages (conversation_id, sender_id, body, client_key) values ($1, $2, 'from another process', gen_random_uuid()) returning seq",
        [conversationId, senderId])
      const event = { kind: 'message', conversationId, seq: Number(rows[0].seq), participantIds: [buyerId, senderId] }
      await client.query('select pg_notify($1, $2)', [channel, JSON.stringify(event)])
      await client.end()
      console.log(rows[0].seq)`
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, connection.url, conversationId, seller.profileId, buyer.profileId, MESSAGE_CHANNEL], { cwd: root })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(err).toBe('')
    expect(code).toBe(0)
    expect(child.pid).not.toBe(process.pid)
    const seq = Number(out.trim())
    await c.stream!.waitFor((e) => e.some((x) => x.event === 'message'), 10_000)
    expect(c.stream!.of<LiveMessageDto>('message')).toEqual([expect.objectContaining({ seq, body: 'from another process', senderId: seller.profileId })])
    expect(heard).toEqual([{ kind: 'message', conversationId, seq, participantIds: [buyer.profileId, seller.profileId] }])
    off()
    c.controller.abort()
  })

  it('a message whose transaction commits after a later one is still sent, once', async () => {
    const connection = getListenConnection()
    if (connection.kind !== 'postgres') throw new Error('expected PostgreSQL')
    const conv = await createConversation(buyer.profileId, seller.profileId)
    const c = await connect(buyer.cookie)
    await c.stream!.waitFor((e) => e.some((x) => x.event === 'unread'))
    const slow = new pg.Client({ connectionString: connection.url })
    const fast = new pg.Client({ connectionString: connection.url })
    await slow.connect()
    await fast.connect()
    try {
      const insert = (client: pg.Client, body: string) =>
        client.query("insert into messages (conversation_id, sender_id, body, client_key) values ($1, $2, $3, gen_random_uuid()) returning seq", [conv, seller.profileId, body])
      await slow.query('begin')
      const early = Number((await insert(slow, 'slow')).rows[0].seq)
      const late = Number((await insert(fast, 'fast')).rows[0].seq)
      expect(late).toBeGreaterThan(early)
      await publishMessage(conv, late, buyer.profileId, seller.profileId)
      await c.stream!.waitFor((e) => e.some((x) => x.event === 'message'))
      await slow.query('commit')
      await publishMessage(conv, early, buyer.profileId, seller.profileId)
      await c.stream!.waitFor(() => c.stream!.of('message').length >= 2)
      // And the stray notifications after it change nothing.
      await publishMessage(conv, late, buyer.profileId, seller.profileId)
      await publishMessage(conv, early, buyer.profileId, seller.profileId)
      // A barrier instead of a pause: once it is on the stream, the strays before it would be too.
      const other = await barrier(c.stream!, buyer.profileId, seller.profileId)
      expect(c.stream!.of<LiveMessageDto>('message').filter((m) => m.conversationId !== other).map((m) => m.body)).toEqual(['fast', 'slow'])
    } finally {
      await slow.end()
      await fast.end()
      c.controller.abort()
    }
  })

  it('reconnects a lost LISTEN connection and catches up on what was written meanwhile', async () => {
    await startMessageHub()
    const conv = await createConversation(buyer.profileId, seller.profileId)
    const c = await connect(buyer.cookie)
    await c.stream!.waitFor((e) => e.some((x) => x.event === 'unread'))
    const errors: string[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void errors.push(args.join(' '))
    try {
      await getDb().execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'setu-live' and datname = current_database()`)
      // Written while nobody listens: its NOTIFY is lost, the resync after the reconnect finds it.
      const m = await writeMessage(conv, seller.profileId, 'while you were away')
      await publishMessage(conv, m.seq, buyer.profileId, seller.profileId)
      await c.stream!.waitFor((e) => e.some((x) => x.event === 'message'), 15_000)
      expect(c.stream!.of<LiveMessageDto>('message').map((x) => x.body)).toEqual(['while you were away'])
      expect(errors.filter((e) => e.includes('lost the LISTEN connection'))).toHaveLength(1)
      // Listening again: the next message arrives the ordinary way.
      const n = await writeMessage(conv, seller.profileId, 'back again')
      await publishMessage(conv, n.seq, buyer.profileId, seller.profileId)
      await c.stream!.waitFor(() => c.stream!.of('message').length >= 2)
    } finally {
      console.error = original
      c.controller.abort()
    }
  })
})
