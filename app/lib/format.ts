// Numbers other than prices and counts, and dates, for a reader (lib/i18n.ts's Reader): these need
// Intl, so they live apart from the tables every public page loads; signed-in pages (useFormat) and
// the server's text (emails, upload refusals) use them.
import { groupDigits, groupingOf, INTL_LOCALES, numberFormat, numberLocale, type Reader, withCurrencySign } from './i18n'

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

/** Digits of an exchange rate shown after the point, past the zeros that lead a rate below 1 (0.9412, 0.009969, 84.4875). */
export const RATE_SHOWN_DIGITS = 4

/**
 * An exact decimal rate rounded half up, on its digits (no float), for reading: RATE_SHOWN_DIGITS places,
 * or that many after the leading zeros of a rate below 1; trailing zeros dropped ("0.0099690958" →
 * "0.009969", "84.4875000000" → "84.4875").
 */
export function shownRate(rate: string): string {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(rate.trim())
  if (!m) return rate
  const whole = m[1]!.replace(/^0+(?=\d)/, '')
  const frac = m[2] ?? ''
  const leadingZeros = whole === '0' ? /^0*/.exec(frac)![0].length : 0
  const places = Math.min(frac.length, leadingZeros + RATE_SHOWN_DIGITS)
  let units = BigInt(whole + frac.slice(0, places))
  if ((frac[places] ?? '0') >= '5') units += 1n
  const digits = units.toString().padStart(places + 1, '0')
  const text = places > 0 ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text
}

/**
 * An exchange rate (1 of one currency = `rate` of `currency`) as an amount for the reader, rounded as
 * shownRate: "₹0.9412", "$0.009969", in Russian "0,9412 ₹". Intl formats the decimal string exactly.
 */
export function formatRate(rate: string, currency: string, reader: Reader): string {
  const shown = shownRate(rate)
  const places = shown.split('.')[1]?.length ?? 0
  // The sign from lib/i18n.ts's table, as every amount's; Intl only for a currency it does not know.
  const digits = { minimumFractionDigits: places, maximumFractionDigits: places }
  return withCurrencySign(formatNumber(shown as unknown as number, reader, digits), currency, reader) ?? formatNumber(shown as unknown as number, reader, { style: 'currency', currency, ...digits })
}
