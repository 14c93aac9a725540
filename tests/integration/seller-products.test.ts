import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { products, productTranslations } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { listProducts } from '~/modules/catalog/listing.server'
import { EMPTY_MARKETPLACE_QUERY } from '~/modules/catalog/schemas'
import { loader as productLoader } from '~/routes/public/product'
import { action as editAction, loader as editLoader } from '~/routes/seller/product-edit'
import { action as newAction, loader as newLoader } from '~/routes/seller/product-new'
import { loader as layoutLoader } from '~/routes/seller/dashboard'
import SellerProducts, { action as listAction, loader as listLoader } from '~/routes/seller/products'
import { createCategory, createProduct } from '../factories/catalog'
import { createOrder } from '../factories/orders'
import { createUser, signInCookie, type CreateUserOptions } from '../factories/users'
import { renderPageText } from '../support/render-page'
import { callRoute, form, toastOf } from './account-support'

async function signedIn(profile: CreateUserOptions['profile']) {
  const u = await createUser({ profile })
  return { ...u, cookie: await signInCookie(u.email, u.password) }
}
const seller = (kycStatus: 'Approved' | 'Pending' | null = 'Approved') => signedIn({ userType: 'Seller', kycStatus })

async function categoryPair() {
  const parent = await createCategory()
  const child = await createCategory({ parentId: parent.id })
  return { parent, child }
}

let n = 0
function validFields(categoryId: string, extra: Record<string, string> = {}) {
  n++
  return {
    categoryId,
    price: '1250.50',
    currency: 'INR',
    stockQuantity: '100',
    minimumOrderQuantity: '5',
    unit: 'tonnes',
    isActive: 'true',
    'en.name': `Basmati Rice 1121 lot ${n}`,
    'en.description': 'Long grain, aged',
    'ru.name': `Рис басмати 1121 партия ${n}`,
    hsCode: '1006.30',
    originCountry: 'IN',
    ...extra,
  }
}

const productCount = async (sellerId: string) => (await getDb().select({ id: products.id }).from(products).where(eq(products.sellerId, sellerId))).length

describe('the seller dashboard frame', () => {
  it('sends visitors to sign in and back', async () => {
    const out = await callRoute(layoutLoader, '/dashboard/products')
    expect(out.status).toBe(302)
    expect(out.location).toBe('/login?redirectTo=%2Fdashboard%2Fproducts')
  })

  it("frames a buyer's own dashboard, without the seller's counters (issue 26 item 6)", async () => {
    const buyer = await signedIn({ userType: 'Buyer' })
    expect((await callRoute(layoutLoader, '/dashboard', { cookie: buyer.cookie })).data).toMatchObject({ state: 'buyer', seller: null, stats: null })
  })

  it('counts products, active listings, views and pending orders from the database', async () => {
    const s = await seller('Pending')
    const { id: categoryId } = await createCategory()
    for (let i = 0; i < 3; i++) await createProduct({ sellerId: s.profileId!, categoryId })
    const inactive = await createProduct({ sellerId: s.profileId!, categoryId, isActive: false })
    await getDb().update(products).set({ viewCount: 7 }).where(eq(products.id, inactive.id))
    // Two orders wait for this seller, one is under way, one belongs to another seller.
    const buyer = await createUser({ profile: { userType: 'Buyer' } })
    const other = await seller('Approved')
    await createOrder(buyer.profileId!, s.profileId!)
    await createOrder(buyer.profileId!, s.profileId!)
    await createOrder(buyer.profileId!, s.profileId!, 'Shipped')
    await createOrder(buyer.profileId!, other.profileId!)
    const out = await callRoute(layoutLoader, '/dashboard?lng=hi', { cookie: s.cookie })
    expect(out.data).toMatchObject({
      state: 'seller',
      title: 'विक्रेता डैशबोर्ड',
      seller: { kycStatus: 'Pending' },
      stats: { totalProducts: 4, activeListings: 3, productViews: 7, pendingOrders: 2, openRfqs: 0 },
    })
  })
})

describe('creating a product (/dashboard/products/new)', () => {
  it('creates it with translations, trade attributes and shipping, and opens its page with the spec message', async () => {
    const s = await seller()
    const { parent, child } = await categoryPair()
    const body = form(validFields(parent.id, { subcategoryId: child.id, sku: 'BR-1121', shippingMethod: 'sea', shippingPrice: '120,5', shippingCurrency: 'USD', shippingDays: '30 - 45' }))
    body.append('en.specName', 'Moisture')
    body.append('en.specValue', '12% max')
    const out = await callRoute(newAction, '/dashboard/products/new', { cookie: s.cookie, body })
    expect(out.status).toBe(302)
    expect(out.location).toMatch(/^\/products\/[0-9a-f-]{36}$/)
    expect(await toastOf(out.response)).toMatchObject({ type: 'success', key: 'products:new.success' })
    const id = out.location!.split('/').pop()!
    const [row] = await getDb().select().from(products).where(eq(products.id, id))
    expect(row).toMatchObject({
      sellerId: s.profileId,
      categoryId: parent.id,
      subcategoryId: child.id,
      price: '1250.50',
      currency: 'INR',
      unit: 'tonnes',
      stockQuantity: 100,
      minimumOrderQuantity: 5,
      sku: 'BR-1121',
      isActive: true,
      attributes: { hsCode: '100630', origin: 'IN' },
      shippingOptions: [{ method: 'sea', price: '120.5', currency: 'USD', estimatedDays: '30-45' }],
    })
    const texts = await getDb().select().from(productTranslations).where(eq(productTranslations.productId, id))
    const en = texts.find((t) => t.languageCode === 'en')!
    const ru = texts.find((t) => t.languageCode === 'ru')!
    expect(texts).toHaveLength(2)
    expect(en.slug).toMatch(/^basmati-rice-1121-lot-\d+$/)
    expect(en.specifications).toEqual([{ name: 'Moisture', value: '12% max' }])
    // Cyrillic is transliterated into the slug.
    expect(ru.slug).toMatch(/^ris-basmati-1121-partiya-\d+$/)
  })

  it.each([
    ['no translation at all', { 'en.name': '', 'en.description': '', 'ru.name': '' }, 'translations', 'products:form.errors.translationRequired'],
    ['a language with text but no name', { 'en.name': '', 'en.description': 'just a description', 'ru.name': '' }, 'en.name', 'products:form.errors.nameRequired'],
    ['a negative price', { price: '-5' }, 'price', 'products:form.errors.pricePositive'],
    ['a price with three decimals', { price: '1.005' }, 'price', 'products:form.errors.priceFormat'],
    ['negative stock', { stockQuantity: '-1' }, 'stockQuantity', 'products:form.errors.stockMin'],
    ['a minimum order of 0', { minimumOrderQuantity: '0' }, 'minimumOrderQuantity', 'products:form.errors.moqMin'],
    ['an unknown currency', { currency: 'EUR' }, 'currency', 'products:form.errors.currency'],
    ['no unit of sale (issue 28)', { unit: '' }, 'unit', 'products:form.errors.unit'],
    ['a unit outside the list', { unit: 'furlongs' }, 'unit', 'products:form.errors.unit'],
    ['a bad HS code', { hsCode: '12' }, 'hsCode', 'products:form.errors.hsCode'],
    ['an unknown country', { originCountry: 'QQ' }, 'originCountry', 'products:form.errors.originCountry'],
    ["the Soviet Union's withdrawn code (issue 27)", { originCountry: 'SU' }, 'originCountry', 'products:form.errors.originCountry'],
    ["Yugoslavia's withdrawn code", { originCountry: 'YU' }, 'originCountry', 'products:form.errors.originCountry'],
    ['a bad slug', { 'en.slug': 'Not a slug!' }, 'en.slug', 'products:form.errors.slugFormat'],
    ['an unknown category', { categoryId: 'no-such-category' }, 'categoryId', 'products:form.errors.category'],
    ['a shipping option without days', { shippingMethod: 'air', shippingPrice: '10', shippingDays: '' }, 'shippingDays.0', 'products:form.errors.shippingDays'],
  ])('refuses %s with a translated message and writes nothing', async (_label, change, field, message) => {
    const s = await seller()
    const { parent } = await categoryPair()
    const out = await callRoute(newAction, '/dashboard/products/new', { cookie: s.cookie, body: form(validFields(parent.id, change as Record<string, string>)) })
    expect(out.status).toBe(400)
    expect((out.data as { fieldErrors: Record<string, string> }).fieldErrors[field]).toBe(message)
    expect(await productCount(s.profileId!)).toBe(0)
  })

  it('refuses a subcategory of another category', async () => {
    const s = await seller()
    const a = await categoryPair()
    const b = await categoryPair()
    const out = await callRoute(newAction, '/dashboard/products/new', { cookie: s.cookie, body: form(validFields(a.parent.id, { subcategoryId: b.child.id })) })
    expect(out.status).toBe(400)
    expect(out.data).toMatchObject({ fieldErrors: { subcategoryId: 'products:form.errors.subcategory' } })
    expect(await productCount(s.profileId!)).toBe(0)
  })

  it('keeps SKUs unique per seller and slugs unique per language', async () => {
    const s = await seller()
    const other = await seller()
    const { parent } = await categoryPair()
    expect((await callRoute(newAction, '/x', { cookie: s.cookie, body: form(validFields(parent.id, { sku: 'SKU-1', 'en.slug': 'unique-slug-a' })) })).status).toBe(302)
    const sameSku = await callRoute(newAction, '/x', { cookie: s.cookie, body: form(validFields(parent.id, { sku: 'SKU-1' })) })
    expect(sameSku.data).toMatchObject({ fieldErrors: { sku: 'products:form.errors.skuTaken' } })
    // Another seller may use the same SKU, not the same English slug.
    expect((await callRoute(newAction, '/x', { cookie: other.cookie, body: form(validFields(parent.id, { sku: 'SKU-1' })) })).status).toBe(302)
    const sameSlug = await callRoute(newAction, '/x', { cookie: other.cookie, body: form(validFields(parent.id, { 'en.slug': 'unique-slug-a' })) })
    expect(sameSlug.data).toMatchObject({ fieldErrors: { 'en.slug': 'products:form.errors.slugTaken' } })
    expect(await productCount(s.profileId!)).toBe(1)
    expect(await productCount(other.profileId!)).toBe(1)
  })

  it('stores HTML as plain text', async () => {
    const s = await seller()
    const { parent } = await categoryPair()
    const out = await callRoute(newAction, '/x', { cookie: s.cookie, body: form(validFields(parent.id, { 'en.name': '<script>alert(1)</script> Tea', 'en.slug': 'html-tea' })) })
    const id = out.location!.split('/').pop()!
    const [t] = await getDb().select().from(productTranslations).where(eq(productTranslations.productId, id))
    expect(t!.name).toBe('<script>alert(1)</script> Tea')
  })

  it('refuses buyers (403) and visitors (sign in), writing nothing', async () => {
    const buyer = await signedIn({ userType: 'Buyer' })
    const { parent } = await categoryPair()
    expect((await callRoute(newAction, '/dashboard/products/new', { cookie: buyer.cookie, body: form(validFields(parent.id)) })).status).toBe(403)
    const visitor = await callRoute(newAction, '/dashboard/products/new', { body: form(validFields(parent.id)) })
    expect(visitor.location).toBe('/login?redirectTo=%2Fdashboard%2Fproducts%2Fnew')
    expect((await callRoute(newLoader, '/dashboard/products/new', { cookie: buyer.cookie })).data).toMatchObject({ seller: false })
  })

  it('offers each country of origin once, under its current code (issue 27: Russia was offered as RU and SU)', async () => {
    const s = await seller()
    const out = await callRoute(newLoader, '/dashboard/products/new', { cookie: s.cookie })
    const countries = (out.data as { countries: { code: string; name: string }[] }).countries
    expect(countries.filter((c) => c.name === 'Russia')).toEqual([{ code: 'RU', name: 'Russia' }])
    expect(new Set(countries.map((c) => c.name)).size).toBe(countries.length)
    expect(countries.map((c) => c.code)).not.toEqual(expect.arrayContaining(['SU']))
    for (const obsolete of ['SU', 'YU', 'CS', 'ZR', 'TP', 'AN', 'DD', 'UK']) expect(countries.some((c) => c.code === obsolete), obsolete).toBe(false)
    expect(countries.find((c) => c.code === 'IN')?.name).toBe('India')
  })

  it('offers the categories from the database', async () => {
    const s = await seller()
    const { parent, child } = await categoryPair()
    const out = await callRoute(newLoader, '/dashboard/products/new', { cookie: s.cookie })
    const cats = (out.data as { categories: { id: string; children: { id: string }[] }[] }).categories
    expect(cats.find((c) => c.id === parent.id)?.children.map((c) => c.id)).toEqual([child.id])
  })
})

describe('editing, activating and deleting', () => {
  async function ownProduct() {
    const s = await seller()
    const { parent } = await categoryPair()
    const out = await callRoute(newAction, '/x', { cookie: s.cookie, body: form(validFields(parent.id)) })
    return { s, parent, id: out.location!.split('/').pop()! }
  }

  it('loads the form for the owner and saves changes', async () => {
    const { s, parent, id } = await ownProduct()
    const loaded = await callRoute(editLoader, `/dashboard/products/${id}/edit`, { cookie: s.cookie, params: { id } })
    expect(loaded.data).toMatchObject({ product: { id, price: '1250.50', unit: 'tonnes', hsCode: '100630', originCountry: 'IN' } })
    // An attribute the form does not edit (a demo product's certification) survives the save.
    await getDb().update(products).set({ attributes: { hsCode: '100630', origin: 'IN', certification: 'FSSC 22000' } }).where(eq(products.id, id))
    const out = await callRoute(editAction, `/dashboard/products/${id}/edit`, { cookie: s.cookie, body: form(validFields(parent.id, { price: '999', unit: 'kg', hsCode: '', 'ru.name': '' })), params: { id } })
    expect(out.location).toBe('/dashboard/products')
    const [row] = await getDb().select().from(products).where(eq(products.id, id))
    expect(row!.price).toBe('999.00')
    expect(row!.unit).toBe('kg')
    expect(row!.attributes).toEqual({ origin: 'IN', certification: 'FSSC 22000' })
    expect((await getDb().select().from(productTranslations).where(eq(productTranslations.productId, id))).map((t) => t.languageCode)).toEqual(['en'])
  })

  it("answers 404 to another seller opening or changing someone else's product, and writes nothing", async () => {
    const { parent, id } = await ownProduct()
    const intruder = await seller()
    expect((await callRoute(editLoader, `/dashboard/products/${id}/edit`, { cookie: intruder.cookie, params: { id } })).status).toBe(404)
    expect((await callRoute(editAction, '/x', { cookie: intruder.cookie, body: form(validFields(parent.id, { price: '1' })), params: { id } })).status).toBe(404)
    for (const intent of ['deactivate', 'delete']) {
      expect((await callRoute(listAction, '/dashboard/products', { cookie: intruder.cookie, body: form({ intent, productId: id }) })).status).toBe(404)
    }
    expect((await callRoute(listAction, '/dashboard/products', { cookie: intruder.cookie, body: form({ intent: 'delete', productId: 'not-a-uuid' }) })).status).toBe(404)
    const [row] = await getDb().select().from(products).where(eq(products.id, id))
    expect(row).toMatchObject({ price: '1250.50', isActive: true })
  })

  it('deactivates, activates and deletes from the list', async () => {
    const { s, id } = await ownProduct()
    const off = await callRoute(listAction, '/dashboard/products?sort=name', { cookie: s.cookie, body: form({ intent: 'deactivate', productId: id }) })
    expect(off.location).toBe('/dashboard/products?sort=name')
    expect((await getDb().select().from(products).where(eq(products.id, id)))[0]!.isActive).toBe(false)
    const list = await callRoute(listLoader, '/dashboard/products?status=inactive', { cookie: s.cookie })
    expect(list.data).toMatchObject({ list: { total: 1, items: [{ id, isActive: false }] } })
    await callRoute(listAction, '/dashboard/products', { cookie: s.cookie, body: form({ intent: 'activate', productId: id }) })
    expect((await getDb().select().from(products).where(eq(products.id, id)))[0]!.isActive).toBe(true)
    await callRoute(listAction, '/dashboard/products', { cookie: s.cookie, body: form({ intent: 'delete', productId: id }) })
    expect(await productCount(s.profileId!)).toBe(0)
    expect((await callRoute(listAction, '/dashboard/products', { cookie: s.cookie, body: form({ intent: 'explode', productId: id }) })).status).toBe(400)
  })
})

describe('My Products list', () => {
  it('searches, sorts and paginates on the server, in the viewer language with a fallback', async () => {
    const s = await seller()
    const { id: categoryId } = await createCategory()
    for (let i = 0; i < 23; i++) {
      await createProduct({ sellerId: s.profileId!, categoryId, price: String(100 + i), translations: { en: { name: `Widget ${String(i).padStart(2, '0')}` } } })
    }
    await createProduct({ sellerId: s.profileId!, categoryId, translations: { ru: { name: 'Только по-русски' } } })
    const page1 = (await callRoute(listLoader, '/dashboard/products?sort=name', { cookie: s.cookie })).data as { list: { total: number; pageCount: number; items: { name: string; nameLanguage: string }[] } }
    expect(page1.list.total).toBe(24)
    expect(page1.list.pageCount).toBe(2)
    expect(page1.list.items).toHaveLength(20)
    expect(page1.list.items[0]!.name).toBe('Widget 00')
    const page2 = (await callRoute(listLoader, '/dashboard/products?sort=name&page=2', { cookie: s.cookie })).data as typeof page1
    expect(page2.list.items.at(-1)).toMatchObject({ name: 'Только по-русски', nameLanguage: 'ru' })
    const search = (await callRoute(listLoader, '/dashboard/products?q=widget%2007', { cookie: s.cookie })).data as typeof page1
    expect(search.list.items.map((i) => i.name)).toEqual(['Widget 07'])
    const bad = (await callRoute(listLoader, '/dashboard/products?page=-3&sort=%00&status=x', { cookie: s.cookie })).data as { query: unknown }
    expect(bad.query).toEqual({ q: '', sort: 'newest', status: 'all', page: 1 })
  })
})

describe('My Products in the unit each product is sold by (issue 28)', () => {
  it('shows the price per the unit, the stock and the minimum order in it, in each language', async () => {
    const s = await seller()
    const { id: categoryId } = await createCategory()
    await createProduct({ sellerId: s.profileId!, categoryId, price: '245.00', currency: 'USD', unit: 'tonnes', stockQuantity: 120, minimumOrderQuantity: 20, translations: { en: { name: 'Durum wheat' } } })
    await createProduct({ sellerId: s.profileId!, categoryId, price: '9000.00', currency: 'USD', unit: 'containers_40ft', stockQuantity: 3, minimumOrderQuantity: 1, translations: { en: { name: 'Sunflower oil' } } })
    const data = (await callRoute(listLoader, '/dashboard/products?sort=name', { cookie: s.cookie })).data
    const en = await renderPageText(SellerProducts as never, data, '/dashboard/products')
    expect(en).toMatch(/Durum wheat \$245\.00 \/ t 120 t MOQ: 20 t/)
    expect(en).toMatch(/Sunflower oil \$9,000\.00 \/ 40′ cont\. 3 40-ft containers MOQ: 1 40-ft container/)
    const ru = await renderPageText(SellerProducts as never, data, '/dashboard/products', 'ru')
    expect(ru).toContain('120 т')
    expect(ru).toContain('Мин. заказ: 20 т')
    const hi = await renderPageText(SellerProducts as never, data, '/dashboard/products', 'hi')
    expect(hi).toContain('न्यूनतम ऑर्डर: 20')
  })
})

describe('who is shown publicly', () => {
  it("keeps a pending seller's product out of the catalog and shows it only to its owner, saying why", async () => {
    const pending = await seller('Pending')
    const buyer = await signedIn({ userType: 'Buyer' })
    const { parent } = await categoryPair()
    const made = await callRoute(newAction, '/x', { cookie: pending.cookie, body: form(validFields(parent.id)) })
    expect(made.status).toBe(302)
    const id = made.location!.split('/').pop()!
    expect((await callRoute(productLoader, `/products/${id}`, { params: { id } })).status).toBe(404)
    expect((await callRoute(productLoader, `/products/${id}`, { cookie: buyer.cookie, params: { id } })).status).toBe(404)
    const own = await callRoute(productLoader, `/products/${id}`, { cookie: pending.cookie, params: { id } })
    expect(own.status).toBe(200)
    expect(own.data).toMatchObject({ product: { id, visibility: 'hiddenKyc' } })
    const listing = await listProducts({ ...EMPTY_MARKETPLACE_QUERY, category: parent.id }, 'en')
    expect(listing.items.map((p) => p.id)).not.toContain(id)
  })

  it("shows an approved seller's inactive product to its owner only", async () => {
    const s = await seller('Approved')
    const { parent } = await categoryPair()
    const made = await callRoute(newAction, '/x', { cookie: s.cookie, body: form(validFields(parent.id, { isActive: 'false' })) })
    const id = made.location!.split('/').pop()!
    expect((await callRoute(productLoader, `/products/${id}`, { params: { id } })).status).toBe(404)
    expect((await callRoute(productLoader, `/products/${id}`, { cookie: s.cookie, params: { id } })).data).toMatchObject({ product: { visibility: 'hiddenInactive' } })
    await callRoute(listAction, '/dashboard/products', { cookie: s.cookie, body: form({ intent: 'activate', productId: id }) })
    expect((await callRoute(productLoader, `/products/${id}`, { params: { id } })).data).toMatchObject({ product: { visibility: 'public' } })
  })
})
