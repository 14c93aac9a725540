// @no-database: this file runs without the per-file test database (vitest.config.ts)
// The analytics page's numbers, money and dates, as an admin reads them in each language.
import { describe, expect, it } from 'vitest'
import { readerOf } from '~/lib/i18n'
import { formatAmount, formatCompact, formatCount, formatDay, formatDayShort, formatMonth, formatPercent } from './format'

const NBSP = '\u00a0'
// An admin has no profile: the language decides the region (en → international, hi → India).
const en = readerOf('en')
const ru = readerOf('ru')
const hi = readerOf('hi')
const enInIndia = readerOf('en', 'India')

describe('analytics formats', () => {
  it('groups counts for the reader', () => {
    expect(formatCount(1234567, en)).toBe('1,234,567')
    expect(formatCount(1234567, enInIndia)).toBe('12,34,567')
    expect(formatCount(1234567, hi)).toBe('12,34,567')
    expect(formatCount(1234567, ru)).toBe(`1${NBSP}234${NBSP}567`)
    expect(formatCount(0, en)).toBe('0')
  })

  it('writes money from the exact decimal, with the currency where each language puts it', () => {
    // Past Number.MAX_SAFE_INTEGER, still exact.
    expect(formatAmount('123456789012345678.91', 'INR', enInIndia)).toBe('₹1,23,45,67,89,01,23,45,678.91')
    expect(formatAmount('123456789012345678.91', 'INR', en)).toBe('₹123,456,789,012,345,678.91')
    expect(formatAmount('1500.5', 'USD', en)).toBe('$1,500.50')
    expect(formatAmount('1500.50', 'RUB', ru)).toBe(`1${NBSP}500,50${NBSP}₽`)
    expect(formatAmount('0.00', 'USD', hi)).toBe('$0.00')
  })

  it('agrees with Intl for the amounts a month of orders adds up to', () => {
    for (const amount of ['0.00', '9.99', '186.00', '8641.92', '100000.00', '1234567.89']) {
      for (const [reader, locale] of [[enInIndia, 'en-IN'], [en, 'en-US'], [ru, 'ru-RU'], [hi, 'hi-IN']] as const) {
        for (const currency of ['USD', 'INR', 'RUB']) {
          const intl = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount as unknown as number)
          // Intl writes "RUB 0.00" outside Russian; Setu writes the sign, "₽0.00" (issue 28).
          expect(formatAmount(amount, currency, reader), `${amount} ${currency} ${locale}`).toBe(intl.replace(`RUB${NBSP}`, '₽'))
        }
      }
    }
  })

  it('shows percentages with one decimal, and a dash when there is none', () => {
    expect(formatPercent('66.7', en)).toBe('66.7%')
    expect(formatPercent('100', ru)).toBe(`100,0${NBSP}%`)
    expect(formatPercent(null, hi)).toBe('—')
  })

  it('writes compact axis labels and UTC dates in the language', () => {
    expect(formatCompact(12000, en)).toBe('12K')
    expect(formatCompact(1200000, en)).toBe('1.2M')
    expect(formatCompact(1200000, enInIndia)).toBe('12L')
    expect(formatDay('2026-01-06', en)).toBe('6 Jan 2026')
    expect(formatDayShort('2026-01-06', en)).toBe('6 Jan')
    expect(formatMonth('2026-01', en)).toBe('Jan 2026')
    expect(formatMonth('2026-01', ru)).toMatch(/^янв\.? 2026/)
  })
})
