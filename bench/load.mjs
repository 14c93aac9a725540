// `npm run bench:load -- http://127.0.0.1:3000`: holds a steady rate of mixed public page requests
// against a running server and reports errors and latency (issue #11: 200 requests a second for 60 s,
// 0 errors, p95 ≤ 100 ms, with several processes on PostgreSQL).
//
//   node bench/load.mjs <url> [--rate 200] [--duration 60] [--p95 100]
//
// Open loop: requests leave on a fixed schedule whether or not earlier ones have answered, and each
// latency is measured from the moment its request was due, so a server that falls behind shows it in
// the percentiles instead of slowing the load down (no coordinated omission). Pages: home, marketplace
// (sorted, paged), searches in English, Russian, Hindi and misspelt, product, category and seller pages
// found by crawling the home page and the marketplace, in all three languages. Exits 1 when the run
// misses the target (any error, or p95 above --p95 ms).
import http from 'node:http'
import https from 'node:https'
import { parseArgs } from 'node:util'

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rate: { type: 'string', default: '200' },
    duration: { type: 'string', default: '60' },
    p95: { type: 'string', default: '100' },
  },
})
const base = positionals[0] ? new URL(positionals[0]) : undefined
const rate = Number(opts.rate)
const durationS = Number(opts.duration)
const p95TargetMs = Number(opts.p95)
if (!base || !/^https?:$/.test(base.protocol) || !(rate > 0) || !(durationS > 0) || !(p95TargetMs > 0)) {
  console.error('usage: node bench/load.mjs <http://host:port> [--rate 200] [--duration 60] [--p95 100]')
  process.exit(2)
}

/** Each request's answer must arrive within this long, or it counts as an error. */
const TIMEOUT_MS = 10_000
const transport = base.protocol === 'https:' ? https : http
// Keep-alive, as a reverse proxy in front of the app would hold; enough sockets for a server that lags.
const agent = new transport.Agent({ keepAlive: true, maxSockets: 256 })

/** One GET; resolves with the status and the whole body (decompression is the client's cost, not measured). */
function get(pathname, headers = {}) {
  return new Promise((resolve) => {
    const req = transport.get(new URL(pathname, base), { agent, headers: { 'Accept-Encoding': 'gzip', ...headers }, timeout: TIMEOUT_MS }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }))
      res.on('error', (err) => resolve({ status: 0, error: err.message }))
    })
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)))
    req.on('error', (err) => resolve({ status: 0, error: err.message }))
  })
}

/** Paths of one kind linked from a page (read uncompressed). */
async function linksFrom(pathname, pattern) {
  const res = await get(pathname, { 'Accept-Encoding': 'identity' })
  if (res.status !== 200) throw new Error(`GET ${pathname} answered ${res.status || res.error}`)
  return [...new Set([...res.body.toString('utf8').matchAll(pattern)].map((m) => m[1]))]
}

async function discover() {
  const pages = ['/', '/marketplace', '/marketplace?page=2', '/marketplace/new', '/categories/all']
  const found = { product: new Set(), category: new Set(), seller: new Set() }
  for (const page of pages) {
    for (const [kind, re] of [
      ['product', /href="(\/products\/[\w-]+)"/g],
      ['category', /href="(\/categories\/[\w-]+)"/g],
      ['seller', /href="(\/sellers\/[\w-]+)"/g],
    ]) {
      for (const link of await linksFrom(page, re)) found[kind].add(link)
    }
  }
  // Sellers are linked from product pages.
  for (const product of [...found.product].slice(0, 10)) {
    for (const link of await linksFrom(product, /href="(\/sellers\/[\w-]+)"/g)) found.seller.add(link)
  }
  return Object.fromEntries(Object.entries(found).map(([k, v]) => [k, [...v]]))
}

const SEARCHES = ['rice', 'turmeric', 'cotton yarn', 'tea', 'рис', 'чай', 'चावल', 'हल्दी', 'turmric', 'basmti rce']
const SORTS = ['newest', 'price_asc', 'price_desc']
const LANGUAGES = ['en', 'en', 'ru', 'hi']

function pick(list) {
  return list[Math.floor(Math.random() * list.length)]
}

/** The mix: weight and a path maker per kind of page. */
function buildMix(found) {
  const mix = [
    { kind: 'home', weight: 15, path: () => '/' },
    { kind: 'marketplace', weight: 15, path: () => `/marketplace?sort=${pick(SORTS)}${Math.random() < 0.3 ? `&page=${1 + Math.floor(Math.random() * 3)}` : ''}` },
    { kind: 'search', weight: 20, path: () => `/marketplace?q=${encodeURIComponent(pick(SEARCHES))}` },
    { kind: 'product', weight: 30, path: () => pick(found.product) },
    { kind: 'category', weight: 15, path: () => pick(found.category) },
    { kind: 'seller', weight: 5, path: () => pick(found.seller) },
  ].filter((m) => m.kind !== 'product' || found.product.length > 0)
    .filter((m) => m.kind !== 'category' || found.category.length > 0)
    .filter((m) => m.kind !== 'seller' || found.seller.length > 0)
  const total = mix.reduce((s, m) => s + m.weight, 0)
  return () => {
    let r = Math.random() * total
    for (const m of mix) if ((r -= m.weight) < 0) return m
    return mix[mix.length - 1]
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

const ms = (n) => (Number.isNaN(n) ? '–' : n.toFixed(1))

async function main() {
  console.log(`[load] ${base.origin}: discovering pages`)
  const found = await discover()
  console.log(`[load] found ${found.product.length} products, ${found.category.length} categories, ${found.seller.length} sellers`)
  if (found.product.length === 0) console.warn('[load] no product links found: is the catalog empty? (demo data: SEED_DEMO_DATA=true)')
  const next = buildMix(found)

  // A short warm-up at the same rate, not recorded: the first requests of a fresh process compile code.
  const warmupS = Math.min(5, durationS)
  console.log(`[load] warm-up ${warmupS} s, then ${rate} requests/s for ${durationS} s`)
  await run(next, warmupS, () => {})

  const results = []
  const wall = await run(next, durationS, (r) => results.push(r))
  report(results, wall)
}

/** Sends `rate` requests a second for `seconds`, on schedule; calls record() with each outcome. */
function run(next, seconds, record) {
  return new Promise((resolve) => {
    const count = Math.round(rate * seconds)
    const t0 = performance.now()
    let sent = 0
    let done = 0
    const tick = () => {
      const now = performance.now()
      // Every request whose time has come leaves now (timers are coarse; this keeps the rate exact).
      while (sent < count && t0 + (sent * 1000) / rate <= now) {
        const due = t0 + (sent * 1000) / rate
        const m = next()
        const lng = pick(LANGUAGES)
        const pathname = m.path()
        const url = lng === 'en' ? pathname : `${pathname}${pathname.includes('?') ? '&' : '?'}lng=${lng}`
        sent++
        get(url).then((res) => {
          record({ kind: m.kind, url, status: res.status, error: res.error, latency: performance.now() - due })
          if (++done === count) resolve((performance.now() - t0) / 1000)
        })
      }
      if (sent < count) setTimeout(tick, 1)
    }
    tick()
  })
}

function report(results, wallS) {
  const failed = results.filter((r) => r.status !== 200)
  const lat = results.map((r) => r.latency).sort((a, b) => a - b)
  const byKind = new Map()
  for (const r of results) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r])
  console.log(`\n[load] ${results.length} requests in ${wallS.toFixed(1)} s (${(results.length / wallS).toFixed(1)}/s achieved, ${rate}/s scheduled)`)
  console.log(`  ${'page'.padEnd(12)}${'requests'.padStart(9)}${'errors'.padStart(8)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}`)
  const line = (name, rs) => {
    const l = rs.map((r) => r.latency).sort((a, b) => a - b)
    const errors = rs.filter((r) => r.status !== 200).length
    console.log(`  ${name.padEnd(12)}${String(rs.length).padStart(9)}${String(errors).padStart(8)}${ms(percentile(l, 50)).padStart(9)}${ms(percentile(l, 95)).padStart(9)}${ms(percentile(l, 99)).padStart(9)}${ms(l[l.length - 1] ?? NaN).padStart(9)}`)
  }
  for (const [kind, rs] of [...byKind].sort()) line(kind, rs)
  line('all', results)
  if (failed.length > 0) {
    const reasons = new Map()
    for (const r of failed) {
      const key = r.error ? `error: ${r.error}` : `HTTP ${r.status}`
      reasons.set(key, [...(reasons.get(key) ?? []), r.url])
    }
    console.log('\n[load] errors:')
    for (const [reason, urls] of reasons) console.log(`  ${String(urls.length).padStart(6)}× ${reason} (e.g. ${urls[0]})`)
  }
  const p95 = percentile(lat, 95)
  const ok = failed.length === 0 && p95 <= p95TargetMs
  console.log(`\n[load] target 0 errors and p95 ≤ ${p95TargetMs} ms: ${ok ? 'met' : 'MISSED'} (${failed.length} errors, p95 ${ms(p95)} ms)`)
  agent.destroy()
  process.exitCode = ok ? 0 : 1
}

main().catch((err) => {
  console.error(`[load] ${err instanceof Error ? err.message : err}`)
  agent.destroy()
  process.exit(2)
})
