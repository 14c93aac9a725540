// @no-database: this file runs without the per-file test database (vitest.config.ts)
// Crashes and restarts a PostgreSQL server of its own under the built production server: the app
// must stay up, answer a translated 503 while the database is gone and serve again by itself.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { freePort, requireBuild, startServer, stopServers, type ChildServer } from '../support/child-server'

/** The newest PostgreSQL bin directory holding initdb and pg_ctl (Debian layout), or null. */
function findPostgresBin(): string | null {
  const base = '/usr/lib/postgresql'
  if (!fs.existsSync(base)) return null
  const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a))
  for (const v of versions) {
    const bin = path.join(base, v, 'bin')
    if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl'))) return bin
  }
  return null
}

const pgBin = findPostgresBin()
if (!pgBin) console.warn('db-outage.test.ts skipped: no PostgreSQL binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin')

// initdb refuses to run as root: then the cluster belongs to the postgres user.
const asRoot = process.getuid?.() === 0
// runuser is in /usr/sbin, which a non-login root shell's PATH may lack.
const runuser = ['/usr/sbin/runuser', '/sbin/runuser'].find((p) => fs.existsSync(p)) ?? 'runuser'
function pgCommand(tool: string, args: string[], cwd: string) {
  const bin = path.join(pgBin!, tool)
  const [cmd, argv] = asRoot ? [runuser, ['-u', 'postgres', '--', bin, ...args]] : [bin, args]
  return execFileSync(cmd, argv, { cwd, stdio: 'pipe', timeout: 30_000 }).toString()
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

let dir = ''
let pgPort = 0
let appPort = 0
let app: ChildServer

const startCluster = () =>
  pgCommand('pg_ctl', ['-D', `${dir}/data`, '-l', `${dir}/postgres.log`, '-w', '-t', '30', '-o', `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start'], dir)
const crashCluster = () => pgCommand('pg_ctl', ['-D', `${dir}/data`, '-m', 'immediate', '-w', 'stop'], dir)

async function get(pathWithQuery: string, headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${appPort}${pathWithQuery}`, { headers, redirect: 'manual' })
  return { status: res.status, headers: res.headers, body: await res.text() }
}

/** Polls `pathWithQuery` until it answers `status`; fails after `ms`. */
async function waitForStatus(pathWithQuery: string, status: number, ms: number) {
  const until = Date.now() + ms
  let last: unknown
  while (Date.now() < until) {
    try {
      const res = await get(pathWithQuery)
      if (res.status === status) return res
      last = res.status
    } catch (err) {
      last = err
    }
    await sleep(100)
  }
  throw new Error(`${pathWithQuery} did not answer ${status} within ${ms} ms (last: ${String(last)})\n${app.output()}`)
}

describe.skipIf(!pgBin)('database outage (own PostgreSQL cluster, built server)', () => {
  beforeAll(async () => {
    requireBuild()
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-outage-'))
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString())
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString())
      fs.chownSync(dir, uid, gid)
    }
    pgPort = await freePort()
    pgCommand('initdb', ['-D', `${dir}/data`, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8'], dir)
    startCluster()

    app = await startServer({
      dataDir: path.join(dir, 'app'),
      env: {
        DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
        SEED_DEMO_DATA: 'false',
        // The anonymous page cache would keep serving the home page it stored before the outage (by
        // design, until its 60 s pass); this test is about the pages that must be rendered.
        PAGE_CACHE_MB: '0',
      },
      ms: 60_000,
    })
    appPort = app.port
  }, 150_000) // initdb, migrations and a cold start: slow on a busy two-core CI machine

  afterAll(() => {
    stopServers()
    if (dir) {
      try {
        crashCluster()
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('stays up, answers a translated 503 while PostgreSQL is down, and recovers without a restart', async () => {
    expect((await get('/')).status).toBe(200)

    // A steady trickle of visitors throughout: none may see a 500 or a dropped connection.
    const seen: (number | string)[] = []
    let trickling = true
    const trickle = (async () => {
      while (trickling) {
        seen.push(await get('/marketplace').then((r) => r.status, (err: Error) => `network: ${err.message}`))
        await sleep(50)
      }
    })()
    // The trickle is under way (a few answers in) before the crash.
    await vi.waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 20 })

    crashCluster()
    const down = await waitForStatus('/', 503, 5_000)
    expect(down.headers.get('Retry-After')).toBe('5')
    expect(down.body).toContain('<title>Temporarily unavailable | Setu</title>')
    expect(down.body).toContain('Setu cannot reach its database right now')
    // Inside the normal site chrome, without a signed-in user.
    expect(down.body).toContain('<header')
    expect(down.body).toContain('<footer')

    const ru = await get('/about?lng=ru')
    expect(ru.status).toBe(503)
    expect(ru.body).toContain('<html lang="ru"')
    expect(ru.body).toContain('Сервис временно недоступен')

    // Client-side navigations (single-fetch data requests) and resource routes get the 503 too.
    const dataRequest = await get('/marketplace.data')
    expect(dataRequest.status).toBe(503)
    const api = await get('/sitemap.xml', { 'Accept-Language': 'hi' })
    expect(api.status).toBe(503)
    expect(JSON.parse(api.body)).toMatchObject({ reason: 'database', message: expect.stringContaining('डेटाबेस') })

    // The outage lasts a while (a duration of the scenario, not a wait for something): the process keeps answering.
    await sleep(2_000)
    expect(app.child.exitCode).toBeNull()
    expect((await get('/')).status).toBe(503)

    startCluster()
    const back = await waitForStatus('/', 200, 10_000)
    expect(back.body).toContain('<html lang="en"')
    expect((await get('/marketplace?lng=ru')).status).toBe(200)

    trickling = false
    await trickle
    expect(seen.length).toBeGreaterThan(10)
    expect(seen.filter((s) => s !== 200 && s !== 503)).toEqual([])
    expect(seen).toContain(503)
    expect(seen.at(-1)).toBe(200)
    expect(app.child.exitCode).toBeNull()
    // Logged once per outage, not once per request or per dead connection.
    expect(app.output().match(/database unreachable/g)).toHaveLength(1)
    expect(app.output()).toContain('database reachable again')
  }, 60_000)
})
