import fs from 'node:fs'
import path from 'node:path'
import { verifyPassword } from 'better-auth/crypto'
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getAuth } from '~/lib/auth.server'
import { getDb } from '~/lib/db.server'
import {
  accounts,
  categories,
  categoryTranslations,
  productTranslations,
  products,
  profiles,
  SHIPPING_METHODS,
  users,
} from '../schema'
import { DEMO_ACCOUNTS, demoProducts, NEW_LAUNCH_PRODUCT_IDS, seedDemoData } from '.'

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
  const [[c], [ct], [p], [pt], [pr], [u], [a]] = await Promise.all([
    db.select({ n: count }).from(categories),
    db.select({ n: count }).from(categoryTranslations),
    db.select({ n: count }).from(products),
    db.select({ n: count }).from(productTranslations),
    db.select({ n: count }).from(profiles),
    db.select({ n: count }).from(users),
    db.select({ n: count }).from(accounts),
  ])
  return {
    categories: c.n,
    categoryTranslations: ct.n,
    products: p.n,
    productTranslations: pt.n,
    profiles: pr.n,
    users: u.n,
    accounts: a.n,
  }
}

let firstRuns: { created: boolean }[]
let before: Awaited<ReturnType<typeof counts>>

beforeAll(async () => {
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
    expect(new Set(rows.map((r) => r.currency))).toEqual(new Set(['USD', 'INR', 'RUB']))
    expect(rows.map((r) => r.moq)).toEqual(expect.arrayContaining([5, 10]))
  })

  it('gives every product usable shipping options, attributes and existing small images', async () => {
    const rows = await getDb()
      .select({ sku: products.sku, shipping: products.shippingOptions, media: products.mediaFiles, attributes: products.attributes })
      .from(products)
    const days = { sea: '30-45', air: '3-7', rail: '15-20' } as Record<string, string>
    for (const r of rows) {
      const label = r.sku ?? ''
      expect(r.attributes.origin, label).toMatch(/^(IN|RU)$/)
      expect(r.attributes.unit, label).toBeTruthy()
      for (const s of r.shipping) {
        expect(SHIPPING_METHODS, label).toContain(s.method)
        expect(s.price, label).toMatch(/^\d+\.\d{2}$/)
        expect(['USD', 'INR', 'RUB'], label).toContain(s.currency)
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
    expect(byEmail.get('pending.seller@setu.example')).toMatchObject({
      userType: 'Seller',
      country: 'India',
      kycStatus: 'Pending',
      kycDocumentUrl: null,
    })
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
  })
})
