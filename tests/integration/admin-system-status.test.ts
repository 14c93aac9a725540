// Issue 10 item 3: System Status from real checks, each with its measured state and latency, bounded
// by a timeout, never a fixed 'Online' and never an error text in the answer.
import net, { type AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '~/lib/db.server'
import { resetEnvCache } from '~/lib/env.server'
import { runningJobs, startJobs, stopJobs } from '~/lib/jobs.server'
import type { FileStorage } from '~/lib/storage.server'
import { setStorage } from '~/lib/storage.server'
import { getSystemStatus, STORAGE_PROBE_PREFIX, type SystemCheckDto, type SystemCheckId } from '~/modules/admin/system-status.server'
import { loader as dashboardLoader } from '~/routes/admin/dashboard'
import { adminCookie, createAdmin } from '../factories/admins'
import { useTempStorage } from '../factories/files'
import { callRoute } from './account-support'

let temp: ReturnType<typeof useTempStorage>
beforeEach(() => {
  temp = useTempStorage()
})
afterEach(() => {
  temp.cleanup()
  delete process.env.SMTP_URL
  delete process.env.DEV_OUTBOX
  resetEnvCache()
})
afterAll(async () => {
  await stopJobs()
})

const check = async (id: SystemCheckId, opts: Parameters<typeof getSystemStatus>[0] = {}): Promise<SystemCheckDto> => {
  const status = await getSystemStatus(opts)
  return status.checks.find((c) => c.id === id)!
}

function setEnv(vars: Record<string, string>) {
  Object.assign(process.env, vars)
  resetEnvCache()
}

/** A port on which nothing listens (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('System Status', () => {
  it('reports the four checks with a state and a measured latency, and nothing else', async () => {
    const status = await getSystemStatus()
    expect(status.checks.map((c) => c.id)).toEqual(['database', 'storage', 'mail', 'jobs'])
    expect(Date.parse(status.checkedAt)).not.toBeNaN()
    for (const c of status.checks) {
      expect(['ok', 'warn', 'down']).toContain(c.status)
      expect(Number.isInteger(c.latencyMs) && c.latencyMs >= 0).toBe(true)
      // A DTO: the state key, its numbers, nothing from an error.
      expect(Object.keys(c).every((k) => ['id', 'status', 'state', 'latencyMs', 'params'].includes(k))).toBe(true)
    }
  })

  it('database: a timed round trip, ok; slow above the threshold', async () => {
    expect(await check('database')).toMatchObject({ status: 'ok', state: 'ok' })
    expect(await check('database', { databaseSlowMs: -1 })).toMatchObject({ status: 'warn', state: 'slow' })
  })

  it('storage: writes, reads back and deletes a probe under its own prefix; a failing or hanging storage is down', async () => {
    expect(await check('storage')).toMatchObject({ status: 'ok', state: 'ok' })
    expect(temp.listFiles().filter((f) => f.includes('probe-'))).toEqual([])

    const calls: string[] = []
    const failing: FileStorage = {
      put: async (key) => {
        calls.push(key)
        throw new Error('EACCES: permission denied, open /secret/path')
      },
      get: async () => null,
      delete: async () => {},
      exists: async () => false,
    }
    setStorage(failing)
    const failed = await check('storage')
    expect(failed).toMatchObject({ status: 'down', state: 'error' })
    expect(JSON.stringify(failed)).not.toMatch(/EACCES|secret/)
    expect(calls[0]).toMatch(new RegExp(`^${STORAGE_PROBE_PREFIX}/probe-`))

    // Reads back something else: also an error.
    setStorage({ ...failing, put: async () => {}, get: async () => ({ bytes: new Uint8Array([1, 2, 3]), contentType: 'x' }) })
    expect(await check('storage')).toMatchObject({ status: 'down', state: 'error' })

    // Never answers: down after the timeout, and the page does not wait longer.
    setStorage({ ...failing, put: () => new Promise<void>(() => {}) })
    const started = Date.now()
    const hung = await getSystemStatus({ timeoutMs: 300 })
    expect(Date.now() - started).toBeLessThan(1500)
    expect(hung.checks.find((c) => c.id === 'storage')).toMatchObject({ status: 'down', state: 'timeout' })
    expect(hung.checks.find((c) => c.id === 'storage')!.latencyMs).toBeGreaterThanOrEqual(290)
    expect(hung.checks.find((c) => c.id === 'database')).toMatchObject({ status: 'ok' })
  })

  it('mail: the dev outbox without SMTP_URL; not configured when the outbox is off', async () => {
    expect(await check('mail')).toMatchObject({ status: 'ok', state: 'devOutbox' })
    setEnv({ DEV_OUTBOX: 'false' })
    expect(await check('mail')).toMatchObject({ status: 'down', state: 'notConfigured' })
  })

  it('mail: an SMTP server that answers is ok; a closed port is down, fast, without the address in the answer', async () => {
    const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.server.address() as AddressInfo
      setEnv({ SMTP_URL: `smtp://127.0.0.1:${port}` })
      expect(await check('mail')).toMatchObject({ status: 'ok', state: 'ok' })
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
    const port = await closedPort()
    setEnv({ SMTP_URL: `smtp://user:hunter2@127.0.0.1:${port}` })
    const started = Date.now()
    const down = await check('mail')
    expect(Date.now() - started).toBeLessThan(2500)
    expect(down).toMatchObject({ status: 'down', state: 'error' })
    expect(JSON.stringify(down)).not.toMatch(/hunter2|127\.0\.0\.1|ECONNREFUSED/)
  })

  it('job queue: down when not running; the backlog, oldest waiting job and failures when it runs', async () => {
    expect(runningJobs()).toBeNull()
    expect(await check('jobs')).toMatchObject({ status: 'down', state: 'notRunning' })

    const boss = await startJobs([])
    expect(await check('jobs')).toMatchObject({ status: 'ok', state: 'queue', params: { queued: 0, retry: 0, failed: 0 } })

    // Two jobs nobody works on: waiting, just now.
    await boss.createQueue('status-probe-test')
    await boss.send('status-probe-test', { n: 1 })
    await boss.send('status-probe-test', { n: 2 })
    expect(await check('jobs')).toMatchObject({ status: 'ok', state: 'queue', params: { queued: 2, oldestMinutes: 0 } })

    // The oldest has waited 10 minutes: a backlog.
    await getDb().execute(sql`update pgboss.job set created_on = now() - interval '10 minutes' where name = 'status-probe-test' and data->>'n' = '1'`)
    expect(await check('jobs')).toMatchObject({ status: 'warn', state: 'backlog', params: { queued: 2, oldestMinutes: 10 } })

    // Both done, one failed within the day: warn with the count.
    await getDb().execute(sql`update pgboss.job set state = 'completed', completed_on = now() where name = 'status-probe-test' and data->>'n' = '1'`)
    await getDb().execute(sql`update pgboss.job set state = 'failed', completed_on = now() where name = 'status-probe-test' and data->>'n' = '2'`)
    expect(await check('jobs')).toMatchObject({ status: 'warn', state: 'failures', params: { queued: 0, failed: 1 } })
    await stopJobs()
  })

  it('is on the Overview for every admin role', async () => {
    for (const role of ['super_admin', 'admin', 'moderator'] as const) {
      const a = await createAdmin({ role })
      const out = await callRoute(dashboardLoader, '/admin/dashboard', { cookie: await adminCookie(a.email, a.password) })
      expect(out.status).toBe(200)
      const { systemStatus } = out.data as { systemStatus: { checks: SystemCheckDto[] } }
      expect(systemStatus.checks.find((c) => c.id === 'database')).toMatchObject({ status: 'ok', state: 'ok' })
      expect(systemStatus.checks.find((c) => c.id === 'storage')).toMatchObject({ status: 'ok', state: 'ok' })
    }
  })
})
