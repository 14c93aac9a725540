// Number, money and date formatting for the analytics page, per language. Counts and money are the
// rest of the app's (app/lib/i18n.ts: written from tables, as Intl would write them); the other
// formats use its shared Intl formatters, built once per language, since a chart formats hundreds of
// ticks and cells.
import { dateTimeFormat, formatCount, formatMoney, INTL_LOCALES, numberFormat, type Language } from '~/lib/i18n'

/** A whole number in the language's digits grouping (1,23,456 in en-IN; 123 456 in ru). */
export { formatCount }

/** A compact axis label (12K, 1.2M) for money axes. */
export function formatCompact(n: number, lng: Language): string {
  return numberFormat(INTL_LOCALES[lng], { notation: 'compact', maximumFractionDigits: 1 }).format(n)
}

/** An exact decimal string as money: no digit passes through a float. */
export { formatMoney as formatAmount }

/** A percentage already computed by the server ("66.7") in the language's style; a dash when there is none. */
export function formatPercent(percent: string | null, lng: Language): string {
  if (percent === null) return '—'
  return numberFormat(INTL_LOCALES[lng], { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Number(percent) / 100)
}

/** A UTC day (YYYY-MM-DD) as a short date: "6 Jan 2026". */
export function formatDay(day: string, lng: Language): string {
  return dateTimeFormat(INTL_LOCALES[lng], { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))
}

/** A UTC day as a short axis label without the year: "6 Jan". */
export function formatDayShort(day: string, lng: Language): string {
  return dateTimeFormat(INTL_LOCALES[lng], { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))
}

/** A month (YYYY-MM) as "Jan 2026". */
export function formatMonth(month: string, lng: Language): string {
  return dateTimeFormat(INTL_LOCALES[lng], { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`))
}
