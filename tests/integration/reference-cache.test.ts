// The reference data cache (app/lib/reference-cache.server.ts): the home page's counters and featured
// categories, the category pages' categories and counts are shared between requests until the catalog
// changes, and a change shows on the very next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invalidatePublicPages } from '~/lib/page-cache.server'
import { configureReferenceCache, IN_FLIGHT_SHARE_MS, referenceCacheLoads, referenceData } from '~/lib/reference-cache.server'
import { action as newAction } from '~/routes/seller/product-new'
import { createCategory } from '../factories/catalog'
import { createUser, signInCookie } from '../factories/users'
import { dispatch } from '../support/app'
import { callRoute, form } from './account-support'

beforeAll(() => configureReferenceCache({ ttlMs: 60_000 }))
afterAll(() => configureReferenceCache({ ttlMs: 0 }))

async function page(path: string) {
  const res = await dispatch(path, { headers: { 'Accept-Language': 'en' } })
  return { status: res.status, body: await res.text() }
}

/** The "Products" counter on the home page. */
async function homeProductCount(): Promise<number> {
  const { body } = await page('/')
  const value = /data-testid="home-stats"[\s\S]*?<dd[^>]*>([^<]+)<\/dd>/.exec(body)?.[1]
  expect(value).toBeDefined()
  return Number(value!.replace(/\D/g, ''))
}

let n = 0
async function addProduct(cookie: string, categoryId: string) {
  n++
  const out = await callRoute(newAction, '/x', {
    cookie,
    body: form({
      categoryId,
      price: '100',
      currency: 'INR',
      stockQuantity: '10',
      minimumOrderQuantity: '1',
      unit: 'tonnes',
      isActive: 'true',
      'en.name': `Reference cache rice ${n}`,
      'en.description': 'Long grain',
      hsCode: '1006.30',
      originCountry: 'IN',
    }),
  })
  expect(out.location).toMatch(/^\/products\//)
}

describe('reference data on public pages', () => {
  it('is read once and shared, and a new product counts on the next request', async () => {
    const seller = await createUser({ profile: { userType: 'Seller', kycStatus: 'Approved' } })
    const cookie = await signInCookie(seller.email, seller.password)
    const category = await createCategory({ translations: { en: { name: 'Reference Grains' } } })
    await addProduct(cookie, category.id)

    const before = await homeProductCount()
    const loads = referenceCacheLoads()
    expect(await homeProductCount()).toBe(before)
    // The second page read no reference data from the database.
    expect(referenceCacheLoads()).toBe(loads)

    await addProduct(cookie, category.id)
    expect(await homeProductCount()).toBe(before + 1)
  })

  it('shows a new category at once after the catalog change is announced, and not before', async () => {
    const all = await page('/categories/all')
    expect(all.status).toBe(200)
    const category = await createCategory({ translations: { en: { name: 'Freshly Added Spices' } } })
    // Written behind the app's back: the shared list is still the one read before.
    expect((await page('/categories/all')).body).not.toContain('Freshly Added Spices')
    await invalidatePublicPages()
    expect((await page('/categories/all')).body).toContain('Freshly Added Spices')
    expect((await page(`/categories/${category.id}`)).body).toContain('Freshly Added Spices')
  })

  it("offers a new category in the marketplace's category filter once the change is announced", async () => {
    expect((await page('/marketplace')).status).toBe(200)
    const category = await createCategory({ translations: { en: { name: 'Newly Listed Pulses' } } })
    expect((await page('/marketplace')).body).not.toContain('Newly Listed Pulses')
    await invalidatePublicPages()
    expect((await page('/marketplace')).body).toContain('Newly Listed Pulses')
    // The filter knows it: a link to it keeps the category instead of dropping it as unknown.
    const filtered = await page(`/marketplace?category=${category.id}`)
    expect(filtered.body).not.toContain('unknownCategory')
    expect(filtered.body).toContain(`value="${category.id}" selected`)
  })

  it('does not keep an unknown category: it appears as soon as it exists', async () => {
    const id = `later-category-${Date.now()}`
    expect((await page(`/categories/${id}`)).status).toBe(404)
    await createCategory({ id, translations: { en: { name: 'Arrived Later' } } })
    const found = await page(`/categories/${id}`)
    expect(found.status).toBe(200)
    expect(found.body).toContain('Arrived Later')
  })
})

describe('referenceData', () => {
  it('shares one load between callers, freezes the value, and drops a failed load', async () => {
    let calls = 0
    const load = async () => {
      calls++
      return { list: [{ id: 'a' }] }
    }
    const [a, b] = await Promise.all([referenceData('test:shared', load), referenceData('test:shared', load)])
    expect(calls).toBe(1)
    expect(a).toBe(b)
    expect(Object.isFrozen(a.list[0])).toBe(true)

    await expect(referenceData('test:failing', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down')
    expect(await referenceData('test:failing', async () => 'recovered')).toBe('recovered')
  })

  it('does not hold later requests on a load that hangs: after IN_FLIGHT_SHARE_MS they load anew', async () => {
    const stuck = new Promise<string>(() => {}) // a query on a connection the database dropped
    const first = referenceData('test:hung', () => stuck)
    expect(referenceData('test:hung', async () => 'second')).toBe(first)
    const realNow = Date.now
    Date.now = () => realNow() + IN_FLIGHT_SHARE_MS + 1
    try {
      expect(await referenceData('test:hung', async () => 'fresh')).toBe('fresh')
    } finally {
      Date.now = realNow
    }
  })

  it('loads every time while switched off', async () => {
    configureReferenceCache({ ttlMs: 0 })
    try {
      let calls = 0
      await referenceData('test:off', async () => ++calls)
      await referenceData('test:off', async () => ++calls)
      expect(calls).toBe(2)
    } finally {
      configureReferenceCache({ ttlMs: 60_000 })
    }
  })
})
