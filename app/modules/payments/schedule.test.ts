// @no-database: this file runs without the per-file test database (vitest.config.ts)
// Schedule arithmetic (issue 29): an order total split into milestone amounts to the cent, and the
// accepted terms turned into an order's milestone rows.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { PaymentTerms } from '~/domain'
import { fromMinor, milestoneRows, shipmentBlockers, splitAmount, splitMinor, toMinor } from './schedule'

const terms = (milestones: PaymentTerms['milestones'], extra: Partial<PaymentTerms> = {}): PaymentTerms => ({ method: 'bank_transfer', methodDays: null, shipBeforePaid: false, milestones, ...extra })

describe('splitAmount', () => {
  it.each([
    ['a 3-way equal split of 1,000.00: the cent left goes to the first', '1000.00', ['1', '1', '1'], ['333.34', '333.33', '333.33']],
    ['1,000.00 by 33.34/33.33/33.33 %', '1000.00', ['33.34', '33.33', '33.33'], ['333.40', '333.30', '333.30']],
    ['1,000.01 by 33.33/33.33/33.34 %: the cent goes to the share that lost most', '1000.01', ['33.33', '33.33', '33.34'], ['333.30', '333.30', '333.41']],
    ['30/70 of 5,000.00', '5000.00', ['30', '70'], ['1500.00', '3500.00']],
    ['100 % on delivery', '12345.67', ['100'], ['12345.67']],
    ['0.01 in three: one cent, to the first', '0.01', ['33.33', '33.33', '33.34'], ['0.00', '0.00', '0.01']],
    ['0.02 by 1/1/1: the first two', '0.02', ['1', '1', '1'], ['0.01', '0.01', '0.00']],
    ['nothing to split', '0.00', ['30', '70'], ['0.00', '0.00']],
    ['a total without decimals', '10', ['50', '50'], ['5.00', '5.00']],
    ['the largest total an order holds', '9999999999999999999999.99', ['33.33', '33.33', '33.34'], ['3333000000000000000000.00', '3333000000000000000000.00', '3333999999999999999999.99']],
  ] as const)('%s', (_, total, shares, want) => {
    const parts = splitAmount(total, shares, 'USD')
    expect(parts).toEqual(want)
    expect(parts.map((p) => toMinor(p, 2)!).reduce((a, b) => a + b, 0n)).toBe(toMinor(total, 2))
  })

  it.each([
    ['a negative total', '-1.00', ['100']],
    ['a total with three decimals', '1.005', ['100']],
    ['a float written with an exponent', '1e3', ['100']],
    ['a share with three decimals', '100.00', ['33.333', '66.667']],
    ['no positive share', '100.00', ['0', '0']],
    ['no share at all', '100.00', []],
  ] as const)('refuses %s', (_, total, shares) => {
    expect(() => splitAmount(total, shares, 'INR')).toThrow(RangeError)
  })
})

describe('splitMinor properties', () => {
  const total = fc.bigInt({ min: 0n, max: 10n ** 24n - 1n })
  const weights = fc.array(fc.bigInt({ min: 0n, max: 10_000n }), { minLength: 1, maxLength: 6 }).filter((ws) => ws.some((w) => w > 0n))

  it('adds up to the total, each part ≥ 0 and within one minor unit of its exact share', () => {
    fc.assert(
      fc.property(total, weights, (t, ws) => {
        const parts = splitMinor(t, ws)
        const sum = ws.reduce((a, b) => a + b, 0n)
        expect(parts.reduce((a, b) => a + b, 0n)).toBe(t)
        parts.forEach((part, i) => {
          expect(part >= 0n).toBe(true)
          // |part − t·w/sum| < 1, multiplied through by sum.
          const gap = part * sum - t * ws[i]!
          expect(gap > -sum && gap < sum).toBe(true)
          if (ws[i] === 0n) expect(part).toBe(0n)
        })
      }),
      { numRuns: 500 },
    )
  })

  it('gives equal weights parts that differ by at most one, never more to a later one', () => {
    fc.assert(
      fc.property(total, fc.integer({ min: 1, max: 6 }), (t, n) => {
        const parts = splitMinor(t, Array.from({ length: n }, () => 1n))
        for (let i = 1; i < n; i++) expect(parts[i - 1]! - parts[i]!).toBeGreaterThanOrEqual(0n)
        expect(parts[0]! - parts[n - 1]!).toBeLessThanOrEqual(1n)
      }),
    )
  })

  it('reads and writes amounts as exact decimals', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (units) => {
      expect(toMinor(fromMinor(units, 2), 2)).toBe(units)
    }))
    expect(toMinor('12.5', 2)).toBe(1250n)
    expect(fromMinor(5n, 2)).toBe('0.05')
    expect(fromMinor(7n, 0)).toBe('7')
  })
})

describe('milestoneRows', () => {
  it('turns 30 % on the proforma and 70 % 30 days after shipment into two upcoming rows with exact amounts', () => {
    const rows = milestoneRows(terms([{ share: '30', event: 'proforma_issued', offsetDays: 0 }, { share: '70', event: 'shipped', offsetDays: 30 }]), { total: '5000.00', currency: 'RUB' })
    expect(rows).toEqual([
      { position: 1, share: '30', amount: '1500.00', currency: 'RUB', event: 'proforma_issued', offsetDays: 0, beforeShipment: true, status: 'upcoming', dueOn: null },
      { position: 2, share: '70', amount: '3500.00', currency: 'RUB', event: 'shipped', offsetDays: 30, beforeShipment: false, status: 'upcoming', dueOn: null },
    ])
  })

  it('makes a milestone whose event has happened due, on the event day plus its offset', () => {
    const rows = milestoneRows(terms([{ share: '20', event: 'order_accepted', offsetDays: 7 }, { share: '80', event: 'delivered', offsetDays: 0 }]), { total: '999.99', currency: 'EUR' }, { order_accepted: '2026-12-28' })
    expect(rows.map((r) => [r.status, r.dueOn, r.amount])).toEqual([
      ['due', '2027-01-04', '200.00'],
      ['upcoming', null, '799.99'],
    ])
  })

  it('lets the seller ship before the advance is confirmed only when the terms say so', () => {
    const advance = [{ share: '30', event: 'order_accepted', offsetDays: 0 }, { share: '70', event: 'delivered', offsetDays: 0 }] as const
    const held = milestoneRows(terms([...advance]), { total: '100.00', currency: 'USD' })
    const free = milestoneRows(terms([...advance], { shipBeforePaid: true }), { total: '100.00', currency: 'USD' })
    expect(shipmentBlockers(held).map((r) => r.position)).toEqual([1])
    expect(shipmentBlockers(free)).toEqual([])
    expect(shipmentBlockers([{ ...held[0]!, status: 'confirmed' }, held[1]!])).toEqual([])
  })

  it('refuses terms that break a rule instead of making rows that do not add up', () => {
    expect(() => milestoneRows(terms([{ share: '30', event: 'shipped', offsetDays: 0 }]), { total: '100.00', currency: 'USD' })).toThrow(RangeError)
  })
})
