// Catalog search and filter benchmark: seeds ~2,000 multilingual products through the test factories
// into a fresh database and times the marketplace queries.
//
//   npm run bench                                   in-memory PGlite
//   TEST_DATABASE_URL=postgres://… npm run bench    a temporary PostgreSQL database (dropped afterwards)
//   BENCH_PRODUCTS=5000 BENCH_RUNS=50 npm run bench
import { performance } from 'node:perf_hooks'
import { createCategory, createProduct, createSeller } from '../tests/factories/catalog'
import { createTestPostgresDatabase } from '../tests/support/postgres'
import { closeDb, migrateDatabase, openDatabase, setDb } from '~/lib/db.server'
import { listProducts } from '~/modules/catalog/queries.server'
import { EMPTY_MARKETPLACE_QUERY, parseMarketplaceQuery, type MarketplaceQuery } from '~/modules/catalog/schemas'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2000)
const RUNS = Number(process.env.BENCH_RUNS ?? 30)

// Words in three languages, combined into product names and descriptions.
const GOODS = [
  { en: 'Turmeric Powder', ru: 'Куркума молотая', hi: 'हल्दी पाउडर' },
  { en: 'Sunflower Oil', ru: 'Подсолнечное масло', hi: 'सूरजमुखी का तेल' },
  { en: 'Basmati Rice', ru: 'Рис басмати', hi: 'बासमती चावल' },
  { en: 'Ashwagandha Extract', ru: 'Экстракт ашваганды', hi: 'अश्वगंधा अर्क' },
  { en: 'Black Tea', ru: 'Чёрный чай', hi: 'काली चाय' },
  { en: 'Buckwheat Groats', ru: 'Гречневая крупа', hi: 'कुट्टू का दलिया' },
  { en: 'Silk Saree', ru: 'Шёлковое сари', hi: 'रेशमी साड़ी' },
  { en: 'Amber Necklace', ru: 'Янтарное ожерелье', hi: 'एम्बर हार' },
  { en: 'Steel Pipes', ru: 'Стальные трубы', hi: 'स्टील पाइप' },
  { en: 'Cotton Yarn', ru: 'Хлопковая пряжа', hi: 'सूती धागा' },
  { en: 'Wildflower Honey', ru: 'Мёд разнотравье', hi: 'जंगली फूलों का शहद' },
  { en: 'Cashew Nuts', ru: 'Орехи кешью', hi: 'काजू' },
]
const QUALITIES = [
  { en: 'Organic', ru: 'Органический', hi: 'जैविक' },
  { en: 'Premium', ru: 'Премиальный', hi: 'प्रीमियम' },
  { en: 'Bulk', ru: 'Оптовый', hi: 'थोक' },
  { en: 'Export Grade', ru: 'Экспортный', hi: 'निर्यात श्रेणी' },
]
const CATEGORY_IDS = ['wellness', 'gems-jewelry', 'agriculture', 'technology', 'industrial', 'textiles', 'beverages']

async function seed() {
  const sellers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => createSeller({ country: i % 2 ? 'Russia' : 'India', kycStatus: i % 3 ? 'Approved' : 'Pending' })),
  )
  for (const id of CATEGORY_IDS) await createCategory({ id, translations: { en: { name: id }, ru: { name: `${id} (ru)` } } })
  const now = Date.now()
  for (let i = 0; i < PRODUCTS; i++) {
    const g = GOODS[i % GOODS.length]
    const q = QUALITIES[Math.floor(i / GOODS.length) % QUALITIES.length]
    const currency = (['USD', 'INR', 'RUB'] as const)[i % 3]
    await createProduct({
      sellerId: sellers[i % sellers.length].id,
      categoryId: CATEGORY_IDS[i % CATEGORY_IDS.length],
      price: `${(i * 37) % 5000}.${String(i % 100).padStart(2, '0')}`,
      currency,
      minimumOrderQuantity: 1 + (i % 200),
      isActive: i % 20 !== 0,
      createdAt: new Date(now - i * 3_600_000),
      translations: {
        en: { name: `${q.en} ${g.en} #${i}`, description: `${q.en} ${g.en.toLowerCase()} for wholesale buyers, lot ${i}.` },
        ru: { name: `${q.ru} ${g.ru} №${i}`, description: `${g.ru} оптом для покупателей, партия ${i}.` },
        ...(i % 3 !== 2 ? { hi: { name: `${q.hi} ${g.hi} #${i}`, description: `थोक खरीदारों के लिए ${g.hi}, लॉट ${i}।` } } : {}),
      },
    })
  }
}

type Case = { name: string; query: Partial<MarketplaceQuery> | string; locale?: 'en' | 'ru' | 'hi'; newOnly?: boolean }

const CASES: Case[] = [
  { name: 'newest, page 1', query: {} },
  { name: 'newest, page 80 (deep offset)', query: { page: 80 } },
  { name: 'price ascending', query: { sort: 'price_asc' } },
  { name: 'country + USD price range + max MOQ', query: 'country=Russia&currency=USD&minPrice=100&maxPrice=2500&maxMoq=50' },
  { name: 'category + price descending', query: { category: 'agriculture', sort: 'price_desc' } },
  { name: 'new listings (30 days)', query: {}, newOnly: true },
  { name: 'search en "turmeric"', query: { q: 'turmeric', sort: 'relevance' } },
  { name: 'search en misspelt "turmerik"', query: { q: 'turmerik', sort: 'relevance' } },
  { name: 'search en dropped letter "turmric"', query: { q: 'turmric', sort: 'relevance' } },
  { name: 'search en "organic basmati rice"', query: { q: 'organic basmati rice', sort: 'relevance' } },
  { name: 'search ru "масла" (stemming)', query: { q: 'масла', sort: 'relevance' }, locale: 'ru' },
  { name: 'search hi "हल्दी"', query: { q: 'हल्दी', sort: 'relevance' }, locale: 'hi' },
  { name: 'search + category + country', query: 'q=honey&category=agriculture&country=India' },
  { name: 'search, no match', query: { q: 'zzzqqqxx', sort: 'relevance' } },
  { name: 'search, 10,000-char query (truncated)', query: `q=${encodeURIComponent('organic turmeric '.repeat(600))}` },
]

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

async function main() {
  let drop: (() => Promise<void>) | undefined
  let url: string | undefined
  if (process.env.TEST_DATABASE_URL) {
    const created = await createTestPostgresDatabase(process.env.TEST_DATABASE_URL)
    url = created.url
    drop = created.drop
  }
  const handle = await openDatabase({ url, pgliteDir: null })
  try {
    await migrateDatabase(handle)
    setDb(handle)
    const t0 = performance.now()
    await seed()
    console.log(`${handle.kind}: seeded ${PRODUCTS} products in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${RUNS} runs per query\n`)
    console.log(`${'query'.padEnd(42)} ${'hits'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`)
    for (const c of CASES) {
      const query =
        typeof c.query === 'string' ? parseMarketplaceQuery(new URLSearchParams(c.query)).query : { ...EMPTY_MARKETPLACE_QUERY, ...c.query }
      const locale = c.locale ?? 'en'
      const first = await listProducts(query, locale, { newOnly: c.newOnly }) // warm-up
      const times: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now()
        await listProducts(query, locale, { newOnly: c.newOnly })
        times.push(performance.now() - start)
      }
      times.sort((a, b) => a - b)
      const f = (n: number) => n.toFixed(1).padStart(8)
      console.log(`${c.name.padEnd(42)} ${String(first.total).padStart(6)} ${f(percentile(times, 50))} ${f(percentile(times, 95))} ${f(times[times.length - 1])}`)
    }
  } finally {
    await closeDb()
    await drop?.()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
