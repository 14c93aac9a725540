// `npm run bundle-size`: how much JavaScript each public page makes a browser download, gzipped, read
// from the production build (run `npm run build` first). Exits 1 when a page is over the budget.
//
//   node scripts/bundle-size.mjs              table + budget check (150 kB, issue #11)
//   node scripts/bundle-size.mjs --chunks     also lists the biggest chunks of the heaviest page
//   node scripts/bundle-size.mjs --chunks=/products/:id   … of that page
//   BUNDLE_BUDGET_KB=160 node scripts/…       another budget
//
// A page loads the client entry, the root route and its own route module, each with everything it
// imports statically (React Router preloads them all), and with routeDiscovery "initial" also the
// whole route manifest (with "lazy", the default, a partial manifest is inlined in the HTML instead). Chunks loaded later by
// import() are not counted: they are not needed for the first paint. Sizes are gzip at the level the
// server's compression middleware uses (zlib's default), in kB of 1,000 bytes.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const clientDir = path.join(root, 'build/client')
const assetsDir = path.join(clientDir, 'assets')
const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? 150)
const chunksArg = process.argv.find((a) => a === '--chunks' || a.startsWith('--chunks='))
const showChunks = chunksArg !== undefined

/** Route files whose pages anyone can open without signing in. */
const PUBLIC_ROUTE = /^routes\/(public|auth)\//
/** Auth routes that only redirect (no page of their own). */
const NOT_A_PAGE = new Set(['routes/auth/logout'])

function fail(message) {
  console.error(`[bundle-size] ${message}`)
  process.exit(2)
}

if (!Number.isFinite(budgetKb) || budgetKb <= 0) fail(`BUNDLE_BUDGET_KB must be a positive number, not ${process.env.BUNDLE_BUDGET_KB}`)
if (!fs.existsSync(assetsDir)) fail('no production build in build/client: run `npm run build` first')

// The route manifest is written as `window.__reactRouterManifest={…};` into assets/manifest-<hash>.js.
const manifestFiles = fs
  .readdirSync(assetsDir)
  .filter((f) => /^manifest-[\w-]+\.js$/.test(f))
  .map((f) => ({ f, mtime: fs.statSync(path.join(assetsDir, f)).mtimeMs }))
  .sort((a, b) => b.mtime - a.mtime)
if (manifestFiles.length === 0) fail('no assets/manifest-*.js in build/client: is this a React Router build?')
const manifestUrl = `/assets/${manifestFiles[0].f}`
const manifestText = fs.readFileSync(path.join(assetsDir, manifestFiles[0].f), 'utf8')
const manifest = JSON.parse(manifestText.replace(/^window\.__reactRouterManifest\s*=\s*/, '').replace(/;\s*$/, ''))

// The server build says how the browser learns the routes (react-router.config.ts routeDiscovery).
const serverBuild = path.join(root, 'build/server/index.js')
const discovery = fs.existsSync(serverBuild) ? /var routeDiscovery = (\{[^}]*\})/.exec(fs.readFileSync(serverBuild, 'utf8'))?.[1] : undefined
const loadsWholeManifest = discovery ? JSON.parse(discovery).mode === 'initial' : false

const gzipCache = new Map()
/** Gzipped size in bytes of a built file given by its URL path (/assets/x.js). */
function gzipSize(url) {
  if (!gzipCache.has(url)) gzipCache.set(url, zlib.gzipSync(fs.readFileSync(path.join(clientDir, url))).length)
  return gzipCache.get(url)
}

// Static imports between chunks (`import{a}from"./x.js"`, `export*from"./x.js"`, `import"./x.js"`),
// never `import("./x.js")`: the manifest lists a route's imports, and this closes the set in case a
// chunk reaches one the manifest does not name.
const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g
const importCache = new Map()
function staticImports(url) {
  if (!importCache.has(url)) {
    const text = fs.readFileSync(path.join(clientDir, url), 'utf8')
    const dir = path.posix.dirname(url)
    importCache.set(url, [...text.matchAll(STATIC_IMPORT)].map((m) => path.posix.join(dir, m[1])))
  }
  return importCache.get(url)
}

/** Every JS file a page with this route loads before it is interactive. */
function filesFor(routeId) {
  const route = manifest.routes[routeId]
  const start = [...(loadsWholeManifest ? [manifestUrl] : []), manifest.entry.module, ...manifest.entry.imports]
  // The route and its ancestors up to root (public pages are children of root today).
  for (let r = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) start.push(r.module, ...(r.imports ?? []))
  const seen = new Set()
  const queue = start.filter((u) => u.endsWith('.js'))
  while (queue.length > 0) {
    const url = queue.pop()
    if (seen.has(url)) continue
    seen.add(url)
    queue.push(...staticImports(url))
  }
  return [...seen]
}

const pages = Object.values(manifest.routes)
  .filter((r) => PUBLIC_ROUTE.test(r.id) && !NOT_A_PAGE.has(r.id) && r.hasDefaultExport)
  .map((r) => {
    const files = filesFor(r.id)
    const bytes = files.reduce((sum, f) => sum + gzipSize(f), 0)
    return { id: r.id, path: r.index ? '/' : `/${r.path}`, files, bytes }
  })
  .sort((a, b) => b.bytes - a.bytes)
if (pages.length === 0) fail('found no public routes in the manifest')

const kb = (bytes) => (bytes / 1000).toFixed(1)
const width = Math.max(...pages.map((p) => p.path.length), 4) + 2
console.log(`[bundle-size] JavaScript per public page, gzipped (budget ${budgetKb} kB), from ${path.relative(root, assetsDir)}`)
console.log(`  ${'page'.padEnd(width)}${'kB'.padStart(8)}  files`)
for (const p of pages) console.log(`  ${p.path.padEnd(width)}${kb(p.bytes).padStart(8)}  ${String(p.files.length).padStart(5)}${p.bytes > budgetKb * 1000 ? '  OVER BUDGET' : ''}`)

if (showChunks) {
  const wanted = chunksArg.slice('--chunks='.length)
  const heaviest = pages.find((p) => p.path === wanted) ?? pages[0]
  console.log(`\n[bundle-size] chunks of ${heaviest.path}, biggest first:`)
  for (const f of [...heaviest.files].sort((a, b) => gzipSize(b) - gzipSize(a)).slice(0, 25)) console.log(`  ${kb(gzipSize(f)).padStart(7)} kB  ${f}`)
}

const over = pages.filter((p) => p.bytes > budgetKb * 1000)
if (over.length > 0) {
  console.error(`\n[bundle-size] ${over.length} of ${pages.length} public pages load more than ${budgetKb} kB of JavaScript: ${over.map((p) => p.path).join(', ')}`)
  console.error('[bundle-size] run with --chunks to see what they load; load what the first paint does not need with import().')
  process.exit(1)
}
console.log(`\n[bundle-size] all ${pages.length} public pages are within ${budgetKb} kB (heaviest: ${pages[0].path}, ${kb(pages[0].bytes)} kB)`)
