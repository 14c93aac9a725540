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
 * Digits after the point each currency is billed in (ISO 4217's minor unit): amounts are split into
 * milestones in these units (app/modules/payments/schedule.ts). Every amount column is numeric(_, 2).
 */
export const CURRENCY_MINOR_UNITS: Record<Currency, number> = { USD: 2, INR: 2, RUB: 2, EUR: 2 }
