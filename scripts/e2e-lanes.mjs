// Runs the Playwright suite in lanes: each lane is its own `playwright test` process with its own
// server and its own fresh database (tests/e2e/support/server.mjs), on its own port, so the lanes share
// no state and the specs need no change. The spec files are split between the lanes by how long each
// took (tests/e2e/lanes.json, longest first onto the least loaded lane); a file missing from that table
// counts as DEFAULT_SECONDS. Output is printed line by line with the lane's name in front.
//
//   node scripts/e2e-lanes.mjs                 every spec, in E2E_LANES lanes (default: 2 on 2+ cores)
//   node scripts/e2e-lanes.mjs a11y auth       only specs whose file name contains one of the words
//   E2E_LANES=1 node scripts/e2e-lanes.mjs     one lane: plain `playwright test`
//   node scripts/e2e-lanes.mjs --record        also rewrite tests/e2e/lanes.json with this run's times
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const specDir = path.join(root, 'tests/e2e')
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3210)
const DEFAULT_SECONDS = 30

/** Splits files between `lanes` lanes: longest first, each onto the lane with the least time so far. */
export function assignLanes(files, seconds, lanes) {
  const load = Array.from({ length: lanes }, () => ({ seconds: 0, files: [] }))
  const weight = (file) => seconds[file] ?? DEFAULT_SECONDS
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lane = load.reduce((best, l) => (l.seconds < best.seconds ? l : best))
    lane.seconds += weight(file)
    lane.files.push(file)
  }
  return load.filter((l) => l.files.length > 0).map((l) => ({ ...l, files: l.files.sort() }))
}

function readSeconds() {
  try {
    return JSON.parse(fs.readFileSync(path.join(specDir, 'lanes.json'), 'utf8')).seconds ?? {}
  } catch {
    return {}
  }
}

/** Seconds per spec file in a Playwright JSON report: the sum of its tests' runs, retries included. */
export function secondsPerFile(report) {
  const seconds = {}
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const file = path.basename(spec.file)
      for (const t of spec.tests) for (const r of t.results) seconds[file] = (seconds[file] ?? 0) + r.duration / 1000
    }
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of report.suites ?? []) walk(suite)
  return seconds
}

function recordSeconds(lanes) {
  const seconds = { ...readSeconds() }
  for (let i = 1; i <= lanes; i++) {
    const report = JSON.parse(fs.readFileSync(path.join(root, `test-results/lane-${i}.json`), 'utf8'))
    for (const [file, s] of Object.entries(secondsPerFile(report))) seconds[file] = Math.round(s)
  }
  for (const file of Object.keys(seconds)) if (!fs.existsSync(path.join(specDir, file))) delete seconds[file]
  const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)))
  const note = 'Seconds each spec file took (scripts/e2e-lanes.mjs --record); only used to split the files between lanes.'
  fs.writeFileSync(path.join(specDir, 'lanes.json'), `${JSON.stringify({ note, seconds: sorted }, null, 2)}\n`)
  console.log(`[e2e] recorded ${Object.keys(sorted).length} spec files in tests/e2e/lanes.json`)
}

async function main() {
  const record = process.argv.includes('--record')
  const words = process.argv.slice(2).filter((a) => a !== '--record')
  const files = fs
    .readdirSync(specDir)
    .filter((f) => f.endsWith('.spec.ts') && (words.length === 0 || words.some((w) => f.includes(w))))
    .sort()
  if (files.length === 0) {
    console.error(`[e2e] no spec in tests/e2e matches ${words.join(', ')}`)
    process.exit(2)
  }
  const wanted = Number(process.env.E2E_LANES) || (os.availableParallelism() >= 2 ? 2 : 1)
  const lanes = assignLanes(files, readSeconds(), Math.max(1, Math.min(wanted, files.length)))
  const children = new Set()
  let stopping = null
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopping = signal
      for (const child of children) child.kill(signal)
    })
  }
  console.log(`[e2e] ${files.length} spec files in ${lanes.length} lane${lanes.length === 1 ? '' : 's'}, each with its own server and database`)
  const runs = lanes.map((lane, i) => {
    const name = lanes.length === 1 ? '' : `[lane ${i + 1}] `
    const port = FIRST_PORT + i
    console.log(`[e2e] ${name}port ${port}, about ${Math.round(lane.seconds)} s: ${lane.files.join(' ')}`)
    const outputDir = path.join('test-results', lanes.length === 1 ? '' : `lane-${i + 1}`)
    const args = [path.join(root, 'node_modules/playwright/cli.js'), 'test', ...lane.files.map((f) => `tests/e2e/${f}`)]
    if (record) args.push('--reporter=list,json')
    const env = {
      ...process.env,
      E2E_PORT: String(port),
      E2E_OUTPUT_DIR: outputDir,
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(root, `test-results/lane-${i + 1}.json`),
    }
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
    children.add(child)
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`${name}${line}`))
    }
    const started = Date.now()
    return new Promise((resolve) => {
      child.on('error', (err) => {
        console.error(`[e2e] ${name}cannot start Playwright: ${err.message}`)
        resolve(127)
      })
      child.on('exit', (code, signal) => {
        children.delete(child)
        const s = Math.round((Date.now() - started) / 1000)
        console.log(`[e2e] ${name}finished in ${Math.floor(s / 60)} min ${s % 60} s, ${code === 0 ? 'passed' : `exit ${code ?? signal}`}`)
        resolve(code ?? 128 + (os.constants.signals[signal] ?? 1))
      })
    })
  })
  const codes = await Promise.all(runs)
  if (stopping) process.exit(128 + os.constants.signals[stopping])
  if (record) recordSeconds(lanes.length)
  process.exit(codes.find((c) => c !== 0) ?? 0)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main()
