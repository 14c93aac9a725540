// The rate form and the CSV import (issue 28 item 3): one schema checks a rate typed on /admin/rates, a
// row of a CSV and a row of `npm run rates:import`, in the browser and on the server (ADR 026).
// Messages are i18n keys under adminRates:errors. Browser-safe.
import { z } from 'zod'
import {
  CURRENCIES,
  isCalendarDay,
  RATE_EARLIEST_DATE,
  RATE_FUTURE_DAYS_MAX,
  RATE_NOTE_MAX,
  RATES_CSV_HEADER,
  RATES_CSV_MAX_ROWS,
  shiftDay,
  type Currency,
  type RateOrigin,
} from '~/domain'
import { submissionErrors, type SubmissionOptions } from '~/lib/form'
import { parseRate } from '~/lib/decimal'

/** The rate form's fields. */
export const RATE_FIELDS = ['from', 'to', 'rate', 'effectiveDate', 'source'] as const
export type RateField = (typeof RATE_FIELDS)[number]
export const RATE_FORM = { fields: RATE_FIELDS } as const satisfies SubmissionOptions<RateField>

/** The CSV column each field is read from (RATES_CSV_HEADER's order). */
export const CSV_COLUMN: Record<RateField, (typeof RATES_CSV_HEADER)[number]> = { from: 'from', to: 'to', rate: 'rate', effectiveDate: 'effective_date', source: 'source' }

/** One row of the history, as the page receives it. */
export type RateRowDto = {
  id: string
  from: Currency
  to: Currency
  /** Exact, RATE_SCALE places. */
  rate: string
  effectiveDate: string
  source: string
  origin: RateOrigin
  /** Who entered it, when an admin did and still exists. */
  adminName: string | null
  adminEmail: string | null
  createdAt: string
}

export type RatePageDto = { rates: RateRowDto[]; total: number; page: number; pageCount: number }

/** Rows per page of the history. */
export const RATES_PAGE_SIZE = 25

const m = (key: string) => `adminRates:errors.${key}`

// Control characters are dropped from the note; lone surrogates cannot be stored as UTF-8 text.
const CONTROL = /[\u0000-\u001f\u007f]/g
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

const currency = z
  .string({ error: m('currencyInvalid') })
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.enum(CURRENCIES, { error: m('currencyInvalid') }))

const RATE_PROBLEMS = { invalid: 'rateInvalid', zero: 'rateZero', tooPrecise: 'rateTooPrecise', tooLarge: 'rateTooLarge' } as const

/** A rate as typed: the stored form (RATE_SCALE places) or the first problem. */
const rate = z.string({ error: m('rateRequired') }).transform((v, ctx) => {
  const refuse = (key: string) => {
    ctx.addIssue({ code: 'custom', message: m(key) })
    return z.NEVER
  }
  const text = v.trim()
  if (!text) return refuse('rateRequired')
  if (/^-\s*\d/.test(text)) return refuse('rateNegative')
  const parsed = parseRate(text)
  return parsed.ok ? parsed.rate : refuse(RATE_PROBLEMS[parsed.problem])
})

/** The last effective date accepted on `today` (UTC). */
export const latestEffectiveDate = (today: string) => shiftDay(today, RATE_FUTURE_DAYS_MAX)

function effectiveDate(today: string) {
  return z
    .string({ error: m('dateRequired') })
    .transform((v) => v.trim())
    .refine((v) => v !== '', { error: m('dateRequired'), abort: true })
    .refine(isCalendarDay, { error: m('dateInvalid'), abort: true })
    .refine((v) => v >= RATE_EARLIEST_DATE, { error: m('dateTooEarly'), abort: true })
    .refine((v) => v <= latestEffectiveDate(today), { error: m('dateTooFar') })
}

const source = z
  .string({ error: m('sourceRequired') })
  // Checked before clean-up too, so a huge post is refused without being processed.
  .refine((v) => v.length <= RATE_NOTE_MAX * 4, { error: m('sourceTooLong'), abort: true })
  .transform((v) => v.replace(CONTROL, ' ').replace(LONE_SURROGATE, '').replace(/\s+/g, ' ').trim())
  .refine((v) => v !== '', { error: m('sourceRequired'), abort: true })
  .refine((v) => v.length <= RATE_NOTE_MAX, { error: m('sourceTooLong') })

/** One rate: 1 `from` = `rate` `to` from `effectiveDate` on, with its source note. `today` is the UTC day. */
export function rateEntrySchema(today: string) {
  return z
    .object({ from: currency, to: currency, rate, effectiveDate: effectiveDate(today), source })
    .refine((v) => v.from !== v.to, { path: ['to'], error: m('samePair') })
}
export type RateEntry = { from: Currency; to: Currency; rate: string; effectiveDate: string; source: string }

/** Why a CSV is refused: a message key, the row (the file's line, the header being 1), the field and its own message. */
export type CsvProblem = { key: string; row?: number; field?: RateField; message?: string; values?: Record<string, string> }

/**
 * Splits CSV text into records (RFC 4180: commas, double quotes with "" inside, CRLF or LF), with the
 * line each starts on. Null with the line of a quote left open.
 */
function csvRecords(text: string): { records: { line: number; cells: string[] }[] } | { openQuote: number } {
  const records: { line: number; cells: string[] }[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let start = 1
  let quoteLine = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else {
        if (c === '\n') line++
        cell += c
      }
      continue
    }
    if (c === '"' && cell.trim() === '') {
      quoted = true
      quoteLine = line
      cell = ''
    } else if (c === ',') {
      cells.push(cell)
      cell = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      cells.push(cell)
      records.push({ line: start, cells })
      cells = []
      cell = ''
      line++
      start = line
    } else cell += c
  }
  if (quoted) return { openQuote: quoteLine }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell)
    records.push({ line: start, cells })
  }
  return { records }
}

/**
 * Reads a CSV of rates (header `from,to,rate,effective_date,source`, a byte order mark allowed, blank
 * lines skipped): every row checked by rateEntrySchema, none repeating a pair and date of another. All
 * or nothing: the rates, or the first problem with its row.
 */
export function parseRatesCsv(text: string, today: string): { ok: true; rows: (RateEntry & { row: number })[] } | { ok: false; problem: CsvProblem } {
  const split = csvRecords(text.replace(/^\ufeff/, ''))
  if ('openQuote' in split) return { ok: false, problem: { key: m('csvQuote'), row: split.openQuote } }
  const records = split.records.filter((r) => r.cells.some((c) => c.trim() !== ''))
  const [header, ...body] = records
  if (!header) return { ok: false, problem: { key: m('csvEmpty') } }
  const names = header.cells.map((c) => c.trim().toLowerCase())
  if (names.length !== RATES_CSV_HEADER.length || names.some((n, i) => n !== RATES_CSV_HEADER[i])) {
    return { ok: false, problem: { key: m('csvHeader'), row: header.line, values: { header: RATES_CSV_HEADER.join(',') } } }
  }
  if (body.length === 0) return { ok: false, problem: { key: m('csvEmpty') } }
  if (body.length > RATES_CSV_MAX_ROWS) return { ok: false, problem: { key: m('csvTooManyRows'), values: { max: String(RATES_CSV_MAX_ROWS) } } }
  const schema = rateEntrySchema(today)
  const rows: (RateEntry & { row: number })[] = []
  const seen = new Map<string, number>()
  for (const record of body) {
    if (record.cells.length !== RATES_CSV_HEADER.length) {
      return { ok: false, problem: { key: m('csvColumns'), row: record.line, values: { expected: String(RATES_CSV_HEADER.length), found: String(record.cells.length) } } }
    }
    const raw = Object.fromEntries(Object.entries(CSV_COLUMN).map(([field, column]) => [field, record.cells[RATES_CSV_HEADER.indexOf(column)]!]))
    const parsed = schema.safeParse(raw)
    if (!parsed.success) {
      // The row's first problem, read through the form pipeline (ADR 026) like a form's.
      const [name, message] = Object.entries(submissionErrors(parsed.error))[0]!
      const field = (RATE_FIELDS as readonly string[]).includes(name) ? (name as RateField) : undefined
      return { ok: false, problem: { key: m('csvRow'), row: record.line, field, message: message! } }
    }
    const entry = parsed.data
    const pairKey = [entry.from, entry.to].sort().join('/') + entry.effectiveDate
    const first = seen.get(pairKey)
    if (first !== undefined) {
      return { ok: false, problem: { key: m('csvDuplicate'), row: record.line, values: { first: String(first), from: entry.from, to: entry.to, date: entry.effectiveDate } } }
    }
    seen.set(pairKey, record.line)
    rows.push({ ...entry, row: record.line })
  }
  return { ok: true, rows }
}

/** A CSV problem in words, with any translator (the page's `t`, the command line's English one). */
export function describeCsvProblem(t: (key: string, values?: Record<string, unknown>) => string, problem: CsvProblem): string {
  return t(problem.key, {
    ...problem.values,
    row: problem.row,
    field: problem.field ? t(`adminRates:fields.${problem.field}`) : '',
    message: problem.message ? t(problem.message, problem.values) : '',
  })
}

/** The history's page from ?page= (anything unreadable: the first). */
export function parseRatesPage(url: URL): number {
  const n = Number(url.searchParams.get('page') ?? '1')
  return Number.isSafeInteger(n) && n >= 1 ? n : 1
}
