// @no-database
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  checkGstin,
  checkIec,
  checkInn,
  checkKpp,
  checkOgrn,
  checkPan,
  gstinCheckCharacter,
  innControlDigits,
  isGstStateCode,
  missingRegistryFields,
  ogrnControlDigit,
  PAN_HOLDER_TYPES,
  REGISTRY_PATTERNS,
  registryKindOf,
} from './registry'

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''))
const letters = (n: number) => fc.array(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), { minLength: n, maxLength: n }).map((d) => d.join(''))
const pan = fc.tuple(letters(3), fc.constantFrom(...PAN_HOLDER_TYPES), letters(1), digits(4), letters(1)).map((p) => p.join(''))
const stateCode = fc.oneof(fc.integer({ min: 1, max: 38 }), fc.constantFrom(97, 99)).map((n) => String(n).padStart(2, '0'))
const gstin = fc.tuple(stateCode, pan, fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ')).map(([s, p, e]) => {
  const first14 = `${s}${p}${e}Z`
  return first14 + gstinCheckCharacter(first14)
})
const companyInn = digits(9).map((d) => d + innControlDigits(d))
const personInn = digits(10).map((d) => d + innControlDigits(d))
const ogrn = digits(12).map((d) => d + ogrnControlDigit(d))
const ogrnip = digits(14).map((d) => d + ogrnControlDigit(d))

/** The number with its character at `i` replaced by another of the same class (a digit by a digit). */
const changeAt = (value: string, i: number, by: number) => {
  const alphabet = /[0-9]/.test(value[i]!) ? '0123456789' : 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
  const next = alphabet[(alphabet.indexOf(value[i]!) + 1 + (by % (alphabet.length - 1))) % alphabet.length]!
  return value.slice(0, i) + next + value.slice(i + 1)
}

describe('registry identities (issue 30 item 1)', () => {
  describe('known numbers', () => {
    it.each([
      ['GSTIN', checkGstin('27AAPFU0939F1ZV')],
      ['GSTIN', checkGstin('29AAGCB7383J1Z4')],
      ['PAN', checkPan('AAPFU0939F')],
      ['IEC', checkIec('AAPFU0939F')],
      ['IEC (ten digits, before 2019)', checkIec('0388012345')],
      ['INN (Sberbank)', checkInn('7707083893')],
      ['INN (Yandex)', checkInn('7736207543')],
      ['INN of an individual', checkInn('500100732259')],
      ['OGRN (Sberbank)', checkOgrn('1027700132195')],
      ['OGRNIP', checkOgrn('304500116000157')],
      ['KPP (Sberbank)', checkKpp('773601001')],
      ['KPP with a letter reason', checkKpp('7701AB001')],
    ])('accepts a real %s', (_name, problem) => expect(problem).toBeNull())

    it.each([
      ['GSTIN with a wrong check character', checkGstin('27AAPFU0939F1ZW'), 'checksum'],
      ['GSTIN of 14 characters', checkGstin('27AAPFU0939F1Z'), 'length'],
      ['GSTIN in small letters', checkGstin('27aapfu0939f1zv'), 'format'],
      ['GSTIN without the Z', checkGstin('27AAPFU0939F1AV'), 'format'],
      ['GSTIN of state 39', checkGstin(`39AAPFU0939F1Z${gstinCheckCharacter('39AAPFU0939F1Z')}`), 'state'],
      ['GSTIN of state 00', checkGstin(`00AAPFU0939F1Z${gstinCheckCharacter('00AAPFU0939F1Z')}`), 'state'],
      ['GSTIN whose PAN differs from the PAN given', checkGstin('27AAPFU0939F1ZV', 'AAPFU0939G'), 'panMismatch'],
      ['PAN with holder type X', checkPan('AAPXU0939F'), 'holderType'],
      ['PAN with digits first', checkPan('1APFU0939F'), 'format'],
      ['PAN of 9', checkPan('AAPFU0939'), 'length'],
      ['IEC with a space', checkIec('AAPFU 939F'), 'format'],
      ['IEC of 11', checkIec('AAPFU0939FF'), 'length'],
      ['INN with a wrong control digit', checkInn('7707083894'), 'checksum'],
      ['INN of 11 digits', checkInn('77070838931'), 'length'],
      ['INN with a letter', checkInn('77070838A3'), 'format'],
      ['INN of an individual, second digit wrong', checkInn('500100732258'), 'checksum'],
      ['OGRN with a wrong control digit', checkOgrn('1027700132196'), 'checksum'],
      ['OGRN of 14 digits', checkOgrn('10277001321950'), 'length'],
      ['OGRNIP with a wrong control digit', checkOgrn('304500116000158'), 'checksum'],
      ['KPP of 8', checkKpp('77360100'), 'length'],
      ['KPP with a letter in the office', checkKpp('77A601001'), 'format'],
    ])('refuses a %s', (_name, problem, expected) => expect(problem).toBe(expected))
  })

  it('knows the GST state codes: 01–38, 97 and 99', () => {
    const valid = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0')).filter(isGstStateCode)
    expect(valid).toEqual([...Array.from({ length: 38 }, (_, n) => String(n + 1).padStart(2, '0')), '97', '99'])
  })

  describe('property: every generated valid number passes, and changing one character fails it', () => {
    const cases = [
      ['GSTIN', gstin, (v: string) => checkGstin(v), 15],
      ['INN (company)', companyInn, checkInn, 10],
      ['INN (individual)', personInn, checkInn, 12],
      ['OGRN', ogrn, checkOgrn, 13],
      ['OGRNIP', ogrnip, checkOgrn, 15],
    ] as const
    it.each(cases)('%s', (_name, arbitrary, check, length) => {
      fc.assert(
        fc.property(arbitrary, fc.nat({ max: length - 1 }), fc.nat({ max: 40 }), (value, i, by) => {
          expect(check(value)).toBeNull()
          expect(value).toMatch(REGISTRY_PATTERNS[_name.startsWith('INN') ? 'inn' : _name === 'GSTIN' ? 'gstin' : length === 13 ? 'ogrn' : 'ogrnip'])
          // The mod-11 control digits of INN and OGRN cannot see every change (a remainder of 10 reads 0),
          // so a changed number fails when its control digit moves with it: it is then not the same number.
          const changed = changeAt(value, i, by)
          const problem = check(changed)
          if (_name === 'GSTIN') {
            // The mod-36 check character catches every single-character change; a change of the state
            // code or the format may be refused for that reason first.
            expect(problem).not.toBeNull()
          } else if (i === length - 1) {
            expect(problem).toBe('checksum')
          } else {
            const recomputed = length === 10 || length === 12 ? innControlDigits(changed.slice(0, length === 10 ? 9 : 10)) : ogrnControlDigit(changed.slice(0, -1))
            expect(problem).toBe(changed.endsWith(recomputed) ? null : 'checksum')
          }
        }),
        { numRuns: 300 },
      )
    })

    it('a GSTIN carries the PAN it was made from', () => {
      fc.assert(
        fc.property(gstin, (g) => {
          expect(checkGstin(g, g.slice(2, 12))).toBeNull()
        }),
      )
    })

    it('a changed control digit always fails (INN, OGRN, OGRNIP)', () => {
      fc.assert(
        fc.property(fc.oneof(companyInn, personInn, ogrn, ogrnip), fc.integer({ min: 1, max: 9 }), (value, by) => {
          const last = (Number(value.at(-1)) + by) % 10
          const changed = value.slice(0, -1) + last
          expect(changed.length === 13 || changed.length === 15 ? checkOgrn(changed) : checkInn(changed)).toBe('checksum')
        }),
      )
    })
  })

  it('stores a 15-digit OGRN field as an OGRNIP', () => {
    expect(registryKindOf('ogrn', '1027700132195')).toBe('ogrn')
    expect(registryKindOf('ogrn', '304500116000157')).toBe('ogrnip')
    expect(registryKindOf('gstin', '27AAPFU0939F1ZV')).toBe('gstin')
  })

  it('names what a seller still has to give before KYC approval', () => {
    expect(missingRegistryFields('India', {})).toEqual(['iec', 'gstin', 'pan'])
    expect(missingRegistryFields('India', { iec: 'AAPFU0939F', gstin: '27AAPFU0939F1ZV', pan: 'AAPFU0939F' })).toEqual([])
    expect(missingRegistryFields('Russia', { inn: '7707083893', ogrn: '1027700132195' })).toEqual(['kpp'])
    // A sole trader (12-digit INN) has no KPP.
    expect(missingRegistryFields('Russia', { inn: '500100732259', ogrn: '304500116000157' })).toEqual([])
  })
})
