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

/** Formats an exact decimal string as money without going through floating point for the digits. */
export function formatMoney(amount: string, currency: string, lng: Language): string {
  const [intPart, frac = ''] = amount.split('.')
  const cents = (frac + '00').slice(0, 2)
  // Intl.NumberFormat accepts strings and keeps them exact (no float rounding).
  return new Intl.NumberFormat(INTL_LOCALES[lng], {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(`${intPart}.${cents}` as unknown as number)
}
