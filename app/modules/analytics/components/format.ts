// Number, money and date formatting for the analytics page, for its reader. Counts and money are the
// rest of the app's (app/lib/i18n.ts: written from tables, as Intl would write them); the other
// formats use its shared Intl formatters, built once per locale, since a chart formats hundreds of
// ticks and cells.
import { dateTimeFormat, formatNumber } from '~/lib/format'
import { formatCount, formatMoney, INTL_LOCALES, type Reader } from '~/lib/i18n'

/** A whole number grouped for the reader's region (12,34,567 in India; 1,234,567 elsewhere; 1 234 567 in ru). */
export { formatCount }

/** A compact axis label (12K, 1.2M) for money axes. */
export function formatCompact(n: number, reader: Reader): string {
  return formatNumber(n, reader, { notation: 'compact', maximumFractionDigits: 1 })
}

/** An exact decimal string as money: no digit passes through a float. */
export { formatMoney as formatAmount }

/** A percentage already computed by the server ("66.7") in the language's style; a dash when there is none. */
export function formatPercent(percent: string | null, reader: Reader): string {
  if (percent === null) return '—'
  return formatNumber(Number(percent) / 100, reader, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })
}

/** A UTC day (YYYY-MM-DD) as a short date: "6 Jan 2026". */
export function formatDay(day: string, { lng }: Reader): string {
  return dateTimeFormat(INTL_LOCALES[lng], { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))
}

/** A UTC day as a short axis label without the year: "6 Jan". */
export function formatDayShort(day: string, { lng }: Reader): string {
  return dateTimeFormat(INTL_LOCALES[lng], { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))
}

/** A month (YYYY-MM) as "Jan 2026". */
export function formatMonth(month: string, { lng }: Reader): string {
  return dateTimeFormat(INTL_LOCALES[lng], { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`))
}
