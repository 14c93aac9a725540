// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import { formatRate, shownRate } from './format'
import { readerOf } from './i18n'

describe('shownRate', () => {
  it.each([
    ['84.4875000000', '84.4875'],
    ['100.3105000000', '100.3105'],
    ['0.9412000000', '0.9412'],
    ['0.0099690958', '0.009969'],
    ['0.0094303147', '0.00943'],
    ['0.0108499999', '0.01085'],
    ['1.1873500000', '1.1874'],
    ['0.9999500000', '1'],
    ['0.0000000001', '0.0000000001'],
    ['7', '7'],
    ['12.5', '12.5'],
  ])('%s reads %s', (rate, shown) => {
    expect(shownRate(rate)).toBe(shown)
  })
})

describe('formatRate', () => {
  it('writes the rate as an amount of the currency, in the reader\'s language', () => {
    expect(formatRate('0.9412000000', 'INR', readerOf('en', 'India'))).toBe('₹0.9412')
    expect(formatRate('0.0099690958', 'USD', readerOf('en'))).toBe('$0.009969')
    expect(formatRate('84.4875000000', 'INR', readerOf('hi'))).toBe('₹84.4875')
    expect(formatRate('0.9412000000', 'INR', readerOf('ru'))).toBe('0,9412\u00a0₹')
    expect(formatRate('100.3105000000', 'RUB', readerOf('ru'))).toBe('100,3105\u00a0₽')
    // The rouble's sign in every language, from the same table as every amount's (not Intl's "RUB 1.0624").
    expect(formatRate('1.0624000000', 'RUB', readerOf('en'))).toBe('₽1.0624')
    expect(formatRate('1.0624000000', 'RUB', readerOf('hi', 'India'))).toBe('₽1.0624')
    expect(formatRate('0.0099690958', 'USD', readerOf('ru'))).toBe('0,009969\u00a0$')
  })
})
