// Demo exchange rates (issue 28 item 3): a few weeks of dated rates for the pairs India–Russia trade
// is settled in, the newest effective on the seeding day, so converted amounts show at once. Written as
// exact decimal strings; the sources say they are demo figures, not any bank's published rates.
import { utcDay, type Currency } from '~/domain'
import type { Db } from '~/lib/db.server'
import { exchangeRates } from '../schema'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const DAY_MS = 24 * 60 * 60 * 1000

/** Days before the seeding day each rate takes effect; the pairs' rates follow in the same order. */
export const DEMO_RATE_DAYS_AGO = [28, 21, 14, 7, 3, 0] as const

export const demoRates: { from: Currency; to: Currency; source: string; rates: readonly string[] }[] = [
  { from: 'USD', to: 'INR', source: 'RBI reference rate (demo figure)', rates: ['84.0125', '84.1530', '84.3275', '84.4410', '84.5050', '84.4875'] },
  { from: 'USD', to: 'RUB', source: 'CBR official rate (demo figure)', rates: ['97.2500', '98.1042', '99.3010', '100.1875', '100.5220', '100.3105'] },
  { from: 'EUR', to: 'USD', source: 'ECB euro reference rate (demo figure)', rates: ['1.0785', '1.0712', '1.0650', '1.0598', '1.0563', '1.0571'] },
  { from: 'EUR', to: 'INR', source: 'RBI reference rate (demo figure)', rates: ['90.6100', '90.1455', '89.8090', '89.4920', '89.2610', '89.3130'] },
  { from: 'EUR', to: 'RUB', source: 'CBR official rate (demo figure)', rates: ['104.8800', '105.0925', '105.7500', '106.1810', '106.1775', '106.0410'] },
  { from: 'INR', to: 'RUB', source: 'CBR official rate (demo figure)', rates: ['1.1576', '1.1658', '1.1776', '1.1865', '1.1895', '1.1873'] },
]

/** Inserts the demo rates, dated relative to `now`. */
export async function insertDemoRates(tx: Tx, now: number) {
  await tx.insert(exchangeRates).values(
    demoRates.flatMap((pair) =>
      DEMO_RATE_DAYS_AGO.map((daysAgo, i) => ({
        fromCurrency: pair.from,
        toCurrency: pair.to,
        rate: pair.rates[i]!,
        effectiveDate: utcDay(new Date(now - daysAgo * DAY_MS)),
        source: pair.source,
        origin: 'demo' as const,
        createdAt: new Date(now - daysAgo * DAY_MS),
      })),
    ),
  )
}
