// The one check of a stored rate stamp (issue 28 item 5, ADR 028): every read of a quote round's or an
// order's rate_stamp goes through readRateStamp, so a page never receives a value of another shape.
import { z } from 'zod'
import { CURRENCIES, isCalendarDay, RATE_INTEGER_DIGITS, RATE_NOTE_MAX, RATE_SCALE } from '~/domain'
import type { RateStamp } from './stamp'

const RATE_TEXT = new RegExp(`^\\d{1,${RATE_INTEGER_DIGITS}}\\.\\d{${RATE_SCALE}}$`)

const StampedRateSchema = z.strictObject({
  to: z.enum(CURRENCIES),
  rate: z.string().regex(RATE_TEXT),
  effectiveDate: z.string().refine(isCalendarDay),
  source: z.string().min(1).max(RATE_NOTE_MAX),
  inverted: z.boolean(),
})

/** The stamp as stored: checked on every read, so a page never shows a malformed one. */
export const RateStampSchema: z.ZodType<RateStamp> = z
  .strictObject({
    at: z.iso.datetime(),
    from: z.enum(CURRENCIES),
    rates: z.array(StampedRateSchema).max(CURRENCIES.length - 1),
  })
  .refine((s) => s.rates.every((r) => r.to !== s.from) && new Set(s.rates.map((r) => r.to)).size === s.rates.length)

/**
 * A stored stamp (a jsonb value) as a RateStamp: null when none was recorded (rows made before
 * stamping) and, logged, when the value does not have the stamp's shape (never written by the app).
 */
export function readRateStamp(value: unknown): RateStamp | null {
  if (value === null || value === undefined) return null
  const parsed = RateStampSchema.safeParse(value)
  if (parsed.success) return parsed.data
  console.error('rate stamp: a stored value does not have the stamp shape', z.prettifyError(parsed.error))
  return null
}

