// A party's trade details (issue 29 item 4): the registered address every trade document prints for
// both parties, and the bank account a seller is paid into (printed on the proforma and the commercial
// invoice). Browser-safe; the form, the action, the Drizzle schema's CHECKs and the documents read them.
import type { TradingCountry } from './trading-countries'

/** The registered address, as a company registry or the bank has it: a few lines of text. */
export const REGISTERED_ADDRESS_MAX = 500
/** A bank's name or the account holder's name. */
export const BANK_NAME_MAX = 120

/**
 * A bank account number: 5 to 34 capital letters and digits (an IBAN is at most 34; Indian accounts are
 * 9–18 digits, Russian ones 20), without spaces.
 */
export const BANK_ACCOUNT_PATTERN = /^[A-Z0-9]{5,34}$/
/** A SWIFT/BIC code: bank (4 letters), country (2 letters), place (2), branch (3, optional). */
export const SWIFT_PATTERN = /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/
/** An Indian IFSC: bank (4 letters), 0, branch (6 letters or digits). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/
/** A Russian BIK: 9 digits starting 04. */
export const BIK_PATTERN = /^04\d{7}$/
/** A Russian correspondent account: 20 digits starting 301. */
export const CORRESPONDENT_ACCOUNT_PATTERN = /^301\d{17}$/

/** The bank fields of a profile, in the order the form and the documents show them. */
export const BANK_FIELDS = ['bankName', 'bankAccountName', 'bankAccountNumber', 'bankSwift', 'bankIfsc', 'bankBik', 'bankCorrespondentAccount'] as const
export type BankField = (typeof BANK_FIELDS)[number]

/** The bank fields a seller of each country fills in besides the name, the holder and the number. */
export const NATIONAL_BANK_FIELDS = { India: ['bankIfsc'], Russia: ['bankBik', 'bankCorrespondentAccount'] } as const satisfies Record<TradingCountry, readonly BankField[]>
