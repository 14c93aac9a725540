import { beforeAll, describe, expect, it } from 'vitest'
import { createCategory, createProduct, createSeller } from '../../../tests/factories/catalog'
import { getCatalogStats, listSitemapCategories, sitemapEntries } from './stats.server'
import { getCategory, listCategories, listCategoryOptions, listFeaturedCategories } from './categories.server'
import { getProduct } from './product.server'
import { listNewLaunches, listProducts } from './listing.server'
import { EMPTY_MARKETPLACE_QUERY, parseMarketplaceQuery, type MarketplaceQuery } from './schemas'

const days = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000)
const list = (extra: Partial<MarketplaceQuery> = {}, locale: 'en' | 'ru' | 'hi' = 'en', opts = {}) =>
  listProducts({ ...EMPTY_MARKETPLACE_QUERY, ...extra }, locale, opts)
const fromUrl = (qs: string, locale: 'en' | 'ru' | 'hi' = 'en') => listProducts(parseMarketplaceQuery(new URLSearchParams(qs)).query, locale)

let p: Record<string, string> = {}

beforeAll(async () => {
  const indian = await createSeller({ country: 'India', companyName: 'Jaipur Gems Pvt Ltd', kycStatus: 'Approved' })
  const russian = await createSeller({ country: 'Russia', companyName: null, name: 'Ivan Petrov', kycStatus: 'Approved' })
  const banned = await createSeller({ country: 'India', accountStatus: 'suspended' })

  const gems = await createCategory({
    id: 'gems-jewelry',
    sortOrder: 2,
    translations: {
      en: { name: 'Gems & Jewelry', description: 'Precious stones and jewellery' },
      ru: { name: 'Драгоценности', description: 'Камни и украшения' },
    },
  })
  const rings = await createCategory({ id: 'rings', parentId: gems.id, translations: { en: { name: 'Rings' }, hi: { name: 'अंगूठियाँ' } } })
  const wellness = await createCategory({ id: 'wellness', sortOrder: 1, translations: { en: { name: 'Wellness' } } })
  await createCategory({ id: 'textiles', sortOrder: 3, translations: { en: { name: 'Textiles' } } })

  // Prices chosen so that text order differs from numeric order (9.50 < 100.00 < 1200.00).
  const cheap = await createProduct({
    sellerId: indian.id,
    categoryId: gems.id,
    price: '9.50',
    minimumOrderQuantity: 5,
    createdAt: days(40),
    translations: {
      en: { name: 'Silver Ring', description: 'Sterling silver', longDescription: 'Handmade in Jaipur.', specifications: [{ name: 'Purity', value: '925' }] },
      ru: { name: 'Серебряное кольцо', description: '' },
    },
  })
  const mid = await createProduct({ sellerId: indian.id, categoryId: gems.id, subcategoryId: rings.id, price: '100.00', minimumOrderQuantity: 50, createdAt: days(10), translations: { en: { name: 'Ruby Ring' } } })
  const dear = await createProduct({ sellerId: russian.id, categoryId: gems.id, price: '1200.00', minimumOrderQuantity: 1, createdAt: days(5), translations: { en: { name: 'Ural Emerald' } } })
  const rupees = await createProduct({ sellerId: indian.id, categoryId: wellness.id, price: '50.00', currency: 'INR', createdAt: days(2), translations: { en: { name: 'Neem Soap' } } })
  const onlyRussian = await createProduct({ sellerId: russian.id, categoryId: wellness.id, price: '75.00', currency: 'RUB', createdAt: days(1), translations: { ru: { name: 'Иван-чай' } } })
  const hidden = await createProduct({ sellerId: indian.id, categoryId: gems.id, isActive: false, translations: { en: { name: 'Hidden Pearl' } } })
  const bannedProduct = await createProduct({ sellerId: banned.id, categoryId: gems.id, translations: { en: { name: 'Suspended Seller Opal' } } })
  p = { cheap: cheap.id, mid: mid.id, dear: dear.id, rupees: rupees.id, onlyRussian: onlyRussian.id, hidden: hidden.id, banned: bannedProduct.id, indian: indian.id, russian: russian.id, bannedSeller: banned.id }
})

describe('listProducts', () => {
  it('lists only public products, newest first by default', async () => {
    const page = await list()
    expect(page.items.map((i) => i.id)).toEqual([p.onlyRussian, p.rupees, p.dear, p.mid, p.cheap])
    expect(page.total).toBe(5)
  })

  it('returns card DTOs with translated text and seller info, not rows', async () => {
    const page = await list({ category: 'gems-jewelry' }, 'ru')
    const silver = page.items.find((i) => i.id === p.cheap)!
    expect(silver).toEqual({
      id: p.cheap,
      name: 'Серебряное кольцо',
      lang: { name: 'ru' },
      image: expect.stringMatching(/^\/images\//),
      category: { id: 'gems-jewelry', name: 'Драгоценности' },
      seller: { id: p.indian, displayName: 'Jaipur Gems Pvt Ltd', country: 'India', verified: true },
      price: '9.50',
      currency: 'USD',
      unit: 'pieces',
      minimumOrderQuantity: 5,
      stockQuantity: 500,
      createdAt: expect.any(String),
      isNew: false,
    })
    const emerald = page.items.find((i) => i.id === p.dear)!
    expect(emerald.seller).toEqual({ id: p.russian, displayName: 'Ivan Petrov', country: 'Russia', verified: true })
    expect(emerald.isNew).toBe(true)
  })

  it('falls back to English, then to any translation, for names', async () => {
    expect((await list({ category: 'wellness' }, 'hi')).items.map((i) => i.name)).toEqual(['Иван-чай', 'Neem Soap'])
  })

  it('says which language each card text is in, so a fallback can be marked', async () => {
    const cards = (await list({ category: 'wellness' }, 'hi')).items
    expect(cards.map((i) => [i.name, i.lang.name])).toEqual([
      ['Иван-чай', 'ru'],
      ['Neem Soap', 'en'],
    ])
    const russianCard = (await list({ category: 'wellness' }, 'ru')).items.find((i) => i.id === p.onlyRussian)!
    expect(russianCard.lang).toEqual({ name: 'ru' })
  })

  it('sorts prices numerically, not as text', async () => {
    const asc = await list({ currency: 'USD', sort: 'price_asc' })
    expect(asc.items.map((i) => i.price)).toEqual(['9.50', '100.00', '1200.00'])
    const desc = await list({ currency: 'USD', sort: 'price_desc' })
    expect(desc.items.map((i) => i.price)).toEqual(['1200.00', '100.00', '9.50'])
  })

  it('never interleaves currencies when sorting by price', async () => {
    const page = await list({ sort: 'price_asc' })
    expect(page.items.map((i) => `${i.currency} ${i.price}`)).toEqual(['USD 9.50', 'USD 100.00', 'USD 1200.00', 'INR 50.00', 'RUB 75.00'])
  })

  it('filters by category including subcategories, and by subcategory alone', async () => {
    expect((await list({ category: 'gems-jewelry' })).total).toBe(3)
    expect((await list({ category: 'rings' })).items.map((i) => i.id)).toEqual([p.mid])
    expect((await list({ category: 'textiles' })).total).toBe(0)
  })

  it('filters by seller country, price range within a currency, and maximum MOQ', async () => {
    expect((await list({ country: 'Russia' })).items.map((i) => i.id)).toEqual([p.onlyRussian, p.dear])
    expect((await fromUrl('minPrice=10&maxPrice=1000&currency=USD')).items.map((i) => i.id)).toEqual([p.mid])
    // Price bounds are in the reader's currency (USD here); prices in other currencies match through the
    // rates (tests/integration/reader-currency.test.ts): whatever rates exist, no dollar price above 60 does.
    const underSixty = (await fromUrl('maxPrice=60')).items.map((i) => i.id)
    expect(underSixty).toContain(p.cheap)
    expect(underSixty).not.toContain(p.mid)
    expect(underSixty).not.toContain(p.dear)
    expect((await fromUrl('maxPrice=60&currency=INR')).items.map((i) => i.id)).toEqual([p.rupees])
    expect((await list({ maxMoq: 5, currency: 'USD' })).items.map((i) => i.id)).toEqual([p.dear, p.cheap])
  })

  it('ignores bad filter values instead of failing', async () => {
    const page = await fromUrl('minPrice=-5&maxPrice=abc&maxMoq=lots&country=Mars&category=%27%3B--&page=abc&sort=cheapest')
    expect(page.total).toBe(5)
    expect(page.page).toBe(1)
  })

  it('paginates 12 per page and clamps an out-of-range page to the last page', async () => {
    const seller = await createSeller({ country: 'India' })
    const bulk = await createCategory({ id: 'bulk' })
    for (let i = 0; i < 25; i++) {
      await createProduct({ sellerId: seller.id, categoryId: bulk.id, createdAt: days(100 + i), translations: { en: { name: `Bulk item ${i}` } } })
    }
    const first = await list({ category: 'bulk' })
    expect(first).toMatchObject({ total: 25, totalPages: 3, page: 1, pageSize: 12 })
    expect(first.items).toHaveLength(12)
    expect(first.items[0].name).toBe('Bulk item 0')
    const third = await fromUrl('category=bulk&page=3')
    expect(third.items.map((i) => i.name)).toEqual(['Bulk item 24'])
    const beyond = await fromUrl('category=bulk&page=999')
    expect(beyond.page).toBe(3)
    expect(beyond.items.map((i) => i.name)).toEqual(['Bulk item 24'])
    const empty = await fromUrl('category=textiles&page=4')
    expect(empty).toMatchObject({ total: 0, page: 1, totalPages: 1, items: [] })
  })

  it('limits New Listings to the last 30 days', async () => {
    const page = await list({}, 'en', { newOnly: true })
    expect(page.items.map((i) => i.id)).toEqual([p.onlyRussian, p.rupees, p.dear, p.mid])
  })
})

describe('listNewLaunches', () => {
  it('returns the 8 newest public products', async () => {
    const newest = await listNewLaunches('en')
    expect(newest).toHaveLength(8)
    expect(newest.slice(0, 3).map((i) => i.id)).toEqual([p.onlyRussian, p.rupees, p.dear])
    expect(newest.map((i) => i.id)).not.toContain(p.hidden)
  })
})

describe('getProduct', () => {
  it('returns the detail DTO with per-field language fallback', async () => {
    const product = await getProduct(p.cheap, 'ru')
    expect(product).toMatchObject({
      id: p.cheap,
      name: 'Серебряное кольцо',
      description: 'Sterling silver',
      longDescription: 'Handmade in Jaipur.',
      specifications: [{ name: 'Purity', value: '925' }],
      price: '9.50',
      currency: 'USD',
      minimumOrderQuantity: 5,
      stockQuantity: 500,
      category: { id: 'gems-jewelry', name: 'Драгоценности' },
      subcategory: null,
      seller: { name: expect.any(String), companyName: 'Jaipur Gems Pvt Ltd', country: 'India', verified: true },
      shippingOptions: [
        { method: 'sea', price: '120.00', currency: 'USD', estimatedDays: '30-45' },
        { method: 'air', price: '450.00', currency: 'USD', estimatedDays: '3-7' },
      ],
    })
    expect(Object.keys(product!)).not.toContain('sellerId')
    expect(product!.seller).toEqual({ id: p.indian, name: expect.any(String), companyName: 'Jaipur Gems Pvt Ltd', country: 'India', verified: true, publicPage: true })
  })

  it('says which language each text is in, field by field', async () => {
    expect((await getProduct(p.cheap, 'ru'))?.lang).toEqual({ name: 'ru', description: 'en', longDescription: 'en', specifications: 'en' })
    expect((await getProduct(p.cheap, 'en'))?.lang).toEqual({ name: 'en', description: 'en', longDescription: 'en', specifications: 'en' })
    expect(await getProduct(p.onlyRussian, 'hi')).toMatchObject({ name: 'Иван-чай', lang: { name: 'ru', description: 'hi' } })
  })

  it('translates the subcategory', async () => {
    expect((await getProduct(p.mid, 'hi'))?.subcategory).toEqual({ id: 'rings', name: 'अंगूठियाँ' })
  })

  it('returns null for inactive, suspended-seller, unknown and malformed ids', async () => {
    expect(await getProduct(p.hidden, 'en')).toBeNull()
    expect(await getProduct(p.banned, 'en')).toBeNull()
    expect(await getProduct('00000000-0000-4000-8000-000000000000', 'en')).toBeNull()
    expect(await getProduct('not-a-uuid', 'en')).toBeNull()
    expect(await getProduct("1' or '1'='1", 'en')).toBeNull()
  })
})

describe('categories', () => {
  it('lists top-level categories in order with public product counts', async () => {
    const all = await listCategories('ru')
    const byId = Object.fromEntries(all.map((x) => [x.id, x]))
    expect(all.map((x) => x.id)).toEqual(expect.arrayContaining(['wellness', 'gems-jewelry', 'textiles']))
    expect(all.map((x) => x.id)).not.toContain('rings')
    expect(byId['gems-jewelry']).toMatchObject({ name: 'Драгоценности', description: 'Камни и украшения', productCount: 3, image: '/images/categories/gems-jewelry.svg' })
    expect(byId['wellness']).toMatchObject({ name: 'Wellness', productCount: 2 })
    expect(byId['textiles'].productCount).toBe(0)
  })

  it('returns featured categories in the requested order, skipping unknown ids', async () => {
    const featured = await listFeaturedCategories(['wellness', 'nope', 'gems-jewelry'], 'en')
    expect(featured.map((x) => x.id)).toEqual(['wellness', 'gems-jewelry'])
  })

  it('returns a category with parent and subcategories, or null', async () => {
    const gems = await getCategory('gems-jewelry', 'hi')
    expect(gems).toMatchObject({ id: 'gems-jewelry', name: 'Gems & Jewelry', parent: null, subcategories: [{ id: 'rings', name: 'अंगूठियाँ', productCount: 1 }] })
    expect(await getCategory('rings', 'en')).toMatchObject({ parent: { id: 'gems-jewelry', name: 'Gems & Jewelry' }, productCount: 1 })
    expect(await getCategory('unknown', 'en')).toBeNull()
    expect(await getCategory('<script>', 'en')).toBeNull()
  })

  it('offers categories with their children for the filter select', async () => {
    const options = await listCategoryOptions('en')
    expect(options.find((o) => o.id === 'gems-jewelry')).toEqual({ id: 'gems-jewelry', name: 'Gems & Jewelry', children: [{ id: 'rings', name: 'Rings' }] })
  })
})

describe('site-wide data', () => {
  const allSitemapEntries = async (kind: 'products' | 'sellers') => {
    const out = []
    for await (const chunk of sitemapEntries(kind, 1)) out.push(...chunk)
    return out
  }

  it('counts public products, verified sellers and categories', async () => {
    const stats = await getCatalogStats()
    expect(stats.categories).toBeGreaterThanOrEqual(3)
    expect(stats.activeProducts).toBeGreaterThanOrEqual(5)
    const before = stats.verifiedSellers
    await createSeller({ kycStatus: 'Approved' })
    expect((await getCatalogStats()).verifiedSellers).toBe(before + 1)
  })

  it('lists public products and top-level categories for the sitemap', async () => {
    const productIds = (await allSitemapEntries('products')).map((x) => x.id)
    expect(productIds).toContain(p.cheap)
    expect(productIds).not.toContain(p.hidden)
    expect(productIds).not.toContain(p.banned)
    expect((await listSitemapCategories()).map((x) => x.id)).not.toContain('rings')
  })

  it('lists the pages of public sellers only', async () => {
    const sellerIds = (await allSitemapEntries('sellers')).map((x) => x.id)
    expect(sellerIds).toEqual(expect.arrayContaining([p.indian, p.russian]))
    expect(sellerIds).not.toContain(p.bannedSeller)
  })
})
