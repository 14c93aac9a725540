// Public pages against bare node:http: starts the production build (PGlite, then PostgreSQL) with the
// demo data, captures each page, serves the same bytes from a bare node:http server, and loads both
// the same way. Needs `npm run build` first (it builds nothing). Loopback only; anonymous requests.
//
//   npm run bench:pages
//   BENCH_DURATION=5 BENCH_CONNECTIONS=10 BENCH_DBS=pglite BENCH_ENCODINGS=identity,gzip,br npm run bench:pages
//
// See docs/performance.md for every variable and for how to read the table.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { envInt, envList, envPairs, loadNote } from './lib/config'
import { processesCpuMs } from './lib/cpu'
import { runLoad, type LoadResult } from './lib/load'
import { backendLister, benchServerUrl, createBenchDatabase, postgresReachable } from './lib/postgres'
import { fmt } from './lib/stats'
import { formatTable } from './lib/table'

const ENCODINGS = { identity: 'identity', gzip: 'gzip', br: 'br', browser: 'gzip, deflate, br, zstd' } as const
type Encoding = keyof typeof ENCODINGS

const config = {
  appDir: path.resolve(process.env.BENCH_APP_DIR ?? process.cwd()),
  seconds: envInt('BENCH_DURATION', 10),
  warmup: envInt('BENCH_WARMUP', 2, 0),
  connections: envInt('BENCH_CONNECTIONS', 10),
  port: envInt('BENCH_PORT', 3400),
  dbs: envList('BENCH_DBS', ['pglite', 'postgres']) as ('pglite' | 'postgres')[],
  encodings: envList('BENCH_ENCODINGS', ['identity', 'gzip']) as Encoding[],
  json: process.env.BENCH_JSON,
  /** Extra environment for the app server, e.g. PAGE_CACHE_MB=0 to measure pages uncached. */
  appEnv: envPairs('BENCH_APP_ENV'),
}

/** Servers and the database started by this run, stopped and dropped on the way out (also on Ctrl-C). */
const running: ChildProcess[] = []
let dropDatabase: (() => Promise<void>) | null = null
let workDir: string | null = null
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    for (const c of running) c.kill('SIGTERM')
    await Promise.all(running.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)))
    await dropDatabase?.().catch(() => {})
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true })
    process.exit(130)
  })
}

type PageResult = { db: string; page: string; url: string; encoding: Encoding; bytes: number; app: LoadResult; bare: LoadResult }

async function main() {
  for (const e of config.encodings) if (!(e in ENCODINGS)) throw new Error(`BENCH_ENCODINGS: unknown encoding ${e} (${Object.keys(ENCODINGS).join(', ')})`)
  if (!fs.existsSync(path.join(config.appDir, 'build/server/index.js'))) {
    throw new Error(`no production build in ${config.appDir}/build: run \`npm run build\` first (this benchmark builds nothing)`)
  }
  console.log(
    `Pages: ${config.seconds} s per run after ${config.warmup} s warm-up, ${config.connections} connections, Node ${process.version}, ` +
      `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), app ${config.appDir}` +
      `${Object.keys(config.appEnv).length ? ` with ${Object.entries(config.appEnv).map(([k, v]) => `${k}=${v}`).join(' ')}` : ''}, ${loadNote()}\n`,
  )
  const all: PageResult[] = []
  for (const db of config.dbs) {
    if (db === 'postgres' && !(await postgresReachable(benchServerUrl()))) {
      console.log(`postgres: skipped, no server at ${redact(benchServerUrl())} (set BENCH_DATABASE_URL)\n`)
      continue
    }
    const results = await benchDatabase(db)
    all.push(...results)
    printTable(db, results)
  }
  console.log(`finished, ${loadNote()}`)
  if (config.json) {
    fs.writeFileSync(config.json, JSON.stringify({ date: new Date().toISOString(), config, results: all }, null, 2))
    console.log(`results written to ${config.json}`)
  }
}

async function benchDatabase(db: 'pglite' | 'postgres'): Promise<PageResult[]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `setu-bench-${db}-`))
  workDir = work
  const appUrl = `http://127.0.0.1:${config.port}`
  const bareUrl = `http://127.0.0.1:${config.port + 1}`
  const pgDb = db === 'postgres' ? await createBenchDatabase(benchServerUrl()) : null
  dropDatabase = pgDb?.drop ?? null
  const children = running
  let backends: Awaited<ReturnType<typeof backendLister>> | null = null
  try {
    const started = performance.now()
    const app = start(process.execPath, ['server/start.mjs'], config.appDir, path.join(work, 'app.log'), {
      PORT: String(config.port),
      HOST: '127.0.0.1',
      APP_URL: appUrl,
      DATA_DIR: path.join(work, 'data'),
      SEED_DEMO_DATA: 'true',
      NODE_ENV: 'production',
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      ...config.appEnv,
    })
    children.push(app)
    await waitReady(`${appUrl}/`, app, path.join(work, 'app.log'))
    console.log(`${db}: app ready in ${((performance.now() - started) / 1000).toFixed(1)} s (demo data seeded)`)

    const pages = await discoverPages(appUrl)
    const manifest: Record<string, Partial<Record<Encoding, string>>> = {}
    const sizes: Record<string, Partial<Record<Encoding, number>>> = {}
    for (const [i, p] of pages.entries()) {
      manifest[p.url] = {}
      sizes[p.url] = {}
      for (const e of config.encodings) {
        const res = await get(`${appUrl}${p.url}`, { 'accept-encoding': ENCODINGS[e] })
        if (res.status !== 200) throw new Error(`${p.url} answered ${res.status}`)
        const served = (res.headers['content-encoding'] as Encoding | undefined) ?? 'identity'
        const file = `page-${i}.${served}`
        fs.writeFileSync(path.join(work, file), res.body)
        manifest[p.url][served] = file
        sizes[p.url][e] = res.body.length
      }
    }
    fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest))
    const bare = start(process.execPath, [path.join(import.meta.dirname, 'lib/bare-server.mjs'), String(config.port + 1), path.join(work, 'manifest.json')], config.appDir, path.join(work, 'bare.log'), {})
    children.push(bare)
    await waitReady(`${bareUrl}${pages[0].url}`, bare, path.join(work, 'bare.log'))

    // CPU of the serving side: the app's process, plus on PostgreSQL the backends serving it.
    backends = pgDb ? await backendLister(pgDb.url) : null
    const appCpu = async () => processesCpuMs([app.pid!, ...((await backends?.list()) ?? [])])
    const bareCpu = async () => processesCpuMs([bare.pid!])

    const results: PageResult[] = []
    for (const p of pages) {
      for (const e of config.encodings) {
        const headers = { accept: 'text/html', 'accept-encoding': ENCODINGS[e] }
        const load = (base: string, cpu: typeof appCpu) =>
          runLoad({ url: `${base}${p.url}`, headers, connections: config.connections, seconds: config.seconds, warmupSeconds: config.warmup, cpu })
        const appResult = await load(appUrl, appCpu)
        const bareResult = await load(bareUrl, bareCpu)
        const r = { db, page: p.name, url: p.url, encoding: e, bytes: sizes[p.url][e] ?? 0, app: appResult, bare: bareResult }
        results.push(r)
        process.stdout.write(`  ${p.name} (${e}): app ${fmt(r.app.rps, 0)} req/s, bare ${fmt(r.bare.rps, 0)} req/s\n`)
      }
    }
    return results
  } finally {
    await backends?.close().catch(() => {})
    while (children.length) await stop(children.pop()!)
    await pgDb?.drop()
    dropDatabase = null
    fs.rmSync(work, { recursive: true, force: true })
    workDir = null
  }
}

/** The five public pages: home, marketplace, a product, a search, a category (ids read from the pages). */
async function discoverPages(appUrl: string) {
  const market = (await get(`${appUrl}/marketplace`, {})).body.toString('utf8')
  const product = market.match(/href="(\/products\/[0-9a-f-]{36})"/)?.[1]
  if (!product) throw new Error('no product link on /marketplace: is the demo data seeded?')
  const home = (await get(`${appUrl}/`, {})).body.toString('utf8')
  const categories = [...home.matchAll(/href="(\/categories\/[a-z0-9-]+)"/g)].map((m) => m[1]).filter((c) => c !== '/categories/all')
  const category = categories.includes('/categories/agriculture') ? '/categories/agriculture' : categories[0]
  if (!category) throw new Error('no category link on the home page')
  return [
    { name: 'home', url: '/' },
    { name: 'marketplace', url: '/marketplace' },
    { name: 'product', url: product },
    { name: 'search "rice"', url: '/marketplace?q=rice' },
    { name: 'category', url: category },
  ]
}

function printTable(db: string, results: PageResult[]) {
  const lat = (r: LoadResult) => `${fmt(r.latency.p50)} / ${fmt(r.latency.p95)} / ${fmt(r.latency.p99)}`
  console.log(`\n${db}: app vs bare node:http (same bytes), ${config.connections} connections, ${config.seconds} s each`)
  console.log(
    formatTable(
      [
        'page',
        { header: 'enc', align: 'left' },
        'bytes',
        'app req/s',
        'app p50/p95/p99 ms',
        'app CPU ms/req',
        'bare req/s',
        'bare p50/p95/p99 ms',
        'bare CPU ms/req',
        'app/bare req/s',
        'app/bare CPU',
        'errors',
      ],
      results.map((r) => [
        r.page,
        r.encoding,
        r.bytes,
        fmt(r.app.rps, 1),
        lat(r.app),
        fmt(r.app.cpuMsPerRequest, 2),
        fmt(r.bare.rps, 0),
        lat(r.bare),
        fmt(r.bare.cpuMsPerRequest, 3),
        `${fmt((100 * r.app.rps) / r.bare.rps, 2)} %`,
        r.app.cpuMsPerRequest && r.bare.cpuMsPerRequest ? `${fmt((100 * r.bare.cpuMsPerRequest) / r.app.cpuMsPerRequest, 2)} %` : '–',
        r.app.failures + r.bare.failures,
      ]),
    ),
  )
  console.log('')
}

// ---------------------------------------------------------------------------------------------
// Processes and HTTP

function start(cmd: string, args: string[], cwd: string, logFile: string, env: Record<string, string>): ChildProcess {
  const log = fs.openSync(logFile, 'a')
  const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', log, log] })
  fs.closeSync(log)
  return child
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}

async function waitReady(url: string, child: ChildProcess, logFile: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) before answering:\n${tail(logFile)}`)
    try {
      if ((await get(url, {})).status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s:\n${tail(logFile)}`)
}

/** One GET with the body as sent (never decompressed). */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.setTimeout(30_000, () => req.destroy(new Error(`${url}: no answer in 30 s`)))
    req.on('error', reject)
  })
}

const tail = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').slice(-20).join('\n') : '')
const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@')

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
