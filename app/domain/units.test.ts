// @no-database
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from './languages'
import { QUANTITY_MAX } from './fields'
import { QUANTITY_SCALE, readQuantity, unitProblemKey } from './quantities'
import { QUANTITY_PRECISION, QUANTITY_UNITS, UNIT_RULES, WHOLE_UNITS, checkQuantity, isQuantityUnit, quantityProblem, unitQuantityError, unitText, type QuantityUnit } from './units'

const load = (lng: string) => JSON.parse(fs.readFileSync(path.join('public/locales', lng, 'units.json'), 'utf8'))

describe('units of measure', () => {
  it('lists every unit the issue names, each once, with a rule', () => {
    const named: QuantityUnit[] = ['pieces', 'kg', 'tonnes', 'g', 'carats', 'litres', 'kl', 'metres', 'm2', 'm3', 'bags', 'boxes', 'cartons', 'pallets', 'bales', 'barrels', 'containers_20ft', 'containers_40ft']
    for (const unit of named) expect(QUANTITY_UNITS).toContain(unit)
    expect(new Set(QUANTITY_UNITS).size).toBe(QUANTITY_UNITS.length)
    expect(Object.keys(UNIT_RULES).sort()).toEqual([...QUANTITY_UNITS].sort())
    expect(Math.max(...Object.values(UNIT_RULES).map((r) => r.decimals))).toBe(QUANTITY_SCALE)
  })

  it('gives mass, volume and length units their exact factor to the base unit', () => {
    expect(UNIT_RULES.tonnes).toMatchObject({ dimension: 'mass', factor: '1000' })
    expect(UNIT_RULES.carats).toMatchObject({ dimension: 'mass', factor: '0.0002' })
    expect(UNIT_RULES.kl).toMatchObject({ dimension: 'volume', factor: '1000' })
    expect(UNIT_RULES.m3).toMatchObject({ dimension: 'volume', factor: '1000' })
    expect(UNIT_RULES.containers_40ft).toMatchObject({ dimension: 'count', factor: null, decimals: 0 })
  })

  it.each([
    ['12.5', 'tonnes', null],
    ['0.75', 'carats', null],
    ['12', 'pieces', null],
    ['12.0', 'pieces', null],
    ['12.000', 'tonnes', null],
    ['2.5', 'containers_20ft', 'whole'],
    ['1.5', 'pieces', 'whole'],
    ['0.755', 'carats', 'decimals'],
    ['1.0001', 'tonnes', 'decimals'],
    ['1.2345', 'pieces', 'whole'],
    ['', 'kg', 'format'],
    ['-1', 'kg', 'format'],
    ['1e3', 'kg', 'format'],
    ['1,5', 'kg', 'format'],
    ['.5', 'kg', 'format'],
    ['12.', 'kg', 'format'],
    ['12345678901', 'kg', 'format'],
  ] as const)('quantity %j in %s: %s', (value, unit, problem) => {
    expect(quantityProblem(value, unit)).toBe(problem)
  })

  it('knows its own codes only', () => {
    expect(isQuantityUnit('tonnes')).toBe(true)
    expect(isQuantityUnit('tonne')).toBe(false)
    expect(isQuantityUnit(undefined)).toBe(false)
  })

  it.each(LANGUAGES)('names every unit in %s: each plural form the language has, a short form and "per"', (lng) => {
    const names = load(lng)
    const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories
    for (const unit of QUANTITY_UNITS) {
      for (const form of forms) expect(names.name[`${unit}_${form}`], `${lng} ${unit}_${form}`).toBeTruthy()
      expect(names.short[unit], `${lng} short ${unit}`).toBeTruthy()
      expect(names.per[unit], `${lng} per ${unit}`).toBeTruthy()
    }
  })
})

describe('a unit after a quantity', () => {
  it('writes a measured unit by its symbol and a counted one by its name in the plural the number takes', () => {
    expect(unitText('tonnes', 12.5)).toEqual(['units:short.tonnes', { count: 12.5 }])
    expect(unitText('carats', 0.75)).toEqual(['units:short.carats', { count: 0.75 }])
    expect(unitText('containers_40ft', 3)).toEqual(['units:name.containers_40ft', { count: 3 }])
    expect(unitText('pieces', 1)).toEqual(['units:name.pieces', { count: 1 }])
  })
})

describe('a quantity as typed (issue 28 item 2)', () => {
  it.each([
    ['12.5', 'tonnes', { ok: true, value: 12.5 }],
    [' 12,5 ', 'tonnes', { ok: true, value: 12.5 }],
    ['0,75', 'carats', { ok: true, value: 0.75 }],
    ['0.75', 'carats', { ok: true, value: 0.75 }],
    ['3', 'containers', { ok: true, value: 3 }],
    ['2.5', 'containers', { ok: false, problem: 'whole' }],
    ['0.755', 'carats', { ok: false, problem: 'decimals' }],
    // A comma before three digits may be a thousands separator: refused rather than read as 1.5.
    ['1,500', 'kg', { ok: false, problem: 'format' }],
    ['0', 'kg', { ok: false, problem: 'zero' }],
    ['0.000', 'kg', { ok: false, problem: 'zero' }],
    ['1000000000.001', 'kg', { ok: false, problem: 'max' }],
    ['99999999999', 'kg', { ok: false, problem: 'max' }],
    ['abc', 'kg', { ok: false, problem: 'format' }],
  ] as const)('%j in %s', (text, unit, want) => {
    expect(checkQuantity(text, unit)).toEqual(want)
  })

  it('reads a stock of 0 only when asked to, and without a unit any decimal up to the column scale', () => {
    expect(checkQuantity('0', 'kg', { allowZero: true })).toEqual({ ok: true, value: 0 })
    expect(checkQuantity('2.5', null)).toEqual({ ok: true, value: 2.5 })
    expect(checkQuantity('2.5555', null)).toEqual({ ok: false, problem: 'format' })
    expect(readQuantity('12.5')).toBe(12.5)
    expect(readQuantity('-1')).toBeNull()
  })

  it('refuses a number read earlier by its unit, with the message naming the unit', () => {
    expect(unitQuantityError(2.5, 'containers_20ft')).toBe('units:problems.whole.containers_20ft')
    expect(unitQuantityError(0.755, 'carats')).toBe('units:problems.decimals.carats')
    expect(unitQuantityError(12.5, 'tonnes')).toBeNull()
    expect(unitQuantityError(3, 'pieces')).toBeNull()
  })

  it('sizes the quantity columns from the limits: QUANTITY_MAX before the point, the largest unit scale after', () => {
    expect(QUANTITY_PRECISION).toBe(13)
    expect(String(QUANTITY_MAX).length + QUANTITY_SCALE).toBe(QUANTITY_PRECISION)
    expect(WHOLE_UNITS).toEqual(QUANTITY_UNITS.filter((u) => UNIT_RULES[u].decimals === 0))
    expect(WHOLE_UNITS).toContain('containers_40ft')
    expect(WHOLE_UNITS).not.toContain('tonnes')
  })

  it.each(LANGUAGES)('has a refusal in %s for every unit, naming its decimals where it has some', (lng) => {
    const names = load(lng)
    for (const unit of QUANTITY_UNITS) {
      const decimals = UNIT_RULES[unit].decimals
      const key = unitProblemKey(decimals === 0 ? 'whole' : 'decimals', unit).replace('units:', '').split('.')
      const message: string | undefined = key.reduce((node, part) => node?.[part], names)
      expect(message, `${lng} ${unit}`).toBeTruthy()
      if (decimals > 0) expect(message, `${lng} ${unit}`).toContain(String(decimals))
    }
  })
})
