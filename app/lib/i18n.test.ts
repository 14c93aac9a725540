// @no-database: this file runs without the per-file test database (vitest.config.ts)
import fc from 'fast-check'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  formatCount,
  formatMoney,
  INTL_LOCALES,
  NAMESPACES,
  numberFormat,
  readerOf,
  SUPPORTED_LANGUAGES,
  type Language,
  type Reader,
} from './i18n'
import { dateTimeFormat, formatDate, formatDateTime, formatNumber } from './format'

const LOCALES = path.resolve(__dirname, '../../public/locales')
type Json = string | number | boolean | null | Json[] | { [k: string]: Json }

function load(lng: string, ns: string): Json {
  return JSON.parse(fs.readFileSync(path.join(LOCALES, lng, `${ns}.json`), 'utf8'))
}

/** Flattens to dotted paths; array items keep their index. */
function flatten(value: Json, prefix = '', out = new Map<string, Json>()) {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v as Json, prefix ? `${prefix}.${k}` : k, out)
  } else {
    out.set(prefix, value)
  }
  return out
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/
const stripPlural = (key: string) => key.replace(PLURAL_SUFFIX, '')

describe('translation files', () => {
  it('has exactly the declared namespaces for every language', () => {
    for (const lng of SUPPORTED_LANGUAGES) {
      const files = fs.readdirSync(path.join(LOCALES, lng)).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''))
      expect(files.sort(), `namespaces in ${lng}`).toEqual([...NAMESPACES].sort())
    }
  })

  for (const ns of NAMESPACES) {
    for (const lng of ['ru', 'hi'] as const) {
      it(`${lng}/${ns}.json has every key of en/${ns}.json`, () => {
        const en = flatten(load('en', ns))
        const other = flatten(load(lng, ns))
        const otherBases = new Set([...other.keys()].map(stripPlural))
        const missing = [...en.keys()].filter((k) => !other.has(k) && !(PLURAL_SUFFIX.test(k) && otherBases.has(stripPlural(k))))
        expect(missing, `keys missing in ${lng}/${ns}.json`).toEqual([])
        const enBases = new Set([...en.keys()].map(stripPlural))
        const extra = [...other.keys()].filter((k) => !en.has(k) && !enBases.has(stripPlural(k)))
        expect(extra, `keys in ${lng}/${ns}.json that en does not have`).toEqual([])
      })

      it(`${lng}/${ns}.json is translated, not English copied`, () => {
        const script = lng === 'ru' ? /[\u0400-\u04FF]/ : /[\u0900-\u097F]/
        const en = flatten(load('en', ns))
        const other = flatten(load(lng, ns))
        // Sentences (three or more words, a placeholder such as {{count, number}} one word) must be written in the language's own script.
        const words = (v: string) => v.replace(/\{\{[^}]*\}\}/g, 'x').trim().split(/\s+/).length
        const untranslated = [...other.entries()].filter(
          ([k, v]) => typeof v === 'string' && words(v) >= 3 && !script.test(v) && en.get(k) === v,
        )
        expect(untranslated.map(([k]) => k), `English text copied into ${lng}/${ns}.json`).toEqual([])
      })
    }
  }
})

const NBSP = '\u00a0'
// A reader per language for each side of the trade: a buyer whose profile says India, a seller whose says Russia.
const buyerInIndia = (lng: Language) => readerOf(lng, 'India')
const sellerInRussia = (lng: Language) => readerOf(lng, 'Russia')
/** The Intl locale whose output the tables match for a reader (hi outside India has none: its digits are en-US's). */
const intlLocaleOf = (reader: Reader) => (reader.lng === 'ru' ? 'ru-RU' : reader.region === 'IN' ? INTL_LOCALES[reader.lng] : 'en-US')
const READERS: Reader[] = SUPPORTED_LANGUAGES.flatMap((lng) => [readerOf(lng), buyerInIndia(lng), sellerInRussia(lng)])

describe('the reader', () => {
  it('takes the region from a profile country, else from the language', () => {
    expect(readerOf('en')).toEqual({ lng: 'en', region: 'intl' })
    expect(readerOf('hi')).toEqual({ lng: 'hi', region: 'IN' })
    expect(readerOf('ru')).toEqual({ lng: 'ru', region: 'RU' })
    expect(readerOf('en', 'India')).toEqual({ lng: 'en', region: 'IN' })
    expect(readerOf('hi', 'Russia')).toEqual({ lng: 'hi', region: 'RU' })
    expect(readerOf('en', null)).toEqual({ lng: 'en', region: 'intl' })
  })
})

describe('digit grouping by region (issue 27)', () => {
  it('groups a buyer in India Indian style in en and hi, Russian style in ru', () => {
    expect(formatMoney('1234567.5', 'INR', buyerInIndia('en'))).toBe('₹12,34,567.50')
    expect(formatMoney('1234567.5', 'INR', buyerInIndia('hi'))).toBe('₹12,34,567.50')
    expect(formatMoney('1234567.5', 'INR', buyerInIndia('ru'))).toBe(`1${NBSP}234${NBSP}567,50${NBSP}₹`)
    expect(formatCount(1234567, buyerInIndia('en'))).toBe('12,34,567')
    expect(formatCount(1234567, buyerInIndia('hi'))).toBe('12,34,567')
    expect(formatCount(1234567, buyerInIndia('ru'))).toBe(`1${NBSP}234${NBSP}567`)
  })

  it('groups a seller in Russia in threes in en and hi (not "$1,99,000.00"), Russian style in ru', () => {
    expect(formatMoney('199000', 'USD', sellerInRussia('en'))).toBe('$199,000.00')
    expect(formatMoney('3460000', 'RUB', sellerInRussia('en'))).toBe('₽3,460,000.00')
    expect(formatMoney('199000', 'USD', sellerInRussia('hi'))).toBe('$199,000.00')
    expect(formatMoney('3460000', 'RUB', sellerInRussia('ru'))).toBe(`3${NBSP}460${NBSP}000,00${NBSP}₽`)
    expect(formatCount(1234567, sellerInRussia('en'))).toBe('1,234,567')
    expect(formatCount(1234567, sellerInRussia('hi'))).toBe('1,234,567')
    expect(formatCount(1234567, sellerInRussia('ru'))).toBe(`1${NBSP}234${NBSP}567`)
  })

  it('regroups what Intl writes for other numbers, Hindi outside India included', () => {
    expect(formatNumber(1234567.25, buyerInIndia('en'))).toBe('12,34,567.25')
    expect(formatNumber(1234567.25, sellerInRussia('en'))).toBe('1,234,567.25')
    expect(formatNumber(1234567.25, sellerInRussia('hi'))).toBe('1,234,567.25')
    expect(formatNumber(-1234567.25, sellerInRussia('hi'))).toBe('-1,234,567.25')
    expect(formatNumber(1234567.25, sellerInRussia('ru'))).toBe(`1${NBSP}234${NBSP}567,25`)
    // A currency the tables do not know: Intl's digits for the region (en-US's for Hindi outside India).
    expect(formatMoney('1234567', 'JPY', sellerInRussia('hi'))).toBe('¥1,234,567.00')
    expect(formatNumber(0.667, buyerInIndia('hi'), { style: 'percent', maximumFractionDigits: 1 })).toBe('66.7%')
  })

  it('writes an anonymous reader by the language: en in threes, hi Indian style, ru Russian style', () => {
    expect(formatMoney('199000', 'USD', readerOf('en'))).toBe('$199,000.00')
    expect(formatMoney('199000', 'USD', readerOf('hi'))).toBe('$1,99,000.00')
    expect(formatMoney('199000', 'USD', readerOf('ru'))).toBe(`199${NBSP}000,00${NBSP}$`)
  })
})

describe('formatMoney', () => {
  const en = readerOf('en')
  it('formats exact decimals in each language without float rounding', () => {
    expect(formatMoney('1234.50', 'USD', en)).toBe('$1,234.50')
    expect(formatMoney('12345678901.99', 'INR', buyerInIndia('en'))).toContain('12,34,56,78,901.99')
    expect(formatMoney('0.10', 'RUB', readerOf('ru'))).toMatch(/0,10\s?₽/)
    expect(formatMoney('7', 'USD', readerOf('hi'))).toContain('7.00')
  })

  it('keeps each currency and language apart when formatters are reused', () => {
    // The formatter cache is keyed by language and currency: a second call must not reuse the first's.
    expect(formatMoney('5', 'USD', en)).toBe('$5.00')
    expect(formatMoney('5', 'INR', en)).toBe('₹5.00')
    expect(formatMoney('5', 'USD', en)).toBe('$5.00')
    expect(formatMoney('5', 'USD', readerOf('ru'))).toMatch(/5,00\s?\$/)
  })
})

describe('prices and counts written without Intl', () => {
  // What the browser would otherwise build an Intl.NumberFormat for while the page hydrates: the tables
  // must write exactly what Node's ICU writes, so server and browser agree.
  const intlMoney = (amount: string, currency: string, reader: Reader) => {
    const [int, frac = ''] = amount.split('.')
    return new Intl.NumberFormat(intlLocaleOf(reader), { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      `${int}.${(frac + '00').slice(0, 2)}` as unknown as number,
    )
  }
  const amount = fc
    .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.stringMatching(/^\d{0,4}$/), fc.boolean())
    .map(([negative, int, frac, dot]) => `${negative ? '-' : ''}${int}${dot || frac ? `.${frac}` : ''}`)

  // Intl writes the rouble "RUB 21,450.00" in English and Hindi; Setu writes "₽21,450.00" (issue 28 item 6).
  const setuMoney = (a: string, currency: string, reader: Reader) => {
    const intl = intlMoney(a, currency, reader)
    return currency === 'RUB' && reader.lng !== 'ru' ? intl.replace(`RUB${NBSP}`, '₽') : intl
  }

  it('writes money as Intl does for every reader and currency the app uses, the rouble with its sign', () => {
    for (const reader of READERS) {
      for (const currency of ['USD', 'INR', 'RUB', 'EUR', 'AED']) {
        fc.assert(
          fc.property(amount, (a) => {
            expect(formatMoney(a, currency, reader)).toBe(setuMoney(a, currency, reader))
          }),
          { numRuns: 150 },
        )
      }
    }
  })

  it('writes the examples a reader sees', () => {
    expect(formatMoney('1234567.5', 'INR', buyerInIndia('en'))).toBe('₹12,34,567.50')
    expect(formatMoney('1234567.5', 'RUB', readerOf('ru'))).toBe(`1${NBSP}234${NBSP}567,50${NBSP}₽`)
    expect(formatMoney('0.10', 'USD', readerOf('hi'))).toBe('$0.10')
    expect(formatMoney('000999.999', 'RUB', readerOf('en'))).toBe('₽999.99')
    expect(formatMoney('21450', 'RUB', buyerInIndia('hi'))).toBe('₽21,450.00')
    expect(formatMoney('-5', 'RUB', readerOf('hi'))).toBe('-₽5.00')
    expect(formatMoney('42', 'AED', readerOf('ru'))).toBe(`42,00${NBSP}AED`)
    // A code the tables do not know still gets Intl's answer.
    expect(formatMoney('5', 'JPY', readerOf('en'))).toBe(intlMoney('5', 'JPY', readerOf('en')))
  })

  it('writes whole counts and quantities of up to three decimals as Intl does (12,5 in Russian)', () => {
    for (const reader of READERS) {
      const intl = new Intl.NumberFormat(intlLocaleOf(reader))
      fc.assert(
        fc.property(fc.maxSafeInteger(), (n) => {
          expect(formatCount(n, reader)).toBe(intl.format(n))
        }),
        { numRuns: 300 },
      )
      expect(formatCount(12.5, reader)).toBe(intl.format(12.5))
      fc.assert(
        fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.integer({ min: 0, max: 3 }), (n, scale) => {
          const quantity = n / 10 ** scale
          expect(formatCount(quantity, reader)).toBe(intl.format(quantity))
        }),
        { numRuns: 300 },
      )
    }
    expect(formatCount(12.5, readerOf('ru'))).toBe('12,5')
    expect(formatCount(1234567.125, buyerInIndia('en'))).toBe('12,34,567.125')
    expect(formatCount(999, readerOf('hi'))).toBe('999')
  })
})

describe('dates: UTC days, moments in the given zone', () => {
  it('writes a day as the UTC day and a moment in UTC saying so', () => {
    const late = '2026-03-01T23:30:00Z'
    expect(formatDate(late, readerOf('en'))).toBe('1 Mar 2026')
    expect(formatDate(late, readerOf('en'), 'long')).toBe('1 March 2026')
    expect(formatDateTime(late, readerOf('en'), 'UTC')).toBe('1 Mar 2026, 11:30 pm UTC')
    expect(formatDateTime(late, readerOf('en'), 'Asia/Kolkata')).toBe('2 Mar 2026, 5:00 am')
    expect(formatDateTime(late, readerOf('ru'), 'UTC', 'long')).toMatch(/^1 мар\. 2026 г\., 23:30:00 UTC$/)
    expect(formatDate('not a date', readerOf('hi'))).toBe('')
  })
})

describe('shared Intl formatters', () => {
  it('returns one formatter per locale and options, and distinct ones otherwise', () => {
    expect(numberFormat('en-IN', { maximumFractionDigits: 0 })).toBe(numberFormat('en-IN', { maximumFractionDigits: 0 }))
    expect(numberFormat('en-IN', { maximumFractionDigits: 0 })).not.toBe(numberFormat('ru-RU', { maximumFractionDigits: 0 }))
    expect(numberFormat('ru-RU').format(1234567)).toMatch(/1\s234\s567/)
    const day = dateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'UTC' })
    expect(day).toBe(dateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'UTC' }))
    expect(day.format(new Date('2026-03-01T12:00:00Z'))).toBe('1 March 2026')
  })
})
