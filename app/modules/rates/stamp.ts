// Rates stamped on agreements (issue 28 item 5, ADR 028): the exchange rates in force when a quote's
// offer, a counter-offer or an order was made, from the deal's currency to each other currency, kept
// with the row (a jsonb column) and never changed. This file is the stamp's shape as the pages receive
// it; stamp-schema.ts checks every stored one on read. Browser-safe, without Zod.
import { CURRENCIES, type Currency } from '~/domain'

/** One rate of a stamp: 1 of the stamp's `from` = `rate` `to`, effective from `effectiveDate`, as entered under `source`. */
export type StampedRate = {
  to: Currency
  /** Exact, RATE_SCALE places. */
  rate: string
  effectiveDate: string
  source: string
  /** Computed (1/rate to RATE_SCALE places) from the stored rate of the other direction. */
  inverted: boolean
}

/**
 * The rates in force at `at` from `from` to each other currency of CURRENCIES that had a fresh one
 * (not older than RATE_MAX_AGE_DAYS then). `rates` empty: none was known; a currency left out had no
 * fresh rate. A stored null (rows older than migration 0027) means nothing was recorded.
 */
export type RateStamp = {
  /** The moment stamped (ISO): when the offer, counter or order was made. */
  at: string
  from: Currency
  rates: StampedRate[]
}

/** The currencies a stamp has no rate for (other than its own): none was fresh when it was made. */
export function unstampedCurrencies(stamp: RateStamp): Currency[] {
  return CURRENCIES.filter((c) => c !== stamp.from && !stamp.rates.some((r) => r.to === c))
}

/** Whether two stamps hold the same rates (their moments aside). */
export function sameStampedRates(a: RateStamp, b: RateStamp): boolean {
  const key = (s: RateStamp) => `${s.from}|${s.rates.map((r) => `${r.to}:${r.rate}:${r.effectiveDate}:${r.source}`).join('|')}`
  return key(a) === key(b)
}
