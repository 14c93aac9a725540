// Trade registry identities (issue 30 item 1, docs/decisions/034-registry-identities.md): the numbers
// Indian and Russian businesses know each other by, each checked by its registry's own algorithm.
// Browser-safe and free of Zod: the form checks them as it is sent, the action again, the Drizzle schema
// takes the format patterns for its CHECKs, the tests generate numbers with the same functions.
import type { TradingCountry } from './trading-countries'

/** Every kind of registry identity a profile can hold. OGRN and OGRNIP share one form field. */
export const REGISTRY_KINDS = ['iec', 'gstin', 'pan', 'inn', 'ogrn', 'ogrnip', 'kpp'] as const
export type RegistryKind = (typeof REGISTRY_KINDS)[number]

/** The form's identity fields of each country (`ogrn` takes an OGRN or an OGRNIP). */
export const REGISTRY_FIELDS = { India: ['iec', 'gstin', 'pan'], Russia: ['inn', 'ogrn', 'kpp'] } as const satisfies Record<TradingCountry, readonly RegistryKind[]>
export type RegistryField = (typeof REGISTRY_FIELDS)[TradingCountry][number]
export const ALL_REGISTRY_FIELDS = [...REGISTRY_FIELDS.India, ...REGISTRY_FIELDS.Russia] as const

/** The kinds a profile's public badges name ("GSTIN verified", "INN verified"). */
export const BADGE_KINDS = ['gstin', 'inn'] as const satisfies readonly RegistryKind[]

/**
 * Kinds that identify one business: a second account may not hold the same number. A KPP is not one
 * (every company registered with the same tax office in the same way shares it).
 */
export const UNIQUE_REGISTRY_KINDS = ['iec', 'gstin', 'pan', 'inn', 'ogrn', 'ogrnip'] as const satisfies readonly RegistryKind[]

/** Why a number is refused: each has its own message (account:tradeDetails.errors.<kind>.<problem>). */
export type RegistryProblem = 'length' | 'format' | 'checksum' | 'state' | 'holderType' | 'panMismatch'

/** The format each kind is stored in: the database's CHECK. The algorithms below check the rest. */
export const REGISTRY_PATTERNS: Record<RegistryKind, RegExp> = {
  iec: /^[A-Z0-9]{10}$/,
  gstin: /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/,
  pan: /^[A-Z]{5}[0-9]{4}[A-Z]$/,
  inn: /^(?:[0-9]{10}|[0-9]{12})$/,
  ogrn: /^[0-9]{13}$/,
  ogrnip: /^[0-9]{15}$/,
  kpp: /^[0-9]{4}[0-9A-Z]{2}[0-9]{3}$/,
}

/** The longest each form field's text is (`ogrn` holds an OGRNIP too). */
export const REGISTRY_INPUT_MAX: Record<RegistryField, number> = { iec: 10, gstin: 15, pan: 10, inn: 12, ogrn: 15, kpp: 9 }

/**
 * GST state codes: 01–38 (the states and union territories in the GST portal's list, 38 Ladakh; 25 and
 * 28 are the pre-merger Daman and Diu and pre-division Andhra Pradesh, still on older registrations),
 * 97 Other Territory, 99 Centre Jurisdiction.
 */
export function isGstStateCode(code: string): boolean {
  if (!/^[0-9]{2}$/.test(code)) return false
  const n = Number(code)
  return (n >= 1 && n <= 38) || n === 97 || n === 99
}

/**
 * A PAN's fourth letter, the holder's type (Income Tax Department): Association of persons, Body of
 * individuals, Company, Firm or LLP, Government, Hindu undivided family, artificial Juridical person,
 * Local authority, Person, Trust.
 */
export const PAN_HOLDER_TYPES = 'ABCFGHJLPT'

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** The GSTIN's check character for its first 14 characters (GSTN's mod-36 algorithm: factors 1, 2 alternating, digits of the product in base 36 summed). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return BASE36[(36 - (sum % 36)) % 36]!
}

const weighted = (digits: string, weights: readonly number[]) => weights.reduce((s, w, i) => s + w * Number(digits[i]), 0)
const INN_10 = [2, 4, 10, 3, 5, 9, 4, 6, 8]
const INN_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]
const INN_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]

/** The control digits an INN of these leading digits ends with: one for a company's 9, two for an individual's 10 (Federal Tax Service weights). */
export function innControlDigits(leading: string): string {
  if (leading.length === 9) return String((weighted(leading, INN_10) % 11) % 10)
  const n11 = (weighted(leading, INN_11) % 11) % 10
  const n12 = (weighted(leading + n11, INN_12) % 11) % 10
  return `${n11}${n12}`
}

/** The OGRN's (12 leading digits, mod 11) or OGRNIP's (14, mod 13) control digit, the remainder's last digit. */
export function ogrnControlDigit(leading: string): string {
  const modulus = leading.length === 12 ? 11n : 13n
  return String((BigInt(leading) % modulus) % 10n)
}

const onlyDigits = (v: string) => /^[0-9]*$/.test(v)
const lengthOk = (v: string, ...lengths: number[]) => lengths.includes(v.length)

/** An IEC: ten capital letters or digits (the firm's PAN for IECs issued since 2019; older ones are ten digits). */
export function checkIec(value: string): RegistryProblem | null {
  if (!lengthOk(value, 10)) return 'length'
  return REGISTRY_PATTERNS.iec.test(value) ? null : 'format'
}

/** A PAN: five letters, four digits, a letter; the fourth letter a holder type. */
export function checkPan(value: string): RegistryProblem | null {
  if (!lengthOk(value, 10)) return 'length'
  if (!REGISTRY_PATTERNS.pan.test(value)) return 'format'
  return PAN_HOLDER_TYPES.includes(value[3]!) ? null : 'holderType'
}

/** A GSTIN: state code, PAN, entity number, Z, check character; `pan`, when given, must be the one inside it. */
export function checkGstin(value: string, pan?: string | null): RegistryProblem | null {
  if (!lengthOk(value, 15)) return 'length'
  if (!REGISTRY_PATTERNS.gstin.test(value)) return 'format'
  if (!isGstStateCode(value.slice(0, 2))) return 'state'
  if (!PAN_HOLDER_TYPES.includes(value[5]!)) return 'holderType'
  if (gstinCheckCharacter(value.slice(0, 14)) !== value[14]) return 'checksum'
  if (pan && value.slice(2, 12) !== pan) return 'panMismatch'
  return null
}

/** An INN: 10 digits (a company) or 12 (an individual or sole trader), with its control digits. */
export function checkInn(value: string): RegistryProblem | null {
  if (!onlyDigits(value)) return 'format'
  if (!lengthOk(value, 10, 12)) return 'length'
  const leading = value.slice(0, value.length === 10 ? 9 : 10)
  return innControlDigits(leading) === value.slice(leading.length) ? null : 'checksum'
}

/** An OGRN (13 digits, a company) or an OGRNIP (15, a sole trader), with its control digit. */
export function checkOgrn(value: string): RegistryProblem | null {
  if (!onlyDigits(value)) return 'format'
  if (!lengthOk(value, 13, 15)) return 'length'
  return ogrnControlDigit(value.slice(0, -1)) === value.slice(-1) ? null : 'checksum'
}

/** A KPP: the tax office (4 digits), the reason (2 digits or capitals), a number (3 digits). */
export function checkKpp(value: string): RegistryProblem | null {
  if (!lengthOk(value, 9)) return 'length'
  return REGISTRY_PATTERNS.kpp.test(value) ? null : 'format'
}

/** Each form field's check. */
export const REGISTRY_CHECKS: Record<RegistryField, (value: string) => RegistryProblem | null> = {
  iec: checkIec,
  gstin: (v) => checkGstin(v),
  pan: checkPan,
  inn: checkInn,
  ogrn: checkOgrn,
  kpp: checkKpp,
}

/** The kind a form field's value is stored as: the `ogrn` field's 15 digits are an OGRNIP. */
export function registryKindOf(field: RegistryField, value: string): RegistryKind {
  return field === 'ogrn' && value.length === 15 ? 'ogrnip' : field
}

/** The form field a stored kind is edited in. */
export function registryFieldOf(kind: RegistryKind): RegistryField {
  return kind === 'ogrnip' ? 'ogrn' : kind
}

/** Whether a Russian INN is a company's (10 digits: an OGRN and a KPP go with it) or an individual's (12: an OGRNIP, no KPP). */
export const isCompanyInn = (inn: string) => inn.length === 10

/**
 * The identity fields a seller of `country` has not given yet: what KYC approval waits for. India: IEC,
 * GSTIN and PAN. Russia: INN and OGRN (or OGRNIP), and a KPP for a company (a 10-digit INN).
 */
export function missingRegistryFields(country: TradingCountry, given: Partial<Record<RegistryField, string | null>>): RegistryField[] {
  const missing: RegistryField[] = REGISTRY_FIELDS[country].filter((f) => !given[f])
  if (country === 'Russia' && given.inn && !isCompanyInn(given.inn)) return missing.filter((f) => f !== 'kpp')
  return missing
}
