// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import { CSV_BOM, csvCell, csvFileName, toCsv } from './csv'

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['Индия', 'Индия'],
    ['भारत', 'भारत'],
  ])('quotes %j per RFC 4180', (input, expected) => {
    expect(csvCell(input)).toBe(expected)
  })

  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tleading tab', "'\tleading tab"],
    ['\r=1', `"'\r=1"`],
  ])('neutralises the formula %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected)
  })

  it('keeps numbers and exact decimals (a negative one too) as they are', () => {
    expect(csvCell(42)).toBe('42')
    expect(csvCell('0.30')).toBe('0.30')
    expect(csvCell('-12.50')).toBe('-12.50')
    expect(csvCell(null)).toBe('')
    expect(csvCell(Number.NaN)).toBe('')
  })
})

describe('toCsv', () => {
  it('writes a BOM, the header and CRLF-ended rows', () => {
    const out = toCsv(['a', 'b'], [['x,y', 1], [null, '=1']])
    expect(out.startsWith(CSV_BOM)).toBe(true)
    expect(out.slice(1)).toBe('a,b\r\n"x,y",1\r\n,\'=1\r\n')
  })
})

describe('csvFileName', () => {
  it('keeps only safe characters', () => {
    expect(csvFileName('order-value', '2026-01-01', '2026-03-31')).toBe('setu-order-value-2026-01-01-to-2026-03-31.csv')
    expect(csvFileName('x"\r\n;../', 'a b', '../')).toBe('setu-x-ab-to-.csv')
  })
})
