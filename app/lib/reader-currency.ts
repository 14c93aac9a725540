// The reader's currency (issue 28 item 4): a signed-in user's preferred currency (their profile), a
// visitor's pick in the header (a cookie), else the currency of the country the page language stands
// for (defaultCurrencyOf). The root loader and the public page cache's key both read it from here,
// so a cached page is only ever served to visitors of the same currency.
import { defaultCurrencyOf, isCurrency, type Currency } from '~/domain'
import { readerOf, type Language } from './i18n'

/** The visitor's pick in the header: the currency code itself (not personal, so the page cache keys on it). */
export const CURRENCY_COOKIE = 'cur'
/** How long the pick is kept: a year, like the language. */
export const CURRENCY_COOKIE_MAX_AGE = 60 * 60 * 24 * 365

const REGION_COUNTRIES = { IN: 'India', RU: 'Russia', intl: null } as const

/** The currency a Cookie header picks, or null when it names none of CURRENCIES. */
export function currencyFromCookie(header: string | null | undefined): Currency | null {
  if (!header || !header.includes(`${CURRENCY_COOKIE}=`)) return null
  for (const part of header.split(';')) {
    const [name, value] = part.split('=')
    if (name?.trim() === CURRENCY_COOKIE) return isCurrency(value?.trim()) ? (value!.trim() as Currency) : null
  }
  return null
}

/** A visitor's currency: the cookie's pick, else the currency of the region the language stands for. */
export function visitorCurrency(cookieHeader: string | null | undefined, lng: Language): Currency {
  return currencyFromCookie(cookieHeader) ?? defaultCurrencyOf(REGION_COUNTRIES[readerOf(lng).region])
}

/** The Set-Cookie value keeping a visitor's pick (`secure` under an https APP_URL). */
export function serializeCurrencyCookie(currency: Currency, secure: boolean): string {
  return `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=${CURRENCY_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`
}
