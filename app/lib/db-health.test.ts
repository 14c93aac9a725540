import { sql } from 'drizzle-orm'
import pg from 'pg'
import { RouterContextProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isDatabaseMarkedReachable, markDatabaseReachable, markDatabaseUnreachable, openDatabase, setDb } from './db.server'
import { checkDatabaseReachable, databaseGuardMiddleware, resetDatabaseHealthCache, retryAfterMiddleware } from './db-health.server'
import { i18nextMiddleware } from './i18next.server'

// Nothing listens on port 1: every connection is refused at once.
const UNREACHABLE_URL = 'postgres://postgres@127.0.0.1:1/setu'

afterEach(() => {
  resetDatabaseHealthCache()
  markDatabaseReachable()
  vi.restoreAllMocks()
})

const quiet = () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'log').mockImplementation(() => {})
}

/** Runs the two database middlewares the way the root route does, after the i18n middleware. */
async function throughGuard(url: string, next: () => Promise<Response>) {
  const request = new Request(url)
  const context = new RouterContextProvider()
  const args = { request, context, params: {}, pattern: '', url: new URL(url) } as never
  const guarded = async (): Promise<Response> => {
    try {
      return (await databaseGuardMiddleware(args, next)) as Response
    } catch (thrown) {
      // React Router renders a thrown data() as the root boundary with its status.
      const d = thrown as { data: unknown; init: ResponseInit }
      return Response.json(d.data, { status: d.init.status })
    }
  }
  return (await i18nextMiddleware(args, async () => (await retryAfterMiddleware(args, guarded)) as Response)) as Response
}

describe('database health', () => {
  it('lets requests through untouched while the database answers', async () => {
    expect(await checkDatabaseReachable()).toBe(true)
    const res = await throughGuard('http://localhost/', async () => new Response('ok'))
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('ok')
  })

  it('answers a translated 503 with Retry-After while the database is unreachable, and recovers', async () => {
    quiet()
    const down = await openDatabase({ url: UNREACHABLE_URL })
    const realHandle = (globalThis as { __setuDb?: Parameters<typeof setDb>[0] }).__setuDb
    setDb(down)
    try {
      // A refused connection is an ordinary rejected query, never a crash.
      await expect(down.db.execute(sql`select 1`)).rejects.toThrow()
      markDatabaseUnreachable(new Error('test'))
      let ran = false
      const res = await throughGuard('http://localhost/?lng=ru', async () => {
        ran = true
        return new Response('page')
      })
      expect(ran).toBe(false)
      expect(res.status).toBe(503)
      expect(res.headers.get('Retry-After')).toBe('5')
      expect(await res.json()).toEqual({ reason: 'database', message: expect.stringContaining('базой данных') })

      // A loader failing with a 500 while the database is gone becomes the 503 too.
      resetDatabaseHealthCache()
      markDatabaseReachable()
      const failed = await throughGuard('http://localhost/', async () => new Response('boom', { status: 500 }))
      expect(failed.status).toBe(503)
      expect(isDatabaseMarkedReachable()).toBe(false)
    } finally {
      setDb(realHandle)
      await down.close()
    }
    resetDatabaseHealthCache()
    const back = await throughGuard('http://localhost/', async () => new Response('page'))
    expect(back.status).toBe(200)
    expect(isDatabaseMarkedReachable()).toBe(true)
  })

  it('does not let a cached answer from before a lost connection hide the outage', async () => {
    quiet()
    expect(await checkDatabaseReachable()).toBe(true)
    const down = await openDatabase({ url: UNREACHABLE_URL })
    const realHandle = (globalThis as { __setuDb?: Parameters<typeof setDb>[0] }).__setuDb
    setDb(down)
    try {
      markDatabaseUnreachable(new Error('pool client died'))
      expect(await checkDatabaseReachable()).toBe(false)
    } finally {
      setDb(realHandle)
      await down.close()
    }
  })

  it('keeps an ordinary 500 when the database is fine', async () => {
    const res = await throughGuard('http://localhost/', async () => new Response('boom', { status: 500 }))
    expect(res.status).toBe(500)
    expect(res.headers.get('Retry-After')).toBeNull()
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)('survives PostgreSQL killing its idle connections and reconnects by itself', async () => {
    quiet()
    const url = new URL(process.env.TEST_DATABASE_URL!)
    url.searchParams.set('application_name', 'setu_health_test')
    const handle = await openDatabase({ url: url.toString() })
    try {
      await handle.db.execute(sql`select 1`) // leaves an idle pooled connection
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await admin.connect()
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'setu_health_test'`)
      await admin.end()
      // Without the pool's 'error' listener this emit would be an uncaught exception.
      await vi.waitFor(() => expect(isDatabaseMarkedReachable()).toBe(false))
      expect(await handle.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] })
    } finally {
      await handle.close()
    }
  })
})
