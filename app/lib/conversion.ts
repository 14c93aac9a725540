// The reader's currency beside the seller's (issue 28 item 4): an amount in another currency than the
// reader's, converted with the rate the server named for the page (root loader: one fresh rate from each
// other currency to the reader's). Exact (lib/decimal.ts), rounded half up to the reader's currency's
// minor units, so the server's render and the browser's agree. Browser-safe.
import { CURRENCY_MINOR_UNITS, type Currency, isCurrency } from '~/domain/currencies'
import { multiplyDecimal } from './decimal'

/** A rate as a page gets it: 1 unit of a currency = `rate` of the reader's, from `effectiveDate` on. */
export type PageRate = {
  /** Exact, to RATE_SCALE places. */
  rate: string
  /** YYYY-MM-DD. */
  effectiveDate: string
  /** The date as the reader reads it ("25 Nov 2026"), written by the server. */
  dateText: string
  /** The operator's source note. */
  source: string
}

/** The reader's currency and the usable (known and fresh) rate from each other currency to it. */
export type ReaderRates = { currency: Currency; rates: Partial<Record<Currency, PageRate>> }

/** An amount converted for the reader, with the rate it used. */
export type ReaderAmount = { amount: string; currency: Currency; rate: PageRate }

/**
 * `amount` in `from` as the reader's currency, or null when nothing converted is to be shown: the same
 * currency, an unknown one, no usable rate (none known, or stale: the server left it out), or an amount
 * that is not a non-negative plain decimal.
 */
export function convertForReader(amount: string, from: string, reader: ReaderRates | null | undefined): ReaderAmount | null {
  if (!reader || !isCurrency(from) || from === reader.currency) return null
  const rate = reader.rates[from]
  if (!rate) return null
  const converted = multiplyDecimal(amount.trim(), rate.rate, CURRENCY_MINOR_UNITS[reader.currency])
  return converted === null ? null : { amount: converted, currency: reader.currency, rate }
}

/** The rates a page used for `currencies` (each at most once, the reader's own left out), in the order given. */
export function ratesUsed(currencies: readonly string[], reader: ReaderRates | null | undefined): { from: Currency; rate: PageRate }[] {
  if (!reader) return []
  const seen = new Set<string>()
  const out: { from: Currency; rate: PageRate }[] = []
  for (const c of currencies) {
    if (seen.has(c) || !isCurrency(c) || c === reader.currency) continue
    seen.add(c)
    const rate = reader.rates[c]
    if (rate) out.push({ from: c, rate })
  }
  return out
}
