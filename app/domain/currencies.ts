// Currencies. One list for trade: a buyer requests, a seller quotes and counters, and an order is
// billed in any of them (issue 27: a buyer could request in EUR that no seller could quote in).

export const CURRENCIES = ['USD', 'INR', 'RUB', 'EUR'] as const
export type Currency = (typeof CURRENCIES)[number]

/**
 * The currencies a catalogue price (and its shipping options) may be in, spec §9: the two sides'
 * own and the dollar. The marketplace's price filter compares within these; EUR is for negotiation.
 */
export const CATALOG_CURRENCIES = ['USD', 'INR', 'RUB'] as const satisfies readonly Currency[]
export type CatalogCurrency = (typeof CATALOG_CURRENCIES)[number]

/**
 * Digits after the point each currency's amounts are written, rounded and split into milestones to
 * (ISO 4217 minor units; app/modules/payments/schedule.ts). Every amount column is numeric(_, 2).
 */
export const CURRENCY_MINOR_UNITS: Record<Currency, number> = { USD: 2, INR: 2, RUB: 2, EUR: 2 }

/** The currency a reader sees amounts converted to when nothing else says: where no country names one. */
export const FALLBACK_CURRENCY: Currency = 'USD'

/** The currency of each trading country (issue 28 item 4: India INR, Russia RUB; anywhere else the dollar). */
const COUNTRY_CURRENCIES: Record<string, Currency> = { India: 'INR', Russia: 'RUB' }

/**
 * The preferred currency a person starts with: their country's (a profile's country; for a visitor, the
 * country their language's region stands for), else FALLBACK_CURRENCY. The migration's backfill (0026)
 * and its test follow this rule.
 */
export function defaultCurrencyOf(country: string | null | undefined): Currency {
  return (country && COUNTRY_CURRENCIES[country]) || FALLBACK_CURRENCY
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value)
}
