// @no-database: this file runs without the per-file test database (vitest.config.ts)
// ADR 011 on the built production server (server/start.mjs): the event stream leaves at once, not held
// in the compression middleware's buffer, and an open stream does not keep SIGTERM from exiting promptly.
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS } from '../../db/seed/accounts'
import { cookiesOf, postLogin, startServer, stopServers } from '../support/child-server'

afterAll(stopServers)

describe('the live stream on the production server', () => {
  it('is sent uncompressed as it is written, and SIGTERM still exits promptly with a stream open', async () => {
    const server = await startServer({ env: { SEED_DEMO_DATA: 'true' }, jobs: true })
    const { base, child } = server

    const cookie = cookiesOf(await postLogin(base, DEMO_ACCOUNTS.buyer.email, DEMO_ACCOUNTS.buyer.password))
    expect(cookie).toContain('setu.session_token=')

    const visitor = await fetch(`${base}/messages/events`, { headers: { Accept: 'text/event-stream' } })
    expect(visitor.status).toBe(401)

    const controller = new AbortController()
    const started = Date.now()
    const stream = await fetch(`${base}/messages/events`, { headers: { Accept: 'text/event-stream', 'Accept-Encoding': 'gzip, br', Cookie: cookie }, signal: controller.signal })
    expect(stream.status).toBe(200)
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(stream.headers.get('content-encoding')).toBeNull()
    expect(stream.headers.get('cache-control')).toBe('no-store')
    expect(stream.headers.get('x-accel-buffering')).toBe('no')
    const reader = stream.body!.getReader()
    let text = ''
    while (!text.includes('event: unread')) {
      const { value, done } = await reader.read()
      if (done) break
      text += new TextDecoder().decode(value)
    }
    // Both the opening bytes and the first event arrive at once, not when a buffer fills.
    expect(text).toContain('retry: 3000')
    expect(text).toContain('event: unread\ndata: {"count":')
    expect(Date.now() - started).toBeLessThan(5_000)

    const stopAt = Date.now()
    child.kill('SIGTERM')
    expect(await server.exited()).toBe(0)
    expect(Date.now() - stopAt).toBeLessThan(5_000)
    expect(server.output()).toContain('SIGTERM received, shutting down')
    expect(server.output()).not.toContain('live events did not stop cleanly')
    controller.abort()
  }, 180_000)
})
