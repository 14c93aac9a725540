// Summarises a V8 .cpuprofile (node --cpu-prof) by self and inclusive time, per package and per
// function, to see where a page's CPU goes (docs/performance.md, issue #11).
//
//   node bench/lib/cpuprofile-summary.mjs <file.cpuprofile> [--top 40] [--match <regexp>] [--last <seconds>]
//
// Package: the npm package a frame's script belongs to (node_modules/<pkg>), "app" for the server build
// (build/server/…), "node:" for Node's own JavaScript, and V8's pseudo-frames ("(garbage collector)",
// "(program)", "(idle)"). Inclusive time counts a sample once per distinct package or function on its stack.
// --match keeps only samples whose stack has a frame (function, package or url) matching the expression.
// --last keeps only the profile's last N seconds (a server profiled through start-up and a load run:
// the load run alone).
import fs from 'node:fs'

const args = process.argv.slice(2)
const file = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a) && args[args.indexOf(a) - 1] !== '--match')
const lastMs = args.includes('--last') ? 1000 * Number(args[args.indexOf('--last') + 1]) : Infinity
if (!file) {
  console.error('usage: node bench/lib/cpuprofile-summary.mjs <file.cpuprofile> [--top N] [--match REGEXP]')
  process.exit(2)
}
const top = Number(args[args.indexOf('--top') + 1]) || (args.includes('--top') ? 40 : 30)
const match = args.includes('--match') ? new RegExp(args[args.indexOf('--match') + 1]) : null

const profile = JSON.parse(fs.readFileSync(file, 'utf8'))
const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)

/** The package a frame belongs to. */
function packageOf(frame) {
  const url = frame.url ?? ''
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)'
  if (url.startsWith('node:')) return 'node:'
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (m) return m[1]
  if (/\/build\/server\//.test(url)) return 'app'
  return url.replace(/^file:\/\//, '')
}
const fnKey = (frame) => `${frame.functionName || '(anonymous)'} ${packageOf(frame)}:${frame.lineNumber + 1}`

// Time per sample: timeDeltas[i] is the time since the previous sample; attribute it to sample i.
const samples = profile.samples
const deltas = profile.timeDeltas
let total = 0
const selfPkg = new Map()
const selfFn = new Map()
const inclPkg = new Map()
const inclFn = new Map()
const add = (map, key, t) => map.set(key, (map.get(key) ?? 0) + t)
const stackCache = new Map()
function stackOf(id) {
  let s = stackCache.get(id)
  if (!s) {
    s = []
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) s.push(nodes.get(cur).callFrame)
    stackCache.set(id, s)
  }
  return s
}
let idle = 0
// Sample i's time since the profile started, to keep only the last --last seconds.
const at = []
for (let i = 0, now = 0; i < samples.length; i++) at.push((now += Math.max(0, deltas[i] ?? 0) / 1000))
const from = at.length ? at[at.length - 1] - lastMs : 0
for (let i = 0; i < samples.length; i++) {
  if (at[i] < from) continue
  const t = Math.max(0, deltas[i] ?? 0) / 1000
  const leaf = nodes.get(samples[i]).callFrame
  if (leaf.functionName === '(idle)') {
    idle += t
    continue
  }
  const stack = stackOf(samples[i])
  if (match && !stack.some((f) => match.test(f.functionName) || match.test(packageOf(f)) || match.test(f.url ?? ''))) continue
  total += t
  add(selfPkg, packageOf(leaf), t)
  add(selfFn, fnKey(leaf), t)
  for (const key of new Set(stack.map(packageOf))) add(inclPkg, key, t)
  for (const key of new Set(stack.map(fnKey))) add(inclFn, key, t)
}

const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)} %`
const ms = (t) => `${t.toFixed(0).padStart(7)} ms`
function print(title, map, n) {
  console.log(`\n${title}`)
  for (const [key, t] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${ms(t)} ${pct(t)}  ${key}`)
}
console.log(`${file}: ${total.toFixed(0)} ms busy${match ? ` (stacks matching ${match})` : ''}, ${idle.toFixed(0)} ms idle, ${samples.length} samples`)
print('self time by package', selfPkg, top)
print('inclusive time by package', inclPkg, top)
print('self time by function', selfFn, top)
print('inclusive time by function', inclFn, top)
