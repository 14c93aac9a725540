// Two (or more) builds of the app side by side on this machine: one server per checkout, loaded in
// turn page by page for a few rounds, reporting the median CPU per page of each (the server process,
// plus its PostgreSQL backends with AB_PG=1). This machine's speed drifts by tens of per cent within
// minutes (a shared VM), so a change is measured against the tree before it in the same minutes, not
// against a table from another hour. docs/performance.md, "How to run".
//
//   node bench/side-by-side.mjs <checkout> <checkout> [...]     each built (npx react-router build)
//
// ROUNDS (3), SECS (3 s per page and round), ENC (identity | gzip | br), AB_PG=1 (a fresh PostgreSQL
// database per server at BENCH_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432),
// AB_ENV (extra server settings, default PAGE_CACHE_MB=0: uncached pages), PAGES (comma-separated paths).
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'

const dirs = process.argv.slice(2).map((d) => path.resolve(d))
if (dirs.length < 2) {
  console.error('usage: node bench/side-by-side.mjs <checkout> <checkout> [...]')
  process.exit(2)
}
const rounds = Number(process.env.ROUNDS || 3)
const secs = Number(process.env.SECS || 3)
const enc = process.env.ENC || 'identity'
const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
const extraEnv = Object.fromEntries(
  (process.env.AB_ENV ?? 'PAGE_CACHE_MB=0')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
)
const hz = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100

/** user + system CPU milliseconds of one process so far (0 once it has gone). */
function cpuMs(pid) {
  try {
    const line = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const f = line.slice(line.lastIndexOf(')') + 2).split(' ')
    return ((Number(f[11]) + Number(f[12])) * 1000) / hz
  } catch {
    return 0
  }
}

const admin = process.env.AB_PG ? new pg.Client({ connectionString: serverUrl }) : null
await admin?.connect()
const servers = []
async function cpuSample(s) {
  const pids = [s.child.pid]
  if (s.db) pids.push(...(await admin.query('select pid from pg_stat_activity where datname = $1', [s.db])).rows.map((r) => r.pid))
  return new Map(pids.map((p) => [p, cpuMs(p)]))
}
function cpuSince(before, after) {
  let total = 0
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0)
  return total
}
const load = (url, duration) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections: 10, duration, headers: { 'accept-encoding': enc } }, (err, res) => (err ? reject(err) : resolve(res))),
  )

try {
  for (const [i, dir] of dirs.entries()) {
    const port = 3700 + i
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-side-by-side-'))
    let db = null
    if (admin) {
      db = `setu_side_by_side_${process.pid}_${i}`
      await admin.query(`create database ${db}`)
    }
    const log = fs.openSync(path.join(work, 'server.log'), 'w')
    const child = spawn(process.execPath, ['server/start.mjs'], {
      cwd: dir,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: path.join(work, 'data'),
        SEED_DEMO_DATA: 'true',
        NODE_ENV: 'production',
        ...(db ? { DATABASE_URL: new URL(`/${db}`, serverUrl).href } : {}),
        ...extraEnv,
      },
    })
    servers.push({ dir, port, child, db, work })
  }
  for (const s of servers) {
    for (let i = 0; ; i++) {
      if (i > 240) throw new Error(`${s.dir} did not start: see ${s.work}/server.log`)
      const ok = await fetch(`http://127.0.0.1:${s.port}/`).then((r) => r.ok, () => false)
      if (ok) break
      await new Promise((r) => setTimeout(r, 500))
    }
  }
  const html = await (await fetch(`http://127.0.0.1:${servers[0].port}/marketplace`)).text()
  const product = /href="(\/products\/[^"]+)"/.exec(html)?.[1] ?? '/marketplace?page=2'
  const pages = (process.env.PAGES || `/,/marketplace,${product},/marketplace?q=rice,/categories/agriculture`).split(',')

  for (const s of servers) for (const p of pages) await load(`http://127.0.0.1:${s.port}${p}`, 1)
  const results = new Map()
  for (let r = 0; r < rounds; r++) {
    for (const p of pages) {
      // Alternate who goes first, so that a drift of the machine within a round favours no one.
      for (const s of r % 2 ? [...servers].reverse() : servers) {
        const before = await cpuSample(s)
        const res = await load(`http://127.0.0.1:${s.port}${p}`, secs)
        const ms = cpuSince(before, await cpuSample(s)) / Math.max(1, res.requests.total)
        const key = `${p}\n${s.dir}`
        results.set(key, [...(results.get(key) ?? []), { ms, rps: res.requests.average, bad: res.non2xx + res.errors + res.timeouts }])
      }
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  console.log(`${enc}, ${rounds} rounds of ${secs} s per page, ${admin ? 'PostgreSQL' : 'PGlite'}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`)
  console.log(`median CPU ms per page (req/s) for: ${dirs.join(' | ')}`)
  for (const p of pages) {
    const cells = servers.map((s) => {
      const runs = results.get(`${p}\n${s.dir}`)
      const bad = runs.reduce((n, x) => n + x.bad, 0)
      return `${median(runs.map((x) => x.ms)).toFixed(2)} (${median(runs.map((x) => x.rps)).toFixed(0)})${bad ? ` ${bad} errors` : ''}`
    })
    console.log(`${p.padEnd(48)} ${cells.join('  |  ')}`)
  }
} finally {
  for (const s of servers) s.child.kill('SIGINT')
  await new Promise((r) => setTimeout(r, 3000))
  for (const s of servers) if (s.db) await admin.query(`drop database if exists ${s.db} with (force)`).catch(() => {})
  await admin?.end()
}
