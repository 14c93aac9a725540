// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import { RATE_NOTE_MAX, RATES_CSV_MAX_ROWS } from '~/domain'
import { parseSubmission } from '~/lib/form'
import { describeCsvProblem, parseRatesCsv, parseRatesPage, RATE_FORM, rateEntrySchema } from './schemas'

const TODAY = '2026-11-29'
const good = { from: 'USD', to: 'INR', rate: '84.4875', effectiveDate: '2026-11-28', source: 'RBI reference rate' }
const check = (fields: Record<string, string>) => parseSubmission(rateEntrySchema(TODAY), new URLSearchParams(fields), RATE_FORM)

describe('the rate form', () => {
  it('keeps a good rate at 10 places, the currencies upper-cased and the note tidied', () => {
    expect(check({ ...good, from: ' usd', source: '  RBI\treference\nrate ' })).toEqual({
      ok: true,
      value: { from: 'USD', to: 'INR', rate: '84.4875000000', effectiveDate: '2026-11-28', source: 'RBI reference rate' },
    })
  })

  it.each([
    ['a rate of zero', { rate: '0' }, 'rate', 'rateZero'],
    ['a negative rate', { rate: '-84.5' }, 'rate', 'rateNegative'],
    ['no rate', { rate: ' ' }, 'rate', 'rateRequired'],
    ['a rate with a comma', { rate: '84,5' }, 'rate', 'rateInvalid'],
    ['an exponent', { rate: '8e1' }, 'rate', 'rateInvalid'],
    ['11 decimals', { rate: '1.00000000001' }, 'rate', 'rateTooPrecise'],
    ['11 whole digits', { rate: '10000000000' }, 'rate', 'rateTooLarge'],
    ['an unknown currency', { from: 'GBP' }, 'from', 'currencyInvalid'],
    ['no currency', { to: '' }, 'to', 'currencyInvalid'],
    ['the same currency twice', { to: 'USD' }, 'to', 'samePair'],
    ['no date', { effectiveDate: '' }, 'effectiveDate', 'dateRequired'],
    ['a day that does not exist', { effectiveDate: '2026-02-30' }, 'effectiveDate', 'dateInvalid'],
    ['a date in another form', { effectiveDate: '28.11.2026' }, 'effectiveDate', 'dateInvalid'],
    ['a year typed short', { effectiveDate: '0202-11-28' }, 'effectiveDate', 'dateTooEarly'],
    ['more than a year ahead', { effectiveDate: '2027-11-30' }, 'effectiveDate', 'dateTooFar'],
    ['no note', { source: ' \n ' }, 'source', 'sourceRequired'],
    ['a note too long', { source: 'x'.repeat(RATE_NOTE_MAX + 1) }, 'source', 'sourceTooLong'],
  ])('refuses %s', (_, change, field, key) => {
    const got = check({ ...good, ...change })
    expect(got.ok).toBe(false)
    if (!got.ok) expect(got.fieldErrors).toEqual({ [field]: `adminRates:errors.${key}` })
  })

  it('takes a date exactly a year ahead and a note of the longest length', () => {
    expect(check({ ...good, effectiveDate: '2027-11-29', source: 'x'.repeat(RATE_NOTE_MAX) }).ok).toBe(true)
  })
})

const HEADER = 'from,to,rate,effective_date,source'
const csv = (...lines: string[]) => [HEADER, ...lines].join('\r\n')

describe('parseRatesCsv', () => {
  it('reads every row (quotes, a byte order mark, LF or CRLF, blank lines) with its line number', () => {
    const got = parseRatesCsv(`\ufeff${HEADER}\nUSD,INR,84.4875,2026-11-28,"RBI, reference ""rate"""\n\nrub,inr,0.8423,2026-11-27,CBR\n`, TODAY)
    expect(got).toEqual({
      ok: true,
      rows: [
        { row: 2, from: 'USD', to: 'INR', rate: '84.4875000000', effectiveDate: '2026-11-28', source: 'RBI, reference "rate"' },
        { row: 4, from: 'RUB', to: 'INR', rate: '0.8423000000', effectiveDate: '2026-11-27', source: 'CBR' },
      ],
    })
  })

  it.each([
    ['an empty file', '', { key: 'adminRates:errors.csvEmpty' }],
    ['only the header', HEADER, { key: 'adminRates:errors.csvEmpty' }],
    ['another header', 'from,to,rate,date,source\nUSD,INR,1,2026-11-28,x', { key: 'adminRates:errors.csvHeader', row: 1, values: { header: HEADER } }],
    ['a missing value', csv('USD,INR,84.5,2026-11-28,ok', 'USD,INR,84.5,2026-11-27'), { key: 'adminRates:errors.csvColumns', row: 3, values: { expected: '5', found: '4' } }],
    ['a zero rate on row 3', csv('USD,INR,84.5,2026-11-28,ok', 'USD,RUB,0,2026-11-28,ok'), { key: 'adminRates:errors.csvRow', row: 3, field: 'rate', message: 'adminRates:errors.rateZero' }],
    ['a date too far ahead', csv('USD,INR,84.5,2028-01-01,ok'), { key: 'adminRates:errors.csvRow', row: 2, field: 'effectiveDate', message: 'adminRates:errors.dateTooFar' }],
    ['an unknown currency', csv('USD,XAU,84.5,2026-11-28,ok'), { key: 'adminRates:errors.csvRow', row: 2, field: 'to', message: 'adminRates:errors.currencyInvalid' }],
    ['a pair of one currency', csv('INR,INR,1,2026-11-28,ok'), { key: 'adminRates:errors.csvRow', row: 2, field: 'to', message: 'adminRates:errors.samePair' }],
    ['an open quote', csv('USD,INR,84.5,2026-11-28,"never closed'), { key: 'adminRates:errors.csvQuote', row: 2 }],
    [
      'a pair and date given twice (either direction)',
      csv('USD,INR,84.5,2026-11-28,a', 'INR,USD,0.0118,2026-11-28,b'),
      { key: 'adminRates:errors.csvDuplicate', row: 3, values: { first: '2', from: 'INR', to: 'USD', date: '2026-11-28' } },
    ],
  ])('refuses %s', (_, text, problem) => expect(parseRatesCsv(text, TODAY)).toEqual({ ok: false, problem }))

  it(`refuses more than ${RATES_CSV_MAX_ROWS} rows`, () => {
    const rows = Array.from({ length: RATES_CSV_MAX_ROWS + 1 }, (_, i) => `USD,INR,84.5,${new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10)},x`)
    expect(parseRatesCsv(csv(...rows), TODAY)).toEqual({ ok: false, problem: { key: 'adminRates:errors.csvTooManyRows', values: { max: String(RATES_CSV_MAX_ROWS) } } })
    expect(parseRatesCsv(csv(...rows.slice(1)), TODAY).ok).toBe(true)
  })

  it('words a problem with the row, the field and its own message', () => {
    const got = parseRatesCsv(csv('USD,INR,-3,2026-11-28,ok'), TODAY)
    if (got.ok) throw new Error('refused expected')
    const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`
    expect(describeCsvProblem(t, got.problem)).toBe('adminRates:errors.csvRow{"row":2,"field":"adminRates:fields.rate","message":"adminRates:errors.rateNegative"}')
  })
})

describe('parseRatesPage', () => {
  it.each([
    ['', 1],
    ['?page=3', 3],
    ['?page=0', 1],
    ['?page=-2', 1],
    ['?page=1.5', 1],
    ['?page=abc', 1],
  ])('%s → %i', (qs, want) => expect(parseRatesPage(new URL(`http://x/admin/rates${qs}`))).toBe(want))
})
