// The RFQ's allowed values: shared by the database schema (db/schema/trade.ts), the form and the
// action. No Drizzle here, so the browser can load it.

export const RFQ_CURRENCIES = ['USD', 'INR', 'RUB', 'EUR'] as const
export type RfqCurrency = (typeof RFQ_CURRENCIES)[number]

export const LOCATION_PREFERENCES = ['India', 'Russia', 'Both'] as const
export type LocationPreference = (typeof LOCATION_PREFERENCES)[number]

/** Incoterms 2020: the four sea-only rules last. */
export const INCOTERMS = ['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF'] as const
export type IncotermCode = (typeof INCOTERMS)[number]

export const QUANTITY_UNITS = ['pieces', 'kg', 'tonnes', 'litres', 'metres', 'm2', 'm3', 'containers', 'sets', 'pairs', 'boxes', 'carats'] as const
export type QuantityUnit = (typeof QUANTITY_UNITS)[number]

/** 'awarded' and 'expired' are reserved for the quote increment; nothing sets them yet. */
export const RFQ_STATUSES = ['open', 'closed', 'awarded', 'expired'] as const
export type RfqStatus = (typeof RFQ_STATUSES)[number]
