// Catalog search (ADR 017): full-text then trigram matching over the product texts, in stages that widen
// only as far as what was found asks, and the plan (plain or staged) chosen by the catalog's size.
import { type SQL, sql } from 'drizzle-orm'
import { productTranslations, SEARCH_BUCKETS, searchBucket } from '../../../db/schema'
import { LANGUAGES } from '~/domain'
import { getDb } from '~/lib/db.server'
import { COUNT_CAP } from './schemas'

/** Trigram (typo-tolerant) matching applies to queries up to this length; longer ones are sentences. */
export const FUZZY_MAX_QUERY_LENGTH = 64
/**
 * Queries shorter than this have so few trigrams that the connection's looser threshold
 * (TRGM_WORD_SIMILARITY_THRESHOLD, 0.5) would match unrelated words ("the" → "Thermal"); they need FUZZY_STRICT_SIMILARITY.
 */
const FUZZY_LOOSE_MIN_LENGTH = 5
const FUZZY_STRICT_SIMILARITY = 0.6

/** Trigram closeness of the query to a translated product name (see FUZZY_LOOSE_MIN_LENGTH). */
function fuzzyMatch(q: string, name: SQL, query: SQL = sql`${q}`): SQL {
  return [...q].length >= FUZZY_LOOSE_MIN_LENGTH
    ? sql`${query} <% ${name}`
    : sql`(${query} <% ${name} and word_similarity(${query}, ${name}) >= ${FUZZY_STRICT_SIMILARITY})`
}

/**
 * Translation rows a search reads at most. Most searches match one text per product, so COUNT_CAP + 1
 * rows usually tell "more than COUNT_CAP products" (the listing says "1,000+" and ranks the rows
 * found); only when those rows name COUNT_CAP products or fewer (a product matched in two languages) does
 * the search read up to one row per language per product, SEARCH_WIDE_ROWS.
 */
const SEARCH_ROWS = COUNT_CAP + 1
const SEARCH_WIDE_ROWS = (COUNT_CAP + 1) * LANGUAGES.length

/**
 * What one search statement reads: up to `fullText` full-text matching texts, then up to `trigram`
 * trigram-close names when full text is complete (or as wide as it goes) and names COUNT_CAP products
 * or fewer. A search starts with FIRST_SEARCH_STAGE and widens only as far as what it found asks
 * (nextSearchStage), one statement per stage: a common word or a typo is one statement.
 */
export type SearchStage = { fullText: number; trigram: number }
export const FIRST_SEARCH_STAGE: SearchStage = { fullText: SEARCH_ROWS, trigram: SEARCH_ROWS }
/** What a stage found: texts and distinct products per step. */
export type SearchFound = { fullTextRows: number; fullTextProducts: number; trigramRows: number; trigramProducts: number }

/**
 * The next stage, or null when this one is the answer. SEARCH_ROWS full-text texts that name more than
 * COUNT_CAP products are "1,000+" and the answer; when they fill the limit but name COUNT_CAP or fewer
 * (a product matched in several languages), up to SEARCH_WIDE_ROWS texts are read. Trigram matches
 * (typos; not for queries longer than FUZZY_MAX_QUERY_LENGTH) are widened the same way.
 */
export function nextSearchStage(q: string, stage: SearchStage, found: SearchFound): SearchStage | null {
  if (found.fullTextProducts > COUNT_CAP) return null
  if (found.fullTextRows >= stage.fullText && stage.fullText < SEARCH_WIDE_ROWS) return { ...stage, fullText: SEARCH_WIDE_ROWS }
  // Full text is complete (or as wide as it goes) and names few products: the trigram step ran.
  if ([...q].length > FUZZY_MAX_QUERY_LENGTH || found.trigramProducts > COUNT_CAP) return null
  if (found.trigramRows >= stage.trigram && stage.trigram < SEARCH_WIDE_ROWS) return { ...stage, trigram: SEARCH_WIDE_ROWS }
  return null
}

/**
 * The matching products of a search, one row per product (its best translation), as CTEs ending in
 * `m(product_id, rank, created_at, currency_rank, price)`, beside `fts` and `trg`, the texts each step
 * read: a bounded candidate set (ADR 017).
 *
 * A translation matches when its tsvector matches websearch_to_tsquery in the row's own text-search
 * configuration (english / russian stem; Hindi uses simple, which PostgreSQL 15 and PGlite both have),
 * or when the name is trigram-close to the query (pg_trgm `<%`, threshold 0.5 set per connection, 0.6 for
 * queries under five characters) to forgive typos. The query text is always a bound parameter.
 *
 * Full text (`fts`): the OR of the three languages' queries is the index condition, the row's own
 * language the check. Each step reads the texts' search groups (SEARCH_BUCKETS partial GIN indexes,
 * db/schema/catalog.ts) one after another and stops at its limit, so a common word builds the bitmap
 * of one group, not of every match. The listing's filters (`filters`, over the texts' copies of the
 * listing fields: textFields) are checked on the text row itself before the limit, so a filtered search
 * finds every match up to the cap without looking up a product or a seller. `ranked`: false when the
 * page is sorted by price or date, which then skips computing a relevance nobody reads.
 */
export function searchMatches(q: string, filters: SQL, ranked: boolean, stage: SearchStage, plan: SearchPlan): SQL {
  // The query text and its three tsqueries, once (qs): every group refers to them rather than to eight
  // copies of each, which keeps the statement small to build, send and plan.
  const qs = sql`qs as materialized (select ${q}::text as q, websearch_to_tsquery('english'::regconfig, ${q}) as en,
    websearch_to_tsquery('russian'::regconfig, ${q}) as ru, websearch_to_tsquery('simple'::regconfig, ${q}) as simple)`
  const rowQuery = sql`(case t.language_code when 'en' then qs.en when 'ru' then qs.ru else qs.simple end)`
  const fuzzy = [...q].length <= FUZZY_MAX_QUERY_LENGTH
  const textMatch = sql`(t.search_vector @@ (qs.en || qs.ru || qs.simple) and t.search_vector @@ ${rowQuery})`
  const rank = ranked ? sql`(ts_rank(t.search_vector, ${rowQuery})${fuzzy ? sql` + word_similarity(qs.q, t.name)` : sql``})` : sql`0::real`
  /** Up to `limit` texts matching `match`, group by group; the group number is a literal, so the planner picks that group's partial index. */
  const step = (match: SQL, limit: number) => {
    // A small catalog: one scan of the whole table (see searchPlan). Its matches are taken in the order
    // the groups give them (group, then table order: each group is a bitmap scan), so that above the
    // limit too it keeps the same texts as the staged plan; sorting a small table's matches is cheap.
    if (plan === 'plain') {
      return sql`select t.product_id, ${rank} as r, t.product_created_at as created_at, t.currency_rank, t.price
        from qs, ${productTranslations} t where ${match} and ${filters}
        order by ${searchBucket(sql`t.product_id`)}, t.ctid limit ${limit}`
    }
    const groups = Array.from(
      { length: SEARCH_BUCKETS },
      (_, b) => sql`select t.product_id, ${rank} as r, t.product_created_at as created_at, t.currency_rank, t.price
        from qs, ${productTranslations} t where ${searchBucket(sql`t.product_id`)} = ${sql.raw(String(b))} and ${match} and ${filters}`,
    )
    return sql`select * from (${sql.join(groups, sql` union all `)}) g limit ${limit}`
  }
  // Trigrams only when full text is complete (it did not fill its limit) or as wide as it goes, and
  // names COUNT_CAP products or fewer: computed once (trg_gate), and a one-time filter in each group
  // (an uncorrelated subquery, which PostgreSQL checks before the group's index scan starts).
  const fullTextDone = sql`(select count(*) from fts) < ${stage.fullText} or ${stage.fullText >= SEARCH_WIDE_ROWS}`
  const gate = sql`trg_gate as materialized (select (${fullTextDone}) and (select count(distinct product_id) from fts) <= ${COUNT_CAP} as open)`
  const trigram = fuzzy ? step(sql`(select open from trg_gate) and ${fuzzyMatch(q, sql`t.name`, sql`qs.q`)}`, stage.trigram) : sql`select * from fts where false`
  return sql`${qs},
    fts as materialized (${step(textMatch, stage.fullText)}),
    ${gate},
    trg as materialized (${trigram}),
    m as (select product_id, max(r) as rank, created_at, currency_rank, price
      from (select * from fts union all select * from trg) c group by product_id, created_at, currency_rank, price)`
}

/**
 * How a search reads the texts: `staged`, group by group through the partial GIN indexes in a
 * transaction without parallel workers (a large catalog); `plain`, one statement over the whole table,
 * which PostgreSQL reads in a few pages without an index (a small catalog, where planning eight groups
 * and the transaction cost more than the search: 13.4 instead of 9.9 ms for /marketplace?q=rice on the
 * 32-product demo). Both take the same texts, in the same order, so their results are the same, also
 * above the cap; the plain one reads and sorts every match, which is cheap only for a small table.
 */
export type SearchPlan = 'plain' | 'staged'
/**
 * 256 kB of product texts: 150 texts like the demo's (21 pages for its 102), up to about 1,500 short ones;
 * far below a parallel scan's minimum. Above it the trigram check on every name costs more than the
 * staged plan's index scans.
 */
const SMALL_CATALOG_TEXT_PAGES = 32
/** How long the size check is kept: a catalog that grows past the limit is searched in groups within this time. */
const SEARCH_PLAN_TTL_MS = 60_000
let searchPlanCache: { db: unknown; at: number; plan: SearchPlan } | null = null
let forcedSearchPlan: SearchPlan | null = null

/** Tests: search with this plan whatever the catalog size (null: by size again). */
export function forceSearchPlan(plan: SearchPlan | null) {
  forcedSearchPlan = plan
}

/**
 * The plan for the current database, from the size of the product texts' table (pg_relation_size:
 * current on PGlite too, which runs no autovacuum to keep pg_class statistics), checked at most once
 * per SEARCH_PLAN_TTL_MS.
 */
export async function searchPlan(): Promise<SearchPlan> {
  if (forcedSearchPlan) return forcedSearchPlan
  const db = getDb()
  const now = Date.now()
  if (searchPlanCache && searchPlanCache.db === db && now - searchPlanCache.at < SEARCH_PLAN_TTL_MS) return searchPlanCache.plan
  const res = await db.execute(sql`select pg_relation_size('product_translations'::regclass) / current_setting('block_size')::int as pages`)
  const pages = Number((res.rows[0] as { pages: string | number }).pages)
  const plan: SearchPlan = pages <= SMALL_CATALOG_TEXT_PAGES ? 'plain' : 'staged'
  searchPlanCache = { db, at: now, plan }
  return plan
}
