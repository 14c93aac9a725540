// Issue 26 items 2 and 9: how many live message streams a user holds, and how they end. One user opening
// 60 streams through GET /messages/events keeps MAX_LIVE_STREAMS_PER_USER of them (the newest): each
// older one ends with a `retry:` hint that keeps its browser away for a minute; other users' streams are
// untouched. On shutdown every stream ends with a short retry hint, and one opened afterwards ends at once.
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countMessageSubscribers, stopMessageHub } from '~/modules/messaging/live.server'
import { closeLiveStreams, countLiveStreams, MAX_LIVE_STREAMS_PER_USER, REPLACED_RETRY_MS, SHUTDOWN_RETRY_MS } from '~/modules/messaging/live-stream.server'
import { loader } from '~/routes/api/message-events'
import { createUser, signInCookie } from '../factories/users'

type Person = { profileId: string; cookie: string }
async function person(): Promise<Person> {
  const u = await createUser({ profile: { userType: 'Buyer', country: 'India', kycStatus: null } })
  return { profileId: u.profileId!, cookie: await signInCookie(u.email, u.password) }
}

/** Opens GET /messages/events through the route module, as the browser's EventSource would; collects what it sends. */
async function connect(cookie: string) {
  const controller = new AbortController()
  const request = new Request('http://localhost:3000/messages/events', { headers: { Accept: 'text/event-stream', Cookie: cookie }, signal: controller.signal })
  const response = (await loader({ request, context: new RouterContextProvider(), params: {} } as never)) as Response
  expect(response.status).toBe(200)
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  const stream = { text: '', ended: false, controller }
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      stream.text += decoder.decode(value, { stream: true })
    }
    stream.ended = true
  })()
  return Object.assign(stream, { pump })
}
type Stream = Awaited<ReturnType<typeof connect>>

async function until(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** The `retry:` values a stream sent, in order. */
const retries = (s: Stream) => [...s.text.matchAll(/^retry: (\d+)$/gm)].map((m) => Number(m[1]))

let alice: Person
let bob: Person

beforeAll(async () => {
  alice = await person()
  bob = await person()
})

afterAll(async () => {
  await stopMessageHub()
})

describe('live streams per user', () => {
  it('keeps the newest streams of a user who opens 60, ending each older one with a retry hint; others keep theirs', async () => {
    expect(MAX_LIVE_STREAMS_PER_USER).toBeLessThan(60)
    const bobs = await connect(bob.cookie)
    // The server starts the message hub at boot (app/startup.server.ts); here the first stream starts it.
    // Opening the next 60 only once it runs keeps the hub's start out of this test's race.
    await until(() => bobs.text.includes('event: unread'), "Bob's stream to start")
    const alices: Stream[] = []
    for (let i = 0; i < 60; i++) alices.push(await connect(alice.cookie))
    const evicted = alices.slice(0, 60 - MAX_LIVE_STREAMS_PER_USER)
    const kept = alices.slice(60 - MAX_LIVE_STREAMS_PER_USER)

    await Promise.all(evicted.map((s) => s.pump))
    for (const s of evicted) {
      expect(s.ended).toBe(true)
      // The opening hint, then the one that keeps the browser away for a minute.
      expect(retries(s)).toEqual([3_000, REPLACED_RETRY_MS])
      expect(s.text).toMatch(/retry: 60000\n: replaced by a newer stream\n\n$/)
    }
    await until(() => [...kept, bobs].every((s) => s.text.includes('event: unread')), 'the open streams to start')
    for (const s of [...kept, bobs]) {
      expect(s.ended).toBe(false)
      expect(retries(s)).toEqual([3_000])
    }
    expect(countLiveStreams(alice.profileId)).toBe(MAX_LIVE_STREAMS_PER_USER)
    expect(countLiveStreams(bob.profileId)).toBe(1)
    await until(() => countMessageSubscribers(alice.profileId) === MAX_LIVE_STREAMS_PER_USER, 'the ended streams to unsubscribe')

    // A browser that leaves frees its place: the next stream ends nobody's.
    kept[0]!.controller.abort()
    await kept[0]!.pump
    expect(countLiveStreams(alice.profileId)).toBe(MAX_LIVE_STREAMS_PER_USER - 1)
    const another = await connect(alice.cookie)
    expect(countLiveStreams(alice.profileId)).toBe(MAX_LIVE_STREAMS_PER_USER)
    for (const s of kept.slice(1)) expect(s.ended).toBe(false)
    kept.push(another)
  })

  // Last in this file: after closeLiveStreams() the process opens no stream any more.
  it('on shutdown ends every stream with a short retry hint, and ends a stream opened afterwards at once', async () => {
    const open = countLiveStreams()
    expect(open).toBeGreaterThan(0)
    // Alice is at her cap: her new stream replaces her oldest one; Bob's is his second.
    const streams = [await connect(alice.cookie), await connect(bob.cookie)]
    expect(closeLiveStreams()).toBe(open + 1)
    await Promise.all(streams.map((s) => s.pump))
    for (const s of streams) {
      const [opening, hint] = retries(s)
      expect(opening).toBe(3_000)
      expect(hint).toBeGreaterThanOrEqual(SHUTDOWN_RETRY_MS.min)
      expect(hint).toBeLessThan(SHUTDOWN_RETRY_MS.min + SHUTDOWN_RETRY_MS.spread)
      expect(s.text).toMatch(/: server restarting\n\n$/)
    }
    expect(countLiveStreams()).toBe(0)
    await until(() => countMessageSubscribers() === 0, 'every stream to unsubscribe')

    const late = await connect(alice.cookie)
    await late.pump
    expect(retries(late)).toHaveLength(1)
    expect(late.text).toMatch(/^retry: \d+\n: server restarting\n\n$/)
    expect(countLiveStreams()).toBe(0)
  })
})
