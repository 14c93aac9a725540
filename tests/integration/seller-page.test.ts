// The public seller page (/sellers/:id), the sitemap's seller entries, and view counting through the
// product page loader: loaders called the way React Router calls them, against a real database.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { products, profiles } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { PAGE_SIZE } from '~/modules/catalog/schemas'
import { loader as sitemapFileLoader } from '~/routes/api/sitemap-file'
import { loader as productLoader } from '~/routes/public/product'
import { loader as sellerLoader } from '~/routes/public/seller'
import { createCategory, createProduct, createSeller } from '../factories/catalog'
import { createUser, signInCookie } from '../factories/users'
import { callRoute } from './account-support'

const BROWSER = { 'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' }
const days = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000)

type SellerPage = {
  seller: Record<string, unknown>
  result: { items: { id: string; seller: { id: string } }[]; total: number; page: number; totalPages: number }
  noindex: boolean
  description: string
}
const openSeller = async (id: string, query = '', cookie?: string) =>
  callRoute(sellerLoader, `/sellers/${encodeURIComponent(id)}${query}`, { params: { id }, cookie })

let categoryId = ''
let seller: Awaited<ReturnType<typeof createSeller>>
const productIds: string[] = []
let inactiveId = ''
let otherSellersProduct = ''

beforeAll(async () => {
  categoryId = (await createCategory()).id
  seller = await createSeller({ companyName: 'Volga Grain Export', name: 'Anna Smirnova', country: 'Russia' })
  // PAGE_SIZE + 2 public products, newest first: index 0 is the newest.
  for (let i = 0; i < PAGE_SIZE + 2; i++) {
    productIds.push((await createProduct({ sellerId: seller.id, categoryId, createdAt: days(i + 1), translations: { en: { name: `Grain lot ${i}` } } })).id)
  }
  inactiveId = (await createProduct({ sellerId: seller.id, categoryId, isActive: false })).id
  otherSellersProduct = (await createProduct({ categoryId })).id
})

describe('the seller page', () => {
  it('shows a public seller through an explicit DTO', async () => {
    const out = await openSeller(seller.id)
    expect(out.status).toBe(200)
    const data = out.data as SellerPage
    expect(data.seller).toEqual({
      id: seller.id,
      displayName: 'Volga Grain Export',
      contactName: 'Anna Smirnova',
      country: 'Russia',
      verified: true,
      memberSince: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
    // Nothing else of the profile leaves: no email, phone, KYC document, notes.
    expect(JSON.stringify(out.data)).not.toContain(seller.email)
    expect(data.noindex).toBe(false)
    expect(data.description).toContain('Volga Grain Export')
  })

  it('lists only its public, active products, newest first, paginated on the server', async () => {
    const first = (await openSeller(seller.id)).data as SellerPage
    expect(first.result).toMatchObject({ total: PAGE_SIZE + 2, page: 1, totalPages: 2 })
    expect(first.result.items.map((p) => p.id)).toEqual(productIds.slice(0, PAGE_SIZE))
    expect(first.result.items.every((p) => p.seller.id === seller.id)).toBe(true)

    const second = (await openSeller(seller.id, '?page=2')).data as SellerPage
    expect(second.result.items.map((p) => p.id)).toEqual(productIds.slice(PAGE_SIZE))
    expect(second.noindex).toBe(true)

    const all = [...first.result.items, ...second.result.items].map((p) => p.id)
    expect(all).not.toContain(inactiveId)
    expect(all).not.toContain(otherSellersProduct)
  })

  it('clamps an out-of-range page and ignores a malformed one', async () => {
    expect(((await openSeller(seller.id, '?page=999')).data as SellerPage).result.page).toBe(2)
    for (const bad of ['?page=-1', '?page=abc', '?page=1e9', '?page=%00']) {
      const out = await openSeller(seller.id, bad)
      expect(out.status, bad).toBe(200)
      expect((out.data as SellerPage).result.page, bad).toBe(1)
    }
  })

  it('has a page, empty, for an approved seller without products; a company-less seller goes by name', async () => {
    const fresh = await createSeller({ companyName: null, name: 'Rajesh Kumar' })
    const data = (await openSeller(fresh.id)).data as SellerPage
    expect(data.seller).toMatchObject({ displayName: 'Rajesh Kumar', contactName: null })
    expect(data.result).toMatchObject({ total: 0, items: [], page: 1, totalPages: 1 })
  })

  it('goes away when the seller is suspended', async () => {
    const later = await createSeller()
    await createProduct({ sellerId: later.id, categoryId })
    expect((await openSeller(later.id)).status).toBe(200)
    await getDb().update(profiles).set({ accountStatus: 'suspended' }).where(eq(profiles.id, later.id))
    expect((await openSeller(later.id)).status).toBe(404)
  })

  describe('answers 404, like an unknown product', () => {
    const cases: [string, () => Promise<string>][] = [
      ['a seller with KYC pending', async () => (await createSeller({ kycStatus: 'Pending' })).id],
      ['a seller with KYC rejected', async () => (await createSeller({ kycStatus: 'Rejected' })).id],
      ['a seller who never sent KYC', async () => (await createSeller({ kycStatus: null })).id],
      ['a suspended seller', async () => (await createSeller({ accountStatus: 'suspended' })).id],
      ['a banned seller', async () => (await createSeller({ accountStatus: 'banned' })).id],
      ['a buyer profile', async () => (await createUser({ profile: { userType: 'Buyer', kycStatus: 'Approved' } })).profileId!],
      ['an unknown id', async () => '00000000-0000-4000-8000-000000000000'],
      ['a malformed id', async () => 'not-a-seller'],
      ['SQL in the id', async () => "1' OR '1'='1"],
      ['a product id', async () => productIds[0]],
    ]
    it.each(cases)('%s', async (_, makeId) => {
      const out = await openSeller(await makeId())
      expect(out.status).toBe(404)
      expect(out.data).toEqual({ title: 'Seller Not Found' })
    })

    it('with the title in the visitor language', async () => {
      const out = await callRoute(sellerLoader, '/sellers/nope?lng=ru', { params: { id: 'nope' } })
      expect(out).toMatchObject({ status: 404, data: { title: 'Продавец не найден' } })
    })
  })
})

describe('seller links', () => {
  it('product pages link a public seller, but not one whose page does not exist', async () => {
    const out = await callRoute(productLoader, `/products/${productIds[0]}`, { params: { id: productIds[0] } })
    expect(out.data).toMatchObject({ product: { seller: { id: seller.id, publicPage: true } } })

    const pending = await createUser({ profile: { userType: 'Seller', kycStatus: 'Pending' } })
    const own = await createProduct({ sellerId: pending.profileId!, categoryId })
    const preview = await callRoute(productLoader, `/products/${own.id}`, { params: { id: own.id }, cookie: await signInCookie(pending.email, pending.password) })
    expect(preview.data).toMatchObject({ product: { visibility: 'hiddenKyc', seller: { id: pending.profileId, publicPage: false } } })
  })
})

describe('sitemap', () => {
  it('lists public seller pages and no hidden ones', async () => {
    const pending = await createSeller({ kycStatus: 'Pending' })
    const suspended = await createSeller({ accountStatus: 'suspended' })
    const buyer = await createUser({ profile: { userType: 'Buyer', kycStatus: 'Approved' } })
    const out = await callRoute(sitemapFileLoader, '/sitemaps/sellers-1.xml', { params: { file: 'sellers-1.xml' } })
    const xml = await out.response!.text()
    expect(xml).toContain(`<loc>http://localhost:3000/sellers/${seller.id}</loc>`)
    expect(xml).toContain(`hreflang="ru" href="http://localhost:3000/sellers/${seller.id}?lng=ru"`)
    for (const hidden of [pending.id, suspended.id, buyer.profileId!]) expect(xml).not.toContain(hidden)
  })
})

describe('view counting through the product page', () => {
  const count = async (id: string) => (await getDb().select({ n: products.viewCount }).from(products).where(eq(products.id, id)))[0].n
  const open = (id: string, opts: { cookie?: string; headers?: Record<string, string> } = {}) =>
    callRoute(productLoader, `/products/${id}`, { params: { id }, cookie: opts.cookie, headers: opts.headers ?? BROWSER })

  it('counts a signed-in buyer once a day, and not the owner', async () => {
    const owner = await createUser({ profile: { userType: 'Seller', kycStatus: 'Approved' } })
    const ownerCookie = await signInCookie(owner.email, owner.password)
    const { id } = await createProduct({ sellerId: owner.profileId!, categoryId })
    const buyer = await createUser({ profile: { userType: 'Buyer' } })
    const buyerCookie = await signInCookie(buyer.email, buyer.password)

    expect((await open(id, { cookie: ownerCookie })).status).toBe(200)
    expect(await count(id)).toBe(0)
    await open(id, { cookie: buyerCookie })
    await open(id, { cookie: buyerCookie })
    expect(await count(id)).toBe(1)
  })

  it('counts neither bots nor requests without a User-Agent, nor a hidden product', async () => {
    const { id } = await createProduct({ sellerId: seller.id, categoryId })
    await open(id, { headers: { 'User-Agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' } })
    await open(id, { headers: {} })
    expect(await count(id)).toBe(0)
    const owner = await createUser({ profile: { userType: 'Seller', kycStatus: 'Approved' } })
    const hidden = await createProduct({ sellerId: owner.profileId!, categoryId, isActive: false })
    const buyer = await createUser({ profile: { userType: 'Buyer' } })
    expect((await open(hidden.id, { cookie: await signInCookie(buyer.email, buyer.password) })).status).toBe(404)
    expect(await count(hidden.id)).toBe(0)
  })
})
