// Number, money and date formatting for the analytics page, per language. Intl formatters are costly
// to build, and a chart formats hundreds of ticks and cells, so each is made once per language.
import { INTL_LOCALES, type Language } from '~/lib/i18n'

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let found = cache.get(key) as T | undefined
  if (!found) cache.set(key, (found = make()))
  return found
}

/** A whole number in the language's digits grouping (1,23,456 in en-IN; 123 456 in ru). */
export function formatCount(n: number, lng: Language): string {
  return cached(`count:${lng}`, () => new Intl.NumberFormat(INTL_LOCALES[lng], { maximumFractionDigits: 0 })).format(n)
}

/** A compact axis label (12K, 1.2M) for money axes. */
export function formatCompact(n: number, lng: Language): string {
  return cached(`compact:${lng}`, () => new Intl.NumberFormat(INTL_LOCALES[lng], { notation: 'compact', maximumFractionDigits: 1 })).format(n)
}

/** An exact decimal string as money: Intl formats the string itself, so no digit passes through a float. */
export function formatAmount(amount: string, currency: string, lng: Language): string {
  return cached(`money:${lng}:${currency}`, () => new Intl.NumberFormat(INTL_LOCALES[lng], { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(
    amount as unknown as number,
  )
}

/** A percentage already computed by the server ("66.7") in the language's style; a dash when there is none. */
export function formatPercent(percent: string | null, lng: Language): string {
  if (percent === null) return '—'
  return cached(`pct:${lng}`, () => new Intl.NumberFormat(INTL_LOCALES[lng], { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })).format(Number(percent) / 100)
}

/** A UTC day (YYYY-MM-DD) as a short date: "6 Jan 2026". */
export function formatDay(day: string, lng: Language): string {
  return cached(`day:${lng}`, () => new Intl.DateTimeFormat(INTL_LOCALES[lng], { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })).format(new Date(`${day}T00:00:00Z`))
}

/** A UTC day as a short axis label without the year: "6 Jan". */
export function formatDayShort(day: string, lng: Language): string {
  return cached(`dayShort:${lng}`, () => new Intl.DateTimeFormat(INTL_LOCALES[lng], { day: 'numeric', month: 'short', timeZone: 'UTC' })).format(new Date(`${day}T00:00:00Z`))
}

/** A month (YYYY-MM) as "Jan 2026". */
export function formatMonth(month: string, lng: Language): string {
  return cached(`month:${lng}`, () => new Intl.DateTimeFormat(INTL_LOCALES[lng], { month: 'short', year: 'numeric', timeZone: 'UTC' })).format(new Date(`${month}-01T00:00:00Z`))
}
