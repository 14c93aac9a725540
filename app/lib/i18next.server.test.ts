// @no-database: this file runs without the per-file test database (vitest.config.ts)
// The shared per-language i18next instances memoise t(key) (issue 11); what components and loaders
// read must be exactly what i18next itself gives.
import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'
import { NAMESPACES } from './i18n'
import { createFixedInstance, detectLanguage, detectLanguageOf, localeCookie, OPTIONS_MEMO_MAX, resources, serializeLocaleCookie, TRANSLATION_MEMO_MAX } from './i18next.server'

async function plainInstance(lng: string) {
  const instance = createInstance()
  await instance.init({ resources, ns: [...NAMESPACES], defaultNS: 'common', fallbackLng: 'en', lng, interpolation: { escapeValue: false }, initAsync: false })
  return instance
}

describe('memoised translations', () => {
  it('give what i18next gives, for plain keys, keys with a namespace, a key prefix, options and missing keys', async () => {
    for (const lng of ['en', 'ru', 'hi'] as const) {
      const shared = await createFixedInstance(lng)
      const plain = await plainInstance(lng)
      const cases: [string | undefined, string | undefined, string, object?][] = [
        [lng, 'common', 'notFound.title'],
        [lng, 'catalog', 'marketplace.title'],
        [lng, 'common', 'catalog:marketplace.description'],
        [lng, 'home', 'stats.products'],
        [lng, 'catalog', 'title', undefined],
        [lng, 'catalog', 'marketplace.searchTitle', { q: 'rice' }],
        [lng, 'common', 'no.such.key'],
      ]
      for (const [l, ns, key, options] of cases) {
        type T = (key: string, options?: object) => unknown
        const expected = options ? (plain.getFixedT(l!, ns) as T)(key, options) : plain.getFixedT(l!, ns)(key)
        // Twice: the first call fills the memo, the second reads it.
        for (let i = 0; i < 2; i++) {
          const t = shared.getFixedT(l!, ns) as T
          expect(options ? t(key, options) : t(key), `${lng} ${ns} ${key}`).toBe(expected)
        }
      }
      const prefixed = shared.getFixedT(lng, 'catalog', 'marketplace')
      expect(prefixed('title')).toBe(plain.getFixedT(lng, 'catalog', 'marketplace')('title'))
      expect(prefixed('title')).toBe(plain.t('catalog:marketplace.title'))
    }
  })

  it('give what i18next gives for calls with options: counts, interpolations, defaults, objects', async () => {
    type T = (key: string, options?: object) => unknown
    const when = new Date(Date.UTC(2026, 10, 27))
    for (const lng of ['en', 'ru', 'hi'] as const) {
      const shared = (await createFixedInstance(lng)).getFixedT(lng, 'catalog') as T
      const plain = (await plainInstance(lng)).getFixedT(lng, 'catalog') as T
      const cases: [string, object][] = [
        ['listing.results', { count: 1 }],
        ['listing.results', { count: 2 }],
        ['listing.results', { count: 5 }],
        ['listing.results', { count: 21 }],
        ['listing.resultsFor', { count: 3, q: 'rice' }],
        ['listing.resultsFor', { count: 3, q: 'wheat' }],
        ['listing.resultsFor', { count: 3, q: '"}\u0000{"' }],
        ['pagination.page', { page: 2 }],
        ['pagination.page', { page: '2' }],
        ['no.such.key', { defaultValue: 'Fallback {{n}}', n: 4 }],
        ['pagination.page', { page: when }],
        ['listing.results', { count: Number.NaN }],
        ['listing.results', { count: null }],
      ]
      for (const [key, options] of cases) {
        // Twice: the first call fills the memo, the second reads it.
        for (let i = 0; i < 2; i++) expect(shared(key, options), `${lng} ${key} ${JSON.stringify(options)}`).toBe(plain(key, options))
      }
      expect(shared('listing.results', { count: 1 })).not.toBe(shared('listing.results', { count: 2 }))
      expect(shared('listing.resultsFor', { count: 3, q: 'rice' })).toContain('rice')
      expect(shared('listing.resultsFor', { count: 3, q: 'wheat' })).toContain('wheat')
    }
  })

  it('with options are bounded too, and keep answering right past the bound', async () => {
    type T = (key: string, options?: object) => unknown
    const t = (await createFixedInstance('en')).getFixedT('en', 'catalog') as T
    for (let i = 0; i < OPTIONS_MEMO_MAX + 10; i++) expect(t('pagination.page', { page: i })).toBe(`Page ${i}`)
    expect(t('pagination.page', { page: 7 })).toBe('Page 7')
  })

  it('keep languages and namespaces apart', async () => {
    const en = (await createFixedInstance('en')).getFixedT('en', 'catalog')
    const ru = (await createFixedInstance('ru')).getFixedT('ru', 'catalog')
    expect(en('marketplace.title')).not.toBe(ru('marketplace.title'))
    const common = (await createFixedInstance('en')).getFixedT('en', 'common')
    expect(common('marketplace.title')).not.toBe(en('marketplace.title'))
  })

  it('keep the properties callers read from t', async () => {
    const t = (await createFixedInstance('hi')).getFixedT('hi', 'catalog', 'marketplace') as unknown as Record<string, unknown>
    expect([t.lng, t.ns, t.keyPrefix]).toEqual(['hi', 'catalog', 'marketplace'])
  })

  it('are bounded, whatever keys a URL makes up', async () => {
    const t = (await createFixedInstance('en')).getFixedT('en', 'common')
    for (let i = 0; i < TRANSLATION_MEMO_MAX + 10; i++) expect(t(`made.up.${i}`)).toBe(`made.up.${i}`)
    expect(t('notFound.title')).toBe((await plainInstance('en')).t('notFound.title'))
  })
})

const lngCookie = (lng: string) => `lng=${encodeURIComponent(Buffer.from(JSON.stringify(lng)).toString('base64'))}`

describe('numbers inside translations', () => {
  it("write {{count, number}} in the language's own locale, as the rest of the page does", async () => {
    const expected = { en: '100,000+ products', ru: 'Более 100\u00a0000 товаров', hi: '1,00,000+ उत्पाद' }
    for (const lng of ['en', 'ru', 'hi'] as const) {
      const t = (await createFixedInstance(lng)).getFixedT(lng, 'catalog') as (key: string, options?: object) => string
      expect(t('listing.resultsCapped', { count: 100_000 })).toBe(expected[lng])
      expect(t('listing.resultsCapped', { count: 1000 })).toBe(expected[lng].replace(/1,00,000|100,000|100\u00a0000/, lng === 'ru' ? '1\u00a0000' : '1,000'))
    }
  })

  it("write stock and minimum orders grouped for the language's reader (issue 28 item 6)", async () => {
    const NB = '\u00a0'
    const expected = { en: 'In stock: 2,987.5 t', ru: `В наличии: 2${NB}987,5 t`, hi: 'स्टॉक में: 2,987.5 t' }
    for (const lng of ['en', 'ru', 'hi'] as const) {
      const t = (await createFixedInstance(lng)).getFixedT(lng, 'catalog') as (key: string, options?: object) => string
      expect(t('product.availability.inStock', { count: 2987.5, unit: 't' })).toBe(expected[lng])
    }
    const en = (await createFixedInstance('en')).getFixedT('en', 'catalog') as (key: string, options?: object) => string
    const hi = (await createFixedInstance('hi')).getFixedT('hi', 'catalog') as (key: string, options?: object) => string
    expect(en('card.moq', { count: 150000, unit: 't' })).toBe('MOQ: 150,000 t')
    expect(hi('product.amount', { count: 150000, unit: 't' })).toBe('1,50,000 t')
    expect(en('product.availability.belowMoq', { count: 12.5, moq: 1000, unit: 't' })).toBe('Only 12.5 t left, below the minimum order of 1,000 t')
  })

  it('use only the plain number format, the one numbersFromTables writes', () => {
    for (const [lng, namespaces] of Object.entries(resources)) {
      for (const [ns, content] of Object.entries(namespaces)) {
        const formats = JSON.stringify(content).match(/\{\{\s*[\w.]+\s*,[^}]*\}\}/g) ?? []
        for (const f of formats) expect(f.replace(/\s/g, ''), `${lng}/${ns}`).toMatch(/^\{\{[\w.]+,number\}\}$/)
      }
    }
  })
})

describe('language detection', () => {
  it('reads ?lng, then the cookie, then Accept-Language, and gives the same answer when asked again', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['http://x/marketplace?lng=ru', {}, 'ru'],
      ['http://x/marketplace?lng=ru', { Cookie: lngCookie('hi') }, 'ru'],
      ['http://x/marketplace', { Cookie: lngCookie('hi') }, 'hi'],
      ['http://x/marketplace', { Cookie: lngCookie('hi'), 'Accept-Language': 'ru' }, 'hi'],
      ['http://x/marketplace', { 'Accept-Language': 'ru-RU,ru;q=0.9,en;q=0.5' }, 'ru'],
      ['http://x/marketplace', { 'Accept-Language': 'de-DE' }, 'en'],
      ['http://x/marketplace?lng=xx', { 'Accept-Language': 'hi-IN' }, 'hi'],
      ['http://x/marketplace?lng=', { 'Accept-Language': 'ru' }, 'ru'],
      ['http://x/', {}, 'en'],
    ]
    for (let round = 0; round < 2; round++) {
      for (const [url, headers, expected] of cases) {
        expect(await detectLanguage(new Request(url, { headers })), `${url} ${JSON.stringify(headers)}`).toBe(expected)
        expect(await detectLanguageOf(new URL(url), headers.Cookie, headers['Accept-Language'])).toBe(expected)
      }
    }
  })

  it('writes the language cookie as react-router does', async () => {
    for (const lng of ['en', 'ru', 'hi'] as const) {
      expect(await serializeLocaleCookie(lng)).toBe(await localeCookie.serialize(lng))
      expect(await localeCookie.parse(await serializeLocaleCookie(lng))).toBe(lng)
    }
  })
})
