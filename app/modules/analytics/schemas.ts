// The analytics page's date range and chart ids: one rule for the page, the CSV export and the tests.
// Free of Drizzle so the browser can load it (the range picker reads the presets from here).
import { z } from 'zod'
import { parseSubmission } from '~/lib/form'
import { isCalendarDay, shiftDay, utcDay, type MilestoneStatus } from '~/domain'

/** Every chart the page draws; each one's data downloads as /admin/analytics/export?chart=<id>. */
export const CHART_IDS = ['signups', 'signups-breakdown', 'kyc-funnel', 'conversion', 'order-value', 'paid-vs-due', 'top-categories', 'top-products'] as const
export type ChartId = (typeof CHART_IDS)[number]

export function isChartId(value: unknown): value is ChartId {
  return typeof value === 'string' && (CHART_IDS as readonly string[]).includes(value)
}

/** "Paid versus due" (issue 29 item 6): a milestone counts as paid once the seller confirmed it... */
export const PAID_MILESTONE_STATUSES = ['confirmed'] as const satisfies readonly MilestoneStatus[]
/** ...and as due while it is payable and not confirmed (a proof waiting for the seller is still owed). Disputed and upcoming are in neither. */
export const DUE_MILESTONE_STATUSES = ['due', 'overdue', 'proof_submitted'] as const satisfies readonly MilestoneStatus[]

/** Range presets offered above the charts; the page opens on the default one. */
export const RANGE_PRESETS = ['30d', '90d', '12m'] as const
export type RangePreset = (typeof RANGE_PRESETS)[number]
export const DEFAULT_PRESET: RangePreset = '90d'

/** The longest range the page aggregates (three calendar years), so one request stays cheap. */
export const MAX_RANGE_YEARS = 3
/** Dates outside these years are refused as unreadable (they are typos, and far-off years only cost work). */
export const MIN_YEAR = 2000
export const MAX_YEAR = 2100

/** How many rows the top-categories and top-products rankings show. */
export const TOP_LIMIT = 10

/** An inclusive range of UTC calendar days, as YYYY-MM-DD. */
export type DateRange = { from: string; to: string }

/** Why a range was refused: an i18n key under adminAnalytics:range.errors. */
export type RangeError = 'invalidDate' | 'fromAfterTo' | 'tooLong'

/** A Date's UTC calendar day as YYYY-MM-DD (app/domain/days.ts). */
export const isoDay = utcDay
const addDays = shiftDay

/** The UTC day `months` calendar months after `day`, clamped to the month's last day (31 Mar - 1 month = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const first = new Date(Date.UTC(y, m - 1 + months, 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  return isoDay(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))))
}

/** The range a preset covers, ending today (UTC), both ends included. */
export function presetRange(preset: RangePreset, today: string): DateRange {
  if (preset === '30d') return { from: addDays(today, -29), to: today }
  if (preset === '90d') return { from: addDays(today, -89), to: today }
  return { from: addDays(addMonths(today, -12), 1), to: today }
}

/** The preset a range is, if any (the picker marks it as current). */
export function presetOf(range: DateRange, today: string): RangePreset | null {
  return RANGE_PRESETS.find((p) => {
    const r = presetRange(p, today)
    return r.from === range.from && r.to === range.to
  }) ?? null
}

/** Whether `v` is a real calendar day written YYYY-MM-DD (2026-02-30 is not), within MIN_YEAR..MAX_YEAR. */
export function isDay(v: unknown): v is string {
  if (!isCalendarDay(v)) return false
  const year = Number(v.slice(0, 4))
  return year >= MIN_YEAR && year <= MAX_YEAR
}

const DaySchema = z.string().refine(isDay, 'invalidDate')

/** The range query (?from&to): two real days, from ≤ to, at most MAX_RANGE_YEARS apart. */
export const DateRangeSchema = z
  .object({ from: DaySchema, to: DaySchema })
  // Zod runs these even when a day failed; they only judge two readable days.
  .refine((r) => !isDay(r.from) || !isDay(r.to) || r.from <= r.to, { message: 'fromAfterTo' })
  .refine((r) => !isDay(r.from) || !isDay(r.to) || r.to <= addMonths(r.from, 12 * MAX_RANGE_YEARS), { message: 'tooLong' })
export type DateRangeInput = z.infer<typeof DateRangeSchema>

export type ParsedRange = { range: DateRange; preset: RangePreset | null; error: RangeError | null }

/**
 * The range a request asks for. Neither end given: the default preset. One end given: the other
 * comes from the default (to = today; from = 89 days before `to`). A range that is unreadable,
 * reversed or too long yields `error` and the default range, so the page still shows something.
 */
export function parseDateRange(search: URLSearchParams, today: string = isoDay(new Date())): ParsedRange {
  const fallback = presetRange(DEFAULT_PRESET, today)
  const rawFrom = search.get('from')?.trim() || null
  const rawTo = search.get('to')?.trim() || null
  if (!rawFrom && !rawTo) return { range: fallback, preset: DEFAULT_PRESET, error: null }
  const to = rawTo ?? today
  const from = rawFrom ?? (isDay(to) ? addDays(to, -89) : fallback.from)
  const result = parseSubmission(DateRangeSchema, new URLSearchParams({ from, to }), { fields: ['from', 'to'] })
  if (!result.ok) {
    // An unreadable day is its field's error; a reversed or too long range is the whole range's.
    const { form } = result.fieldErrors
    const error: RangeError = form === 'fromAfterTo' || form === 'tooLong' ? form : 'invalidDate'
    return { range: fallback, preset: DEFAULT_PRESET, error }
  }
  return { range: result.value, preset: presetOf(result.value, today), error: null }
}

/** The query string of a range (and chart), for links. */
export function rangeQuery(range: DateRange, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ ...extra, from: range.from, to: range.to }).toString()
}
