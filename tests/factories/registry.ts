// Registry identities for tests (issue 30 item 1): numbers that pass their registries' checks, a new one
// each call (the database refuses a second account with the same number).
import { profileIdentities } from '../../db/schema'
import { gstinCheckCharacter, innControlDigits, ogrnControlDigit, registryKindOf, type RegistryField, type TradingCountry } from '~/domain'
import { getDb } from '~/lib/db.server'

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const pick = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('')
const digits = (n: number) => pick('0123456789', n)

/** A company's PAN (holder type C). */
export const validPan = () => `${pick(LETTERS, 3)}C${pick(LETTERS, 1)}${digits(4)}${pick(LETTERS, 1)}`
/** A GSTIN of Maharashtra (27) carrying `pan`. */
export const validGstin = (pan = validPan(), state = '27') => `${state}${pan}1Z${gstinCheckCharacter(`${state}${pan}1Z`)}`
/** A company's INN (10 digits) or an individual's (12). */
export const validInn = (length: 10 | 12 = 10) => {
  const leading = `77${digits(length === 10 ? 7 : 8)}`
  return leading + innControlDigits(leading)
}
/** An OGRN (13 digits) or an OGRNIP (15). */
export const validOgrn = (length: 13 | 15 = 13) => {
  const leading = `${length === 13 ? '1' : '3'}${digits(length - 2)}`
  return leading + ogrnControlDigit(leading)
}

/** A full set of valid identity fields for a company of `country`, as the trade details form posts them. */
export function validIdentities(country: TradingCountry): Partial<Record<RegistryField, string>> {
  if (country === 'India') {
    const pan = validPan()
    return { iec: pan, gstin: validGstin(pan), pan }
  }
  return { inn: validInn(), ogrn: validOgrn(), kpp: '773601001' }
}

/** Stores a full set of valid identities for the profile (unverified), as a seller does before KYC review; answers them. */
export async function giveIdentities(profileId: string, country: TradingCountry) {
  const fields = validIdentities(country)
  await getDb()
    .insert(profileIdentities)
    .values(Object.entries(fields).map(([field, value]) => ({ profileId, kind: registryKindOf(field as RegistryField, value), value })))
  return fields
}
