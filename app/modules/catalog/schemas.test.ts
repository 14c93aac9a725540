// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import { addMoney, compareMoney, fromCents, toCents } from './money'
import { multiplyDecimal } from '~/lib/decimal'
import { isProductId, marketplaceSearch, parseMarketplaceQuery } from './schemas'

const parse = (qs: string) => parseMarketplaceQuery(new URLSearchParams(qs))

describe('parseMarketplaceQuery', () => {
  it('reads a complete, valid query string', () => {
    expect(parse('q=turmeric&category=wellness&country=india&currency=inr&minPrice=10&maxPrice=250.5&maxMoq=100&moqUnit=tonnes&sort=price_desc&page=2')).toEqual({
      query: {
        q: 'turmeric',
        category: 'wellness',
        country: 'India',
        currency: 'INR',
        minPrice: '10',
        maxPrice: '250.5',
        maxMoq: 100,
        moqUnit: 'tonnes',
        sort: 'price_desc',
        page: 2,
      },
      notices: [],
    })
  })

  it('defaults to relevance with a query and newest without one', () => {
    expect(parse('q=oil').query.sort).toBe('relevance')
    expect(parse('').query.sort).toBe('newest')
    expect(parse('sort=relevance').query.sort).toBe('newest')
    expect(parse('sort=bogus').query.sort).toBe('newest')
  })

  it('ignores negative and non-numeric prices with a notice', () => {
    const { query, notices } = parse('minPrice=-5&maxPrice=abc')
    expect(query.minPrice).toBeNull()
    expect(query.maxPrice).toBeNull()
    expect(query.currency).toBeNull()
    expect(notices).toEqual(['minPriceInvalid', 'maxPriceInvalid'])
    expect(parse('minPrice=1e5').query.minPrice).toBeNull()
    expect(parse('minPrice=12.345').notices).toContain('minPriceInvalid')
  })

  it('accepts a decimal comma, strips leading zeros, swaps a reversed range (in the reader’s currency, any product currency)', () => {
    const { query, notices } = parse('minPrice=500&maxPrice=0009,5')
    expect(query).toMatchObject({ minPrice: '9.5', maxPrice: '500', currency: null })
    expect(notices).toEqual(['priceRangeSwapped'])
  })

  it('corrects page=abc, page=0 and page=-3 to 1', () => {
    for (const page of ['abc', '0', '-3', '1.5', '99999999999']) expect(parse(`page=${page}`).query.page).toBe(1)
    expect(parse('page=999').query.page).toBe(999) // clamped to the last page by the query
  })

  it('drops unknown countries, currencies, malformed categories and bad MOQs with notices', () => {
    const { query, notices } = parse('country=Mars&currency=EUR&category=%3Cscript%3E&maxMoq=0')
    expect(query).toMatchObject({ country: null, currency: null, category: null, maxMoq: null })
    expect(notices).toEqual(['unknownCategory', 'unknownCountry', 'unknownCurrency', 'maxMoqInvalid'])
  })

  it('trims, collapses and caps the search text', () => {
    expect(parse('q=%20%20sunflower%20%0A%20oil%20').query.q).toBe('sunflower oil')
    expect(parse('q=%20%20%20').query.q).toBeNull()
    const long = parse(`q=${'а'.repeat(10_000)}`)
    expect(long.query.q).toHaveLength(200) // one word: cut at the limit
    expect(parse(`q=${'turmeric '.repeat(50)}`).query.q).toBe(Array(22).fill('turmeric').join(' ')) // cut at a word boundary
    expect(long.notices).toEqual(['queryTruncated'])
    // Text is kept as typed: SQL and HTML are harmless data, escaped when rendered.
    expect(parse(`q=${encodeURIComponent("<b>x</b>' OR 1=1")}`).query.q).toBe("<b>x</b>' OR 1=1")
  })

  it('uses the first value of a repeated parameter', () => {
    expect(parse('country=Russia&country=India').query.country).toBe('Russia')
  })
})

describe('marketplaceSearch', () => {
  it('writes only non-default values and round-trips', () => {
    const { query } = parse('q=tea&country=Russia&sort=price_asc&page=3')
    const qs = marketplaceSearch(query)
    expect(qs).toBe('?q=tea&country=Russia&sort=price_asc&page=3')
    expect(parse(qs.slice(1)).query).toEqual(query)
    expect(marketplaceSearch(query, { page: 1 })).toBe('?q=tea&country=Russia&sort=price_asc')
    expect(marketplaceSearch({ sort: 'newest', page: 1 })).toBe('')
  })
})

describe('isProductId', () => {
  it('accepts UUIDs only', () => {
    expect(isProductId('3f2a9c1e-8b7d-4e6f-9a1b-2c3d4e5f6a7b')).toBe(true)
    expect(isProductId('abc')).toBe(false)
    expect(isProductId("' or 1=1 --")).toBe(false)
    expect(isProductId(undefined)).toBe(false)
  })
})

describe('money', () => {
  it('computes exactly with cents, never floats', () => {
    expect(toCents('0.1')).toBe(10n)
    expect(addMoney('0.10', '0.20')).toBe('0.30')
    expect(multiplyDecimal('19.99', '3', 2)).toBe('59.97')
    expect(multiplyDecimal('245.55', '12.5', 2)).toBe('3069.38')
    expect(multiplyDecimal('12345678901.99', '1000', 2)).toBe('12345678901990.00')
    expect(fromCents(5n)).toBe('0.05')
    expect(compareMoney('9.50', '100.00')).toBe(-1)
    expect(compareMoney('100', '100.00')).toBe(0)
  })

  it('returns null for malformed amounts', () => {
    expect(toCents('-1')).toBeNull()
    expect(toCents('1.234')).toBeNull()
    expect(multiplyDecimal('abc', '2', 2)).toBeNull()
    expect(addMoney('1', 'x')).toBeNull()
  })
})
