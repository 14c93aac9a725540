// Route loaders called the way React Router calls them (after the i18n middleware), with hostile input.
import { RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { createCategory, createProduct, createSeller } from '../../../tests/factories/catalog'
import { i18nextMiddleware } from '~/lib/i18next.server'
import { loader as categoryLoader } from '~/routes/public/category'
import { loader as homeLoader } from '~/routes/public/home'
import { loader as marketplaceLoader } from '~/routes/public/marketplace'
import { loader as newListingsLoader } from '~/routes/public/marketplace-new'
import { loader as productLoader } from '~/routes/public/product'
import { loader as robotsLoader } from '~/routes/api/robots'
import { loader as sitemapLoader } from '~/routes/api/sitemap'
import { loader as sitemapFileLoader } from '~/routes/api/sitemap-file'

type AnyLoader = (args: never) => unknown
/** A loader's data, whether it returned it plain or through data() (with headers). */
type LoaderValue<L extends AnyLoader> = Awaited<ReturnType<L>> extends DataWithResponseInit<infer D> ? D : Awaited<ReturnType<L>>

/** Runs the i18n middleware, then the loader; returns its value (and headers) or what it threw. */
async function run<L extends AnyLoader>(loader: L, path: string, params: Record<string, string> = {}, init: RequestInit = {}) {
  const request = new Request(`http://localhost:3000${path}`, init)
  const context = new RouterContextProvider()
  const out: { value?: LoaderValue<L>; headers?: Headers; thrown?: unknown } = {}
  await i18nextMiddleware({ request, context, params, pattern: '' } as never, async () => {
    try {
      const value = await loader({ request, context, params } as never)
      const wrapped = value && typeof value === 'object' && (value as { type?: string }).type === 'DataWithResponseInit'
      out.value = (wrapped ? (value as DataWithResponseInit<unknown>).data : value) as LoaderValue<L>
      out.headers = new Headers(wrapped ? (value as DataWithResponseInit<unknown>).init?.headers : undefined)
    } catch (err) {
      out.thrown = err
    }
    return new Response(null)
  })
  return out
}

const status = (thrown: unknown) => (thrown as { init?: { status?: number } })?.init?.status

let productId = ''
let hiddenId = ''

beforeAll(async () => {
  const seller = await createSeller({ country: 'Russia', companyName: 'Ural Stone Masters' })
  await createCategory({ id: 'gems-jewelry', translations: { en: { name: 'Gems & Jewelry' }, ru: { name: 'Драгоценности' } } })
  const p = await createProduct({
    sellerId: seller.id,
    categoryId: 'gems-jewelry',
    mediaFiles: ['/images/products/malachite.svg'],
    translations: {
      en: { name: 'Malachite Pendant', description: 'Ural malachite in 925 silver.' },
      ru: { name: 'Кулон из малахита', description: 'Уральский малахит в серебре 925 пробы.' },
    },
  })
  productId = p.id
  hiddenId = (await createProduct({ sellerId: seller.id, categoryId: 'gems-jewelry', isActive: false })).id
  for (let i = 0; i < 14; i++) await createProduct({ sellerId: seller.id, categoryId: 'gems-jewelry' })
})

describe('product loader', () => {
  it('returns the product in the requested language', async () => {
    const { value } = await run(productLoader, `/products/${productId}?lng=ru`, { id: productId })
    expect(value?.product).toMatchObject({ name: 'Кулон из малахита', category: { name: 'Драгоценности' } })
    expect(value?.locale).toBe('ru')
  })

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'abc'],
    ['SQL in the id', "1' OR '1'='1"],
    ['an inactive product', () => hiddenId],
  ])('answers 404 with the translated "Product Not Found" for %s', async (_, idOrFn) => {
    const id = typeof idOrFn === 'function' ? idOrFn() : idOrFn
    const { thrown } = await run(productLoader, `/products/${encodeURIComponent(id)}?lng=hi`, { id })
    expect(status(thrown)).toBe(404)
    expect((thrown as { data: { title: string } }).data.title).toBe('उत्पाद नहीं मिला')
  })
})

describe('category loader', () => {
  it('lists all categories for /categories/all', async () => {
    const { value } = await run(categoryLoader, '/categories/all', { id: 'all' })
    expect(value?.kind).toBe('all')
  })

  it('shows the category with its products and filters', async () => {
    const { value } = await run(categoryLoader, '/categories/gems-jewelry?page=abc&maxPrice=-1', { id: 'gems-jewelry' })
    if (value?.kind !== 'one') throw new Error('expected a category page')
    expect(value.listing.result.total).toBe(15)
    expect(value.listing.query.page).toBe(1)
    expect(value.listing.notices).toEqual(['maxPriceInvalid'])
  })

  it.each(['nope', '<script>', 'a'.repeat(500)])('answers 404 for the unknown category %s', async (id) => {
    const { thrown } = await run(categoryLoader, `/categories/${encodeURIComponent(id)}`, { id })
    expect(status(thrown)).toBe(404)
  })
})

describe('marketplace loaders', () => {
  it.each([
    '/marketplace?page=abc',
    '/marketplace?page=-1',
    '/marketplace?minPrice=-5&maxPrice=abc&maxMoq=x',
    `/marketplace?q=${'x'.repeat(10_000)}`,
    `/marketplace?q=${encodeURIComponent("'; DROP TABLE products; --")}`,
    `/marketplace?q=${encodeURIComponent('<img src=x onerror=alert(1)>')}`,
    '/marketplace?category=does-not-exist&country=Mars&currency=EUR&sort=cheapest',
    '/marketplace?lng=xx',
  ])('answers %s with a page, never an error', async (path) => {
    const { value, thrown } = await run(marketplaceLoader, path)
    expect(thrown).toBeUndefined()
    expect(value?.result.page).toBeGreaterThanOrEqual(1)
  })

  it('clamps page=999 to the last page and keeps 12 per page', async () => {
    const { value } = await run(marketplaceLoader, '/marketplace?page=999')
    expect(value?.result).toMatchObject({ total: 15, totalPages: 2, page: 2 })
    expect(value?.result.items).toHaveLength(3)
    expect(value?.query.page).toBe(2)
  })

  it('drops an unknown category with a notice and falls back to English for an unsupported lng', async () => {
    const { value } = await run(marketplaceLoader, '/marketplace?category=does-not-exist&lng=xx')
    expect(value?.query.category).toBeNull()
    expect(value?.notices).toContain('unknownCategory')
    expect(value?.locale).toBe('en')
    expect(value?.title).toBe('Marketplace')
    expect(value?.filtered).toBe(true)
  })

  it('titles a search page with the query', async () => {
    const { value } = await run(marketplaceLoader, '/marketplace?q=malachite&lng=ru')
    expect(value?.title).toBe('Результаты поиска по запросу «malachite»')
    expect(value?.result.items.map((i) => i.id)).toEqual([productId])
  })

  it('New Listings only shows products from the last 30 days', async () => {
    const seller = await createSeller()
    const old = await createProduct({ sellerId: seller.id, categoryId: 'gems-jewelry', createdAt: new Date('2020-01-01T00:00:00Z') })
    const { value } = await run(newListingsLoader, '/marketplace/new')
    expect(value?.result.items.map((i) => i.id)).not.toContain(old.id)
    expect(value?.result.total).toBe(15)
  })
})

describe('home loader', () => {
  it('returns at most 8 newest launches and real counters', async () => {
    const { value } = await run(homeLoader, '/')
    expect(value?.launches).toHaveLength(8)
    expect(value?.stats.activeProducts).toBeGreaterThanOrEqual(15)
    expect(value?.featured.map((c) => c.id)).toEqual(['gems-jewelry'])
  })
})

describe('sitemap and robots', () => {
  it('lists pages, categories and products with hreflang alternates as XML, through an index', async () => {
    const index = await ((await run(sitemapLoader, '/sitemap.xml')).value as Response).text()
    const files = [...index.matchAll(/<loc>http:\/\/localhost:3000\/sitemaps\/([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(files).toEqual(['pages.xml', 'products-1.xml', 'sellers-1.xml'])
    const responses = await Promise.all(files.map(async (file) => (await run(sitemapFileLoader, `/sitemaps/${file}`, { file })).value as Response))
    for (const res of responses) expect(res.headers.get('Content-Type')).toMatch(/^application\/xml/)
    const xml = (await Promise.all(responses.map((r) => r.text()))).join('')
    expect(xml).toContain(`<loc>http://localhost:3000/products/${productId}</loc>`)
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="ru" href="http://localhost:3000/products/${productId}?lng=ru"/>`)
    expect(xml).toContain('<loc>http://localhost:3000/categories/gems-jewelry</loc>')
    expect(xml).toContain('<loc>http://localhost:3000/trade-instructions/payment</loc>')
    expect(xml).not.toContain(hiddenId)
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length)
  })

  it('allows crawling, hides private areas and names the sitemap', async () => {
    const { value } = await run(robotsLoader, '/robots.txt')
    const text = await (value as Response).text()
    expect(text).toContain('User-agent: *')
    for (const p of ['/dashboard', '/profile', '/kyc-upload', '/api/', '/dev/', '/admin']) expect(text).toContain(`Disallow: ${p}\n`)
    expect(text).toContain('Sitemap: http://localhost:3000/sitemap.xml')
  })
})
