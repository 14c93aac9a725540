// Seller pages, product page additions and view counting through the production build (root
// middleware, loaders, SSR), as a browser or a crawler gets them.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { createCategory, createProduct, createSeller } from '../factories/catalog'
import { dispatch } from '../support/app'
import { localeMessage as msg } from '../support/locales'

const BROWSER = { 'User-Agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15' }
const LANGUAGES = ['en', 'ru', 'hi'] as const

async function page(pathWithQuery: string, headers: Record<string, string> = {}, cookie?: string) {
  const res = await dispatch(pathWithQuery, { headers, cookie })
  return { status: res.status, body: await res.text(), setCookies: res.headers.getSetCookie() }
}

const visitorCookieOf = (setCookies: string[]) => setCookies.find((c) => c.startsWith('setu_visitor='))
const viewCount = async (id: string) => (await getDb().select({ n: products.viewCount }).from(products).where(eq(products.id, id)))[0].n

let seller: Awaited<ReturnType<typeof createSeller>>
let pendingSellerId = ''
let russianOnlyId = ''
let teaId = ''

beforeAll(async () => {
  const { id: categoryId } = await createCategory({ translations: { en: { name: 'Beverages' }, ru: { name: 'Напитки' } } })
  seller = await createSeller({ companyName: 'Assam Leaf Traders', country: 'India' })
  pendingSellerId = (await createSeller({ kycStatus: 'Pending' })).id
  for (let i = 0; i < 13; i++) await createProduct({ sellerId: seller.id, categoryId, translations: { en: { name: `Assam CTC lot ${i}` } } })
  russianOnlyId = (await createProduct({ sellerId: seller.id, categoryId, translations: { ru: { name: 'Иван-чай ферментированный', description: 'Листовой' } } })).id
  teaId = (await createProduct({ sellerId: seller.id, categoryId, attributes: { hsCode: '0902.40', origin: 'IN' }, translations: { en: { name: 'Darjeeling First Flush' } } })).id
})

describe('the seller page', () => {
  it('shows the seller, verified, with country, member-since date, products and pagination', async () => {
    const { status, body } = await page(`/sellers/${seller.id}?lng=en`)
    expect(status).toBe(200)
    expect(body).toContain('<title>Assam Leaf Traders | Setu</title>')
    expect(body).toMatch(/<h1[^>]*>Assam Leaf Traders<\/h1>/)
    expect(body).toContain('data-testid="seller-verified"')
    expect(body).toContain('India')
    // en-IN: "24 November 2026".
    expect(body).toMatch(/<time datetime="\d{4}-\d{2}-\d{2}T[^"]*" data-testid="member-since">\d{1,2} [A-Z][a-z]+ \d{4}<\/time>/i)
    expect(body.match(/data-testid="product-card"/g)).toHaveLength(12)
    expect(body).toContain(`href="/sellers/${seller.id}?page=2"`)
    expect(body).toContain(`<link rel="canonical" href="http://localhost:3000/sellers/${seller.id}"/>`)
    expect(body).toContain(`hrefLang="ru" href="http://localhost:3000/sellers/${seller.id}?lng=ru"`)
    expect(body).not.toContain('name="robots" content="noindex"')
  })

  it('is translated, dates included', async () => {
    const { body } = await page(`/sellers/${seller.id}?lng=ru`)
    expect(body).toContain('<html lang="ru"')
    expect(body).toContain(msg('ru', 'catalog:seller.memberSince'))
    expect(body).toMatch(/data-testid="member-since">\d{1,2} [а-я]+ \d{4} г\.<\/time>/)
  })

  it('marks a later page noindex', async () => {
    const { status, body } = await page(`/sellers/${seller.id}?page=2`)
    expect(status).toBe(200)
    expect(body.match(/data-testid="product-card"/g)).toHaveLength(3)
    expect(body).toContain('name="robots" content="noindex"')
  })

  it.each(LANGUAGES)('answers 404 with the site chrome like an unknown product, for a hidden, unknown or junk id (%s)', async (lng) => {
    const title = msg(lng, 'catalog:seller.notFound.title')
    for (const id of [pendingSellerId, '6f1c2b1e-3f57-4d0c-9a55-0b7f4f0f1a2b', 'not-a-seller']) {
      const { status, body } = await page(`/sellers/${id}?lng=${lng}`)
      expect(status, id).toBe(404)
      expect(body).toContain(`<html lang="${lng}"`)
      expect(body).toContain(`<title>${title} | Setu</title>`)
      expect(body).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`))
      expect(body).toMatch(/<header[^>]*>/)
      expect(body).toMatch(/<footer[^>]*>/)
      expect(body).toContain('name="robots" content="noindex"')
    }
  })

  it('is linked from product cards and is in the sitemap; a hidden seller is in neither', async () => {
    const { body } = await page('/marketplace')
    expect(body).toContain(`href="/sellers/${seller.id}"`)
    const sitemap = await page('/sitemaps/sellers-1.xml')
    expect(sitemap.body).toContain(`/sellers/${seller.id}</loc>`)
    expect(sitemap.body).not.toContain(pendingSellerId)
  })
})

describe('the product page', () => {
  it('links the seller, and shows the HS code and country of origin in the page language', async () => {
    const { body } = await page(`/products/${teaId}?lng=ru`)
    expect(body).toContain(`href="/sellers/${seller.id}"`)
    expect(body).toContain(msg('ru', 'catalog:product.trade.hsCode'))
    expect(body).toMatch(/data-testid="hs-code">0902\.40</)
    expect(body).toContain(msg('ru', 'catalog:product.trade.origin'))
    expect(body).toMatch(/data-testid="origin">Индия</)
  })

  it('leaves the trade rows out when the product has no such attributes', async () => {
    const { body } = await page(`/products/${russianOnlyId}`)
    expect(body).not.toContain('data-testid="hs-code"')
    expect(body).not.toContain('data-testid="origin"')
  })

  it('marks a name and description shown in another language with lang', async () => {
    const { body } = await page(`/products/${russianOnlyId}?lng=en`)
    expect(body).toContain('<html lang="en"')
    expect(body).toMatch(/<h1[^>]* lang="ru"[^>]*>Иван-чай ферментированный<\/h1>/)
    expect(body).toMatch(/<p[^>]* lang="ru"[^>]*>Листовой<\/p>/)
    const cards = await page(`/sellers/${seller.id}?lng=hi`)
    expect(cards.body).toMatch(/<h3[^>]* lang="ru"[^>]*><a [^>]*>Иван-чай ферментированный<\/a><\/h3>/)
  })
})

describe('view counting', () => {
  it('counts a browser once a day and gives it an httpOnly visitor cookie', async () => {
    const id = (await createProduct({ sellerId: seller.id })).id
    const first = await page(`/products/${id}`, BROWSER)
    expect(first.status).toBe(200)
    const cookie = visitorCookieOf(first.setCookies)
    expect(cookie).toMatch(/^setu_visitor=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/)
    expect(await viewCount(id)).toBe(1)

    const visitor = cookie!.split(';')[0]
    const again = await page(`/products/${id}`, BROWSER, visitor)
    expect(visitorCookieOf(again.setCookies)).toBeUndefined()
    // A client-side navigation (data request) the same day is the same visit.
    const data = await dispatch(`/products/${id}.data`, { headers: BROWSER, cookie: visitor })
    expect(data.status).toBe(200)
    expect(await viewCount(id)).toBe(1)

    await page(`/products/${id}`, BROWSER)
    expect(await viewCount(id)).toBe(2)
  })

  it('counts neither crawlers nor clients without a User-Agent, and gives them no cookie', async () => {
    const id = (await createProduct({ sellerId: seller.id })).id
    const bot = await page(`/products/${id}`, { 'User-Agent': 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)' })
    const bare = await page(`/products/${id}`)
    expect(bot.status).toBe(200)
    expect(bare.status).toBe(200)
    expect(visitorCookieOf(bot.setCookies)).toBeUndefined()
    expect(visitorCookieOf(bare.setCookies)).toBeUndefined()
    expect(await viewCount(id)).toBe(0)
  })
})
