// Numbers other than prices and counts, and dates, for a reader (lib/i18n.ts's Reader): these need
// Intl, so they live apart from the tables every public page loads; signed-in pages (useFormat) and
// the server's text (emails, upload refusals) use them.
import { groupDigits, groupingOf, INTL_LOCALES, numberFormat, numberLocale, type Reader } from './i18n'

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

/** A shared Intl.DateTimeFormat for a BCP 47 locale and options (cached like lib/i18n.ts's numberFormat). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = dateTimeFormats.get(key)
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)))
  return format
}

/**
 * Any number through a shared Intl.NumberFormat (`options` from a fixed set: they are a cache key),
 * grouped for the reader. Hindi has no locale grouping in threes, so there its digits are regrouped.
 */
export function formatNumber(value: number, reader: Reader, options: Intl.NumberFormatOptions = {}): string {
  const grouping = groupingOf(reader)
  if (grouping !== 'intl' || reader.lng === 'en') return numberFormat(numberLocale(reader), options).format(value)
  const format = numberFormat(INTL_LOCALES[reader.lng], options)
  let text = ''
  let digits = ''
  for (const part of format.formatToParts(value)) {
    if (part.type === 'integer') digits += part.value
    else if (part.type !== 'group') {
      text += groupDigits(digits, grouping) + part.value
      digits = ''
    }
  }
  return text + groupDigits(digits, grouping)
}

// One time zone rule (docs/architecture.md): a day (a date without a time) is the UTC day; a moment is
// shown in the reader's time zone where it is known (the browser) and in UTC, named, where it is not
// (the server's render before hydration, emails). Dates are written in the language's own locale.
const toDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value)

/** A day (UTC) in the reader's language: "29 Nov 2026"; '' for an invalid date. */
export function formatDate(value: Date | string, reader: Reader, dateStyle: 'medium' | 'long' = 'medium'): string {
  const date = toDate(value)
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat(INTL_LOCALES[reader.lng], { dateStyle, timeZone: 'UTC' }).format(date)
}

/**
 * A moment in `timeZone` (undefined: the runtime's own, which in a browser is the reader's), the zone
 * named when it is UTC; '' for an invalid date. A 'long' time names its zone itself.
 */
export function formatDateTime(value: Date | string, reader: Reader, timeZone: string | undefined, timeStyle: 'short' | 'medium' | 'long' = 'short'): string {
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return ''
  // dateStyle cannot be combined with timeZoneName: UTC is named by hand.
  const text = dateTimeFormat(INTL_LOCALES[reader.lng], { dateStyle: 'medium', timeStyle, ...(timeZone ? { timeZone } : {}) }).format(date)
  return timeZone === 'UTC' && timeStyle !== 'long' ? `${text} UTC` : text
}
