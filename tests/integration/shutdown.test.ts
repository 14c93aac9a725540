// @no-database: this file runs without the per-file test database (vitest.config.ts)
// Issue 26 item 2: the built production server (server/start.mjs) stops gracefully on SIGTERM. With 20
// requests in flight (their bodies still arriving) and a live message stream open, it refuses new
// connections at once, answers all 20 (each answer closing its connection), ends the stream with a
// retry hint, and exits 0. A request that outlasts SHUTDOWN_GRACE_SECONDS is cut and the process still
// exits. Needs `npm run build`.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS } from '../../db/seed/accounts'
import { parseShutdownGrace } from '../../server/shutdown.mjs'
import { slowPost } from '../support/slow-request'
import { sseReader } from './messaging-live-support'

const root = path.resolve(__dirname, '../..')
const built = fs.existsSync(path.join(root, 'build/server/index.js'))
const dataDirs: string[] = []
const children: ChildProcess[] = []

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

function start(port: number, extra: NodeJS.ProcessEnv = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-shutdown-'))
  dataDirs.push(dataDir)
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', ...extra }
  for (const key of ['DATABASE_URL', 'APP_URL', 'AUTH_RATE_LIMIT_SCALE', 'WEB_CONCURRENCY', 'VITEST', 'VITEST_WORKER_ID', 'VITEST_POOL_ID'] as const) {
    if (!(key in extra)) delete env[key]
  }
  const child = spawn(process.execPath, ['server/start.mjs'], { cwd: root, env })
  children.push(child)
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  // Two minutes: a cold start with the demo data is slow on a busy two-core machine.
  const waitFor = async (text: string, ms = 120_000) => {
    const until = Date.now() + ms
    while (!output.includes(text)) {
      if (Date.now() > until || child.exitCode !== null) throw new Error(`did not see "${text}" in:\n${output}`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  return { child, exited, waitFor, output: () => output }
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true })
})

/** Resolves with the error code of a new connection (null if one was accepted). */
function connectError(port: number) {
  return new Promise<string | null>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(null)
    })
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message))
  })
}

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
    if (!built) throw new Error('run `npm run build` first')
    const server = start(await freePort(), { SHUTDOWN_GRACE_SECONDS: 'soon', SEED_DEMO_DATA: 'false' })
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain('[setu] cannot start: SHUTDOWN_GRACE_SECONDS="soon" is not accepted')
  }, 60_000)
})

describe('graceful shutdown of the production server', () => {
  it('on SIGTERM refuses new connections, answers the 20 requests in flight, ends a live stream with a retry hint, and exits 0', async () => {
    if (!built) throw new Error('run `npm run build` first')
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    // TRUST_PROXY=1 and an X-Forwarded-For each: 20 sign-in attempts from 20 clients behind one proxy,
    // so the per-address rate limit answers none of them.
    const server = start(port, { SEED_DEMO_DATA: 'true', TRUST_PROXY: '1' })
    await server.waitFor('Setu marketplace is running at')

    const login = await fetch(`${base}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, 'X-Forwarded-For': '198.51.100.1' },
      body: new URLSearchParams({ email: DEMO_ACCOUNTS.buyer.email, password: DEMO_ACCOUNTS.buyer.password }),
    })
    expect(login.status).toBe(302)
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
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

    expect(await server.exited).toBe(0)
    expect(server.output()).toContain('[setu] shutdown: done')
    expect(server.output()).not.toContain('still open after')
    expect(fs.existsSync(path.join(dataDirs.at(-1)!, 'pglite', 'setu.lock'))).toBe(false)
  }, 240_000)

  it('closes what is still open once SHUTDOWN_GRACE_SECONDS is over, and still exits', async () => {
    if (!built) throw new Error('run `npm run build` first')
    const port = await freePort()
    const server = start(port, { SEED_DEMO_DATA: 'false', SHUTDOWN_GRACE_SECONDS: '1' })
    await server.waitFor('Setu marketplace is running at')
    const stuck = slowPost(port, '/login', { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `http://127.0.0.1:${port}` }, 'email=a%40b.c&password=never-sent-in-full')
    await stuck.begin()
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expect(server.output()).toContain('requests still open after the 1 s grace; closing their connections')
    expect(server.output()).toContain('[setu] shutdown: done')
  }, 180_000)
})
