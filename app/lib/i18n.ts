// Shared i18n settings for server and browser.

export const SUPPORTED_LANGUAGES = ['en', 'ru', 'hi'] as const
export type Language = (typeof SUPPORTED_LANGUAGES)[number]
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

const moneyFormats = new Map<string, Intl.NumberFormat>()

/** Formats an exact decimal string as money without going through floating point for the digits. */
export function formatMoney(amount: string, currency: string, lng: Language): string {
  const [intPart, frac = ''] = amount.split('.')
  const cents = (frac + '00').slice(0, 2)
  // Intl.NumberFormat accepts strings and keeps them exact (no float rounding).
  const key = `${lng}|${currency}`
  let format = moneyFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[lng], { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 })
    moneyFormats.set(key, format)
  }
  return format.format(`${intPart}.${cents}` as unknown as number)
}
