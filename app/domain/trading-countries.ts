// The marketplace's two sides (countries.ts re-exports them): apart from the origin codes, so the catalog's
// filter form, which lists only these, does not load the 250 codes (issue #11).

/** The marketplace's two sides: a profile's country and a seller's country filter (stored as these names). */
export const TRADING_COUNTRIES = ['India', 'Russia'] as const
export type TradingCountry = (typeof TRADING_COUNTRIES)[number]

/** Where an RFQ's buyer wants sellers from: one side or both. */
export const LOCATION_PREFERENCES = [...TRADING_COUNTRIES, 'Both'] as const
export type LocationPreference = (typeof LOCATION_PREFERENCES)[number]
