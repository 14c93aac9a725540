// Calendar days as YYYY-MM-DD in UTC: the form a date input sends and a `date` column holds.

const DAY_MS = 86_400_000

/** Whether `v` is a day that exists, written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false
  const d = new Date(`${v}T00:00:00.000Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v)
}

/** A moment's UTC calendar day. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** The UTC day `days` after `day` (negative: before). */
export function shiftDay(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS))
}

/** Whole days from `earlier` to `later` (negative when `later` is before). */
export function daysBetween(earlier: string, later: string): number {
  return Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${earlier}T00:00:00Z`)) / DAY_MS)
}
