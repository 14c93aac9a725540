// Stamping agreements (issue 28 item 5, ADR 028): the rates in force at the moment a quote's offer, a
// counter-offer or an order is made, read inside the transaction that writes it, so the stamp and the
// row commit together. The flows (rfqs, orders) call ratesInForce through the module's face and store
// the result with the row; nothing else reads exchange_rates for them.
import { CURRENCIES, daysBetween, utcDay, type Currency } from '~/domain'
import type { Db } from '~/lib/db.server'
import { env } from '~/lib/env.server'
import { newestRate, type Tx } from './rates.server'
import type { RateStamp, StampedRate } from './stamp'

/**
 * The rates in force at `at` from `from` to every other currency of CURRENCIES: for each, the rate
 * latestRate would give (newest effective that day or before, either direction), kept only when it is
 * at most `maxAgeDays` old (default RATE_MAX_AGE_DAYS): a stale rate is not stamped, and a stamp with
 * no rates says none was known. Read through `db` (the caller's transaction).
 */
export async function ratesInForce(db: Db | Tx, from: Currency, at: Date, opts: { maxAgeDays?: number } = {}): Promise<RateStamp> {
  const day = utcDay(at)
  const maxAgeDays = opts.maxAgeDays ?? env().RATE_MAX_AGE_DAYS
  const rates: StampedRate[] = []
  for (const to of CURRENCIES) {
    if (to === from) continue
    const rate = await newestRate(db, from, to, day)
    if (!rate || daysBetween(rate.effectiveDate, day) > maxAgeDays) continue
    rates.push({ to, rate: rate.rate, effectiveDate: rate.effectiveDate, source: rate.source, inverted: rate.inverted })
  }
  return { at: at.toISOString(), from, rates }
}
