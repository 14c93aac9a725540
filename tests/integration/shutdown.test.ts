// @no-database: this file runs without the per-file test database (vitest.config.ts)
// Issue 26 item 2: the built production server (server/start.mjs) stops gracefully on SIGTERM. With 20
// requests in flight (their bodies still arriving) and a live message stream open, it refuses new
// connections at once, answers all 20 (each answer closing its connection), ends the stream with a
// retry hint, and exits 0. A request that outlasts SHUTDOWN_GRACE_SECONDS is cut and the process still
// exits. Needs `npm run build`.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS } from '../../db/seed/accounts'
import { parseShutdownGrace } from '../../server/shutdown.mjs'
import { connectError, cookiesOf, postLogin, slowPost, spawnServer, startServer, stopServers } from '../support/child-server'
import { sseReader } from './messaging-live-support'

afterAll(stopServers)

describe('SHUTDOWN_GRACE_SECONDS', () => {
  it('is 25 s unless set, takes whole seconds up to an hour, and refuses anything else with a message', () => {
    expect(parseShutdownGrace(undefined)).toBe(25_000)
    expect(parseShutdownGrace(' ')).toBe(25_000)
    expect(parseShutdownGrace('0')).toBe(0)
    expect(parseShutdownGrace('60')).toBe(60_000)
    expect(parseShutdownGrace('3600')).toBe(3_600_000)
    for (const bad of ['-1', '2.5', '3601', 'soon', '1e3']) {
      expect(() => parseShutdownGrace(bad)).toThrow(`SHUTDOWN_GRACE_SECONDS="${bad}" is not accepted`)
    }
  })

  it('stops the server from starting when it is not a number of seconds', async () => {
    const server = await spawnServer({ env: { SHUTDOWN_GRACE_SECONDS: 'soon', SEED_DEMO_DATA: 'false' }, jobs: true })
    expect(await server.exited()).toBe(1)
    expect(server.output()).toContain('[setu] cannot start: SHUTDOWN_GRACE_SECONDS="soon" is not accepted')
  }, 60_000)
})

describe('graceful shutdown of the production server', () => {
  it('on SIGTERM refuses new connections, answers the 20 requests in flight, ends a live stream with a retry hint, and exits 0', async () => {
    // TRUST_PROXY=1 and an X-Forwarded-For each: 20 sign-in attempts from 20 clients behind one proxy,
    // so the per-address rate limit answers none of them.
    const server = await startServer({ env: { SEED_DEMO_DATA: 'true', TRUST_PROXY: '1' }, jobs: true })
    const { port, base } = server

    const login = await postLogin(base, DEMO_ACCOUNTS.buyer.email, DEMO_ACCOUNTS.buyer.password, { 'X-Forwarded-For': '198.51.100.1' })
    expect(login.status).toBe(302)
    const cookie = cookiesOf(login)
    const live = await fetch(`${base}/messages/events`, { headers: { Accept: 'text/event-stream', Cookie: cookie } })
    expect(live.status).toBe(200)
    const stream = sseReader(live.body!)
    await stream.waitFor((events) => events.some((e) => e.event === 'unread'), 30_000)

    const requests = Array.from({ length: 20 }, (_, i) =>
      slowPost(
        port,
        '/login',
        { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, 'Accept-Language': 'en', 'X-Forwarded-For': `203.0.113.${i + 1}` },
        new URLSearchParams({ email: `nobody${i}@example.com`, password: `wrong-password-${i}` }).toString(),
      ),
    )
    await Promise.all(requests.map((r) => r.begin()))

    server.child.kill('SIGTERM')
    await server.waitFor('SIGTERM received, shutting down')
    expect(await connectError(port)).toBe('ECONNREFUSED')
    await server.waitFor('ended 1 live message stream with a retry hint')

    const answers = await Promise.all(requests.map((r) => r.finish()))
    for (const answer of answers) {
      // The sign-in form's answer to a wrong password, in full, on a connection the server then closes.
      expect(answer.status).toBe(401)
      expect(answer.head).toMatch(/\r\nconnection: close\r\n/i)
      expect(answer.body).toContain('<html lang="en"')
      expect(answer.body).toContain('</html>')
      await answer.closedByServer
    }

    // The stream got a fresh retry hint (1 to 5 s, so browsers come back to the restarted server) and ended.
    await stream.pump
    const retries = stream.events.filter((e) => e.event === 'retry')
    expect(retries.length).toBe(2)
    const hint = stream.events.at(-1)!
    expect(hint).toEqual({ event: 'retry', comment: 'server restarting' })

    expect(await server.exited()).toBe(0)
    expect(server.output()).toContain('[setu] shutdown: done')
    expect(server.output()).not.toContain('still open after')
    expect(fs.existsSync(path.join(server.dataDir, 'pglite', 'setu.lock'))).toBe(false)
  }, 240_000)

  it('closes what is still open once SHUTDOWN_GRACE_SECONDS is over, and still exits', async () => {
    const server = await startServer({ env: { SEED_DEMO_DATA: 'false', SHUTDOWN_GRACE_SECONDS: '1' }, jobs: true })
    const stuck = slowPost(server.port, '/login', { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.base }, 'email=a%40b.c&password=never-sent-in-full')
    await stuck.begin()
    server.child.kill('SIGTERM')
    expect(await server.exited()).toBe(0)
    expect(server.output()).toContain('requests still open after the 1 s grace; closing their connections')
    expect(server.output()).toContain('[setu] shutdown: done')
  }, 180_000)
})
