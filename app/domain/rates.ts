// Exchange rates kept by the operator (issue 28 item 3): the rules a rate, its date, its note and a CSV
// of rates must keep, written once. The admin form, the CSV import, `npm run rates:import`, the column
// (numeric(RATE_PRECISION, RATE_SCALE)) and the conversion read them. Browser-safe, no Zod.

/** Digits a stored rate has in all (numeric precision). */
export const RATE_PRECISION = 20
/** Digits after the point a rate is stored and inverted to (numeric scale). */
export const RATE_SCALE = 10
/** Digits before the point a rate may have. */
export const RATE_INTEGER_DIGITS = RATE_PRECISION - RATE_SCALE

/** A new rate more than this many times the pair's last one, or less than its 1/this, is refused as absurd. */
export const RATE_JUMP_MAX = 1000
/** How far ahead an effective date may be (a rate announced for next year, not a typo in the year). */
export const RATE_FUTURE_DAYS_MAX = 365
/** The earliest effective date accepted (no trade on Setu is older; a year like 0202 is a typo). */
export const RATE_EARLIEST_DATE = '2000-01-01'
/** The source note ("RBI reference rate", "CBR official rate 28.11"). */
export const RATE_NOTE_MAX = 200
/** Days a rate stays usable for conversion unless RATE_MAX_AGE_DAYS says otherwise. */
export const RATE_MAX_AGE_DAYS_DEFAULT = 7

/** The CSV import's header, in this order. */
export const RATES_CSV_HEADER = ['from', 'to', 'rate', 'effective_date', 'source'] as const
/** Rates one CSV may hold (the header not counted). */
export const RATES_CSV_MAX_ROWS = 1000
/** Bytes one CSV may be (RATES_CSV in uploads.ts takes it). */
export const RATES_CSV_MAX_BYTES = 128 * 1024

/** How a rate came in: the admin page's form, its CSV import, the command line, the demo data. */
export const RATE_ORIGINS = ['form', 'csv', 'cli', 'demo'] as const
export type RateOrigin = (typeof RATE_ORIGINS)[number]
