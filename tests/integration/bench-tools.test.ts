// The benchmarks' pure parts and their bulk seeding (the benchmarks themselves are not run in CI).
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cpuDeltaMs, parseProcStat } from '../../bench/lib/cpu'
import { BENCH_CATEGORIES, seedCatalog } from '../../bench/lib/seed-catalog'
import { percentile, summarize } from '../../bench/lib/stats'
import { formatTable } from '../../bench/lib/table'
import { getDb } from '~/lib/db.server'
import { getCatalogStats } from '~/modules/catalog/stats.server'
import { getCategory } from '~/modules/catalog/categories.server'
import { listProducts } from '~/modules/catalog/listing.server'
import { parseMarketplaceQuery } from '~/modules/catalog/schemas'

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i) // 100 … 1, unsorted on purpose

  it('gives the smallest sample that p % of the samples are at or below', () => {
    expect(percentile(hundred, 50)).toBe(50)
    expect(percentile(hundred, 95)).toBe(95)
    expect(percentile(hundred, 99)).toBe(99)
    expect(percentile(hundred, 100)).toBe(100)
    expect(percentile(hundred, 0)).toBe(1)
    expect(percentile([3, 1, 2], 50)).toBe(2)
    expect(percentile([10, 20, 30, 40], 95)).toBe(40)
  })

  it('is NaN without samples and refuses a percentile outside 0–100', () => {
    expect(percentile([], 50)).toBeNaN()
    expect(() => percentile([1], 101)).toThrow(RangeError)
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError)
  })

  it('summarises: with fewer than 100 samples p99 is the maximum', () => {
    const s = summarize([5, 1, 4, 2, 3])
    expect(s).toEqual({ n: 5, p50: 3, p95: 5, p99: 5, max: 5, mean: 3 })
  })
})

describe('CPU time from /proc', () => {
  it('reads user + system ticks, even when the command name has spaces and parentheses', () => {
    const line = '4242 (node (main) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 11 0 123 456 789'
    expect(parseProcStat(line, 100)).toBe(3000) // (250 + 50) ticks at 100 Hz
    expect(() => parseProcStat('garbage', 100)).toThrow()
  })

  it("adds each process's growth between samples; a process that appeared counts whole", () => {
    const before = new Map([[1, 100], [2, 50]])
    const after = new Map([[1, 160], [2, 50], [3, 7]])
    expect(cpuDeltaMs(before, after)).toBe(67)
    expect(cpuDeltaMs(null, after)).toBeNull()
  })
})

describe('formatTable', () => {
  it('pads every column to its widest cell: text left, numbers right', () => {
    const out = formatTable(['page', 'req/s', { header: 'note', align: 'left' }], [
      ['home', 41.5, 'ok'],
      ['marketplace', 1234, ''],
    ])
    expect(out.split('\n')).toEqual([
      'page         req/s  note',
      '-----------  -----  ----',
      'home          41.5  ok',
      'marketplace   1234',
    ])
  })

  it('counts a Devanagari word by the columns it takes, not its code units', () => {
    const out = formatTable(['query', 'ms'], [['हल्दी', 1], ['abc', 22]])
    // "हल्दी" is five code points, two of them vowel signs and one a virama: three columns, like "abc".
    expect(out.split('\n').slice(2)).toEqual(['हल्दी     1', 'abc    22'])
  })
})

describe('seedCatalog', () => {
  it('seeds products, sellers, categories and en/ru/hi texts in bulk that the catalog queries then serve', async () => {
    const db = getDb()
    const indexCount = async () =>
      Number(
        (
          (await db.execute(sql`select count(*)::int as n from pg_indexes where tablename in ('products', 'product_translations')`)).rows[0] as {
            n: number
          }
        ).n,
      )
    const indexesBefore = await indexCount()

    const n = 240
    const result = await seedCatalog(db, { products: n, batch: 100 })
    expect(result).toMatchObject({ products: n, sellers: 24, categories: 32, translations: 240 + 240 + 160 })

    const counts = (await db.execute(sql`
      select (select count(*)::int from products) as products,
             (select count(*)::int from profiles where user_type = 'Seller') as sellers,
             (select count(*)::int from categories where parent_id is null) as top,
             (select count(*)::int from categories where parent_id is not null) as sub,
             (select count(*)::int from category_translations) as category_texts,
             (select count(distinct currency)::int from products) as currencies`)).rows[0]
    expect(counts).toEqual({ products: 240, sellers: 24, top: 8, sub: 24, category_texts: 96, currencies: 3 })
    const byLanguage = (await db.execute(sql`select language_code as lang, count(*)::int as n from product_translations group by 1 order by 1`)).rows
    expect(byLanguage).toEqual([
      { lang: 'en', n: 240 },
      { lang: 'hi', n: 160 },
      { lang: 'ru', n: 240 },
    ])
    // The secondary indexes dropped for the bulk insert are all back.
    expect(await indexCount()).toBe(indexesBefore)

    // Public: the product is active (g % 20 ≠ 0), its seller (1 + (g / 24) % 24) approved (s % 10 ≠ 0) and active (s % 25 ≠ 0).
    let expectedPublic = 0
    for (let g = 1; g <= n; g++) {
      const s = 1 + (Math.floor(g / 24) % 24)
      if (g % 20 !== 0 && s % 10 !== 0 && s % 25 !== 0) expectedPublic++
    }
    expect((await getCatalogStats()).activeProducts).toBe(expectedPublic)
    expect(BENCH_CATEGORIES.map((c) => c.id)).toContain('spices')
    expect((await getCategory('spices', 'ru'))?.name).toBe('Специи')

    const search = async (q: string, locale: 'en' | 'ru' | 'hi') => listProducts(parseMarketplaceQuery(new URLSearchParams({ q })).query, locale)
    const en = await search('turmeric', 'en')
    expect(en.total).toBeGreaterThan(0)
    expect(en.items.every((p) => p.name.includes('Turmeric Powder'))).toBe(true)
    expect((await search('turmerik', 'en')).total).toBeGreaterThan(0)
    expect((await search('куркума', 'ru')).items[0]?.name).toMatch(/куркума молотая/)
    expect((await search('हल्दी', 'hi')).items[0]?.name).toMatch(/हल्दी पाउडर/)
  })

  it('refuses a product count that is not a whole number', async () => {
    await expect(seedCatalog(getDb(), { products: 1.5 })).rejects.toThrow(RangeError)
  })
})
