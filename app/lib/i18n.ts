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
  'countries',
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

/** BCP 47 tags for Intl formatting. */
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
// locale and options is kept for the life of the process; the keys come from a small fixed set.
const numberFormats = new Map<string, Intl.NumberFormat>()
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

/** A shared Intl.NumberFormat for a BCP 47 locale and options (cached: do not pass options built from user input). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = numberFormats.get(key)
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)))
  return format
}

/** A shared Intl.DateTimeFormat for a BCP 47 locale and options (cached like numberFormat). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = dateTimeFormats.get(key)
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)))
  return format
}

// Prices and whole counts for our three languages are written from tables, not Intl (issue 11): in
// Chromium the first Intl.NumberFormat of a page costs 35–110 ms while ICU sets up, and every public
// page formats a price or a count while it hydrates, so that constructor was the largest single item of
// Lighthouse's Total Blocking Time. The output is Intl's for en-IN, ru-RU and hi-IN (i18n.test.ts checks
// random amounts against Node's ICU); a currency the tables do not know goes through Intl.
const NBSP = '\u00a0'
/** Per currency: what stands before the amount in en and hi, and after it (past a no-break space) in ru. */
const CURRENCY_SIGNS: Record<string, [string, string]> = {
  USD: ['$', '$'],
  INR: ['₹', '₹'],
  EUR: ['€', '€'],
  RUB: [`RUB${NBSP}`, '₽'],
  AED: [`AED${NBSP}`, 'AED'],
}

/** Groups the digits of a whole number: in threes for ru, Indian style (last three, then pairs) otherwise. */
function groupDigits(digits: string, lng: Language): string {
  if (lng === 'ru') return digits.replace(/\B(?=(\d{3})+$)/g, NBSP)
  const head = digits.slice(0, -3)
  return head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}` : digits
}

/** A whole number (a count) as Intl.NumberFormat would write it for the language. */
export function formatCount(value: number, lng: Language): string {
  if (!Number.isSafeInteger(value)) return numberFormat(INTL_LOCALES[lng]).format(value)
  return (value < 0 ? '-' : '') + groupDigits(String(Math.abs(value)), lng)
}

/** Formats an exact decimal string as money (two decimals, cut, not rounded) without floating point. */
export function formatMoney(amount: string, currency: string, lng: Language): string {
  const m = /^(-?)0*(\d+?)(?:\.(\d*))?$/.exec(amount.trim())
  const signs = CURRENCY_SIGNS[currency]
  if (m && signs) {
    const number = `${groupDigits(m[2], lng)}${lng === 'ru' ? ',' : '.'}${((m[3] ?? '') + '00').slice(0, 2)}`
    return lng === 'ru' ? `${m[1]}${number}${NBSP}${signs[1]}` : `${m[1]}${signs[0]}${number}`
  }
  const [intPart, frac = ''] = amount.split('.')
  const cents = (frac + '00').slice(0, 2)
  // Intl.NumberFormat accepts strings and keeps them exact (no float rounding).
  const format = numberFormat(INTL_LOCALES[lng], { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return format.format(`${intPart}.${cents}` as unknown as number)
}

/** The part of an i18next instance that `numbersFromTables` changes (typed here so this module needs no i18next import). */
interface FormatterHost {
  services: { formatter?: { add(name: string, format: (value: unknown, lng: string | undefined) => unknown): void } }
}

/**
 * Makes i18next's `{{count, number}}` write numbers as `formatCount` does: in the language's own
 * locale (en-IN's 1,00,000, not bare "en"'s 100,000) and, for whole numbers, from the tables rather
 * than an Intl.NumberFormat built per call. Call after init, on the server's instances and the
 * browser's. Only the plain `number` format is used in the translations (i18next.server.test.ts checks), so
 * format options are not read.
 */
export function numbersFromTables(instance: FormatterHost): void {
  instance.services.formatter?.add('number', (value, lng) => {
    const language = isLanguage(lng) ? lng : FALLBACK_LANGUAGE
    if (typeof value === 'number') return formatCount(value, language)
    return numberFormat(INTL_LOCALES[language]).format(value as number)
  })
}
