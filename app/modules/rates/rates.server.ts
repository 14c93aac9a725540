// Exchange rates kept by the operator (issue 28 item 3, ADR 028): entering one rate, importing many
// (all or nothing), the history, and the lookup later items convert with. Rates are exact decimals
// (numeric(20,10), strings here); no rate is ever fetched from the internet.
import { and, count, desc, eq, or, sql } from 'drizzle-orm'
import { adminUsers, exchangeRates } from '../../../db/schema'
import { CURRENCIES, daysBetween, RATE_JUMP_MAX, RATE_SCALE, utcDay, type Currency, type RateOrigin } from '~/domain'
import type { ReaderRates } from '~/lib/conversion'
import { formatDate } from '~/lib/format'
import type { Reader } from '~/lib/i18n'
import { getDb, type Db } from '~/lib/db.server'
import { env } from '~/lib/env.server'
import { formatDecimal, invertRate, isRateJump, multiplyDecimal } from '~/lib/decimal'
import { RATES_PAGE_SIZE, type RateEntry, type RatePageDto } from './schemas'

/** A transaction handle. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** A rate as a reader is given it: 1 `from` = `rate` `to` from `effectiveDate` (YYYY-MM-DD) on. */
export type RateDto = {
  from: Currency
  to: Currency
  /** Exact, RATE_SCALE places ("83.2500000000"). */
  rate: string
  effectiveDate: string
  source: string
  /** Computed from the stored rate of the other direction (1/rate, to RATE_SCALE places). */
  inverted: boolean
}

/** Serialises rate writes, so the "last rate" each new one is checked against is the real last one. */
const RATES_LOCK_KEY = 7_461_838_228

const ONE = formatDecimal(10n ** BigInt(RATE_SCALE), RATE_SCALE)

/**
 * The newest stored rate between two currencies in either direction (effective on `day` or before, when
 * given), as `from` → `to`. Newest by effective date; on the same date the direct pair wins, then the
 * newest entry. Null when none.
 */
export async function newestRate(db: Db | Tx, from: Currency, to: Currency, day: string | null): Promise<RateDto | null> {
  const pair = or(and(eq(exchangeRates.fromCurrency, from), eq(exchangeRates.toCurrency, to)), and(eq(exchangeRates.fromCurrency, to), eq(exchangeRates.toCurrency, from)))
  const [row] = await db
    .select({ from: exchangeRates.fromCurrency, rate: exchangeRates.rate, effectiveDate: exchangeRates.effectiveDate, source: exchangeRates.source })
    .from(exchangeRates)
    .where(day ? and(pair, sql`${exchangeRates.effectiveDate} <= ${day}`) : pair)
    .orderBy(desc(exchangeRates.effectiveDate), desc(sql`${exchangeRates.fromCurrency} = ${from}`), desc(exchangeRates.createdAt), desc(exchangeRates.id))
    .limit(1)
  if (!row) return null
  if (row.from === from) return { from, to, rate: row.rate, effectiveDate: row.effectiveDate, source: row.source, inverted: false }
  const inverse = invertRate(row.rate)
  return inverse ? { from, to, rate: inverse, effectiveDate: row.effectiveDate, source: row.source, inverted: true } : null
}

/**
 * The rate in force for `from` → `to` on `at` (default now, as a UTC day): the newest entry of the pair
 * effective that day or before, its inverse (1/rate to RATE_SCALE places) when the other direction's is
 * newer or the only one. The same currency is 1. Null when no rate is known.
 */
export async function latestRate(from: Currency, to: Currency, opts: { at?: Date } = {}): Promise<RateDto | null> {
  const day = utcDay(opts.at ?? new Date())
  if (from === to) return { from, to, rate: ONE, effectiveDate: day, source: '', inverted: false }
  return newestRate(getDb(), from, to, day)
}

export type ConvertOptions = {
  /** The moment converted for (default now). */
  at?: Date
  /** A rate older than this many days is not used (default RATE_MAX_AGE_DAYS, 7). */
  maxAgeDays?: number
  /** Digits after the point of the result (default 2). */
  scale?: number
}

/** An amount in another currency and the rate it was converted with. */
export type Converted = { amount: string; rate: RateDto }

/**
 * `amount` (a non-negative plain decimal string) in `from`, converted to `to`: amount × rate, exact,
 * rounded half up to `scale` places. Null when no rate is known or the newest is older than
 * `maxAgeDays`: nothing converted rather than a stale figure.
 */
export async function convertAmount(amount: string, from: Currency, to: Currency, opts: ConvertOptions = {}): Promise<Converted | null> {
  const at = opts.at ?? new Date()
  const rate = await latestRate(from, to, { at })
  if (!rate) return null
  if (daysBetween(rate.effectiveDate, utcDay(at)) > (opts.maxAgeDays ?? env().RATE_MAX_AGE_DAYS)) return null
  const converted = multiplyDecimal(amount, rate.rate, opts.scale ?? 2)
  if (converted === null) throw new RangeError(`convertAmount: "${amount}" is not a non-negative decimal`)
  return { amount: converted, rate }
}

/** A rate refused because it is more than RATE_JUMP_MAX times the pair's last one, or less than its 1/RATE_JUMP_MAX. */
export type AbsurdRate = { ok: false; reason: 'absurd'; row?: number; values: { from: Currency; to: Currency; rate: string; last: string; lastDate: string } }

/**
 * Checks rates against the pair's last one (the newest by effective date, either direction, the earlier
 * rows of the same batch included) and writes them, in the caller's transaction. Refused rows write nothing.
 */
async function writeRates(tx: Tx, rows: readonly (RateEntry & { row?: number })[], origin: RateOrigin, createdBy: string | null): Promise<{ ok: true; ids: string[] } | AbsurdRate> {
  await tx.execute(sql.raw(`select pg_advisory_xact_lock(${RATES_LOCK_KEY})`))
  const last = new Map<string, RateDto | null>()
  const pairKey = (a: Currency, b: Currency) => [a, b].sort().join('/')
  for (const row of rows) {
    const key = pairKey(row.from, row.to)
    if (!last.has(key)) last.set(key, await newestRate(tx, row.from, row.to, null))
    const known = last.get(key) ?? null
    // The last rate, in this row's direction.
    const lastRate = !known ? null : known.from === row.from ? known.rate : invertRate(known.rate)
    if (known && lastRate && isRateJump(row.rate, lastRate, RATE_JUMP_MAX)) {
      return { ok: false, reason: 'absurd', row: row.row, values: { from: row.from, to: row.to, rate: row.rate, last: lastRate, lastDate: known.effectiveDate } }
    }
    if (!known || row.effectiveDate >= known.effectiveDate) last.set(key, { from: row.from, to: row.to, rate: row.rate, effectiveDate: row.effectiveDate, source: row.source, inverted: false })
  }
  if (rows.length === 0) return { ok: true, ids: [] }
  const inserted = await tx
    .insert(exchangeRates)
    .values(rows.map((r) => ({ fromCurrency: r.from, toCurrency: r.to, rate: r.rate, effectiveDate: r.effectiveDate, source: r.source, origin, createdBy })))
    .returning({ id: exchangeRates.id })
  return { ok: true, ids: inserted.map((r) => r.id) }
}

/**
 * Writes a rate change's audit entry in the change's transaction: the admin module's recordAudit, bound
 * by the caller to who acted and the request (the page) or the command line. Passed in rather than
 * imported, so the command line does not load the admin panel; every write takes one, so none goes
 * unaudited.
 */
export type RateAuditor = (tx: Tx, entry: { action: 'rate_add' | 'rate_import'; targetType: 'exchange_rate'; targetId?: string | null; newValue: unknown }) => Promise<void>

/** Enters one rate from the admin page, with its rate_add audit entry, in one transaction. */
export async function addRate(entry: RateEntry, by: { adminId: string; audit: RateAuditor }): Promise<{ ok: true; id: string } | AbsurdRate> {
  return getDb().transaction(async (tx) => {
    const written = await writeRates(tx, [entry], 'form', by.adminId)
    if (!written.ok) return written
    const id = written.ids[0]!
    const newValue = { from: entry.from, to: entry.to, rate: entry.rate, effectiveDate: entry.effectiveDate, source: entry.source }
    await by.audit(tx, { action: 'rate_add', targetType: 'exchange_rate', targetId: id, newValue })
    return { ok: true, id }
  })
}

/**
 * Imports many rates at once (the CSV form or `npm run rates:import`): all of them with one rate_import
 * audit entry, or none. `adminId` is null from the command line.
 */
export async function importRates(
  rows: readonly (RateEntry & { row?: number })[],
  by: { adminId: string | null; origin: Extract<RateOrigin, 'csv' | 'cli'>; audit: RateAuditor },
): Promise<{ ok: true; count: number } | AbsurdRate> {
  return getDb().transaction(async (tx) => {
    const written = await writeRates(tx, rows, by.origin, by.adminId)
    if (!written.ok) return written
    const days = rows.map((r) => r.effectiveDate).sort()
    const pairs = [...new Set(rows.map((r) => `${r.from}/${r.to}`))].sort()
    await by.audit(tx, { action: 'rate_import', targetType: 'exchange_rate', newValue: { count: rows.length, pairs: pairs.join(' '), from: days[0], to: days.at(-1), via: by.origin } })
    return { ok: true, count: rows.length }
  })
}

/** The history, newest entry first, one page of RATES_PAGE_SIZE (past the last page: the last). */
export async function listRates(page: number): Promise<RatePageDto> {
  const db = getDb()
  const [counted] = await db.select({ n: count() }).from(exchangeRates)
  const total = counted?.n ?? 0
  const pageCount = Math.max(1, Math.ceil(total / RATES_PAGE_SIZE))
  const current = Math.min(Math.max(1, page), pageCount)
  const rows = await db
    .select({
      id: exchangeRates.id,
      from: exchangeRates.fromCurrency,
      to: exchangeRates.toCurrency,
      rate: exchangeRates.rate,
      effectiveDate: exchangeRates.effectiveDate,
      source: exchangeRates.source,
      origin: exchangeRates.origin,
      adminName: adminUsers.name,
      adminEmail: adminUsers.email,
      createdAt: exchangeRates.createdAt,
    })
    .from(exchangeRates)
    .leftJoin(adminUsers, eq(adminUsers.id, exchangeRates.createdBy))
    .orderBy(desc(exchangeRates.createdAt), desc(exchangeRates.effectiveDate), desc(exchangeRates.id))
    .limit(RATES_PAGE_SIZE)
    .offset((current - 1) * RATES_PAGE_SIZE)
  return { rates: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total, page: current, pageCount }
}

/**
 * The rates a page converts with for a reader of `to` (issue 28 item 4): from each other currency, the
 * rate in force today, left out when none is known or it is older than RATE_MAX_AGE_DAYS (nothing
 * converted is shown rather than a stale figure). Dates written for `reader`. A handful of rows, not a table.
 */
export async function readerRates(to: Currency, reader: Reader, opts: { at?: Date } = {}): Promise<ReaderRates> {
  const at = opts.at ?? new Date()
  const today = utcDay(at)
  const maxAge = env().RATE_MAX_AGE_DAYS
  const found = await Promise.all(CURRENCIES.filter((c) => c !== to).map(async (from) => [from, await latestRate(from, to, { at })] as const))
  const rates: ReaderRates['rates'] = {}
  for (const [from, rate] of found) {
    if (!rate || daysBetween(rate.effectiveDate, today) > maxAge) continue
    rates[from] = { rate: rate.rate, effectiveDate: rate.effectiveDate, dateText: formatDate(rate.effectiveDate, reader), source: rate.source }
  }
  return { currency: to, rates }
}
