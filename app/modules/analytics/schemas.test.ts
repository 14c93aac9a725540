// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import { addMonths, isChartId, parseDateRange, presetOf, presetRange } from './schemas'

const TODAY = '2026-03-15'
const parse = (qs: string) => parseDateRange(new URLSearchParams(qs), TODAY)

describe('parseDateRange', () => {
  it('defaults to the last 90 days, today included', () => {
    expect(parse('')).toEqual({ range: { from: '2025-12-16', to: TODAY }, preset: '90d', error: null })
  })

  it('reads a valid range and tells which preset it is', () => {
    expect(parse('from=2026-01-01&to=2026-01-31')).toEqual({ range: { from: '2026-01-01', to: '2026-01-31' }, preset: null, error: null })
    expect(parse('from=2026-02-14&to=2026-03-15')).toMatchObject({ preset: '30d', error: null })
    expect(parse('from=2026-01-01&to=2026-01-01').error).toBeNull()
  })

  it('fills a missing end from the default', () => {
    expect(parse('from=2026-01-01').range).toEqual({ from: '2026-01-01', to: TODAY })
    expect(parse('to=2026-02-28').range).toEqual({ from: '2025-12-01', to: '2026-02-28' })
  })

  it.each([
    ['from=2026-02-30&to=2026-03-01', 'invalidDate'],
    ['from=yesterday&to=2026-03-01', 'invalidDate'],
    ['from=2026-1-1&to=2026-03-01', 'invalidDate'],
    ['from=1999-12-31&to=2000-01-10', 'invalidDate'],
    ['from=2026-01-01&to=2101-01-01', 'invalidDate'],
    ['from=2026-03-02&to=2026-03-01', 'fromAfterTo'],
    ['from=2020-01-01&to=2023-01-02', 'tooLong'],
  ] as const)('refuses %s (%s) and falls back to the default range', (qs, error) => {
    expect(parse(qs)).toEqual({ range: { from: '2025-12-16', to: TODAY }, preset: '90d', error })
  })

  it('allows exactly three years', () => {
    expect(parse('from=2020-01-01&to=2023-01-01').error).toBeNull()
  })
})

describe('presets', () => {
  it('covers 30 days, 90 days and 12 months ending today', () => {
    expect(presetRange('30d', TODAY)).toEqual({ from: '2026-02-14', to: TODAY })
    expect(presetRange('90d', TODAY)).toEqual({ from: '2025-12-16', to: TODAY })
    expect(presetRange('12m', TODAY)).toEqual({ from: '2025-03-16', to: TODAY })
    expect(presetOf(presetRange('12m', TODAY), TODAY)).toBe('12m')
  })

  it('adds months clamped to the month end', () => {
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28')
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28')
  })
})

describe('isChartId', () => {
  it('knows the charts and nothing else', () => {
    expect(isChartId('order-value')).toBe(true)
    expect(isChartId('__proto__')).toBe(false)
    expect(isChartId(null)).toBe(false)
  })
})
