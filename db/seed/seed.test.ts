import fs from 'node:fs'
import path from 'node:path'
import { verifyPassword } from 'better-auth/crypto'
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getAuth } from '~/lib/auth.server'
import { getDb } from '~/lib/db.server'
import { addMoney } from '~/modules/catalog/money'
import { multiplyDecimal } from '~/lib/decimal'
import { KYC_DOCUMENT, PAYMENT_PROOF } from '~/domain/uploads'
import { checkUpload } from '~/lib/uploads.server'
import { readKycDocumentByKey } from '~/modules/kyc/queries.server'
import { orderTransitionVerdict } from '~/modules/orders/policy'
import { getOrder, listOrders } from '~/modules/orders/queries.server'
import { countPendingOrders } from '~/modules/orders/stats.server'
import { countOpenBoardRfqs, listBoardRfqs } from '~/modules/rfqs/board.server'
import { CATALOG_CURRENCIES, CURRENCIES, LOCATION_PREFERENCES, MILESTONE_STATUSES, ORDER_STATUSES, QUANTITY_UNITS, SHIPPING_METHODS, shiftDay, TRADING_COUNTRIES, utcDay } from '../../app/domain'
import { getNegotiation } from '~/modules/rfqs/negotiation.server'
import { listOwnRfqs } from '~/modules/rfqs/queries.server'
import { listQuotesForBuyer } from '~/modules/rfqs/quotes.server'
import { parseBoardFilters } from '~/modules/rfqs/schemas/board-filters'
import { countSellerTurnQuotes, getBuyerQuoteCounts } from '~/modules/rfqs/stats.server'
import {
  accounts,
  categories,
  categoryTranslations,
  disputeMessages,
  disputes,
  orderEvents,
  orderMilestones,
  orders,
  productTranslations,
  products,
  profiles,
  quoteRounds,
  quotes,
  rfqs,
  users,
} from '../schema'
import { useTempStorage } from '../../tests/factories/files'
import { listDisputeQueue } from '~/modules/disputes/queries.server'
import { getDisputePayments, openProofLink } from '~/modules/payments/admin-dispute.server'
import { readPaymentTerms } from '~/modules/payments/schemas'
import { getStorage } from '~/lib/storage.server'
import { DEMO_DISPUTE_IDS } from './trade'
import { BUYER_IDS, DEMO_ACCOUNTS, DEMO_ADMINS, DEMO_ORDER_IDS, demoPaymentPlans, DEMO_RFQ_IDS, demoBuyers, demoProducts, NEW_LAUNCH_PRODUCT_IDS, seedDemoData } from '.'

const DAY_MS = 24 * 60 * 60 * 1000
const DEVANAGARI = /[\u0900-\u097F]/
const CYRILLIC = /[\u0400-\u04FF]/

function groupBy<T, K>(items: T[], key: (item: T) => K) {
  const map = new Map<K, T[]>()
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item])
  return map
}

async function counts() {
  const db = getDb()
  const count = sql<number>`count(*)::int`
  const [[c], [ct], [p], [pt], [pr], [u], [a], [r], [q], [qr], [o], [oe], [d], [dm]] = await Promise.all([
    db.select({ n: count }).from(categories),
    db.select({ n: count }).from(categoryTranslations),
    db.select({ n: count }).from(products),
    db.select({ n: count }).from(productTranslations),
    db.select({ n: count }).from(profiles),
    db.select({ n: count }).from(users),
    db.select({ n: count }).from(accounts),
    db.select({ n: count }).from(rfqs),
    db.select({ n: count }).from(quotes),
    db.select({ n: count }).from(quoteRounds),
    db.select({ n: count }).from(orders),
    db.select({ n: count }).from(orderEvents),
    db.select({ n: count }).from(disputes),
    db.select({ n: count }).from(disputeMessages),
  ])
  return {
    categories: c.n,
    categoryTranslations: ct.n,
    products: p.n,
    productTranslations: pt.n,
    profiles: pr.n,
    users: u.n,
    accounts: a.n,
    rfqs: r.n,
    quotes: q.n,
    quoteRounds: qr.n,
    orders: o.n,
    orderEvents: oe.n,
    disputes: d.n,
    disputeMessages: dm.n,
  }
}

let firstRuns: { created: boolean }[]
let before: Awaited<ReturnType<typeof counts>>

// The seed writes the pending seller's KYC document: into a temporary storage, not ./data.
let storage: ReturnType<typeof useTempStorage>
afterAll(() => storage?.cleanup())

beforeAll(async () => {
  storage = useTempStorage()
  before = await counts()
  // Two app instances starting at once against one database: exactly one loads the data.
  firstRuns = await Promise.all([seedDemoData(getDb()), seedDemoData(getDb())])
})

describe('seedDemoData on a fresh database', () => {
  it('reports that it created the demo data exactly once when two seeders race', () => {
    expect(before.categories).toBe(0)
    expect(firstRuns.map((r) => r.created).sort()).toEqual([false, true])
  })

  it('creates the seven top-level categories in order, with the featured English names', async () => {
    const rows = await getDb()
      .select({ id: categories.id, icon: categories.icon, name: categoryTranslations.name })
      .from(categories)
      .innerJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.languageCode, 'en')))
      .where(isNull(categories.parentId))
      .orderBy(asc(categories.sortOrder))
    expect(rows.map((r) => r.id)).toEqual(['wellness', 'gems-jewelry', 'agriculture', 'technology', 'industrial', 'textiles', 'beverages'])
    expect(rows.slice(0, 3).map((r) => r.name)).toEqual(['Wellness', 'Gems & Jewelry', 'Agriculture'])
    expect(rows.map((r) => r.icon)).toEqual(['leaf', 'gem', 'wheat', 'cpu', 'factory', 'shirt', 'coffee'])
  })

  it('gives every top-level category subcategories and an image', async () => {
    const subs = await getDb()
      .select({ id: categories.id, parentId: categories.parentId })
      .from(categories)
      .where(sql`${categories.parentId} is not null`)
    const parents = new Set(subs.map((s) => s.parentId))
    for (const id of ['wellness', 'gems-jewelry', 'agriculture', 'technology', 'industrial', 'textiles', 'beverages']) {
      expect(parents.has(id), id).toBe(true)
      expect(fs.existsSync(path.resolve('public/images/categories', `${id}.svg`)), id).toBe(true)
    }
    const topLevel = new Set(['wellness', 'gems-jewelry', 'agriculture', 'technology', 'industrial', 'textiles', 'beverages'])
    for (const s of subs) expect(topLevel.has(s.parentId!), `${s.id} nests under a top-level category`).toBe(true)
  })

  it('lists at least 26 products, with active products in every top-level category', async () => {
    const rows = await getDb()
      .select({ categoryId: products.categoryId, n: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.isActive, true))
      .groupBy(products.categoryId)
    const total = await getDb().select({ n: sql<number>`count(*)::int` }).from(products)
    expect(total[0].n).toBeGreaterThanOrEqual(26)
    expect(rows.map((r) => r.categoryId).sort()).toEqual(
      ['agriculture', 'beverages', 'gems-jewelry', 'industrial', 'technology', 'textiles', 'wellness'],
    )
  })

  it('places products in subcategories of their own category', async () => {
    const rows = await getDb()
      .select({ sku: products.sku, categoryId: products.categoryId, parentOfSub: categories.parentId })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.subcategoryId))
    expect(rows).toHaveLength(demoProducts.length)
    for (const r of rows) expect(r.parentOfSub, r.sku ?? '').toBe(r.categoryId)
  })

  it('has at least three approved sellers in each country, each owning products', async () => {
    const rows = await getDb()
      .select({
        country: profiles.country,
        kycStatus: profiles.kycStatus,
        email: profiles.email,
        phone: profiles.phoneNumber,
        n: sql<number>`count(${products.id})::int`,
      })
      .from(profiles)
      .innerJoin(products, eq(products.sellerId, profiles.id))
      .where(eq(profiles.userType, 'Seller'))
      .groupBy(profiles.id)
    expect(rows.length).toBeGreaterThanOrEqual(6)
    expect(rows.filter((r) => r.country === 'India').length).toBeGreaterThanOrEqual(3)
    expect(rows.filter((r) => r.country === 'Russia').length).toBeGreaterThanOrEqual(3)
    for (const r of rows) {
      expect(r.kycStatus, r.email).toBe('Approved')
      expect(r.email, r.email).toMatch(/@([a-z0-9-]+\.)*example(\.[a-z]+)?$/)
      expect(r.phone, r.email).toMatch(r.country === 'India' ? /^\+91 / : /^\+7 /)
    }
  })

  it('returns exactly the expected eight newest active products, all listed within the last 7 days', async () => {
    const rows = await getDb()
      .select({ id: products.id, createdAt: products.createdAt })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(desc(products.createdAt))
      .limit(9)
    expect(rows.slice(0, 8).map((r) => r.id)).toEqual([...NEW_LAUNCH_PRODUCT_IDS])
    for (const r of rows.slice(0, 8)) expect(Date.now() - r.createdAt.getTime()).toBeLessThan(7 * DAY_MS)
    expect(Date.now() - rows[8].createdAt.getTime()).toBeGreaterThan(7 * DAY_MS)
  })

  it('keeps one or two inactive listings, one of them newer than some New Launches', async () => {
    const inactive = await getDb()
      .select({ id: products.id, createdAt: products.createdAt })
      .from(products)
      .where(eq(products.isActive, false))
    expect(inactive.length).toBeGreaterThanOrEqual(1)
    expect(inactive.length).toBeLessThanOrEqual(2)
    expect(inactive.some((p) => Date.now() - p.createdAt.getTime() < 7 * DAY_MS)).toBe(true)
    for (const p of inactive) expect(NEW_LAUNCH_PRODUCT_IDS).not.toContain(p.id)
  })

  it('spreads creation dates over about two months', async () => {
    const [row] = await getDb()
      .select({ oldest: sql<string>`min(${products.createdAt})::text` })
      .from(products)
    expect(Date.now() - new Date(row.oldest).getTime()).toBeGreaterThan(45 * DAY_MS)
    expect(Date.now() - new Date(row.oldest).getTime()).toBeLessThan(70 * DAY_MS)
  })

  it('stores prices as exact decimals and reads them back as strings', async () => {
    const rows = await getDb()
      .select({ sku: products.sku, price: products.price, currency: products.currency, moq: products.minimumOrderQuantity })
      .from(products)
    const bySku = new Map(rows.map((r) => [r.sku, r]))
    expect(bySku.get('DA-TUR-PW-3C')).toMatchObject({ price: '2.35', currency: 'USD' })
    expect(bySku.get('VT-BCK-KRN-1')).toMatchObject({ price: '92.50', currency: 'RUB' })
    expect(bySku.get('KH-KSS-ZR-01')).toMatchObject({ price: '18500.00', currency: 'INR', moq: 5 })
    for (const r of rows) {
      expect(typeof r.price).toBe('string')
      expect(r.price, r.sku ?? '').toMatch(/^\d+\.\d{2}$/)
    }
    const [sum] = await getDb().select({ total: sql<string>`sum(${products.price})::text` }).from(products).where(eq(products.currency, 'USD'))
    const expected = demoProducts.filter((p) => p.currency === 'USD').reduce((acc, p) => acc + Math.round(Number(p.price) * 100), 0)
    expect(sum.total).toBe((expected / 100).toFixed(2))
    expect(new Set(rows.map((r) => r.currency))).toEqual(new Set(CATALOG_CURRENCIES))
    expect(rows.map((r) => r.moq)).toEqual(expect.arrayContaining([5, 10]))
  })

  it('sells each demo product by the unit its trade uses (issue 28): wheat and oil in tonnes, tea in kilograms, gems in carats, linen in metres', async () => {
    const rows = await getDb().select({ sku: products.sku, unit: products.unit }).from(products)
    const unitOf = Object.fromEntries(rows.map((r) => [r.sku, r.unit]))
    expect(unitOf['VT-WHT-C3-125']).toBe('tonnes')
    expect(Object.entries(unitOf).filter(([, u]) => u === 'tonnes').length).toBeGreaterThanOrEqual(4)
    expect(rows.filter((r) => r.unit === 'carats').length).toBe(2)
    expect(rows.filter((r) => r.unit === 'metres').length).toBe(1)
    expect(rows.filter((r) => r.unit === 'kg').length).toBeGreaterThanOrEqual(10)
  })

  it('gives every product usable shipping options, attributes and existing small images', async () => {
    const rows = await getDb()
      .select({ sku: products.sku, shipping: products.shippingOptions, media: products.mediaFiles, attributes: products.attributes, unit: products.unit })
      .from(products)
    const days = { sea: '30-45', air: '3-7', rail: '15-20' } as Record<string, string>
    for (const r of rows) {
      const label = r.sku ?? ''
      expect(r.attributes.origin, label).toMatch(/^(IN|RU)$/)
      expect(QUANTITY_UNITS, label).toContain(r.unit)
      expect(r.attributes, label).not.toHaveProperty('unit')
      for (const s of r.shipping) {
        expect(SHIPPING_METHODS, label).toContain(s.method)
        expect(s.price, label).toMatch(/^\d+\.\d{2}$/)
        expect(CATALOG_CURRENCIES, label).toContain(s.currency)
        if (days[s.method]) expect(s.estimatedDays, label).toBe(days[s.method])
      }
      expect(r.media.length, label).toBeGreaterThanOrEqual(1)
      expect(r.media.length, label).toBeLessThanOrEqual(3)
      for (const m of r.media) {
        expect(m, label).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/)
        const file = path.resolve('public', `.${m}`)
        expect(fs.existsSync(file), m).toBe(true)
        expect(fs.statSync(file).size, m).toBeLessThan(4096)
      }
    }
  })

  it('translates every category into en, ru and hi, with distinct Russian and Hindi names', async () => {
    const rows = await getDb().select().from(categoryTranslations)
    const byCategory = groupBy(rows, (r) => r.categoryId)
    const all = await getDb().select({ id: categories.id }).from(categories)
    expect(byCategory.size).toBe(all.length)
    for (const [id, tr] of byCategory) {
      const t = Object.fromEntries(tr.map((r) => [r.languageCode, r]))
      expect(Object.keys(t).sort(), id).toEqual(['en', 'hi', 'ru'])
      for (const lang of ['en', 'ru', 'hi']) {
        expect(t[lang].name.trim(), `${id} ${lang}`).not.toBe('')
        expect(t[lang].description.trim(), `${id} ${lang}`).not.toBe('')
      }
      expect(t.ru.name, id).not.toBe(t.en.name)
      expect(t.hi.name, id).not.toBe(t.en.name)
      expect(t.ru.name, id).toMatch(CYRILLIC)
      expect(t.hi.name, id).toMatch(DEVANAGARI)
    }
  })

  it('translates every product into en, ru and hi with names, slugs, texts and specifications', async () => {
    const rows = await getDb().select().from(productTranslations)
    const byProduct = groupBy(rows, (r) => r.productId)
    expect(byProduct.size).toBe(demoProducts.length)
    for (const [id, tr] of byProduct) {
      const t = Object.fromEntries(tr.map((r) => [r.languageCode, r]))
      expect(Object.keys(t).sort(), id).toEqual(['en', 'hi', 'ru'])
      for (const lang of ['en', 'ru', 'hi']) {
        const x = t[lang]
        expect(x.name.trim(), `${id} ${lang}`).not.toBe('')
        expect(x.slug, `${id} ${lang}`).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
        expect(x.description.length, `${id} ${lang}`).toBeGreaterThan(30)
        expect(x.longDescription.length, `${id} ${lang}`).toBeGreaterThan(x.description.length)
        expect(x.specifications.length, `${id} ${lang}`).toBeGreaterThanOrEqual(4)
        expect(x.specifications.length, `${id} ${lang}`).toBeLessThanOrEqual(6)
        for (const s of x.specifications) expect(s.name && s.value, `${id} ${lang}`).toBeTruthy()
      }
      expect(t.ru.name, id).not.toBe(t.en.name)
      expect(t.hi.name, id).not.toBe(t.en.name)
      expect(t.ru.name, id).toMatch(CYRILLIC)
      expect(t.hi.name, id).toMatch(DEVANAGARI)
      expect(t.ru.specifications.map((s) => s.name), id).not.toEqual(t.en.specifications.map((s) => s.name))
      expect(t.ru.specifications, id).toHaveLength(t.en.specifications.length)
      expect(t.hi.specifications, id).toHaveLength(t.en.specifications.length)
      expect(t.en.name, id).not.toMatch(/lorem|ipsum|sample|\btest\b/i)
      expect(t.en.longDescription, id).not.toMatch(/lorem|ipsum/i)
    }
  })

  it('makes Russian texts findable through stemming (масла finds масло, чая finds чай)', async () => {
    const search = async (query: string) =>
      getDb()
        .select({ sku: products.sku })
        .from(productTranslations)
        .innerJoin(products, eq(products.id, productTranslations.productId))
        .where(
          and(
            eq(productTranslations.languageCode, 'ru'),
            sql`${productTranslations.searchVector} @@ plainto_tsquery('russian'::regconfig, ${query})`,
          ),
        )
    expect((await search('подсолнечного масла')).map((r) => r.sku)).toContain('VT-SFO-RBD-FLX')
    const tea = (await search('чая')).map((r) => r.sku)
    expect(tea).toEqual(expect.arrayContaining(['EL-ASM-CTC-BP', 'VT-IVC-FRM-01']))
  })
})

describe('demo accounts', () => {
  it('creates verified logins whose passwords verify with better-auth', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const [row] = await getDb()
        .select({ verified: users.emailVerified, hash: accounts.password, providerId: accounts.providerId, accountId: accounts.accountId, userId: users.id })
        .from(users)
        .innerJoin(accounts, eq(accounts.userId, users.id))
        .where(eq(users.email, account.email))
      expect(row, account.email).toBeDefined()
      expect(row.verified).toBe(true)
      expect(row.providerId).toBe('credential')
      expect(row.accountId).toBe(row.userId)
      expect(await verifyPassword({ hash: row.hash!, password: account.password })).toBe(true)
      expect(await verifyPassword({ hash: row.hash!, password: 'wrong-password' })).toBe(false)
    }
  })

  it('lets the demo seller sign in through better-auth', async () => {
    const { email, password } = DEMO_ACCOUNTS.seller
    const result = await getAuth().api.signInEmail({ body: { email, password } })
    expect(result.user.email).toBe(email)
  })

  it('links each login to its profile', async () => {
    const rows = await getDb()
      .select({
        email: users.email,
        name: profiles.name,
        userType: profiles.userType,
        country: profiles.country,
        companyName: profiles.companyName,
        kycStatus: profiles.kycStatus,
        kycDocumentUrl: profiles.kycDocumentUrl,
        profileId: profiles.id,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
    const byEmail = new Map(rows.map((r) => [r.email, r]))
    expect(byEmail.get('buyer@setu.example')).toMatchObject({
      name: 'Priya Sharma',
      userType: 'Buyer',
      country: 'India',
      companyName: 'Sharma Imports Pvt Ltd',
      kycStatus: null,
    })
    expect(byEmail.get('seller@setu.example')).toMatchObject({
      name: 'Alexei Volkov',
      userType: 'Seller',
      country: 'Russia',
      companyName: 'Volkov Trading LLC',
      kycStatus: 'Approved',
    })
    const pending = byEmail.get('pending.seller@setu.example')
    expect(pending).toMatchObject({ userType: 'Seller', country: 'India', kycStatus: 'Pending' })
    // Its KYC document is on file and stored, so the admin panel's review queue has someone to review.
    const [pendingUser] = await getDb().select({ id: users.id }).from(users).where(eq(users.email, 'pending.seller@setu.example'))
    expect(pending!.kycDocumentUrl).toBe(`${pendingUser!.id}/kyc_document.pdf`)
    const doc = await readKycDocumentByKey(pending!.kycDocumentUrl!)
    expect(doc?.contentType).toBe('application/pdf')
    expect(await checkUpload(KYC_DOCUMENT, new File([doc!.bytes as Uint8Array<ArrayBuffer>], 'kyc.pdf'))).toMatchObject({ ok: true, file: { ext: 'pdf' } })
  })

  it('makes the demo seller own several active products, including a New Launch', async () => {
    const owned = await getDb()
      .select({ id: products.id })
      .from(products)
      .innerJoin(profiles, eq(profiles.id, products.sellerId))
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(and(eq(users.email, DEMO_ACCOUNTS.seller.email), eq(products.isActive, true)))
    expect(owned.length).toBeGreaterThanOrEqual(3)
    expect(owned.some((p) => (NEW_LAUNCH_PRODUCT_IDS as readonly string[]).includes(p.id))).toBe(true)
  })
})

describe('demo admins (ADR 012)', () => {
  it('creates one active admin of each role in the admin tables, whose passwords verify with the admin instance', async () => {
    const { getAdminAuth } = await import('~/lib/admin-auth.server')
    const { adminUsers } = await import('../schema')
    const rows = await getDb().select({ email: adminUsers.email, role: adminUsers.role, isActive: adminUsers.isActive }).from(adminUsers)
    expect(rows.map((r) => r.role).sort()).toEqual(['admin', 'moderator', 'super_admin'])
    for (const admin of Object.values(DEMO_ADMINS)) {
      expect(rows).toContainEqual({ email: admin.email, role: admin.role, isActive: true })
      const signedIn = await getAdminAuth().api.signInEmail({ body: { email: admin.email, password: admin.password } })
      expect(signedIn.user.email).toBe(admin.email)
    }
    // Marketplace logins are untouched: no demo admin is a marketplace user.
    const marketplace = await getDb().select({ email: users.email }).from(users)
    expect(marketplace.map((u) => u.email)).not.toContain(DEMO_ADMINS.admin.email)
  })
})

describe('seedDemoData run again', () => {
  it('returns created: false and changes nothing', async () => {
    const afterFirst = await counts()
    const [someProduct] = await getDb().select({ updatedAt: products.updatedAt }).from(products).where(eq(products.sku, 'VT-WHT-C3-125'))
    expect(await seedDemoData(getDb())).toEqual({ created: false })
    expect(await counts()).toEqual(afterFirst)
    const [again] = await getDb().select({ updatedAt: products.updatedAt }).from(products).where(eq(products.sku, 'VT-WHT-C3-125'))
    expect(again.updatedAt).toEqual(someProduct.updatedAt)
    expect(afterFirst.products).toBe(demoProducts.length)
    expect(afterFirst.productTranslations).toBe(demoProducts.length * 3)
    expect(afterFirst.users).toBe(3)
    expect(afterFirst.rfqs).toBeGreaterThanOrEqual(10)
    expect(afterFirst.orders).toBeGreaterThanOrEqual(10)
    expect(afterFirst.disputes).toBe(3)
    expect(afterFirst.disputeMessages).toBe(4)
  })
})

const BUYER = DEMO_ACCOUNTS.buyer.profileId
const SELLER = DEMO_ACCOUNTS.seller.profileId
const demoSeller = { id: SELLER, country: 'Russia' as const }

describe('the demo market', () => {
  it('has RFQs in several categories, currencies, Incoterms and location preferences, open ones with future deadlines', async () => {
    const rows = await getDb().select().from(rfqs)
    const open = rows.filter((r) => r.status === 'open')
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['open', 'awarded', 'closed', 'rejected']))
    expect(new Set(open.map((r) => r.categoryId)).size).toBeGreaterThanOrEqual(5)
    expect(new Set(open.map((r) => r.currency))).toEqual(new Set(CURRENCIES))
    expect(new Set(open.map((r) => r.incoterm)).size).toBeGreaterThanOrEqual(4)
    expect(new Set(open.map((r) => r.locationPreference))).toEqual(new Set(LOCATION_PREFERENCES))
    expect(open.filter((r) => r.buyerId === BUYER).length).toBeGreaterThanOrEqual(3)
    expect(new Set(open.map((r) => r.buyerId)).size).toBeGreaterThanOrEqual(4)
    const today = new Date().toISOString().slice(0, 10)
    for (const r of open) {
      expect(r.deadline === null || r.deadline > today, r.title).toBe(true)
      expect(Date.now() - r.createdAt.getTime(), r.title).toBeGreaterThan(0)
    }
    // Product requests (ADR 009) carry their product and its seller; every other RFQ is open to all sellers.
    const requestIds = new Set<string>([DEMO_RFQ_IDS.sunflowerOilRequest, DEMO_RFQ_IDS.buckwheatRequest, DEMO_RFQ_IDS.honeyRequest, DEMO_RFQ_IDS.seaBuckthornRequest])
    for (const r of rows) expect(r.productId !== null && r.sellerId !== null, r.title).toBe(requestIds.has(r.id))
    for (const r of rows.filter((x) => x.status === 'closed')) expect(r.closedAt, r.title).not.toBeNull()
  })

  it('adds buyers without logins in both countries', async () => {
    const rows = await getDb().select().from(profiles).where(eq(profiles.userType, 'Buyer'))
    const byId = new Map(rows.map((r) => [r.id, r]))
    for (const b of demoBuyers) expect(byId.get(b.id), b.email).toMatchObject({ userId: null, country: b.country, companyName: b.companyName, kycStatus: null })
    expect(new Set(demoBuyers.map((b) => b.country))).toEqual(new Set(TRADING_COUNTRIES))
  })

  it('numbers every negotiation 1..n in time order, in turns, and keeps the quote equal to its last offer', async () => {
    const rounds = await getDb().select().from(quoteRounds).orderBy(asc(quoteRounds.quoteId), asc(quoteRounds.round))
    const quoteRows = await getDb().select({ quote: quotes, rfqQuantity: rfqs.quantity, rfqStatus: rfqs.status }).from(quotes).innerJoin(rfqs, eq(rfqs.id, quotes.rfqId))
    const byQuote = groupBy(rounds, (r) => r.quoteId)
    expect(byQuote.size).toBe(quoteRows.length)
    const statuses = new Set<string>()
    let longest = 0
    for (const { quote: q, rfqQuantity, rfqStatus } of quoteRows) {
      const list = byQuote.get(q.id)!
      longest = Math.max(longest, list.length)
      statuses.add(q.status)
      expect(list.map((r) => r.round), q.id).toEqual(list.map((_, i) => i + 1))
      for (let i = 1; i < list.length; i++) expect(list[i].createdAt.getTime(), q.id).toBeGreaterThan(list[i - 1].createdAt.getTime())
      expect(list[0], q.id).toMatchObject({ action: 'offer', authorRole: 'seller', authorId: q.sellerId, quantity: rfqQuantity })
      // Turns alternate: the buyer answers the seller's offer, and so on.
      for (let i = 1; i < list.length; i++) expect(list[i].authorRole, q.id).not.toBe(list[i - 1].authorRole)
      const terms = list.filter((r) => r.action === 'offer' || r.action === 'counter')
      const last = terms.at(-1)!
      expect({ unitPrice: q.unitPrice, quantity: q.quantity ?? rfqQuantity, incoterm: q.incoterm, expiresAt: q.expiresAt }, q.id).toEqual({
        unitPrice: last.unitPrice,
        quantity: last.quantity,
        incoterm: last.incoterm,
        expiresAt: last.expiresAt,
      })
      expect(q.quantity === null, q.id).toBe(terms.length === 1)
      const end = list.at(-1)!
      const turn = end.action === 'accept' ? 'Accepted' : end.action === 'decline' ? 'Rejected' : end.authorRole === 'seller' ? 'Quoted' : 'Countered'
      // A live offer that lapsed before seeding is stored Expired, as the expiry job leaves it.
      const expected = (turn === 'Quoted' || turn === 'Countered') && q.expiresAt.getTime() < Date.now() ? 'Expired' : turn
      expect(q.status, q.id).toBe(expected)
      if (q.status === 'Accepted') expect(rfqStatus, q.id).toBe('awarded')
      // Live offers on open RFQs have not lapsed: the demo shows them as Quoted or Countered, not Expired.
      if (rfqStatus === 'open') expect(q.expiresAt.getTime(), q.id).toBeGreaterThan(Date.now())
    }
    expect([...statuses].sort()).toEqual(['Accepted', 'Countered', 'Expired', 'Quoted'])
    expect(longest).toBeGreaterThanOrEqual(4)
  })

  it('has orders in every status, with exact totals and a timeline that starts Pending and ends at the status', async () => {
    const rows = await getDb().select({ order: orders, product: products }).from(orders).leftJoin(products, eq(products.id, orders.productId))
    const events = groupBy(await getDb().select().from(orderEvents).orderBy(asc(orderEvents.createdAt)), (e) => e.orderId)
    expect(new Set(rows.map((r) => r.order.status))).toEqual(new Set(ORDER_STATUSES))
    for (const { order: o, product } of rows) {
      if (o.quoteId) {
        const [q] = await getDb().select().from(quotes).where(eq(quotes.id, o.quoteId))
        expect(q.status, o.id).toBe('Accepted')
        expect([o.unitPrice, o.currency, o.rfqId], o.id).toEqual([q.unitPrice, q.currency, q.rfqId])
        expect(o.total, o.id).toBe(multiplyDecimal(o.unitPrice, String(o.quantity), 2))
        expect(o.incoterm, o.id).not.toBeNull()
      } else {
        // A product order: the product's price and currency, within minimum order, one of its shipping options.
        expect(product, o.id).not.toBeNull()
        expect([o.sellerId, o.unitPrice, o.currency], o.id).toEqual([product!.sellerId, product!.price, product!.currency])
        expect(o.quantity, o.id).toBeGreaterThanOrEqual(product!.minimumOrderQuantity)
        expect(product!.stockQuantity, o.id).toBeGreaterThanOrEqual(0)
        expect(product!.shippingOptions, o.id).toContainEqual(expect.objectContaining({ method: o.shippingMethod, price: o.shippingPrice, currency: o.shippingCurrency }))
        const goods = multiplyDecimal(o.unitPrice, String(o.quantity), 2)!
        expect(o.total, o.id).toBe(o.shippingCurrency === o.currency ? addMoney(goods, o.shippingPrice!) : goods)
        expect(o.incoterm, o.id).toBeNull()
      }
      const timeline = events.get(o.id)!
      expect(timeline[0], o.id).toMatchObject({ status: 'Pending', createdAt: o.createdAt })
      expect(timeline.at(-1)!.status, o.id).toBe(o.status)
      expect(timeline.at(-1)!.createdAt, o.id).toEqual(o.updatedAt)
      for (let i = 1; i < timeline.length; i++) {
        expect(timeline[i].createdAt.getTime(), o.id).toBeGreaterThan(timeline[i - 1].createdAt.getTime())
        const role = timeline[i].actorId === o.sellerId ? 'seller' : timeline[i].actorId === o.buyerId ? 'buyer' : null
        expect(role && orderTransitionVerdict(timeline[i - 1].status, role, timeline[i].status), `${o.id} ${timeline[i].status}`).toBe('allowed')
      }
    }
    // Totals agree with PostgreSQL's exact numeric multiplication too.
    const [wrong] = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.total} <> ${orders.unitPrice} * ${orders.quantity} + case when ${orders.shippingCurrency} = ${orders.currency} then ${orders.shippingPrice} else 0 end`)
    expect(wrong.n).toBe(0)
  })

  it('shows the demo buyer and the demo seller their orders in every status, both quote and product orders', async () => {
    const buyerOrders = await listOrders(BUYER, 'buyer', 1)
    const sellerOrders = await listOrders(SELLER, 'seller', 1)
    const between = buyerOrders.items.filter((o) => sellerOrders.items.some((s) => s.id === o.id))
    expect(new Set(between.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES))
    expect(between.some((o) => o.rfqTitle !== null) && between.some((o) => o.productName !== null)).toBe(true)
    // Newest first, and the seller's list also has other buyers.
    const times = sellerOrders.items.map((o) => o.createdAt)
    expect(times).toEqual([...times].sort().reverse())
    expect(new Set(sellerOrders.items.map((o) => o.counterpartyCompany)).size).toBeGreaterThanOrEqual(3)
    const accepted = sellerOrders.items.find((o) => o.id === DEMO_ORDER_IDS.buckwheatAccepted)
    expect(accepted).toMatchObject({
      counterpartyName: 'Priya Sharma',
      counterpartyCompany: 'Sharma Imports Pvt Ltd',
      counterpartyCountry: 'India',
      rfqTitle: 'Buckwheat kernels, grade 1, 40 tonnes',
      quantity: 40,
      unit: 'tonnes',
      total: '3460000.00',
      currency: 'RUB',
      status: 'Accepted',
    })
    const honey = buyerOrders.items.find((o) => o.id === DEMO_ORDER_IDS.honeyPending)
    expect(honey).toMatchObject({ counterpartyCompany: 'Volkov Trading LLC', productName: 'Altai Mountain Wildflower Honey', status: 'Pending', total: '4870.00' })

    const detail = await getOrder(BUYER, DEMO_ORDER_IDS.wheatDelivered)
    expect(detail?.events.map((e) => [e.status, e.actorRole])).toEqual([
      ['Pending', 'seller'],
      ['Accepted', 'seller'],
      ['Shipped', 'seller'],
      ['Delivered', 'seller'],
    ])
    expect(detail?.events[2].note).toContain('B/L NVS-2291')
    expect(await getOrder(BUYER, DEMO_ORDER_IDS.basmatiDelivered)).toBeNull()
  })

  it("names a product order's product in the viewer's language, falling back to English", async () => {
    const ru = await listOrders(BUYER, 'buyer', 1, 'ru')
    const honey = ru.items.find((o) => o.id === DEMO_ORDER_IDS.honeyPending)!
    expect(honey.productName).toMatch(CYRILLIC)
    expect(honey.productNameLang).toBe('ru')
    const hi = await getOrder(SELLER, DEMO_ORDER_IDS.honeyPending, 'hi')
    expect(hi?.product?.name).toMatch(DEVANAGARI)
    // Without a Russian text the English name is shown, marked as English.
    const [saved] = await getDb().select().from(productTranslations).where(and(eq(productTranslations.productId, honey.productId!), eq(productTranslations.languageCode, 'ru')))
    const { searchVector: _v, ...row } = saved
    await getDb().delete(productTranslations).where(and(eq(productTranslations.productId, honey.productId!), eq(productTranslations.languageCode, 'ru')))
    try {
      const fallback = (await listOrders(BUYER, 'buyer', 1, 'ru')).items.find((o) => o.id === DEMO_ORDER_IDS.honeyPending)!
      expect([fallback.productName, fallback.productNameLang]).toEqual(['Altai Mountain Wildflower Honey', 'en'])
    } finally {
      await getDb().insert(productTranslations).values(row)
    }
  })

  it("shows the demo buyer's RFQs with their quotes and negotiations", async () => {
    const list = await listOwnRfqs(BUYER, 1, 'en')
    const ids = list.items.map((r) => r.id)
    expect(ids).toEqual(expect.arrayContaining([DEMO_RFQ_IDS.wheat, DEMO_RFQ_IDS.sunflowerOil, DEMO_RFQ_IDS.buckwheat, DEMO_RFQ_IDS.amber]))
    expect(new Set(list.items.map((r) => r.status))).toEqual(new Set(['open', 'awarded', 'closed']))
    const quotesByRfq = await listQuotesForBuyer(BUYER, ids)
    expect(quotesByRfq[DEMO_RFQ_IDS.wheat]).toEqual([expect.objectContaining({ sellerCompany: 'Volkov Trading LLC', unitPrice: '241.50', status: 'Quoted' })])
    expect(quotesByRfq[DEMO_RFQ_IDS.sunflowerOil]?.[0]?.status).toBe('Countered')
    // The closed RFQ's quote lapsed and shows as Expired.
    expect(quotesByRfq[DEMO_RFQ_IDS.amber]?.[0]?.status).toBe('Expired')

    const wheat = quotesByRfq[DEMO_RFQ_IDS.wheat]![0]!
    const negotiation = await getNegotiation(BUYER, DEMO_RFQ_IDS.wheat, wheat.id)
    expect(negotiation?.rounds.map((r) => [r.round, r.authorRole, r.action, r.terms?.unitPrice])).toEqual([
      [1, 'seller', 'offer', '248.00'],
      [2, 'buyer', 'counter', '236.00'],
      [3, 'seller', 'counter', '241.50'],
    ])
    expect(negotiation?.actions).toEqual(expect.arrayContaining(['accept', 'counter', 'decline']))
  })

  it("puts other buyers' RFQs on the demo seller's board, with the seller's own quotes and turns", async () => {
    const board = await listBoardRfqs(demoSeller, parseBoardFilters(new URLSearchParams()), 'en')
    const byId = new Map(board.items.map((r) => [r.id, r]))
    // Open to Russia or Both, not the seller's own RFQ, not India-only, not awarded or closed.
    for (const id of [DEMO_RFQ_IDS.wheat, DEMO_RFQ_IDS.sunflowerOil, DEMO_RFQ_IDS.chaga, DEMO_RFQ_IDS.honey, DEMO_RFQ_IDS.ivanChai, DEMO_RFQ_IDS.buckwheatGroats]) expect(byId.has(id), id).toBe(true)
    for (const id of [DEMO_RFQ_IDS.orthodoxTea, DEMO_RFQ_IDS.assamTea, DEMO_RFQ_IDS.ashwagandha, DEMO_RFQ_IDS.buckwheat, DEMO_RFQ_IDS.amber]) expect(byId.has(id), id).toBe(false)
    expect(byId.get(DEMO_RFQ_IDS.buckwheatGroats)?.ownQuote?.status).toBe('Countered')
    expect(byId.get(DEMO_RFQ_IDS.ivanChai)?.ownQuote?.status).toBe('Quoted')
    expect(byId.get(DEMO_RFQ_IDS.honey)).toMatchObject({ ownQuote: null, quoteCount: 0, buyerCountry: 'India' })
    const groats = byId.get(DEMO_RFQ_IDS.buckwheatGroats)!.ownQuote!
    const turn = await getNegotiation(SELLER, DEMO_RFQ_IDS.buckwheatGroats, groats.id)
    expect(turn?.rounds).toHaveLength(4)
    expect(turn?.actions).toEqual(expect.arrayContaining(['accept', 'counter']))
  })

  it('shows product requests only to the seller they are addressed to, quoted, pending or rejected with a reason', async () => {
    const board = await listBoardRfqs(demoSeller, parseBoardFilters(new URLSearchParams('mine=1')), 'en')
    const byId = new Map(board.items.map((r) => [r.id, r]))
    expect(byId.get(DEMO_RFQ_IDS.sunflowerOilRequest)).toMatchObject({ title: 'Refined Sunflower Oil, Bulk in Flexitanks', ownQuote: null })
    expect(byId.get(DEMO_RFQ_IDS.buckwheatRequest)?.ownQuote?.status).toBe('Quoted')
    // Rejected requests leave the board; a request to another seller never reaches it.
    expect(byId.has(DEMO_RFQ_IDS.honeyRequest)).toBe(false)
    expect(byId.has(DEMO_RFQ_IDS.seaBuckthornRequest)).toBe(false)
    const all = await listBoardRfqs(demoSeller, parseBoardFilters(new URLSearchParams()), 'en')
    expect(all.items.some((r) => r.id === DEMO_RFQ_IDS.seaBuckthornRequest)).toBe(false)
    const [honey] = await getDb().select().from(rfqs).where(eq(rfqs.id, DEMO_RFQ_IDS.honeyRequest))
    expect(honey).toMatchObject({ status: 'rejected', sellerId: SELLER })
    expect(honey.rejectionReason).toContain('sold out')
    // The title is the product's name in the buyer's language (Chandni Chowk Tea House reads Hindi).
    expect(honey.title).not.toBe(demoProducts.find((p) => p.id === honey.productId)!.translations.en.name)
  })

  it('counts what waits for each demo account: pending orders, RFQs awaiting the seller, quotes awaiting the buyer', async () => {
    expect(await countPendingOrders(SELLER)).toBe(2)
    // The board's unquoted RFQs (chaga, diamonds, honey, Kaveri's request for sunflower oil) and the two negotiations the buyers countered.
    expect(await countOpenBoardRfqs(demoSeller)).toBe(4)
    expect(await countSellerTurnQuotes(SELLER)).toBe(2)
    // Wheat, chaga and the buckwheat request are Quoted; the diamonds are Countered (the seller's turn); the amber quote lapsed on a closed RFQ.
    expect(await getBuyerQuoteCounts(BUYER)).toEqual({ rfqs: 9, awaitingQuotes: 3 })
    // The demo seller also buys: one quote on its tea RFQ.
    expect(await getBuyerQuoteCounts(SELLER)).toEqual({ rfqs: 1, awaitingQuotes: 1 })
    expect(await getBuyerQuoteCounts(BUYER_IDS.kaveriHospitality)).toEqual({ rfqs: 3, awaitingQuotes: 0 })
    expect(await countSellerTurnQuotes(DEMO_ACCOUNTS.pendingSeller.profileId)).toBe(0)
  })

  it('does not count a seller-turn quote once it expires, nor quotes on an RFQ that is no longer open', async () => {
    const [groats] = await getDb().select().from(quotes).where(and(eq(quotes.rfqId, DEMO_RFQ_IDS.buckwheatGroats), eq(quotes.sellerId, SELLER)))
    await getDb().update(quotes).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(quotes.id, groats.id))
    await getDb().update(rfqs).set({ status: 'closed', closedAt: new Date() }).where(eq(rfqs.id, DEMO_RFQ_IDS.wheat))
    try {
      expect(await countSellerTurnQuotes(SELLER)).toBe(1)
      expect((await getBuyerQuoteCounts(BUYER)).awaitingQuotes).toBe(2)
    } finally {
      await getDb().update(quotes).set({ expiresAt: groats.expiresAt }).where(eq(quotes.id, groats.id))
      await getDb().update(rfqs).set({ status: 'open', closedAt: null }).where(eq(rfqs.id, DEMO_RFQ_IDS.wheat))
    }
    expect(await countSellerTurnQuotes(SELLER)).toBe(2)
  })
})

describe('the demo disputes', () => {
  it('give the moderators a queue: two open disputes oldest first (the idle one Overdue) and one decided', async () => {
    const open = await listDisputeQueue('open', 1)
    expect(open.items.map((i) => [i.id, i.overdue])).toEqual([
      [DEMO_DISPUTE_IDS.wheatProtein, true],
      [DEMO_DISPUTE_IDS.ivanChaiLate, false],
    ])
    expect(open.counts).toEqual({ open: 2, overdue: 1, resolved: 1 })
    const resolved = await listDisputeQueue('resolved', 1)
    expect(resolved.items).toMatchObject([{ id: DEMO_DISPUTE_IDS.basmatiBags, decision: 'partial_settlement' }])
  })

  it('show the disputed orders as Disputed to both parties, the decided one no longer', async () => {
    const shipped = await getOrder(BUYER, DEMO_ORDER_IDS.ivanChaiShipped)
    expect(shipped).toMatchObject({ status: 'Shipped', disputed: true })
    const rows = await getDb().select({ orderId: disputes.orderId, status: disputes.status }).from(disputes)
    for (const row of rows) {
      const [order] = await getDb().select({ buyerId: orders.buyerId, sellerId: orders.sellerId }).from(orders).where(eq(orders.id, row.orderId))
      for (const viewer of [order.buyerId, order.sellerId]) expect((await getOrder(viewer, row.orderId))?.disputed).toBe(row.status === 'open')
    }
  })
})

describe('the demo payments (issue 29 item 7)', () => {
  const milestonesOf = (orderId: string) => getDb().select().from(orderMilestones).where(eq(orderMilestones.orderId, orderId)).orderBy(asc(orderMilestones.position))

  it('give orders between the demo buyer and the demo seller stored payment terms and milestones in every state', async () => {
    const seen = new Set<string>()
    for (const plan of demoPaymentPlans) {
      const [order] = await getDb().select().from(orders).where(eq(orders.id, plan.orderId))
      expect(order).toMatchObject({ buyerId: BUYER, sellerId: SELLER })
      expect(readPaymentTerms(order!.paymentSchedule)).toEqual(plan.terms)
      const rows = await milestonesOf(plan.orderId)
      expect(rows.map((r) => r.status)).toEqual(plan.milestones.map((m) => m.status))
      expect(rows.map((r) => r.share)).toEqual(plan.terms.milestones.map((m) => Number(m.share).toFixed(2)))
      for (const r of rows) {
        seen.add(r.status)
        expect(r.currency).toBe(order!.currency)
        expect(r.dueOn === null).toBe(r.status === 'upcoming')
        if (r.status === 'overdue') expect(r.dueOn! < utcDay(new Date())).toBe(true)
        if (r.status === 'due') expect(r.dueOn! >= utcDay(new Date())).toBe(true)
        expect(r.confirmedBy).toBe(r.status === 'confirmed' ? SELLER : null)
      }
    }
    expect([...seen].sort()).toEqual([...MILESTONE_STATUSES].sort())
  })

  it("split each order's total exactly: the milestones add up to it, summed in SQL", async () => {
    const sums = await getDb().execute(sql`select o.id, o.total::text as total, sum(m.amount)::text as paid from orders o join order_milestones m on m.order_id = o.id group by o.id, o.total`)
    expect(sums.rows).toHaveLength(demoPaymentPlans.length)
    for (const row of sums.rows as { total: string; paid: string }[]) expect(row.paid).toBe(row.total)
  })

  it('store each proof of payment as a PDF the upload rules accept, and none on a milestone without one', async () => {
    const rows = await getDb().select().from(orderMilestones)
    const withProof = rows.filter((r) => r.proofStorageKey)
    expect(withProof.map((r) => r.status).sort()).toEqual(['disputed', 'proof_submitted'])
    for (const r of withProof) {
      expect(r).toMatchObject({ proofContentType: 'application/pdf', proofSubmittedBy: BUYER })
      expect(r.bankReference).toBeTruthy()
      const stored = await getStorage().get(r.proofStorageKey!)
      expect(stored!.bytes.byteLength).toBe(r.proofSizeBytes)
      expect(await checkUpload(PAYMENT_PROOF, new File([stored!.bytes as Uint8Array<ArrayBuffer>], r.proofFileName!))).toMatchObject({ ok: true, file: { ext: 'pdf' } })
    }
  })

  it("show the moderators the disputed order's milestones, its proof opening through the signed link", async () => {
    const payments = await getDisputePayments(DEMO_DISPUTE_IDS.ivanChaiLate, 'demo-session', { withDocuments: true })
    expect(payments!.milestones.map((m) => m.status)).toEqual(['confirmed', 'disputed'])
    const disputed = payments!.milestones[1]!
    const url = new URL(disputed.proof!.url, 'http://x')
    const opened = await openProofLink(DEMO_DISPUTE_IDS.ivanChaiLate, disputed.id, 'demo-session', url.searchParams.get('expires'), url.searchParams.get('sig'))
    expect(opened).toMatchObject({ status: 'ok', file: { contentType: 'application/pdf', fileName: 'balance-payment-receipt.pdf' } })
  })
})

describe('the demo product views', () => {
  it('stamp every offer, counter and order with the demo rates in force when it was made (issue 28 item 5)', async () => {
    const db = getDb()
    const unstamped = await db.execute<{ n: number }>(
      sql`select (select count(*) from quote_rounds where action in ('offer', 'counter') and rate_stamp is null) + (select count(*) from orders where rate_stamp is null) as n`,
    )
    expect(Number(unstamped.rows[0]!.n)).toBe(0)
    // The honey order, placed a day ago in dollars: the demo rates of three days before seeding.
    const honey = (await getOrder(DEMO_ACCOUNTS.buyer.profileId, DEMO_ORDER_IDS.honeyPending))!
    const rateDay = shiftDay(utcDay(new Date(honey.createdAt)), -2)
    expect(honey.rates).toMatchObject({
      from: 'USD',
      rates: [
        { to: 'INR', rate: '84.5050000000', effectiveDate: rateDay, source: 'RBI reference rate (demo figure)', inverted: false },
        { to: 'RUB', rate: '100.5220000000', effectiveDate: rateDay, source: 'CBR official rate (demo figure)', inverted: false },
        { to: 'EUR', rate: '0.9467007479', effectiveDate: rateDay, source: 'ECB euro reference rate (demo figure)', inverted: true },
      ],
    })
    // The wheat trial lot was ordered long before the demo rates begin: its stamp says none was known.
    const wheat = (await getOrder(DEMO_ACCOUNTS.buyer.profileId, DEMO_ORDER_IDS.wheatDelivered))!
    expect(wheat.rates).toMatchObject({ from: 'USD', rates: [] })
  })

  it('give active products distinct daily visitors over the last weeks, counted on each product as the app counts them', async () => {
    const rows = (
      await getDb().execute<{ id: string; view_count: number; counted: number; first_day: string | null; active: boolean }>(sql`
        select p.id, p.view_count, p.is_active as active, count(v.*)::int as counted, min(v.day)::text as first_day
        from products p left join product_views v on v.product_id = p.id
        group by p.id`)
    ).rows
    for (const r of rows) expect(r.view_count, r.id).toBe(r.counted)
    const active = rows.filter((r) => r.active)
    expect(active.filter((r) => r.counted > 0).length).toBeGreaterThan(active.length / 2)
    expect(rows.filter((r) => !r.active).every((r) => r.counted === 0)).toBe(true)
    const oldest = rows.map((r) => r.first_day).filter(Boolean).sort()[0]!
    expect(Date.now() - Date.parse(oldest)).toBeLessThanOrEqual(43 * 86_400_000)
    // Not all alike: the analytics' "top products by views" has a leader.
    const counts = active.map((r) => r.counted).sort((a, b) => b - a)
    expect(counts[0]).toBeGreaterThan(counts[counts.length - 1]!)
  })
})
