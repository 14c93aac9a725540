// @no-database: this file runs without the per-file test database (vitest.config.ts)
// The informational pages: inline-tag parsing, the translations' markup, and the page loaders' SEO data.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FAQ_GROUPS, FAQ_ITEM_KEYS } from './faq'
import { RICH_FORMATS, RICH_LINKS } from './links'
import { pageMeta } from './meta'
import { parseRichText, stripRichText } from './rich-text-parse'
import { SUPPORTED_LANGUAGES } from '~/lib/i18n'
import { loader as aboutLoader } from '~/routes/public/about'
import { loader as contactLoader } from '~/routes/public/contact'
import { loader as faqLoader } from '~/routes/public/faq'
import { loader as guidesLoader } from '~/routes/public/guides'
import { loader as logisticsLoader } from '~/routes/public/logistics'
import { loader as privacyLoader } from '~/routes/public/privacy'
import { loader as termsLoader } from '~/routes/public/terms'
import { itReturnsTranslatedSeo, withPublicOrigin, type SeoPage } from '../../../../tests/support/page-seo'
import { runLoader } from '../../../../tests/support/run-loader'

type Json = string | number | boolean | null | Json[] | { [k: string]: Json }
const LOCALES = path.resolve(__dirname, '../../../../public/locales')
const load = (lng: string): Json => JSON.parse(fs.readFileSync(path.join(LOCALES, lng, 'pages.json'), 'utf8'))

function strings(value: Json, prefix = '', out = new Map<string, string>()) {
  if (typeof value === 'string') out.set(prefix, value)
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v as Json, prefix ? `${prefix}.${k}` : k, out)
  return out
}
const tagsOf = (text: string) =>
  parseRichText(text)
    .flatMap((n) => (typeof n === 'string' ? [] : [n.tag]))
    .sort()

withPublicOrigin()

describe('parseRichText', () => {
  it('splits text and named tags in order', () => {
    expect(parseRichText('See the <terms>Terms</terms> and <privacy>Privacy Policy</privacy>.')).toEqual([
      'See the ',
      { tag: 'terms', text: 'Terms' },
      ' and ',
      { tag: 'privacy', text: 'Privacy Policy' },
      '.',
    ])
  })

  it('leaves unbalanced or mismatched tags as plain text', () => {
    expect(parseRichText('a <terms>b</privacy> c')).toEqual(['a <terms>b</privacy> c'])
    expect(parseRichText('no tags at all')).toEqual(['no tags at all'])
  })

  it('strips tags for plain-text uses', () => {
    expect(stripRichText('Write to <support>support@setu.example</support> today')).toBe('Write to support@setu.example today')
  })
})

describe('pages.json markup', () => {
  const en = strings(load('en'))
  const known = new Set<string>([...Object.keys(RICH_LINKS), ...RICH_FORMATS])

  for (const lng of SUPPORTED_LANGUAGES) {
    it(`${lng}: every tag is known and well formed`, () => {
      const problems: string[] = []
      for (const [key, text] of strings(load(lng))) {
        for (const tag of tagsOf(text)) if (!known.has(tag)) problems.push(`${key}: unknown tag <${tag}>`)
        if (/[<>]/.test(stripRichText(text))) problems.push(`${key}: stray angle bracket`)
      }
      expect(problems).toEqual([])
    })
  }

  for (const lng of ['ru', 'hi'] as const) {
    it(`${lng}: keeps the same links as English in every string`, () => {
      const other = strings(load(lng))
      const diff = [...en].filter(([key, text]) => JSON.stringify(tagsOf(text)) !== JSON.stringify(tagsOf(other.get(key) ?? '')))
      expect(diff.map(([key]) => key)).toEqual([])
    })
  }

  it('has 10 to 14 FAQ entries, each with a question and an answer in every language', () => {
    expect(FAQ_ITEM_KEYS.length).toBeGreaterThanOrEqual(10)
    expect(FAQ_ITEM_KEYS.length).toBeLessThanOrEqual(14)
    expect(FAQ_GROUPS.map((g) => g.key)).toEqual(['gettingStarted', 'buying', 'selling', 'payments'])
    for (const lng of SUPPORTED_LANGUAGES) {
      const all = strings(load(lng))
      for (const key of FAQ_ITEM_KEYS) {
        expect(all.get(`faq.items.${key}.q`), `${lng} ${key}.q`).toBeTruthy()
        expect(all.get(`faq.items.${key}.a`), `${lng} ${key}.a`).toBeTruthy()
      }
    }
  })

  it('states the spec transit times on the logistics page', () => {
    expect(en.get('logistics.modes.sea.transit')).toBe('30-45 days')
    expect(en.get('logistics.modes.air.transit')).toBe('3-7 days')
    expect(en.get('logistics.modes.rail.transit')).toBe('15-20 days')
  })
})

describe('page loaders', () => {
  const pages = [
    ['/about', aboutLoader, 'About Setu', 'О Setu', 'Setu के बारे में'],
    ['/contact', contactLoader, 'Contact us', 'Контакты', 'संपर्क करें'],
    ['/terms', termsLoader, 'Terms of Service', 'Условия использования', 'सेवा की शर्तें'],
    ['/privacy', privacyLoader, 'Privacy Policy', 'Политика конфиденциальности', 'गोपनीयता नीति'],
    ['/faq', faqLoader, 'Frequently asked questions', 'Вопросы и ответы', 'अक्सर पूछे जाने वाले प्रश्न'],
    ['/logistics', logisticsLoader, 'Shipping between India and Russia', 'Доставка между Индией и Россией', 'भारत और रूस के बीच शिपिंग'],
    ['/guides', guidesLoader, 'Trade guides', 'Руководства по торговле', 'व्यापार गाइड'],
  ] as const satisfies readonly SeoPage[]

  itReturnsTranslatedSeo(pages, { meta: (data, pathname) => pageMeta(data as never, pathname), minDescription: 60 })

  it('/faq exposes plain-text questions and answers for structured data', async () => {
    const data = await runLoader(faqLoader, 'http://setu.test/faq?lng=ru')
    expect(data.qa).toHaveLength(FAQ_ITEM_KEYS.length)
    expect(data.qa[0]).toEqual({ q: 'Что такое Setu?', a: expect.stringContaining('маркетплейс') })
    for (const { a } of data.qa) expect(a).not.toMatch(/[<>]/)
  })
})
