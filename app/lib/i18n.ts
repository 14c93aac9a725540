// Shared i18n settings for server and browser.
import { LANGUAGES, type LanguageCode } from '../domain'

export const SUPPORTED_LANGUAGES = LANGUAGES
export type Language = LanguageCode
export const FALLBACK_LANGUAGE: Language = 'en'

/** Every namespace file under public/locales/{lng}/. A test checks this list against the files. */
export const NAMESPACES = [
  'common',
  'home',
  'catalog',
  'pages',
  'trade',
  'auth',
  'account',
  'kyc',
  'products',
  'rfqs',
  'errors',
  'email',
  'notifications',
  'messages',
  'admin',
  'disputes',
  'adminUsers',
  'adminDisputes',
  'adminAnalytics',
  'adminAccounts',
  'adminRates',
  'countries',
  'units',
  'payments',
  'documents',
] as const
export type Namespace = (typeof NAMESPACES)[number]

/**
 * A route's `handle` naming the namespaces its page renders with (besides the root's). When every
 * route of a page has one, the browser loads only those before hydrating (app/entry.client.tsx); a
 * route without one gets all of them. tests/e2e/first-paint.spec.ts holds the public pages to theirs.
 */
export type I18nHandle = { i18n: readonly Namespace[] }

export const LANGUAGE_COOKIE = 'lng'
export const LANGUAGE_STORAGE_KEY = 'i18nextLng'

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ru: 'Русский',
  hi: 'हिन्दी',
}

/** BCP 47 tags for Intl formatting in each language (numbers are grouped per reader: formatNumber). */
export const INTL_LOCALES: Record<Language, string> = {
  en: 'en-IN',
  ru: 'ru-RU',
  hi: 'hi-IN',
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value)
}

// Building an Intl formatter costs far more than using one (issue 11: money formatting was 2 % of a
// page's CPU, one NumberFormat per price on every card). Formatters are immutable, so one per
// locale and options is kept for the life of the process; the keys come from a small fixed set (date
// formatters: lib/format.ts).
const numberFormats = new Map<string, Intl.NumberFormat>()

/** A shared Intl.NumberFormat for a BCP 47 locale and options (cached: do not pass options built from user input). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = numberFormats.get(key)
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)))
  return format
}

/**
 * The region a reader's numbers are grouped for: India (lakh/crore, 12,34,567), Russia, or anywhere
 * else (in threes, 1,234,567). Russian text is always written Russian style (1 234 567,00).
 */
export type Region = 'IN' | 'RU' | 'intl'
/** Who reads a formatted value: the page language and the region its numbers are grouped for. */
export interface Reader {
  lng: Language
  region: Region
}

const LANGUAGE_REGIONS: Record<Language, Region> = { en: 'intl', ru: 'RU', hi: 'IN' }
const COUNTRY_REGIONS: Record<string, Region> = { India: 'IN', Russia: 'RU' }

/**
 * The reader: a signed-in user's profile country decides the region; without one the language does
 * (hi → India, ru → Russia, en → international), so a public page cached per URL and language is
 * right for every visitor who gets it.
 */
export function readerOf(lng: Language, country?: string | null): Reader {
  return { lng, region: (country && COUNTRY_REGIONS[country]) || LANGUAGE_REGIONS[lng] }
}

/** How a reader's digits are grouped: Russian, Indian, or in threes with commas. */
export type Grouping = 'ru' | 'in' | 'intl'
/** The grouping a reader reads (Russian text always Russian style). */
export const groupingOf = ({ lng, region }: Reader): Grouping => (lng === 'ru' ? 'ru' : region === 'IN' ? 'in' : 'intl')

// Prices and whole counts are written from tables, not Intl (issue 11): in Chromium the first
// Intl.NumberFormat of a page costs 35–110 ms while ICU sets up, and every public page formats a price
// or a count while it hydrates, so that constructor was the largest single item of Lighthouse's Total
// Blocking Time. The output is Intl's for en-IN, en-US, ru-RU and hi-IN (i18n.test.ts checks random
// amounts against Node's ICU), but for the rouble's sign, "₽" in every language; a currency the tables
// do not know goes through Intl. Other numbers and dates are lib/format.ts's: they need Intl, and only
// signed-in pages and the server use them.
const NBSP = '\u00a0'
/**
 * The one table of currency signs (issue 28 item 6), written before the amount in en and hi and after
 * it in ru (withCurrencySign). The rouble is "₽" in every language (Intl writes "RUB 21,450.00" in
 * English and Hindi, which no trader reads); every amount and rate a page or a message shows takes its
 * sign from here (formatMoney, formatRate).
 */
const CURRENCY_SIGNS: Record<string, string> = { USD: '$', INR: '₹', EUR: '€', RUB: '₽', AED: 'AED' }

/**
 * A number already written for the reader (digits, grouping and decimal mark: "21,450.00", "0,9412")
 * with the currency's sign: before it in en and hi (a code of letters, AED, past a no-break space),
 * after it past a no-break space in ru; `minus` first for a negative amount. Null for a currency the
 * table does not know (the caller asks Intl).
 */
export function withCurrencySign(number: string, currency: string, reader: Reader, minus = ''): string | null {
  const sign = CURRENCY_SIGNS[currency]
  return sign ? (reader.lng === 'ru' ? `${minus}${number}${NBSP}${sign}` : `${minus}${sign}${sign[1] ? NBSP : ''}${number}`) : null
}

/** Groups the digits of a whole number: Indian style (last three, then pairs), or in threes. */
export function groupDigits(digits: string, grouping: Grouping): string {
  if (grouping !== 'in') return digits.replace(/\B(?=(\d{3})+$)/g, grouping === 'ru' ? NBSP : ',')
  const head = digits.slice(0, -3)
  return head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}` : digits
}

/**
 * The Intl locale whose digits are the reader's, for what the tables do not write. Hindi has no locale
 * grouping in threes: outside India its fallbacks are written in en-US's (lib/format.ts regroups Hindi).
 */
export const numberLocale = (reader: Reader): string => (groupingOf(reader) === 'intl' ? 'en-US' : INTL_LOCALES[reader.lng])

/**
 * A count or a quantity (12.5 t, 0.75 ct) as Intl.NumberFormat would write it for the reader ("12,5" in
 * Russian), from the tables: a quantity has at most three decimals, which is what Intl writes by default.
 */
export function formatCount(value: number, reader: Reader): string {
  const plain = /^(\d+)(?:\.(\d{1,3}))?$/.exec(String(Math.abs(value)))
  if (!plain || !Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) return numberFormat(numberLocale(reader)).format(value)
  const fraction = plain[2] ? `${reader.lng === 'ru' ? ',' : '.'}${plain[2]}` : ''
  return (value < 0 ? '-' : '') + groupDigits(plain[1]!, groupingOf(reader)) + fraction
}

/** Formats an exact decimal string as money (two decimals, cut, not rounded) without floating point. */
export function formatMoney(amount: string, currency: string, reader: Reader): string {
  const m = /^(-?)0*(\d+?)(?:\.(\d*))?$/.exec(amount.trim())
  const signed = m && withCurrencySign(`${groupDigits(m[2]!, groupingOf(reader))}${reader.lng === 'ru' ? ',' : '.'}${((m[3] ?? '') + '00').slice(0, 2)}`, currency, reader, m[1])
  if (signed) return signed
  const [intPart, frac = ''] = amount.split('.')
  const cents = (frac + '00').slice(0, 2)
  // Intl.NumberFormat accepts strings and keeps them exact (no float rounding).
  return numberFormat(numberLocale(reader), { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(`${intPart}.${cents}` as unknown as number)
}

/** The part of an i18next instance that `numbersFromTables` changes (typed here so this module needs no i18next import). */
interface FormatterHost {
  services: { formatter?: { add(name: string, format: (value: unknown, lng: string | undefined) => unknown): void } }
}

/**
 * Makes i18next's `{{count, number}}` write numbers as `formatCount` does for the language's reader
 * (see readerOf) and, for whole numbers and quantities, from the tables rather than an
 * Intl.NumberFormat built per call: stock and minimum orders ("In stock: 2,987.5 t", "В наличии:
 * 2 987,5 т"), product counts, the catalog's 1,000 cap. A signed-in reader's own region is not
 * passed here (public pages' budget, issue #11): texts that a signed-in page builds take
 * `format.count` instead. Call after init, on the server's instances and the browser's. Only the plain
 * `number` format is used in the translations (i18next.server.test.ts checks), so format options are
 * not read.
 */
export function numbersFromTables(instance: FormatterHost): void {
  instance.services.formatter?.add('number', (value, lng) => {
    const reader = readerOf(isLanguage(lng) ? lng : FALLBACK_LANGUAGE)
    return typeof value === 'number' ? formatCount(value, reader) : numberFormat(numberLocale(reader)).format(value as number)
  })
}
