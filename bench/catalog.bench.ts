// Catalog queries at scale: seeds a fresh database in bulk by SQL (bench/lib/seed-catalog.ts), then
// times the catalog's own query functions, called the way the page loaders call them, for listing,
// every filter and sort, deep pages, search in en / ru / hi and misspelt, and the home, category and
// product pages' queries. Runs on PGlite (100,000 products) and PostgreSQL (200,000; --full: 1,000,000).
//
//   npm run bench:catalog
//   npm run bench:catalog -- --full                       PostgreSQL at 1,000,000 products (several minutes)
//   BENCH_DBS=pglite BENCH_PRODUCTS=20000 BENCH_RUNS=10 npm run bench:catalog
//
// See docs/performance.md for every variable and for how to read the table.
import type { LanguageCode } from '../app/domain'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { envInt, envList, loadNote } from './lib/config'
import { benchServerUrl, createBenchDatabase, postgresReachable } from './lib/postgres'
import { seedCatalog } from './lib/seed-catalog'
import { fmt, summarize, type LatencySummary } from './lib/stats'
import { formatTable } from './lib/table'
import { closeDb, migrateDatabase, openDatabase, setDb } from '~/lib/db.server'
import { getCatalogStats } from '~/modules/catalog/stats.server'
import { getCategory, listCategories, listCategoryOptions, listFeaturedCategories } from '~/modules/catalog/categories.server'
import { getProduct, listSellerProducts } from '~/modules/catalog/product.server'
import { listNewLaunches, listProducts } from '~/modules/catalog/listing.server'
import { FEATURED_CATEGORY_IDS, parseMarketplaceQuery } from '~/modules/catalog/schemas'
import type { ReaderRates } from '~/lib/conversion'

const full = process.argv.includes('--full')
const config = {
  pgliteProducts: envInt('BENCH_PRODUCTS', 100_000),
  postgresProducts: envInt('BENCH_PG_PRODUCTS', full ? 1_000_000 : 200_000),
  runs: envInt('BENCH_RUNS', 30),
  minRuns: envInt('BENCH_MIN_RUNS', 5),
  caseSeconds: envInt('BENCH_CASE_SECONDS', 8),
  dbs: envList('BENCH_DBS', ['pglite', 'postgres']),
  json: process.env.BENCH_JSON,
  /** Only the queries whose "group: name" matches this regular expression (case-insensitive). */
  only: process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES, 'i') : null,
  /** PostgreSQL: measure this already seeded database instead of creating and seeding one (kept afterwards). */
  seededUrl: process.env.BENCH_SEEDED_URL,
}

/** The uuid seed-catalog gives row `n` of `kind` (md5 of "bench-<kind>-<n>"). */
const benchId = (kind: 'product' | 'seller', n: number) =>
  createHash('md5').update(`bench-${kind}-${n}`).digest('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5')

type Case = { group: string; name: string; run: () => Promise<number | null> }

/**
 * A reader of rupees, as the root loader hands the marketplace (requestReaderRates): a price range is
 * then compared in INR across every currency (ADR 031). Fixed demo-like rates: the seeded database has none.
 */
const INR_READER: ReaderRates = {
  currency: 'INR',
  rates: Object.fromEntries(
    ([['USD', '84.4875000000'], ['RUB', '0.9412000000'], ['EUR', '89.1200000000']] as const).map(([c, rate]) => [c, { rate, effectiveDate: '2026-11-29', dateText: '29 Nov 2026', source: 'bench' }]),
  ),
}

/** Listing cases go through parseMarketplaceQuery, as the marketplace loader does with the URL. */
function listing(group: string, name: string, search: string, locale: LanguageCode = 'en', opts: { newOnly?: boolean; prices?: ReaderRates } = {}): Case {
  return {
    group,
    name,
    run: async () => {
      const { query } = parseMarketplaceQuery(new URLSearchParams(search))
      return (await listProducts(query, locale, opts)).total
    },
  }
}

function cases(): Case[] {
  return [
    listing('listing', 'newest, page 1', ''),
    listing('listing', 'newest, page 2', 'page=2'),
    listing('listing', 'deep page 500', 'page=500'),
    listing('listing', 'page past the end (clamped to last)', 'page=999999'),
    listing('listing', 'new listings (30 days)', '', 'en', { newOnly: true }),
    { group: 'listing', name: 'seller page', run: async () => (await listSellerProducts(benchId('seller', 2), 1, 'en')).total },
    listing('filter', 'category', 'category=spices'),
    listing('filter', 'subcategory', 'category=spices-1'),
    listing('filter', 'country', 'country=Russia'),
    listing('filter', 'currency', 'currency=INR'),
    listing('filter', 'price range (USD 100–500)', 'currency=USD&minPrice=100&maxPrice=500'),
    listing('filter', 'price range across currencies (reader INR, ₹8,000–40,000)', 'minPrice=8000&maxPrice=40000', 'en', { prices: INR_READER }),
    listing('filter', 'max MOQ 10', 'maxMoq=10'),
    listing('filter', 'all combined', 'category=agriculture&country=India&currency=USD&minPrice=100&maxPrice=2500&maxMoq=50'),
    listing('sort', 'price ascending', 'sort=price_asc'),
    listing('sort', 'price descending', 'sort=price_desc'),
    listing('sort', 'category + price ascending', 'category=textiles&sort=price_asc'),
    listing('sort', 'price ascending, deep page 200', 'sort=price_asc&page=200'),
    listing('search', 'en "turmeric"', 'q=turmeric'),
    listing('search', 'en "organic basmati rice"', 'q=organic+basmati+rice'),
    listing('search', 'en misspelt "turmerik"', 'q=turmerik'),
    listing('search', 'en dropped letter "turmric"', 'q=turmric'),
    listing('search', 'ru "масла" (stemming)', `q=${encodeURIComponent('масла')}`, 'ru'),
    listing('search', 'ru "куркума"', `q=${encodeURIComponent('куркума')}`, 'ru'),
    listing('search', 'hi "हल्दी"', `q=${encodeURIComponent('हल्दी')}`, 'hi'),
    listing('search', 'en + category + country', 'q=honey&category=wellness&country=India'),
    listing('search', 'en, price ascending', 'q=tea&sort=price_asc'),
    listing('search', 'no match', 'q=zzzqqqxx'),
    listing('search', '10,000-character query', `q=${encodeURIComponent('organic turmeric '.repeat(600))}`),
    { group: 'page', name: 'home: featured categories', run: async () => (await listFeaturedCategories(FEATURED_CATEGORY_IDS, 'en')).length },
    { group: 'page', name: 'home: new launches', run: async () => (await listNewLaunches('en')).length },
    { group: 'page', name: 'home: catalog stats', run: async () => (await getCatalogStats()).activeProducts },
    { group: 'page', name: 'category: getCategory', run: async () => (await getCategory('spices', 'en'))?.productCount ?? null },
    { group: 'page', name: 'all categories: listCategories', run: async () => (await listCategories('en')).length },
    { group: 'page', name: 'filter options: listCategoryOptions', run: async () => (await listCategoryOptions('en')).length },
    { group: 'page', name: 'product: getProduct', run: async () => ((await getProduct(benchId('product', 7), 'en')) ? 1 : 0) },
  ]
}

/** What this run created, removed on the way out (also on Ctrl-C). */
let cleanup: (() => Promise<void>) | null = null
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await cleanup?.().catch(() => {})
    process.exit(130)
  })
}

type CaseResult = { group: string; name: string; hits: number | null; latency: LatencySummary }
type DbResult = { db: string; products: number; seedSeconds: number; sizeMb: number | null; cases: CaseResult[] }

async function main() {
  console.log(
    `Catalog: up to ${config.runs} runs per query (at least ${config.minRuns}, ${config.caseSeconds} s budget), Node ${process.version}, ` +
      `${os.cpus().length} CPUs, ${loadNote()}\n`,
  )
  const all: DbResult[] = []
  for (const db of config.dbs) {
    if (db !== 'pglite' && db !== 'postgres') throw new Error(`BENCH_DBS: unknown database ${db} (pglite, postgres)`)
    if (db === 'postgres' && !(await postgresReachable(benchServerUrl()))) {
      console.log('postgres: skipped, no server (set BENCH_DATABASE_URL)\n')
      continue
    }
    const result = await benchDatabase(db)
    all.push(result)
    printTable(result)
  }
  console.log(`finished, ${loadNote()}`)
  if (config.json) {
    fs.writeFileSync(config.json, JSON.stringify({ date: new Date().toISOString(), config, results: all }, null, 2))
    console.log(`results written to ${config.json}`)
  }
}

async function benchDatabase(db: 'pglite' | 'postgres'): Promise<DbResult> {
  let products = db === 'pglite' ? config.pgliteProducts : config.postgresProducts
  // A PostgreSQL database seeded earlier (by seedCatalog, e.g. a kept copy for EXPLAIN work): migrated,
  // measured and left as it is, without the minutes of seeding.
  const seededUrl = db === 'postgres' ? config.seededUrl : undefined
  const dir = db === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'setu-bench-catalog-')) : null
  const pg = db === 'postgres' && !seededUrl ? await createBenchDatabase(benchServerUrl()) : null
  cleanup = async () => {
    await closeDb()
    await pg?.drop()
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  }
  try {
    // PGlite on disk, as the app runs it (DATA_DIR), not in memory.
    const handle = await openDatabase(pg ? { url: pg.url } : seededUrl ? { url: seededUrl } : { pgliteDir: path.join(dir!, 'db') })
    try {
      await migrateDatabase(handle)
      setDb(handle)
      if (seededUrl) {
        const res = await handle.db.execute(sql`select count(*)::int as n from products`)
        products = (res.rows[0] as { n: number }).n
        await handle.db.execute(sql`analyze`)
      }
      console.log(`${db}: ${seededUrl ? 'already seeded with' : 'seeding'} ${products.toLocaleString('en')} products`)
      const seeded = seededUrl
        ? { seconds: 0 }
        : await seedCatalog(handle.db, {
            products,
            // PGlite's WebAssembly heap is small: a large sort memory would only make it swap.
            maintenanceWorkMem: db === 'pglite' ? '64MB' : '512MB',
            log: (line) => console.log(line),
          })
      const sizeMb = await databaseSizeMb(handle)
      console.log(`${db}: seeded in ${seeded.seconds.toFixed(1)} s${sizeMb === null ? '' : `, ${sizeMb.toFixed(0)} MB`}`)
      const results: CaseResult[] = []
      for (const c of cases().filter((c) => !config.only || config.only.test(`${c.group}: ${c.name}`))) {
        const hits = await c.run() // warm-up, and the number of matches
        const times: number[] = []
        const started = performance.now()
        while (times.length < config.runs && (times.length < config.minRuns || performance.now() - started < config.caseSeconds * 1000)) {
          const t = performance.now()
          await c.run()
          times.push(performance.now() - t)
        }
        const latency = summarize(times)
        results.push({ group: c.group, name: c.name, hits, latency })
        process.stdout.write(`  ${c.group}: ${c.name}: p95 ${fmt(latency.p95)} ms\n`)
      }
      return { db, products, seedSeconds: seeded.seconds, sizeMb, cases: results }
    } finally {
      await closeDb()
      setDb(undefined)
    }
  } finally {
    await cleanup()
    cleanup = null
  }
}

async function databaseSizeMb(handle: Awaited<ReturnType<typeof openDatabase>>): Promise<number | null> {
  try {
    const res = await handle.db.execute(sql`select pg_database_size(current_database())::bigint as bytes`)
    return Number((res.rows[0] as { bytes: string | number }).bytes) / 1024 / 1024
  } catch {
    return null
  }
}

function printTable(r: DbResult) {
  console.log(`\n${r.db}: ${r.products.toLocaleString('en')} products, times in ms`)
  console.log(
    formatTable(
      [{ header: 'group', align: 'left' }, { header: 'query', align: 'left' }, 'hits', 'runs', 'p50', 'p95', 'p99', 'max'],
      r.cases.map((c) => [c.group, c.name, c.hits ?? '–', c.latency.n, fmt(c.latency.p50), fmt(c.latency.p95), fmt(c.latency.p99), fmt(c.latency.max)]),
    ),
  )
  console.log('')
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
