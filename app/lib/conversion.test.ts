// The reader's currency beside the seller's (issue 28 item 4): what is converted, and how exactly.
import { describe, expect, it } from 'vitest'
import { convertForReader, ratesUsed, type PageRate, type ReaderRates } from './conversion'
import { formatMoney, readerOf } from './i18n'

const rate = (value: string, effectiveDate = '2026-11-25'): PageRate => ({ rate: value, effectiveDate, dateText: '25 Nov 2026', source: 'RBI reference rate' })
const inr: ReaderRates = { currency: 'INR', rates: { RUB: rate('0.9333000000'), USD: rate('84.1200000000') } }

describe('convertForReader', () => {
  it('converts an amount in another currency with the page rate, rounded half up to the minor units', () => {
    expect(convertForReader('21450.00', 'RUB', inr)).toEqual({ amount: '20019.29', currency: 'INR', rate: inr.rates.RUB })
    // 0.005 rounds up, never down (1.5 × 0.9333 = 1.39995 → 1.40).
    expect(convertForReader('1.5', 'RUB', inr)?.amount).toBe('1.40')
    // Exact beyond floating point: 0.1 + 0.2 style sums do not appear; 12345678901234.56 × 84.12 = 1038518509171851.1872 exactly.
    expect(convertForReader('12345678901234.56', 'USD', inr)?.amount).toBe('1038518509171851.19')
    expect(convertForReader('0', 'USD', inr)?.amount).toBe('0.00')
  })

  it('shows nothing converted for the reader’s own currency', () => {
    expect(convertForReader('100.00', 'INR', inr)).toBeNull()
  })

  it('shows nothing when the page has no usable rate (none known, or stale: the server leaves it out)', () => {
    expect(convertForReader('100.00', 'EUR', inr)).toBeNull()
    expect(convertForReader('100.00', 'RUB', { currency: 'INR', rates: {} })).toBeNull()
    expect(convertForReader('100.00', 'RUB', null)).toBeNull()
  })

  it('refuses what is not a currency or a plain non-negative decimal', () => {
    expect(convertForReader('100.00', 'XYZ', inr)).toBeNull()
    expect(convertForReader('-5', 'RUB', inr)).toBeNull()
    expect(convertForReader('1e3', 'RUB', inr)).toBeNull()
  })

  it('is written in the reader’s grouping: lakh for India, Russian spacing in Russian', () => {
    const converted = convertForReader('2145000.00', 'RUB', inr)!
    expect(formatMoney(converted.amount, converted.currency, readerOf('en', 'India'))).toBe('₹20,01,928.50')
    expect(formatMoney(converted.amount, converted.currency, readerOf('hi'))).toBe('₹20,01,928.50')
    expect(formatMoney(converted.amount, converted.currency, readerOf('ru'))).toBe('2\u00a0001\u00a0928,50\u00a0₹')
  })
})

describe('ratesUsed', () => {
  it('names each rate a page converted with once, leaving out the reader’s own currency and unknown rates', () => {
    expect(ratesUsed(['RUB', 'INR', 'RUB', 'USD', 'EUR'], inr)).toEqual([
      { from: 'RUB', rate: inr.rates.RUB },
      { from: 'USD', rate: inr.rates.USD },
    ])
    expect(ratesUsed(['INR'], inr)).toEqual([])
    expect(ratesUsed(['RUB'], null)).toEqual([])
  })
})

// Item 6: every currency with its own sign and minor units, grouped for the reader (lakh and crore in
// India, Russian spacing in Russian), the converted figures included.
describe('converted figures as each reader reads them', () => {
  const NB = '\u00a0'
  const rates = (currency: 'USD' | 'INR' | 'RUB' | 'EUR'): ReaderRates => ({ currency, rates: { USD: rate('1'), INR: rate('1'), RUB: rate('1'), EUR: rate('1') } })
  it.each([
    // [reader, amount converted to, expected]
    [readerOf('en'), 'USD', '$12,345,678.90'],
    [readerOf('en', 'India'), 'INR', '₹1,23,45,678.90'],
    [readerOf('hi'), 'INR', '₹1,23,45,678.90'],
    [readerOf('hi', 'Russia'), 'EUR', '€12,345,678.90'],
    [readerOf('ru'), 'RUB', `12${NB}345${NB}678,90${NB}₽`],
    [readerOf('ru', 'India'), 'INR', `12${NB}345${NB}678,90${NB}₹`],
    [readerOf('ru'), 'EUR', `12${NB}345${NB}678,90${NB}€`],
    [readerOf('en'), 'RUB', '₽12,345,678.90'],
    [readerOf('hi', 'India'), 'RUB', '₽1,23,45,678.90'],
  ] as const)('%o in %s → %s', (reader, currency, expected) => {
    const from = currency === 'USD' ? 'EUR' : 'USD'
    const converted = convertForReader('12345678.9', from, rates(currency))!
    expect(converted.amount).toBe('12345678.90')
    expect(formatMoney(converted.amount, converted.currency, reader)).toBe(expected)
  })
})
