// @no-database: this file runs without the per-file test database (vitest.config.ts)
import fc from 'fast-check'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { dateTimeFormat, formatCount, formatMoney, INTL_LOCALES, NAMESPACES, numberFormat, SUPPORTED_LANGUAGES } from './i18n'

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
        // Sentences (three or more words) must be written in the language's own script.
        const untranslated = [...other.entries()].filter(
          ([k, v]) => typeof v === 'string' && v.trim().split(/\s+/).length >= 3 && !script.test(v) && en.get(k) === v,
        )
        expect(untranslated.map(([k]) => k), `English text copied into ${lng}/${ns}.json`).toEqual([])
      })
    }
  }
})

describe('formatMoney', () => {
  it('formats exact decimals in each language without float rounding', () => {
    expect(formatMoney('1234.50', 'USD', 'en')).toBe('$1,234.50')
    expect(formatMoney('12345678901.99', 'INR', 'en')).toContain('12,34,56,78,901.99')
    expect(formatMoney('0.10', 'RUB', 'ru')).toMatch(/0,10\s?₽/)
    expect(formatMoney('7', 'USD', 'hi')).toContain('7.00')
  })

  it('keeps each currency and language apart when formatters are reused', () => {
    // The formatter cache is keyed by language and currency: a second call must not reuse the first's.
    expect(formatMoney('5', 'USD', 'en')).toBe('$5.00')
    expect(formatMoney('5', 'INR', 'en')).toBe('₹5.00')
    expect(formatMoney('5', 'USD', 'en')).toBe('$5.00')
    expect(formatMoney('5', 'USD', 'ru')).toMatch(/5,00\s?\$/)
  })
})

describe('prices and counts written without Intl', () => {
  // What the browser would otherwise build an Intl.NumberFormat for while the page hydrates: the tables
  // must write exactly what Node's ICU writes, so server and browser agree and nothing changes for readers.
  const intlMoney = (amount: string, currency: string, lng: (typeof SUPPORTED_LANGUAGES)[number]) => {
    const [int, frac = ''] = amount.split('.')
    return new Intl.NumberFormat(INTL_LOCALES[lng], { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      `${int}.${(frac + '00').slice(0, 2)}` as unknown as number,
    )
  }
  const amount = fc
    .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.stringMatching(/^\d{0,4}$/), fc.boolean())
    .map(([negative, int, frac, dot]) => `${negative ? '-' : ''}${int}${dot || frac ? `.${frac}` : ''}`)

  it('writes money as Intl does for every language and currency the app uses', () => {
    for (const lng of SUPPORTED_LANGUAGES) {
      for (const currency of ['USD', 'INR', 'RUB', 'EUR', 'AED']) {
        fc.assert(
          fc.property(amount, (a) => {
            expect(formatMoney(a, currency, lng)).toBe(intlMoney(a, currency, lng))
          }),
          { numRuns: 400 },
        )
      }
    }
  })

  it('writes the examples a reader sees', () => {
    expect(formatMoney('1234567.5', 'INR', 'en')).toBe('₹12,34,567.50')
    expect(formatMoney('1234567.5', 'RUB', 'ru')).toBe('1\u00a0234\u00a0567,50\u00a0₽')
    expect(formatMoney('0.10', 'USD', 'hi')).toBe('$0.10')
    expect(formatMoney('000999.999', 'RUB', 'en')).toBe('RUB\u00a0999.99')
    expect(formatMoney('42', 'AED', 'ru')).toBe('42,00\u00a0AED')
    // A code the tables do not know still gets Intl's answer.
    expect(formatMoney('5', 'JPY', 'en')).toBe(intlMoney('5', 'JPY', 'en'))
  })

  it('writes whole counts as Intl does, and falls back to Intl for fractions', () => {
    for (const lng of SUPPORTED_LANGUAGES) {
      fc.assert(
        fc.property(fc.maxSafeInteger(), (n) => {
          expect(formatCount(n, lng)).toBe(new Intl.NumberFormat(INTL_LOCALES[lng]).format(n))
        }),
        { numRuns: 1000 },
      )
      expect(formatCount(12.5, lng)).toBe(new Intl.NumberFormat(INTL_LOCALES[lng]).format(12.5))
    }
    expect(formatCount(1234567, 'en')).toBe('12,34,567')
    expect(formatCount(1234567, 'ru')).toBe('1\u00a0234\u00a0567')
    expect(formatCount(999, 'hi')).toBe('999')
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
