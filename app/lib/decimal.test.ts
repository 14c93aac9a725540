// @no-database: this file runs without the per-file test database (vitest.config.ts)
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatDecimal, invertRate, mulDivFloor, isRateJump, multiplyDecimal, parseDecimal, parseRate, trimDecimal } from './decimal'

describe('parseRate: a rate as typed', () => {
  it.each([
    ['83.25', { ok: true, rate: '83.2500000000' }],
    [' 0.0108 ', { ok: true, rate: '0.0108000000' }],
    ['7', { ok: true, rate: '7.0000000000' }],
    ['0.0000000001', { ok: true, rate: '0.0000000001' }],
    ['9999999999.9999999999', { ok: true, rate: '9999999999.9999999999' }],
    ['0', { ok: false, problem: 'zero' }],
    ['0.0000000000', { ok: false, problem: 'zero' }],
    ['0.00000000001', { ok: false, problem: 'tooPrecise' }],
    ['10000000000', { ok: false, problem: 'tooLarge' }],
    ['-5', { ok: false, problem: 'invalid' }],
    ['1e3', { ok: false, problem: 'invalid' }],
    ['83,25', { ok: false, problem: 'invalid' }],
    ['.5', { ok: false, problem: 'invalid' }],
    ['5.', { ok: false, problem: 'invalid' }],
    ['NaN', { ok: false, problem: 'invalid' }],
    ['', { ok: false, problem: 'invalid' }],
    ['８３', { ok: false, problem: 'invalid' }],
  ] as const)('%j', (text, want) => {
    const got = parseRate(text)
    expect(got.ok ? { ok: true, rate: got.rate } : got).toEqual(want)
  })
})

describe('invertRate: 1/rate to 10 places, rounded half up', () => {
  it.each([
    ['2', '0.5000000000'],
    ['83.25', '0.0120120120'],
    ['3', '0.3333333333'],
    ['1.5', '0.6666666667'],
    ['0.0108', '92.5925925926'],
    ['1', '1.0000000000'],
    ['0.0000000001', '10000000000.0000000000'],
    ['9999999999.9999999999', '0.0000000001'],
  ])('1 / %s = %s', (rate, want) => expect(invertRate(rate)).toBe(want))

  it('refuses zero and text that is not a rate', () => {
    expect(invertRate('0')).toBeNull()
    expect(invertRate('abc')).toBeNull()
  })

  it('is exact to within half a unit of the last place (no floats)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 20n - 1n }), (units) => {
        const rate = formatDecimal(units, 10)
        const inverse = parseDecimal(invertRate(rate) ?? '0', 10)!
        // |inverse·rate − 1| ≤ rate/2 at scale 20: the rounding error is at most half a unit.
        const error = inverse * units - 10n ** 20n
        return (error < 0n ? -error : error) * 2n <= units
      }),
    )
  })
})

describe('multiplyDecimal: amount × rate, rounded half up', () => {
  it.each([
    ['21450.00', '0.9333000000', 2, '20019.29'],
    ['100', '83.25', 2, '8325.00'],
    ['0.01', '0.5', 2, '0.01'],
    ['0.01', '0.4999999999', 2, '0.00'],
    ['12345678901234.56', '9999999999.9999999999', 2, '123456789012345599998765.43'],
    ['1', '0.0120120120', 4, '0.0120'],
    ['0', '83.25', 2, '0.00'],
  ])('%s × %s (%i places) = %s', (amount, rate, scale, want) => expect(multiplyDecimal(amount, rate, scale)).toBe(want))

  it('refuses amounts that are not plain non-negative decimals', () => {
    for (const bad of ['-1', '1e5', '', '1,000.00', 'Infinity']) expect(multiplyDecimal(bad, '1', 2)).toBeNull()
  })

  it('agrees with integer arithmetic on cents', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n }), fc.integer({ min: 1, max: 10_000 }), (cents, whole) => {
        const amount = formatDecimal(cents, 2)
        return multiplyDecimal(amount, String(whole), 2) === formatDecimal(cents * BigInt(whole), 2)
      }),
    )
  })
})

describe('isRateJump: more than 1,000 times the last rate, or less than 1/1,000 of it', () => {
  it.each([
    ['83250.0000000000', '83.2500000000', false],
    ['83250.0000000001', '83.2500000000', true],
    ['0.0832500000', '83.2500000000', false],
    ['0.0832499999', '83.2500000000', true],
    ['84.1000000000', '83.2500000000', false],
  ])('%s after %s → %s', (next, last, want) => expect(isRateJump(next, last, 1000)).toBe(want))
})

describe('formatDecimal and trimDecimal', () => {
  it('write a scaled integer back and drop trailing zeros', () => {
    expect(formatDecimal(832500000000n, 10)).toBe('83.2500000000')
    expect(formatDecimal(-5n, 2)).toBe('-0.05')
    expect(trimDecimal('83.2500000000')).toBe('83.25')
    expect(trimDecimal('5.0000000000')).toBe('5')
    expect(trimDecimal('100')).toBe('100')
  })
})

describe('mulDivFloor: a × m ÷ d rounded down, exactly', () => {
  it.each([
    ['20', '1', '2', 3, '10.000'],
    ['0.5', '1000', '0.0002', 3, '2500000.000'],
    ['1', '1', '3', 3, '0.333'],
    ['2', '1', '3', 3, '0.666'],
    ['0.02', '0.001', '1', 3, '0.000'],
  ])('%s × %s ÷ %s at %i → %s', (a, m, d, scale, want) => expect(mulDivFloor(a, m, d, scale)).toBe(want))

  it('refuses what is not a plain decimal and a zero divisor', () => {
    expect(mulDivFloor('1e3', '1', '1', 3)).toBeNull()
    expect(mulDivFloor('1', '1', '0', 3)).toBeNull()
  })

  it('is the largest scaled value whose product with d is at most a × m', () => {
    const dec = fc.tuple(fc.integer({ min: 0, max: 10 ** 7 }), fc.integer({ min: 0, max: 4 })).map(([n, s]) => formatDecimal(BigInt(n), s))
    fc.assert(
      fc.property(dec, dec, dec.filter((d) => parseDecimal(d, 4)! > 0n), (a, m, d) => {
        const q = parseDecimal(mulDivFloor(a, m, d, 3)!, 3)!
        const lhs = (x: bigint) => x * parseDecimal(d, 4)! // units 10^-7
        const rhs = parseDecimal(a, 4)! * parseDecimal(m, 4)! * 1000n // units 10^-11 → compare at 10^-11
        return lhs(q) * 10n ** 4n <= rhs && lhs(q + 1n) * 10n ** 4n > rhs
      }),
    )
  })
})
