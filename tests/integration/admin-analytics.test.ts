// Issue 10 item 8: /admin/analytics and its CSV export. Known data with fixed creation times in 2025
// (nothing the factories make "now" falls in these ranges), and the exact figures each chart shows.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { type Currency, CURRENCIES, type KycStatus, type OrderStatus, type QuantityUnit, type TradingCountry, type UserType } from '~/domain'
import { orders, productViews, profiles } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import type { AnalyticsDto } from '~/modules/analytics/queries.server'
import { loader as exportLoader } from '~/routes/admin/analytics-export'
import { loader as pageLoader } from '~/routes/admin/analytics'
import { adminCookie, createAdmin } from '../factories/admins'
import { createCategory, createProduct } from '../factories/catalog'
import { createQuote } from '../factories/quotes'
import { createRfq } from '../factories/trade'
import { createUser, signInCookie } from '../factories/users'
import { callRoute } from './account-support'

const RANGE = 'from=2025-01-01&to=2025-03-31'
const at = (iso: string) => new Date(iso)

/** One month of the order-value chart: a row per currency, in the list's order, nothing ordered unless `given`. */
const monthValues = (month: string, given: Partial<Record<Currency, { orders: number; total: string }>>) =>
  CURRENCIES.map((currency) => ({ month, currency, orders: 0, total: '0.00', ...given[currency] }))

let n = 0
/** A profile created at `createdAt` (no login: analytics counts profiles). */
async function profile(createdAt: string, userType: UserType, country: TradingCountry, kyc: { status?: KycStatus | null; doc?: boolean } = {}) {
  n += 1
  const [row] = await getDb()
    .insert(profiles)
    .values({
      name: `Analytics ${n}`,
      email: `analytics${n}-${randomUUID().slice(0, 6)}@test.example`,
      country,
      userType,
      kycStatus: kyc.status ?? null,
      kycDocumentUrl: kyc.doc ? `x${n}/kyc_document.pdf` : null,
      createdAt: at(createdAt),
      updatedAt: at(createdAt),
    })
    .returning({ id: profiles.id })
  return row!.id
}

type OrderSpec = {
  buyerId: string
  sellerId: string
  currency: 'USD' | 'INR' | 'RUB'
  unitPrice: string
  quantity: number
  total: string
  status: OrderStatus
  createdAt: string
  productId?: string
  rfqId?: string
  quoteId?: string
  unit?: QuantityUnit
}
async function order(o: OrderSpec) {
  await getDb()
    .insert(orders)
    .values({ ...o, createdAt: at(o.createdAt), updatedAt: at(o.createdAt) })
}

async function views(productId: string, days: string[]) {
  await getDb()
    .insert(productViews)
    .values(days.map((day, i) => ({ productId, day, visitorKey: `visitor-${i}-${randomUUID().slice(0, 6)}` })))
}

let ids: { p1: string; p2: string; p3: string; spices: string; metals: string; textiles: string }
let admin: string

beforeAll(async () => {
  // Sign-ups: two buyers and four sellers inside the range, one each just outside it.
  const buyerIndia = await profile('2025-01-06T00:00:00Z', 'Buyer', 'India')
  await profile('2025-01-12T23:59:59Z', 'Buyer', 'Russia')
  const s1 = await profile('2025-01-13T00:00:00Z', 'Seller', 'India')
  const s2 = await profile('2025-02-10T10:00:00Z', 'Seller', 'Russia', { status: 'Pending', doc: true })
  await profile('2025-02-11T10:00:00Z', 'Seller', 'India', { status: 'Approved', doc: true })
  await profile('2025-03-31T23:59:59.999Z', 'Seller', 'India', { status: 'Rejected', doc: true })
  await profile('2024-12-31T23:59:59Z', 'Buyer', 'India')
  await profile('2025-04-01T00:00:00Z', 'Seller', 'Russia', { status: 'Approved', doc: true })

  // Catalog: a subcategory rolls up into its parent; one category and one product lack a Russian name.
  const spices = await createCategory({ translations: { en: { name: 'Spices' }, ru: { name: 'Специи' }, hi: { name: 'मसाले' } } })
  const turmeric = await createCategory({ parentId: spices.id, translations: { en: { name: 'Turmeric powder' } } })
  const metals = await createCategory({ translations: { en: { name: 'Metals' } } })
  const textiles = await createCategory({ translations: { en: { name: 'Textiles' }, ru: { name: 'Текстиль' } } })
  const p1 = await createProduct({ sellerId: s1, categoryId: turmeric.id, translations: { en: { name: 'Turmeric' }, ru: { name: 'Куркума' } } })
  const p2 = await createProduct({ sellerId: s1, categoryId: metals.id, translations: { en: { name: 'Steel pipe' } } })
  const p3 = await createProduct({ sellerId: s2, categoryId: textiles.id, translations: { ru: { name: 'Хлопок' } } })
  ids = { p1: p1.id, p2: p2.id, p3: p3.id, spices: spices.id, metals: metals.id, textiles: textiles.id }
  await views(p1.id, ['2025-01-01', '2025-02-01', '2025-03-31', '2024-12-31'])
  await views(p2.id, ['2025-01-05', '2025-01-06', '2025-04-01'])
  await views(p3.id, ['2025-03-01'])

  // RFQs: A (two quotes, an order later cancelled), B (one quote), C (none) in range; E and F before it.
  const rfqA = await createRfq(buyerIndia, { createdAt: at('2025-01-10T00:00:00Z'), categoryId: textiles.id })
  const quoteA = await createQuote(rfqA!.id, s1, { status: 'Accepted' })
  await createQuote(rfqA!.id, s2)
  const rfqB = await createRfq(buyerIndia, { createdAt: at('2025-02-01T00:00:00Z') })
  await createQuote(rfqB!.id, s1)
  await createRfq(buyerIndia, { createdAt: at('2025-03-01T00:00:00Z') })
  const rfqE = await createRfq(buyerIndia, { createdAt: at('2024-12-20T00:00:00Z'), productId: p1.id, sellerId: s1, status: 'awarded' })
  const quoteE = await createQuote(rfqE!.id, s1, { status: 'Accepted', currency: 'INR' })
  const rfqF = await createRfq(buyerIndia, { createdAt: at('2024-11-01T00:00:00Z'), categoryId: metals.id, status: 'awarded' })
  // An old RFQ with a quote and an order: outside the range, so not in the conversion.
  const rfqOld = await createRfq(buyerIndia, { createdAt: at('2024-12-15T00:00:00Z') })
  const quoteOld = await createQuote(rfqOld!.id, s1, { status: 'Accepted' })

  const base = { buyerId: buyerIndia, sellerId: s1 }
  // Orders: 0.10 + 0.20 USD in January (direct orders of p2), a cancelled one, INR through a product
  // request for p1, a huge RUB one on the last evening through an open RFQ in Metals, and two outside.
  await order({ ...base, currency: 'USD', unitPrice: '0.10', quantity: 1, total: '0.10', status: 'Pending', createdAt: '2025-01-15T12:00:00Z', productId: p2.id })
  await order({ ...base, currency: 'USD', unitPrice: '0.20', quantity: 1, total: '0.20', status: 'Delivered', createdAt: '2025-01-20T12:00:00Z', productId: p2.id })
  await order({ ...base, currency: 'USD', unitPrice: '100.00', quantity: 5, total: '500.00', status: 'Cancelled', createdAt: '2025-01-12T12:00:00Z', rfqId: rfqA!.id, quoteId: quoteA!.id })
  await order({ ...base, currency: 'INR', unitPrice: '1234.55', quantity: 3, total: '3703.65', status: 'Accepted', createdAt: '2025-02-05T12:00:00Z', rfqId: rfqE!.id, quoteId: quoteE!.id })
  await order({ ...base, currency: 'RUB', unitPrice: '999999999999.99', quantity: 2, total: '1999999999999.98', status: 'Shipped', createdAt: '2025-03-31T23:00:00Z', rfqId: rfqF!.id })
  await order({ ...base, currency: 'USD', unitPrice: '7.00', quantity: 1, total: '7.00', status: 'Pending', createdAt: '2025-04-01T00:00:00Z', productId: p1.id })
  await order({ ...base, currency: 'USD', unitPrice: '9.00', quantity: 1, total: '9.00', status: 'Pending', createdAt: '2024-12-16T00:00:00Z', rfqId: rfqOld!.id, quoteId: quoteOld!.id })

  const a = await createAdmin({ role: 'admin' })
  admin = await adminCookie(a.email, a.password)
})

type PageData = { range: { from: string; to: string }; preset: string | null; error: string | null; analytics: AnalyticsDto; presets: { preset: string; range: { from: string; to: string } }[] }
const page = async (qs: string, cookie: string | null = admin) => callRoute(pageLoader, `/admin/analytics?${qs}`, { cookie })
const pageData = async (qs: string) => {
  const out = await page(qs)
  expect(out.status).toBe(200)
  return out.data as PageData
}
const download = (qs: string, cookie: string | null = admin) => callRoute(exportLoader, `/admin/analytics/export?${qs}`, { cookie })
const csvOf = async (qs: string) => {
  const out = await download(qs)
  expect(out.status).toBe(200)
  // Response.text() would drop the BOM; the file keeps it.
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await out.response!.arrayBuffer())
}

describe('/admin/analytics figures', () => {
  it('counts sign-ups per UTC week (Monday first, every week listed) and by country and type', async () => {
    const { analytics, range, error } = await pageData(RANGE)
    expect(error).toBeNull()
    expect(range).toEqual({ from: '2025-01-01', to: '2025-03-31' })
    expect(analytics.signups).toHaveLength(14)
    expect(analytics.signups[0]).toEqual({ week: '2024-12-30', total: 0, buyers: 0, sellers: 0 })
    const nonEmpty = analytics.signups.filter((w) => w.total > 0)
    expect(nonEmpty).toEqual([
      { week: '2025-01-06', total: 2, buyers: 2, sellers: 0 },
      { week: '2025-01-13', total: 1, buyers: 0, sellers: 1 },
      { week: '2025-02-10', total: 2, buyers: 0, sellers: 2 },
      { week: '2025-03-31', total: 1, buyers: 0, sellers: 1 },
    ])
    expect(analytics.breakdown).toEqual({
      total: 6,
      byCountry: [
        { key: 'India', count: 4 },
        { key: 'Russia', count: 2 },
      ],
      byType: [
        { key: 'Buyer', count: 2 },
        { key: 'Seller', count: 4 },
      ],
    })
  })

  it("buckets in UTC whatever the database session's time zone", async () => {
    // UTC+14: a local calendar would move the Sunday-night buyer into the next week and the last
    // evening's RUB order into April.
    await getDb().execute(sql`set time zone 'Pacific/Kiritimati'`)
    try {
      const { analytics } = await pageData(RANGE)
      expect(analytics.signups.find((w) => w.week === '2025-01-06')).toMatchObject({ total: 2 })
      expect(analytics.orderValue.find((m) => m.month === '2025-03' && m.currency === 'RUB')).toMatchObject({ orders: 1 })
      expect(analytics.breakdown.total).toBe(6)
    } finally {
      await getDb().execute(sql`set time zone 'UTC'`)
    }
  })

  it('filters by the range: a narrower one leaves the rest out', async () => {
    const { analytics } = await pageData('from=2025-02-01&to=2025-02-28')
    expect(analytics.signups.map((w) => w.week)).toEqual(['2025-01-27', '2025-02-03', '2025-02-10', '2025-02-17', '2025-02-24'])
    expect(analytics.breakdown.total).toBe(2)
    expect(analytics.conversion.stages[0]).toEqual({ stage: 'created', count: 1, percent: '100.0' })
    expect(analytics.orderValue).toEqual(monthValues('2025-02', { INR: { orders: 1, total: '3703.65' } }))
  })

  it('shows the seller KYC funnel with shares of the registered sellers', async () => {
    const { analytics } = await pageData(RANGE)
    expect(analytics.kycFunnel).toEqual([
      { stage: 'registered', count: 4, percent: '100.0' },
      { stage: 'uploaded', count: 3, percent: '75.0' },
      { stage: 'approved', count: 1, percent: '25.0' },
      { stage: 'pending', count: 1, percent: '25.0' },
      { stage: 'rejected', count: 1, percent: '25.0' },
    ])
  })

  it('shows RFQ → quote → order conversion with exact shares computed by the database', async () => {
    const { analytics } = await pageData(RANGE)
    expect(analytics.conversion).toEqual({
      stages: [
        { stage: 'created', count: 3, percent: '100.0' },
        { stage: 'quoted', count: 2, percent: '66.7' },
        { stage: 'ordered', count: 1, percent: '33.3' },
      ],
      quoteToOrderPercent: '50.0',
    })
    // A range without RFQs has no shares rather than a division by zero.
    const empty = (await pageData('from=2023-01-01&to=2023-01-31')).analytics.conversion
    expect(empty.stages.map((s) => s.percent)).toEqual([null, null, null])
  })

  it('sums order value per currency and UTC month exactly, without Cancelled orders', async () => {
    const { analytics } = await pageData(RANGE)
    expect(analytics.orderValue).toEqual([
      ...monthValues('2025-01', { USD: { orders: 2, total: '0.30' } }),
      ...monthValues('2025-02', { INR: { orders: 1, total: '3703.65' } }),
      ...monthValues('2025-03', { RUB: { orders: 1, total: '1999999999999.98' } }),
    ])
  })

  it('ranks categories (subcategories rolled up) and products by views and by orders, named in English with fallbacks', async () => {
    const { analytics } = await pageData(RANGE)
    // One ranked entry: its id, its name in the language it was found in (English first), and its count.
    const rank = (id: string, name: string, value: number, lang = 'en') => ({ id, name, lang, value, ordered: null })
    // Ranked by orders, a product also has the quantity ordered in its unit (these orders are in pieces).
    const ordered = (quantity: string) => ({ ordered: { quantity, unit: 'pieces' } })
    expect(analytics.topProducts).toEqual({
      byViews: [rank(ids.p1, 'Turmeric', 3), rank(ids.p2, 'Steel pipe', 2), rank(ids.p3, 'Хлопок', 1, 'ru')],
      byOrders: [{ ...rank(ids.p2, 'Steel pipe', 2), ...ordered('2') }, { ...rank(ids.p1, 'Turmeric', 1), ...ordered('3') }],
    })
    expect(analytics.topCategories).toEqual({
      byViews: [rank(ids.spices, 'Spices', 3), rank(ids.metals, 'Metals', 2), rank(ids.textiles, 'Textiles', 1)],
      byOrders: [rank(ids.metals, 'Metals', 3), rank(ids.spices, 'Spices', 1)],
    })
  })

  it("names them in the admin's language, English where there is no translation", async () => {
    const { analytics } = await pageData(`${RANGE}&lng=ru`)
    expect(analytics.topProducts.byViews.map((p) => [p.name, p.lang])).toEqual([
      ['Куркума', 'ru'],
      ['Steel pipe', 'en'],
      ['Хлопок', 'ru'],
    ])
    expect(analytics.topCategories.byViews.map((c) => [c.name, c.lang])).toEqual([
      ['Специи', 'ru'],
      ['Metals', 'en'],
      ['Текстиль', 'ru'],
    ])
  })

  it('sums the quantity ordered per unit, never tonnes with kilograms, in the page data and the CSV (issue 28)', async () => {
    const buyerId = await profile('2025-07-01T00:00:00Z', 'Buyer', 'India')
    const sellerId = await profile('2025-07-01T00:00:00Z', 'Seller', 'Russia')
    const { id: categoryId } = await createCategory()
    const wheat = await createProduct({ sellerId, categoryId, unit: 'tonnes', translations: { en: { name: 'Durum wheat' } } })
    const day = (d: string) => `2025-07-${d}T10:00:00Z`
    await order({ buyerId, sellerId, currency: 'USD', unitPrice: '245.00', quantity: 12, total: '2940.00', status: 'Pending', createdAt: day('02'), productId: wheat.id, unit: 'tonnes' })
    await order({ buyerId, sellerId, currency: 'USD', unitPrice: '245.00', quantity: 8, total: '1960.00', status: 'Delivered', createdAt: day('03'), productId: wheat.id, unit: 'tonnes' })
    // Sold by the kilogram before the seller changed its unit: counted apart, not added to the tonnes.
    await order({ buyerId, sellerId, currency: 'USD', unitPrice: '0.25', quantity: 500, total: '125.00', status: 'Accepted', createdAt: day('04'), productId: wheat.id, unit: 'kg' })
    await order({ buyerId, sellerId, currency: 'USD', unitPrice: '245.00', quantity: 99, total: '24255.00', status: 'Cancelled', createdAt: day('05'), productId: wheat.id, unit: 'tonnes' })
    const july = 'from=2025-07-01&to=2025-07-31'
    const { analytics } = await pageData(july)
    expect(analytics.topProducts.byOrders.map((p) => [p.name, p.value, p.ordered])).toEqual([
      ['Durum wheat', 2, { quantity: '20', unit: 'tonnes' }],
      ['Durum wheat', 1, { quantity: '500', unit: 'kg' }],
    ])
    expect(await csvOf(`chart=top-products&${july}`)).toBe(
      `\uFEFFmetric,rank,product_id,name,value,quantity_ordered,unit\r\norders,1,${wheat.id},Durum wheat,2,20,tonnes\r\norders,2,${wheat.id},Durum wheat,1,500,kg\r\n`,
    )
  })

  it('answers the page only with aggregates: no emails, storage keys or rows', async () => {
    const out = await page(RANGE)
    const json = JSON.stringify(out.data)
    expect(json).not.toMatch(/@test\.example|kyc_document|visitor-/)
  })
})

describe('/admin/analytics range', () => {
  it('opens on the last 90 days (UTC) with the presets', async () => {
    const data = await pageData('')
    const today = new Date().toISOString().slice(0, 10)
    expect(data.range.to).toBe(today)
    expect(data.preset).toBe('90d')
    expect(data.error).toBeNull()
    expect(data.presets.map((p) => p.preset)).toEqual(['30d', '90d', '12m'])
  })

  it.each([
    ['from=2025-02-30&to=2025-03-01', 'invalidDate'],
    ['from=2025-03-02&to=2025-03-01', 'fromAfterTo'],
    ['from=2020-01-01&to=2025-01-01', 'tooLong'],
    ['from=%3Cscript%3E&to=', 'invalidDate'],
  ])('shows a message and the default range (200) for %s', async (qs, error) => {
    const data = await pageData(qs)
    expect(data.error).toBe(error)
    expect(data.preset).toBe('90d')
    expect(data.range.to).toBe(new Date().toISOString().slice(0, 10))
  })
})

describe('/admin/analytics/export', () => {
  it('downloads a chart as UTF-8 CSV with a BOM, English column names and exact decimals', async () => {
    const out = await download(`chart=order-value&${RANGE}`)
    expect(out.status).toBe(200)
    expect(out.response!.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(out.response!.headers.get('Content-Disposition')).toBe('attachment; filename="setu-order-value-2025-01-01-to-2025-03-31.csv"')
    expect(out.response!.headers.get('Cache-Control')).toBe('private, no-store')
    const bytes = new Uint8Array(await out.response!.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
    expect(text).toBe(
      '\uFEFFmonth_utc,currency,orders,order_value\r\n' +
        '2025-01,USD,2,0.30\r\n2025-01,INR,0,0.00\r\n2025-01,RUB,0,0.00\r\n2025-01,EUR,0,0.00\r\n' +
        '2025-02,USD,0,0.00\r\n2025-02,INR,1,3703.65\r\n2025-02,RUB,0,0.00\r\n2025-02,EUR,0,0.00\r\n' +
        '2025-03,USD,0,0.00\r\n2025-03,INR,0,0.00\r\n2025-03,RUB,1,1999999999999.98\r\n2025-03,EUR,0,0.00\r\n',
    )
  })

  it('exports every chart', async () => {
    expect(await csvOf(`chart=signups&${RANGE}`)).toContain('week_start_utc,signups,buyers,sellers\r\n2024-12-30,0,0,0\r\n2025-01-06,2,2,0\r\n')
    expect(await csvOf(`chart=signups-breakdown&${RANGE}`)).toBe('\uFEFFdimension,value,signups\r\ncountry,India,4\r\ncountry,Russia,2\r\nuser_type,Buyer,2\r\nuser_type,Seller,4\r\ntotal,all,6\r\n')
    expect(await csvOf(`chart=kyc-funnel&${RANGE}`)).toBe(
      '\uFEFFstage,sellers,percent_of_registered\r\nregistered,4,100.0\r\nuploaded,3,75.0\r\napproved,1,25.0\r\npending,1,25.0\r\nrejected,1,25.0\r\n',
    )
    expect(await csvOf(`chart=conversion&${RANGE}`)).toBe('\uFEFFstage,rfqs,percent_of_created\r\ncreated,3,100.0\r\nquoted,2,66.7\r\nordered,1,33.3\r\n')
    expect(await csvOf(`chart=top-products&${RANGE}`)).toBe(
      `\uFEFFmetric,rank,product_id,name,value,quantity_ordered,unit\r\nviews,1,${ids.p1},Turmeric,3,,\r\nviews,2,${ids.p2},Steel pipe,2,,\r\nviews,3,${ids.p3},Хлопок,1,,\r\norders,1,${ids.p2},Steel pipe,2,2,pieces\r\norders,2,${ids.p1},Turmeric,1,3,pieces\r\n`,
    )
    expect(await csvOf(`chart=top-categories&${RANGE}&lng=ru`)).toContain(`views,1,${ids.spices},Специи,3\r\n`)
  })

  it('quotes names per RFC 4180 and neutralises formulas in them', async () => {
    const c = await createCategory({ translations: { en: { name: 'Tools, "hand" & power' } } })
    const p = await createProduct({ categoryId: c.id, translations: { en: { name: '=HYPERLINK("http://evil.example","x")' } } })
    await views(p.id, ['2025-06-01'])
    const products = await csvOf('chart=top-products&from=2025-06-01&to=2025-06-01')
    expect(products).toContain(`views,1,${p.id},"'=HYPERLINK(""http://evil.example"",""x"")",1,,\r\n`)
    const categories = await csvOf('chart=top-categories&from=2025-06-01&to=2025-06-01')
    expect(categories).toContain(`views,1,${c.id},"Tools, ""hand"" & power",1\r\n`)
  })

  it('answers 404 with a message for an unknown or missing chart, and 400 for a bad range', async () => {
    for (const qs of [`chart=users&${RANGE}`, RANGE, `chart=__proto__&${RANGE}`]) {
      const out = await download(qs)
      expect(out.status, qs).toBe(404)
      expect(out.response!.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
      expect(await out.response!.text()).toContain('There is no chart with that name')
    }
    const bad = await download('chart=signups&from=2025-03-02&to=2025-03-01')
    expect(bad.status).toBe(400)
    expect(await bad.response!.text()).toContain('The start date must not be after the end date.')
    const ru = await download('chart=nope&lng=ru')
    expect(await ru.response!.text()).toContain('Графика с таким названием нет')
  })
})

describe('analytics permissions', () => {
  it('lets super_admin and admin in, shows a moderator Access Denied (403) on the page and the export', async () => {
    const superAdmin = await createAdmin({ role: 'super_admin' })
    expect((await page(RANGE, await adminCookie(superAdmin.email, superAdmin.password))).status).toBe(200)
    const m = await createAdmin({ role: 'moderator' })
    const cookie = await adminCookie(m.email, m.password)
    const denied = await page(RANGE, cookie)
    expect(denied.status).toBe(403)
    expect(denied.data).toMatchObject({ adminAccessDenied: true, admin: { role: 'moderator' } })
    const csv = await download(`chart=signups&${RANGE}`, cookie)
    expect(csv.status).toBe(403)
    const body = await csv.response!.text()
    expect(body).toContain('You don&#39;t have permission to access this resource.')
    expect(body).not.toContain('week_start_utc')
  })

  it('sends a marketplace user or nobody to /admin/login and back', async () => {
    const u = await createUser()
    const userCookie = await signInCookie(u.email, u.password)
    for (const cookie of [null, userCookie]) {
      const p = await page(RANGE, cookie)
      expect(p.status).toBe(302)
      expect(p.location).toBe(`/admin/login?redirectTo=${encodeURIComponent(`/admin/analytics?${RANGE}`)}`)
      const e = await download(`chart=signups&${RANGE}`, cookie)
      expect(e.status).toBe(302)
      expect(e.location).toBe(`/admin/login?redirectTo=${encodeURIComponent(`/admin/analytics/export?chart=signups&${RANGE}`)}`)
    }
  })
})
