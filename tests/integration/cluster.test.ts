// @no-database @postgres: this file runs without the per-file test database, and again on the PostgreSQL pass (vitest.config.ts)
// Drives the built production server with several processes (WEB_CONCURRENCY, ADR 018): on PostgreSQL
// the workers share one database, so a session made on one is valid on the other; on PGlite the server
// refuses to start. Needs `npm run build`; the PostgreSQL part runs when TEST_DATABASE_URL is set.
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS } from '../../db/seed/accounts'
import { createTestPostgresDatabase } from '../support/postgres'
import { cookiesOf, httpGet, postLogin, slowPost, spawnServer, stopServers } from '../support/child-server'

const PORT = 3451
const BASE = `http://127.0.0.1:${PORT}`
const cleanups: (() => Promise<void>)[] = []

const start = (env: NodeJS.ProcessEnv) => spawnServer({ port: PORT, env, jobs: true })

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** One GET on a new connection (the cluster hands out connections, not requests, to its workers). */
async function getOnNewConnection(pathname: string, headers: Record<string, string>) {
  const res = await httpGet(PORT, pathname, headers)
  return { status: res.status, pid: String(res.headers['x-setu-pid'] ?? 'none') }
}

/** Requests `pathname` until `want` different worker pids have answered; returns each pid's statuses. */
async function answersByPid(pathname: string, want: number, headers: Record<string, string> = {}) {
  const seen = new Map<string, number[]>()
  for (let i = 0; i < 50 && seen.size < want; i++) {
    const { status, pid } = await getOnNewConnection(pathname, headers)
    seen.set(pid, [...(seen.get(pid) ?? []), status])
  }
  return seen
}

afterAll(async () => {
  stopServers()
  for (const cleanup of cleanups) await cleanup().catch(() => {})
})

describe('several server processes (WEB_CONCURRENCY)', () => {
  it('refuses more than one process on PGlite, saying why', async () => {
    const server = await start({ WEB_CONCURRENCY: '2' })
    expect(await server.exited()).toBe(1)
    expect(server.output()).toContain('[setu] cannot start: WEB_CONCURRENCY=2 needs PostgreSQL')
    expect(server.output()).toContain('Set DATABASE_URL=postgres://')
  })

  it('refuses a WEB_CONCURRENCY that is not a number of processes', async () => {
    const server = await start({ WEB_CONCURRENCY: 'lots' })
    expect(await server.exited()).toBe(1)
    expect(server.output()).toContain('WEB_CONCURRENCY must be a whole number of processes from 1 to 64, not "lots"')
  })

  it('refuses a SHUTDOWN_GRACE_SECONDS that is not a number of seconds before starting any worker', async () => {
    const server = await start({ WEB_CONCURRENCY: '2', SHUTDOWN_GRACE_SECONDS: '25s' })
    expect(await server.exited()).toBe(1)
    expect(server.output()).toContain('[setu] cannot start: SHUTDOWN_GRACE_SECONDS="25s" is not accepted')
    expect(server.output()).not.toContain('starting 2 worker processes')
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'serves from two workers on PostgreSQL that share sessions, replaces a crashed worker, and stops on SIGTERM',
    async () => {
      const database = await createTestPostgresDatabase(process.env.TEST_DATABASE_URL!)
      cleanups.push(database.drop)
      // AUTH_RATE_LIMIT_SCALE: the sign-in attempts held in flight below all come from this machine.
      const server = await start({ WEB_CONCURRENCY: '2', DATABASE_URL: database.url, SEED_DEMO_DATA: 'true', SETU_PID_HEADER: 'true', AUTH_RATE_LIMIT_SCALE: '10' })
      await server.waitFor('Setu marketplace is running at', { times: 2 })
      // Both workers started on a fresh database at once: one migrated and loaded the demo, the other
      // waited for the start-up lock and found it there.
      expect(server.count('demo data: loaded')).toBe(1)
      expect(server.count('demo data: already present')).toBe(1)

      const anonymous = await answersByPid('/about', 2)
      const pids = [...anonymous.keys()]
      expect(pids).toHaveLength(2)
      expect(pids).not.toContain(String(server.child.pid))
      for (const statuses of anonymous.values()) expect(statuses.every((s) => s === 200)).toBe(true)

      // Sign in through whichever worker takes the form; the session works on both.
      const login = await postLogin(BASE, DEMO_ACCOUNTS.buyer.email, DEMO_ACCOUNTS.buyer.password)
      expect(login.status).toBe(302)
      const cookie = cookiesOf(login)
      const signedIn = await answersByPid('/profile', 2, { Cookie: cookie })
      expect([...signedIn.keys()].sort()).toEqual([...pids].sort())
      for (const statuses of signedIn.values()) expect(statuses.every((s) => s === 200)).toBe(true)
      // Without the cookie the same page sends a visitor to the login form.
      expect((await getOnNewConnection('/profile', {})).status).toBe(302)

      // A worker that dies is replaced; the other one keeps answering meanwhile.
      process.kill(Number(pids[0]), 'SIGKILL')
      await server.waitFor(`worker ${pids[0]} died (signal SIGKILL)`)
      expect((await getOnNewConnection('/about', {})).status).toBe(200)
      await server.waitFor('Setu marketplace is running at', { times: 3 })
      const after = [...(await answersByPid('/about', 2)).keys()]
      expect(after).toHaveLength(2)
      expect(after).toContain(pids[1])
      expect(after).not.toContain(pids[0])

      // Sign-in attempts in flight (bodies half sent) when the primary is told to stop: it passes the
      // signal on, each worker answers what it holds, and the primary waits for them.
      const inFlight = Array.from({ length: 6 }, (_, i) =>
        slowPost(
          PORT,
          '/login',
          { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE, 'Accept-Language': 'en' },
          new URLSearchParams({ email: `nobody${i}@example.com`, password: 'wrong-password' }).toString(),
        ),
      )
      await Promise.all(inFlight.map((r) => r.begin()))
      server.child.kill('SIGTERM')
      await server.waitFor('SIGTERM received, shutting down', { times: 2 })
      for (const answer of await Promise.all(inFlight.map((r) => r.finish()))) {
        expect(answer.status).toBe(401)
        expect(answer.head).toMatch(/\r\nconnection: close\r\n/i)
      }
      expect(await server.exited()).toBe(0)
      expect(server.output()).toContain('[setu] cluster: all workers stopped')
      expect(server.count('SIGTERM received, shutting down')).toBe(2)
      for (const pid of after) expect(alive(Number(pid))).toBe(false)
    },
    // Two cold starts at once plus the demo data, then a third: slow on a busy two-core machine.
    240_000,
  )
})
