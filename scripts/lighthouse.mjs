// `npm run lighthouse`: Lighthouse (mobile, simulated throttling: its defaults, with the CPU slowdown
// calibrated to this host's measured speed as Lighthouse's documentation advises) on the production build
// for the home page, /marketplace and a product page (the first card on /marketplace). Each page runs
// 5 times (Lighthouse CI's advice against run-to-run variance); its median run by performance score counts. Exits 1 when a page
// scores under 95 for performance or under 100 for accessibility (issue #11), printing what costs the
// points: each failing audit with the elements or resources it names. A page under 95 is measured again
// with its JavaScript blocked (the host reference, judgeAgainstHost in lighthouse-report.ts): if that
// meets 95, the page fails; if even that misses 95, the host is too slow for the target and the page
// passes when its JavaScript costs at most 5 points against it, which the output says. Best practices and SEO are
// printed, not enforced. Run `npm run build` first; the script serves build/ on a fresh PGlite
// database with the demo data (tests/e2e/support/server.mjs) and stops it at the end.
//
//   npm run lighthouse                          the check, in English
//   npm run lighthouse -- --lng=ru              the same pages in Russian (?lng=ru; also hi)
//   npm run lighthouse -- --runs=1 --pages=home quicker look at one page
//   npm run lighthouse -- --save=/tmp/lh        also write each page's median report (HTML and JSON)
//   npm run lighthouse -- --url=http://localhost:3000   measure a server that is already running
//   npm run lighthouse -- --reference           measure every page's host reference too, not only a page under 95
//   npm run lighthouse -- --slowdown=6          a fixed CPU slowdown instead of the calibrated one (a slower
//                                               phone: to see the margin; the budget is judged the same way)
//
// Environment: LIGHTHOUSE_PORT (default 3220) for the server it starts, CHROMIUM_PATH (default
// /usr/bin/chromium), LIGHTHOUSE_RUNS, LIGHTHOUSE_MIN_PERFORMANCE / LIGHTHOUSE_MIN_ACCESSIBILITY
// (defaults 95 / 100).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS } from './chromium-flags.ts'
import { CATEGORIES, categoryScore, cpuSlowdownFor, formatPageReport, judgeAgainstHost, judgePage, median, NO_JAVASCRIPT } from './lighthouse-report.ts'

/**
 * Waits, up to two minutes, until the host is idle enough to measure: its 1-minute load average under
 * half its cores. In `npm test` this phase starts right after the PostgreSQL tests, whose dropped
 * databases and checkpoints keep the CPU busy for a while; measured then, the same build scored medians
 * of 91–94 that measured alone a few minutes later scored 98–100 (29 November 2026).
 */
async function settle() {
  const idle = os.availableParallelism() / 2
  const until = Date.now() + 120_000
  while (os.loadavg()[0] >= idle && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5_000))
  log(`host load average ${os.loadavg()[0].toFixed(2)} (waits for under ${idle} before measuring, at most two minutes)`)
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const log = (line) => console.log(`[lighthouse] ${line}`)

function fail(message, code = 2) {
  console.error(`[lighthouse] ${message}`)
  process.exit(code)
}

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const m = /^--([\w-]+)(?:=(.*))?$/.exec(a)
    if (!m) fail(`unknown argument ${a}; see the top of scripts/lighthouse.mjs`)
    return [m[1], m[2] ?? 'true']
  }),
)
for (const key of Object.keys(args)) {
  if (!['lng', 'runs', 'pages', 'save', 'url', 'reference', 'slowdown'].includes(key)) {
    fail(`unknown option --${key}; options: --lng, --runs, --pages, --save, --url, --reference, --slowdown`)
  }
}

const lng = args.lng
const fixedSlowdown = args.slowdown === undefined ? undefined : Number(args.slowdown)
if (fixedSlowdown !== undefined && !(fixedSlowdown >= 1 && fixedSlowdown <= 20)) fail(`--slowdown must be a number from 1 to 20, not ${args.slowdown}`)
if (lng !== undefined && !['en', 'ru', 'hi'].includes(lng)) fail(`--lng must be en, ru or hi, not ${lng}`)
const runs = Number(args.runs ?? process.env.LIGHTHOUSE_RUNS ?? 5)
if (!Number.isInteger(runs) || runs < 1) fail(`--runs must be a whole number ≥ 1, not ${args.runs ?? process.env.LIGHTHOUSE_RUNS}`)
const thresholds = {
  performance: Number(process.env.LIGHTHOUSE_MIN_PERFORMANCE ?? 95),
  accessibility: Number(process.env.LIGHTHOUSE_MIN_ACCESSIBILITY ?? 100),
}
for (const [k, v] of Object.entries(thresholds)) if (!(v >= 0 && v <= 100)) fail(`the ${k} threshold must be 0–100, not ${v}`)
/** Issue #11's target for every page's median; the enforced floor is LIGHTHOUSE_MIN_PERFORMANCE (default the same). */
const PERFORMANCE_TARGET = 95
/** Each page's median performance score, in page order. */
const medians = []
/** Pages under the performance target that pass because the host misses it even without JavaScript. */
const hostExcused = []
const PAGE_NAMES = ['home', 'marketplace', 'product']
const pageNames = args.pages ? args.pages.split(',') : PAGE_NAMES
for (const p of pageNames) if (!PAGE_NAMES.includes(p)) fail(`--pages takes ${PAGE_NAMES.join(', ')}; not ${p}`)
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!fs.existsSync(chromePath)) fail(`no Chromium at ${chromePath} (set CHROMIUM_PATH)`)

let server = null
let chrome = null

/** Stops what this script started: Chromium, then the server with SIGTERM (it closes its database). */
async function cleanup() {
  if (chrome) {
    const c = chrome
    chrome = null
    await Promise.resolve(c.kill()).catch(() => {})
  }
  if (server && server.exitCode === null && server.signalCode === null) {
    const s = server
    const exited = new Promise((resolve) => s.once('exit', resolve))
    s.kill('SIGTERM')
    const timer = setTimeout(() => s.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(timer)
  }
  server = null
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void cleanup().finally(() => process.exit(130))
  })
}

async function waitForServer(base, output) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}:\n${output.join('')}`)
    try {
      const res = await fetch(base + '/', { signal: AbortSignal.timeout(5_000) })
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`the server did not answer ${base}/ within 120 s:\n${output.join('')}`)
}

function withLanguage(url) {
  if (!lng) return url
  const u = new URL(url)
  u.searchParams.set('lng', lng)
  return u.toString()
}

async function main() {
  let base = args.url?.replace(/\/$/, '')
  if (!base) {
    if (!fs.existsSync(path.join(root, 'build/server/index.js'))) fail('no production build in build/: run `npm run build` first')
    const port = Number(process.env.LIGHTHOUSE_PORT ?? 3220)
    base = `http://localhost:${port}`
    const env = { ...process.env, PORT: String(port), APP_URL: base, NODE_ENV: 'production' }
    // A fresh PGlite directory with the demo data, whatever database the caller's environment names.
    delete env.DATABASE_URL
    delete env.TEST_DATABASE_URL
    const output = []
    server = spawn(process.execPath, ['tests/e2e/support/server.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
    for (const stream of [server.stdout, server.stderr]) stream.on('data', (chunk) => output.push(chunk.toString()))
    log(`starting the production build on ${base} (fresh PGlite database, demo data)`)
    await waitForServer(base, output)
  }

  const pages = []
  if (pageNames.includes('home')) pages.push({ name: 'home', label: '/', url: withLanguage(base + '/') })
  if (pageNames.includes('marketplace')) pages.push({ name: 'marketplace', label: '/marketplace', url: withLanguage(base + '/marketplace') })
  if (pageNames.includes('product')) {
    const html = await (await fetch(withLanguage(base + '/marketplace'))).text()
    const href = /href="(\/products\/[^"?#/]+)"/.exec(html)?.[1]
    if (!href) throw new Error('no product card on /marketplace: is the demo data loaded?')
    pages.push({ name: 'product', label: `${href} (first card on /marketplace)`, url: withLanguage(base + href) })
  }
  // A visitor meets a running site: render each page once before measuring (the public page cache,
  // ADR 016, then answers the rest), so the first run does not pay for a cold start.
  for (const page of pages) await (await fetch(page.url, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })).arrayBuffer()

  await settle()

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  })
  const version = await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json().catch(() => ({}))
  const lighthouseVersion = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version
  log(`Lighthouse ${lighthouseVersion}, ${version.Browser ?? 'Chromium'}, mobile, simulated throttling; ${runs} run(s) per page${lng ? `, language ${lng}` : ''}`)

  /**
   * One Lighthouse run with the CPU slowdown calibrated to this host (cpuSlowdownFor): Lighthouse
   * gathers (it loads the page and measures the host's CPU benchmark), then the audits simulate the
   * phone with the multiplier that benchmark calls for. Lighthouse's own gather and audit modes
   * (`-G`/`-A`); the multiplier only enters the simulation, so the gathered artifacts are the same.
   */
  async function calibratedRun(url, { withoutJavaScript = false } = {}) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-lighthouse-'))
    try {
      const flags = {
        port: chrome.port,
        logLevel: 'error',
        output: args.save ? ['json', 'html'] : 'json',
        onlyCategories: [...CATEGORIES],
        ...(withoutJavaScript ? { blockedUrlPatterns: NO_JAVASCRIPT } : {}),
      }
      await lighthouse(url, { ...flags, gatherMode: dir })
      const file = path.join(dir, 'artifacts.json')
      const artifacts = JSON.parse(fs.readFileSync(file, 'utf8'))
      const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: fixedSlowdown ?? cpuSlowdownFor(artifacts.BenchmarkIndex) }
      // The audits refuse settings that differ from the gather's: the multiplier is the one change, made on both.
      artifacts.settings.throttling = throttling
      fs.writeFileSync(file, JSON.stringify(artifacts))
      return await lighthouse(url, { ...flags, auditMode: dir, throttling })
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }

  /** A calibrated run; one whose trace came out broken (NO_NAVSTART, NO_FCP on a busy machine) says "run again": twice at most. */
  async function scoredRun(url, options) {
    let result
    for (let attempt = 1; attempt <= 3; attempt++) {
      result = await calibratedRun(url, options)
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
      if (!result.lhr.runtimeError || attempt === 3) break
      log(`${url}: ${result.lhr.runtimeError.code}, running it again`)
    }
    return result
  }

  const results = new Map(pages.map((p) => [p.name, []]))
  const reports = new Map()
  for (let i = 1; i <= runs; i++) {
    // Round robin, so a burst of load on the machine spreads over the pages instead of sinking one.
    for (const page of pages) {
      const t0 = Date.now()
      const result = await scoredRun(page.url)
      results.get(page.name).push(result.lhr)
      if (args.save) reports.set(`${page.name}#${i}`, result.report)
      const s = (c) => (result.lhr.categories[c]?.score == null ? '–' : Math.round(result.lhr.categories[c].score * 100))
      log(
        `${page.label} run ${i}/${runs}: performance ${s('performance')}, accessibility ${s('accessibility')} (${((Date.now() - t0) / 1000).toFixed(1)} s; CPU benchmark ${Math.round(result.lhr.environment?.benchmarkIndex ?? 0)}, slowdown ${result.lhr.configSettings?.throttling?.cpuSlowdownMultiplier}×)`,
      )
    }
  }

  console.log('')
  let failed = 0
  for (const page of pages) {
    const verdict = judgePage(page.label, results.get(page.name), thresholds)
    const score = categoryScore(verdict.run, 'performance')
    medians.push(score ?? 0)
    // Under the target: is it the host or the page? The same page with its JavaScript blocked, as
    // many runs, tells (judgeAgainstHost; docs/performance.md, "The host reference").
    const hostLines = []
    const performanceFailure = verdict.failures.findIndex((f) => f.startsWith('performance '))
    if ((performanceFailure >= 0 || args.reference) && score !== null) {
      const referenceRuns = []
      for (let i = 1; i <= runs; i++) {
        const result = await scoredRun(page.url, { withoutJavaScript: true })
        referenceRuns.push(categoryScore(result.lhr, 'performance'))
        const tbt = result.lhr.audits['total-blocking-time']?.displayValue?.replace(/\u00a0/g, ' ') ?? '–'
        const scripts = result.lhr.audits['network-requests']?.details?.items?.filter((r) => r.resourceType === 'Script' && r.statusCode !== -1 && !r.failed).length ?? '–'
        log(`${page.label} without JavaScript, run ${i}/${runs}: performance ${referenceRuns.at(-1) ?? `not scored (${result.lhr.runtimeError?.code})`}, TBT ${tbt}, scripts loaded ${scripts} (CPU benchmark ${Math.round(result.lhr.environment?.benchmarkIndex ?? 0)})`)
      }
      // Every run must score: a failed run would otherwise read as a slow host and excuse the page.
      const reference = referenceRuns.includes(null) ? null : Math.floor(median(referenceRuns))
      const host = judgeAgainstHost(score, reference, thresholds.performance)
      hostLines.push(`     host reference: without JavaScript ${referenceRuns.map((r) => r ?? '–').join(', ')} (median ${reference ?? '–'})${performanceFailure >= 0 ? `; ${host.line}` : ''}`)
      // With --reference, a page that meets the target only prints its reference.
      if (performanceFailure >= 0 && host.ok) {
        verdict.failures.splice(performanceFailure, 1)
        hostExcused.push(page.label)
      } else if (performanceFailure >= 0) {
        verdict.failures[performanceFailure] += ` (${host.line})`
      }
    }
    if (verdict.failures.length) failed++
    const report = formatPageReport(verdict, thresholds)
    report.splice(3, 0, ...hostLines)
    for (const line of report) console.log(line)
    console.log('')
    if (args.save) {
      fs.mkdirSync(args.save, { recursive: true })
      const index = results.get(page.name).indexOf(verdict.run) + 1
      const [json, html] = reports.get(`${page.name}#${index}`)
      const stem = path.join(args.save, `${page.name}${lng ? `-${lng}` : ''}`)
      fs.writeFileSync(`${stem}.json`, json)
      fs.writeFileSync(`${stem}.html`, html)
      log(`saved ${stem}.html and .json (run ${index})`)
    }
  }
  // Lighthouse's CPU benchmark: this project's 2-core machine scored 1,600–2,900 when fairly quiet and
  // 830–1,550 at a load average of about 10 (and 890–1,650 in CI runs on 28 November 2026). The slowdown
  // follows it below 1,533 and stays at 4× above (cpuSlowdownFor); a host far below was busy, and its timings are noisier.
  const benchmarks = [...results.values()].flat().map((r) => r.environment?.benchmarkIndex ?? 0)
  if (Math.min(...benchmarks) < 800) {
    log(`note: CPU benchmark as low as ${Math.round(Math.min(...benchmarks))} (1,600–2,900 on this 2-core machine when fairly quiet): the machine was busy, so the timings are noisy.`)
  }
  // The issue's target, printed whatever the enforced floor is (npm test enforces a lower floor for
  // performance: docs/performance.md, "A host that scores any tree lower").
  const targetMet = medians.filter((m) => m >= PERFORMANCE_TARGET).length
  log(`issue #11 target, performance ≥ ${PERFORMANCE_TARGET}: ${targetMet === pages.length ? 'met' : 'NOT met'} on ${targetMet} of ${pages.length} pages (medians ${medians.map((m) => Math.round(m)).join(', ')}).`)
  if (hostExcused.length) {
    log(`${hostExcused.length} page(s) under the target passed against the host reference, not the target: ${hostExcused.join('; ')}. This host cannot show them at ${PERFORMANCE_TARGET} even without JavaScript; measure on another host to check the target itself.`)
  }
  const rule = `performance ≥ ${thresholds.performance} (or within ${100 - thresholds.performance} points of the same page without JavaScript on a host where that misses it), accessibility ≥ ${thresholds.accessibility}`
  if (failed) {
    console.error(`[lighthouse] ${failed} of ${pages.length} pages miss the budget (${rule}); the audits above say what to fix.`)
    return 1
  }
  log(`all ${pages.length} pages meet the budget (${rule}).`)
  return 0
}

let code
try {
  code = await main()
} catch (err) {
  console.error(`[lighthouse] ${err instanceof Error ? err.stack : err}`)
  code = 2
} finally {
  await cleanup()
}
process.exit(code)
