// Reads for /admin/analytics: every figure is aggregated in SQL over the chosen range (nothing is
// loaded row by row into JS). Days and weeks are UTC. Money stays exact: numeric sums come back as
// decimal strings, never floats.
import { sql, type SQL } from 'drizzle-orm'
import { categories, categoryTranslations, orders, productTranslations, productViews, products, profiles, quotes, rfqs } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import type { Language } from '~/lib/i18n'
import { CURRENCIES, type Currency, type LanguageCode, type QuantityUnit, TRADING_COUNTRIES, type TradingCountry, USER_TYPES, type UserType } from '~/domain'
import type { CsvCell } from './csv'
import { getPaidVsDueByMonth, type PaidVsDueDto } from './paid-vs-due.server'
import { TOP_LIMIT, type ChartId, type DateRange } from './schemas'

export type SignupWeekDto = { /** Monday of the week (UTC), YYYY-MM-DD. */ week: string; total: number; buyers: number; sellers: number }
export type SignupBreakdownDto = { total: number; byCountry: { key: TradingCountry; count: number }[]; byType: { key: UserType; count: number }[] }
/** A stage with its count and its share of the first stage, as an exact decimal string with one place ("66.7"); null when the first stage is 0. */
export type StageDto<K extends string> = { stage: K; count: number; percent: string | null }
export type KycStage = 'registered' | 'uploaded' | 'approved' | 'pending' | 'rejected'
export type ConversionStage = 'created' | 'quoted' | 'ordered'
export type ConversionDto = { stages: StageDto<ConversionStage>[]; /** RFQs with an order among those with a quote. */ quoteToOrderPercent: string | null }
/** One month × currency: orders (not Cancelled) and the sum of quantity × unit price, exact ("1234.50"). */
export type OrderValueDto = { month: string; currency: Currency; orders: number; total: string }
/**
 * A ranked category or product: its name in the admin's language (else English, else any), and that
 * name's language. A product ranked by orders also has the quantity ordered, in its unit (exact decimal).
 */
export type TopItemDto = { id: string; name: string; lang: LanguageCode; value: number; ordered: OrderedQuantityDto | null }
/** A quantity summed over orders in one unit only: tonnes are never added to pieces. */
export type OrderedQuantityDto = { quantity: string; unit: QuantityUnit }
export type TopDto = { byViews: TopItemDto[]; byOrders: TopItemDto[] }

export type AnalyticsDto = {
  signups: SignupWeekDto[]
  breakdown: SignupBreakdownDto
  kycFunnel: StageDto<KycStage>[]
  conversion: ConversionDto
  orderValue: OrderValueDto[]
  paidVsDue: PaidVsDueDto[]
  topCategories: TopDto
  topProducts: TopDto
}

type Rows<T> = { rows: T[] }
async function rows<T>(query: SQL): Promise<T[]> {
  return ((await getDb().execute(query)) as unknown as Rows<T>).rows
}

// The range's bounds as instants: from 00:00 UTC of `from` up to (not including) 00:00 UTC after `to`.
const start = (r: DateRange) => sql`((${r.from}::date)::timestamp at time zone 'UTC')`
const end = (r: DateRange) => sql`((${r.to}::date + 1)::timestamp at time zone 'UTC')`
const inRange = (column: SQL, r: DateRange) => sql`${column} >= ${start(r)} and ${column} < ${end(r)}`
/** A share as an exact decimal with one place, computed by the database; null when the whole is 0. */
const percent = (part: SQL, whole: SQL) => sql`round(100.0 * ${part} / nullif(${whole}, 0), 1)::text`

/** Sign-ups (profiles created) per UTC week, Monday first, every week of the range listed (0 when none). */
export async function getSignupsByWeek(r: DateRange): Promise<SignupWeekDto[]> {
  return rows<SignupWeekDto>(sql`
    with b as (
      select date_trunc('week', p.created_at at time zone 'UTC') as w,
        count(*)::int as total,
        (count(*) filter (where p.user_type = 'Buyer'))::int as buyers,
        (count(*) filter (where p.user_type = 'Seller'))::int as sellers
      from ${profiles} p
      where ${inRange(sql`p.created_at`, r)}
      group by 1
    )
    select to_char(g, 'YYYY-MM-DD') as week, coalesce(b.total, 0)::int as total, coalesce(b.buyers, 0)::int as buyers, coalesce(b.sellers, 0)::int as sellers
    from generate_series(date_trunc('week', (${r.from}::date)::timestamp), (${r.to}::date)::timestamp, interval '1 week') g
    left join b on b.w = g
    order by g`)
}

/** Sign-ups in the range by country and by account type. */
export async function getSignupBreakdown(r: DateRange): Promise<SignupBreakdownDto> {
  const [row] = await rows<Record<string, number>>(sql`
    select count(*)::int as total,
      ${sql.join(
        TRADING_COUNTRIES.map((c) => sql`(count(*) filter (where p.country = ${c}))::int as ${sql.identifier(`country_${c}`)}`),
        sql`, `,
      )},
      ${sql.join(
        USER_TYPES.map((t) => sql`(count(*) filter (where p.user_type = ${t}))::int as ${sql.identifier(`type_${t}`)}`),
        sql`, `,
      )}
    from ${profiles} p
    where ${inRange(sql`p.created_at`, r)}`)
  return {
    total: row?.total ?? 0,
    byCountry: TRADING_COUNTRIES.map((key) => ({ key, count: row?.[`country_${key}`] ?? 0 })),
    byType: USER_TYPES.map((key) => ({ key, count: row?.[`type_${key}`] ?? 0 })),
  }
}

/**
 * Sellers registered in the range → with a document uploaded (a document on file, or any KYC status:
 * a decided seller had one) → Approved; Pending and Rejected beside. Each as a share of the registered.
 */
export async function getKycFunnel(r: DateRange): Promise<StageDto<KycStage>[]> {
  const [row] = await rows<Record<string, number | string | null>>(sql`
    with s as (
      select count(*)::int as registered,
        (count(*) filter (where p.kyc_document_url is not null or p.kyc_status is not null))::int as uploaded,
        (count(*) filter (where p.kyc_status = 'Approved'))::int as approved,
        (count(*) filter (where p.kyc_status = 'Pending'))::int as pending,
        (count(*) filter (where p.kyc_status = 'Rejected'))::int as rejected
      from ${profiles} p
      where p.user_type = 'Seller' and ${inRange(sql`p.created_at`, r)}
    )
    select s.*,
      ${percent(sql`s.registered`, sql`s.registered`)} as registered_pct,
      ${percent(sql`s.uploaded`, sql`s.registered`)} as uploaded_pct,
      ${percent(sql`s.approved`, sql`s.registered`)} as approved_pct,
      ${percent(sql`s.pending`, sql`s.registered`)} as pending_pct,
      ${percent(sql`s.rejected`, sql`s.registered`)} as rejected_pct
    from s`)
  const stages: KycStage[] = ['registered', 'uploaded', 'approved', 'pending', 'rejected']
  return stages.map((stage) => ({ stage, count: Number(row?.[stage] ?? 0), percent: (row?.[`${stage}_pct`] as string | null) ?? null }))
}

/**
 * RFQs created in the range → with at least one quote → with an order (an order made from one of its
 * quotes, whatever became of the order later), each as a share of those created.
 */
export async function getConversion(r: DateRange): Promise<ConversionDto> {
  const [row] = await rows<Record<string, number | string | null>>(sql`
    with s as (
      select count(*)::int as created,
        (count(*) filter (where exists (select 1 from ${quotes} q where q.rfq_id = r.id)))::int as quoted,
        (count(*) filter (where exists (select 1 from ${quotes} q join ${orders} o on o.quote_id = q.id where q.rfq_id = r.id)))::int as ordered
      from ${rfqs} r
      where ${inRange(sql`r.created_at`, r)}
    )
    select s.*,
      ${percent(sql`s.created`, sql`s.created`)} as created_pct,
      ${percent(sql`s.quoted`, sql`s.created`)} as quoted_pct,
      ${percent(sql`s.ordered`, sql`s.created`)} as ordered_pct,
      ${percent(sql`s.ordered`, sql`s.quoted`)} as quote_to_order_pct
    from s`)
  const stages: ConversionStage[] = ['created', 'quoted', 'ordered']
  return {
    stages: stages.map((stage) => ({ stage, count: Number(row?.[stage] ?? 0), percent: (row?.[`${stage}_pct`] as string | null) ?? null })),
    quoteToOrderPercent: (row?.quote_to_order_pct as string | null) ?? null,
  }
}

/**
 * Order value per UTC month and currency: the sum of quantity × unit price of orders created in the
 * range, Cancelled orders left out. Every month of the range × every currency is listed ("0.00" when none).
 */
export async function getOrderValueByMonth(r: DateRange): Promise<OrderValueDto[]> {
  const currencies = sql.join(
    CURRENCIES.map((c, i) => sql`(${c}::text, ${i}::int)`),
    sql`, `,
  )
  return rows<OrderValueDto>(sql`
    with m as (
      select date_trunc('month', o.created_at at time zone 'UTC') as mo, o.currency, count(*)::int as n, sum(o.quantity * o.unit_price) as total
      from ${orders} o
      where o.status <> 'Cancelled' and ${inRange(sql`o.created_at`, r)}
      group by 1, 2
    )
    select to_char(g, 'YYYY-MM') as month, c.currency, coalesce(m.n, 0)::int as orders, round(coalesce(m.total, 0), 2)::text as total
    from generate_series(date_trunc('month', (${r.from}::date)::timestamp), (${r.to}::date)::timestamp, interval '1 month') g
    cross join (values ${currencies}) as c(currency, ord)
    left join m on m.mo = g and m.currency = c.currency
    order by g, c.ord`)
}

// What an order was for: a direct order names its product; an order from a product request takes the
// request's product; an order from an open RFQ has only the RFQ's category.
const orderLinks = (r: DateRange) => sql`
  from ${orders} o
  left join ${rfqs} rq on rq.id = o.rfq_id
  left join ${products} p on p.id = coalesce(o.product_id, rq.product_id)
  where o.status <> 'Cancelled' and ${inRange(sql`o.created_at`, r)}`

/** A category's top-level parent (subcategories count toward the category above them). */
const topCategoryOf = (categoryId: SQL) => sql`(select coalesce(c.parent_id, c.id) from ${categories} c where c.id = ${categoryId})`

/** Ranked ids with values, named in `locale` (else English, else the id). */
async function namedCategories(ranked: SQL, locale: Language): Promise<TopItemDto[]> {
  return rows<TopItemDto>(sql`
    with t as (${ranked})
    select t.id, coalesce(nullif(btrim(ctl.name), ''), nullif(btrim(cte.name), ''), t.id) as name,
      (case when nullif(btrim(ctl.name), '') is not null then ${locale} else 'en' end) as lang, t.value, null as ordered
    from t
    left join ${categoryTranslations} ctl on ctl.category_id = t.id and ctl.language_code = ${locale}
    left join ${categoryTranslations} cte on cte.category_id = t.id and cte.language_code = 'en'
    order by t.value desc, t.id`)
}

/** Ranked product ids with values, named in `locale`, else English, else the first translation that has a name. */
async function namedProducts(ranked: SQL, locale: Language): Promise<TopItemDto[]> {
  const named = await rows<Omit<TopItemDto, 'ordered'> & { ordered: string | OrderedQuantityDto | null }>(sql`
    with t as (${ranked})
    select t.id::text as id,
      coalesce(nullif(btrim(tl.name), ''), nullif(btrim(te.name), ''), x.name, t.id::text) as name,
      coalesce(case when nullif(btrim(tl.name), '') is not null then tl.language_code when nullif(btrim(te.name), '') is not null then 'en' end, x.language_code, 'en') as lang,
      t.value,
      -- A ranking by orders carries the quantity ordered and its unit; one by views has none.
      (case when to_jsonb(t) ? 'unit' then json_build_object('quantity', to_jsonb(t) ->> 'quantity', 'unit', to_jsonb(t) ->> 'unit') end) as ordered
    from t
    left join ${productTranslations} tl on tl.product_id = t.id and tl.language_code = ${locale}
    left join ${productTranslations} te on te.product_id = t.id and te.language_code = 'en'
    left join lateral (
      select btrim(y.name) as name, y.language_code from ${productTranslations} y
      where y.product_id = t.id and btrim(y.name) <> '' order by y.language_code limit 1
    ) x on true
    order by t.value desc, t.id, to_jsonb(t) ->> 'unit'`)
  // json comes back parsed from one driver and as text from another.
  return named.map((n) => ({ ...n, ordered: typeof n.ordered === 'string' ? (JSON.parse(n.ordered) as OrderedQuantityDto) : n.ordered }))
}

/** Top categories by product views (distinct visitors per day) and by orders (not Cancelled) in the range. */
export async function getTopCategories(r: DateRange, locale: Language): Promise<TopDto> {
  const byViews = sql`
    select ${topCategoryOf(sql`p.category_id`)} as id, count(*)::int as value
    from ${productViews} v join ${products} p on p.id = v.product_id
    where v.day between ${r.from}::date and ${r.to}::date
    group by 1 order by value desc, id limit ${TOP_LIMIT}`
  const byOrders = sql`
    select ${topCategoryOf(sql`coalesce(p.category_id, rq.category_id)`)} as id, count(*)::int as value
    ${orderLinks(r)} and coalesce(p.category_id, rq.category_id) is not null
    group by 1 order by value desc, id limit ${TOP_LIMIT}`
  const [views, ordered] = await Promise.all([namedCategories(byViews, locale), namedCategories(byOrders, locale)])
  return { byViews: views, byOrders: ordered }
}

/**
 * Top products by views and by orders (not Cancelled) in the range. By orders, a product is ranked per
 * unit its orders count in (almost always one: the unit it is sold by) with the quantity ordered in that
 * unit, so quantities in different units are never added together.
 */
export async function getTopProducts(r: DateRange, locale: Language): Promise<TopDto> {
  const byViews = sql`
    select v.product_id as id, count(*)::int as value
    from ${productViews} v
    where v.day between ${r.from}::date and ${r.to}::date
    group by 1 order by value desc, id limit ${TOP_LIMIT}`
  const byOrders = sql`
    select p.id as id, o.unit as unit, count(*)::int as value, trim_scale(sum(o.quantity))::text as quantity
    ${orderLinks(r)} and p.id is not null
    group by 1, 2 order by value desc, id, unit limit ${TOP_LIMIT}`
  const [views, ordered] = await Promise.all([namedProducts(byViews, locale), namedProducts(byOrders, locale)])
  return { byViews: views, byOrders: ordered }
}

/** Everything the analytics page draws, for one range. */
export async function getAnalytics(r: DateRange, locale: Language): Promise<AnalyticsDto> {
  const [signups, breakdown, kycFunnel, conversion, orderValue, paidVsDue, topCategories, topProducts] = await Promise.all([
    getSignupsByWeek(r),
    getSignupBreakdown(r),
    getKycFunnel(r),
    getConversion(r),
    getOrderValueByMonth(r),
    getPaidVsDueByMonth(r),
    getTopCategories(r, locale),
    getTopProducts(r, locale),
  ])
  return { signups, breakdown, kycFunnel, conversion, orderValue, paidVsDue, topCategories, topProducts }
}

export type ChartTable = { header: string[]; rows: CsvCell[][] }

const ranked = (top: TopDto, idColumn: string): ChartTable => ({
  header: ['metric', 'rank', idColumn, 'name', 'value'],
  rows: [...top.byViews.map((t, i) => ['views', i + 1, t.id, t.name, t.value]), ...top.byOrders.map((t, i) => ['orders', i + 1, t.id, t.name, t.value])],
})

/** Top products: as `ranked`, and for a ranking by orders the quantity ordered beside its unit (a unit code from the rules module). */
const rankedProducts = (top: TopDto): ChartTable => ({
  header: ['metric', 'rank', 'product_id', 'name', 'value', 'quantity_ordered', 'unit'],
  rows: [
    ...top.byViews.map((t, i) => ['views', i + 1, t.id, t.name, t.value, null, null]),
    ...top.byOrders.map((t, i) => ['orders', i + 1, t.id, t.name, t.value, t.ordered?.quantity ?? null, t.ordered?.unit ?? null]),
  ],
})

/**
 * One chart's data as a table for the CSV export. Column headers are fixed English identifiers (a file
 * read by scripts and spreadsheets in any language); names are in the admin's language.
 */
export async function getChartTable(chart: ChartId, r: DateRange, locale: Language): Promise<ChartTable> {
  switch (chart) {
    case 'signups':
      return { header: ['week_start_utc', 'signups', 'buyers', 'sellers'], rows: (await getSignupsByWeek(r)).map((w) => [w.week, w.total, w.buyers, w.sellers]) }
    case 'signups-breakdown': {
      const b = await getSignupBreakdown(r)
      return {
        header: ['dimension', 'value', 'signups'],
        rows: [...b.byCountry.map((c) => ['country', c.key, c.count]), ...b.byType.map((t) => ['user_type', t.key, t.count]), ['total', 'all', b.total]],
      }
    }
    case 'kyc-funnel':
      return { header: ['stage', 'sellers', 'percent_of_registered'], rows: (await getKycFunnel(r)).map((s) => [s.stage, s.count, s.percent]) }
    case 'conversion': {
      const c = await getConversion(r)
      return { header: ['stage', 'rfqs', 'percent_of_created'], rows: c.stages.map((s) => [s.stage, s.count, s.percent]) }
    }
    case 'order-value':
      return { header: ['month_utc', 'currency', 'orders', 'order_value'], rows: (await getOrderValueByMonth(r)).map((m) => [m.month, m.currency, m.orders, m.total]) }
    case 'paid-vs-due':
      return {
        header: ['due_month_utc', 'currency', 'paid', 'paid_milestones', 'due', 'due_milestones'],
        rows: (await getPaidVsDueByMonth(r)).map((m) => [m.month, m.currency, m.paid, m.paidCount, m.due, m.dueCount]),
      }
    case 'top-categories':
      return ranked(await getTopCategories(r, locale), 'category_id')
    case 'top-products':
      return rankedProducts(await getTopProducts(r, locale))
  }
}
