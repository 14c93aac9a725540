import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { dateTimeFormat, formatMoney, NAMESPACES, numberFormat, SUPPORTED_LANGUAGES } from './i18n'

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
