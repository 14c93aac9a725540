// Site-wide reads: the catalog's counts (estimated past a size) and the sitemap's data.
import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm'
import { categories, products, profiles } from '../../../db/schema'
import type { CatalogStatsDto, SitemapEntryDto, SitemapIndexDto } from './types'
import { getDb } from '~/lib/db.server'
import { COUNT_CAP, SITEMAP_FILE_SIZE } from './schemas'
import { publicProduct, publicSeller } from './sql.server'

// Site-wide

/** Pages a count estimate samples (TABLESAMPLE SYSTEM): a few thousand rows, read in a few milliseconds. */
const ESTIMATE_SAMPLE_PAGES = 200
/** A table this small (2 MB, about ten thousand rows) is counted exactly, in a millisecond or two. */
const EXACT_COUNT_MAX_PAGES = 250

/** "835,023" → 840,000: an estimate shows two significant digits, never fewer than COUNT_CAP + 1. */
const roundEstimate = (n: number) => {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(n, 1))) - 1)
  return Math.max(COUNT_CAP + 1, Math.round(n / unit) * unit)
}

/**
 * Rows of `table` (joined by `join`) that meet `where`: exact up to COUNT_CAP (a count that stops
 * there), otherwise estimated from a repeatable sample of the table's pages and rounded (ADR 017).
 * A table of at most EXACT_COUNT_MAX_PAGES pages is counted exactly. Neither path reads the whole
 * of a large table; no statistics are needed (PGlite has no autovacuum to keep them).
 */
async function countOrEstimate(table: 'products' | 'profiles', join: SQL, where: SQL): Promise<{ n: number; approx: boolean }> {
  const db = getDb()
  const name = sql.raw(`"${table}"`)
  const one = async (text: SQL) => Number(((await db.execute(text)).rows[0] as { n: string | number }).n)
  const capped = await one(sql`select count(*) as n from (select 1 from ${name} ${join} where ${where} limit ${COUNT_CAP + 1}) c`)
  if (capped <= COUNT_CAP) return { n: capped, approx: false }
  const pages = await one(sql`select greatest(1, pg_relation_size(${table}::regclass) / current_setting('block_size')::int) as n`)
  if (pages <= EXACT_COUNT_MAX_PAGES) return { n: await one(sql`select count(*) as n from ${name} ${join} where ${where}`), approx: false }
  const percent = (100 * ESTIMATE_SAMPLE_PAGES) / pages
  // A literal: TABLESAMPLE takes no parameter in every driver; it is a number computed here.
  const sampled = await one(sql`select count(*) as n from ${name} tablesample system (${sql.raw(percent.toFixed(6))}) repeatable (0) ${join} where ${where}`)
  return { n: roundEstimate((sampled * 100) / percent), approx: true }
}

/**
 * Counters for the home page: public products and verified sellers exact up to COUNT_CAP, above it
 * an estimate that the page shows as "about 840,000" (ADR 017); top-level categories exactly.
 */
export async function getCatalogStats(): Promise<CatalogStatsDto> {
  const db = getDb()
  const [activeProducts, verifiedSellers, [{ categoryCount }]] = await Promise.all([
    countOrEstimate('products', sql``, sql`${products.isListed}`),
    countOrEstimate('profiles', sql``, publicSeller!),
    db.select({ categoryCount: count() }).from(categories).where(isNull(categories.parentId)),
  ])
  return {
    activeProducts: activeProducts.n,
    activeProductsApprox: activeProducts.approx,
    verifiedSellers: verifiedSellers.n,
    verifiedSellersApprox: verifiedSellers.approx,
    categories: categoryCount,
  }
}

/** How many sitemap files (`fileSize` URLs each) the public products and sellers fill. */
export async function getSitemapIndexData(fileSize = SITEMAP_FILE_SIZE): Promise<SitemapIndexDto> {
  const db = getDb()
  const [[{ productCount }], [{ sellerCount }]] = await Promise.all([
    db.select({ productCount: count() }).from(products).where(eq(products.isListed, true)),
    db.select({ sellerCount: count() }).from(profiles).where(publicSeller),
  ])
  return { productFiles: Math.ceil(productCount / fileSize), sellerFiles: Math.ceil(sellerCount / fileSize) }
}

/** Top-level categories for the sitemap's pages file (a few dozen at most). */
export async function listSitemapCategories(): Promise<SitemapEntryDto[]> {
  const rows = await getDb()
    .select({ id: categories.id, createdAt: categories.createdAt })
    .from(categories)
    .where(isNull(categories.parentId))
    .orderBy(asc(categories.sortOrder), asc(categories.id))
  return rows.map((c) => ({ id: c.id, lastModified: new Date(c.createdAt).toISOString() }))
}

/** Rows per query while a sitemap file streams: memory stays bounded whatever the catalog size. */
const SITEMAP_CHUNK = 5_000

/**
 * The entries of sitemap file `file` (1-based) of public products or sellers, in id order: the
 * file-th run of `fileSize`. Yields chunks (keyset pages on id, `chunkSize` rows each); yields
 * nothing for a file past the end.
 */
export async function* sitemapEntries(
  kind: 'products' | 'sellers',
  file: number,
  { fileSize = SITEMAP_FILE_SIZE, chunkSize = SITEMAP_CHUNK } = {},
): AsyncGenerator<SitemapEntryDto[]> {
  if (!Number.isSafeInteger(file) || file < 1) return
  const db = getDb()
  const id = kind === 'products' ? products.id : profiles.id
  const chunk = (from: SQL | undefined, offset: number, limit: number) =>
    kind === 'products'
      ? db
          .select({ id: products.id, updatedAt: products.updatedAt })
          .from(products)
          .innerJoin(profiles, eq(profiles.id, products.sellerId))
          .where(and(publicProduct, from))
          .orderBy(asc(products.id))
          .offset(offset)
          .limit(limit)
      : db
          .select({
            id: profiles.id,
            // A seller page changes with the profile and with its products: the later of the two.
            updatedAt: sql<Date | string>`greatest(${profiles.updatedAt}, (select max(p.updated_at) from ${products} p where p.seller_id = ${profiles.id} and p.is_active))`,
          })
          .from(profiles)
          .where(and(publicSeller, from))
          .orderBy(asc(profiles.id))
          .offset(offset)
          .limit(limit)
  // The file's first chunk by offset (one index walk to its start), the rest by keyset on id.
  let remaining = fileSize
  let rows = await chunk(undefined, (file - 1) * fileSize, Math.min(chunkSize, remaining))
  while (rows.length > 0) {
    yield rows.map((r) => ({ id: r.id, lastModified: new Date(r.updatedAt).toISOString() }))
    remaining -= rows.length
    if (remaining <= 0 || rows.length < Math.min(chunkSize, remaining + rows.length)) return
    rows = await chunk(sql`${id} > ${rows[rows.length - 1].id}`, 0, Math.min(chunkSize, remaining))
  }
}
