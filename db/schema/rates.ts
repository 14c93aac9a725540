import { sql } from 'drizzle-orm'
import { check, date, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { CURRENCIES, RATE_NOTE_MAX, RATE_ORIGINS, RATE_PRECISION, RATE_SCALE, type Currency, type RateOrigin } from '../../app/domain'
import { adminUsers } from './admin'
import { sqlList } from './sql-lists'

/**
 * Exchange rates kept by the operator (issue 28 item 3, ADR 028): 1 `from` = `rate` `to` from
 * `effective_date` on. Never fetched from the internet. Rows are history: a correction is a newer row
 * (the newest entry of a pair and date wins); nothing is updated in place.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromCurrency: text('from_currency').$type<Currency>().notNull(),
    toCurrency: text('to_currency').$type<Currency>().notNull(),
    /** Exact: numeric(20,10), read as a string. */
    rate: numeric('rate', { precision: RATE_PRECISION, scale: RATE_SCALE }).notNull(),
    effectiveDate: date('effective_date').notNull(),
    /** The operator's note of where the rate came from ("RBI reference rate"). */
    source: text('source').notNull(),
    origin: text('origin').$type<RateOrigin>().notNull(),
    /** The admin who entered it; null from the command line, the demo data, or once the admin is removed. */
    createdBy: text('created_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exchange_rates_pair_idx').on(t.fromCurrency, t.toCurrency, t.effectiveDate.desc(), t.createdAt.desc()),
    index('exchange_rates_created_idx').on(t.createdAt.desc()),
    check('exchange_rates_from_check', sql`${t.fromCurrency} in ${sqlList(CURRENCIES)}`),
    check('exchange_rates_to_check', sql`${t.toCurrency} in ${sqlList(CURRENCIES)}`),
    check('exchange_rates_pair_check', sql`${t.fromCurrency} <> ${t.toCurrency}`),
    check('exchange_rates_rate_check', sql`${t.rate} > 0`),
    check('exchange_rates_origin_check', sql`${t.origin} in ${sqlList(RATE_ORIGINS)}`),
    check('exchange_rates_source_length', sql`char_length(${t.source}) between 1 and ${sql.raw(String(RATE_NOTE_MAX))}`),
  ],
)
