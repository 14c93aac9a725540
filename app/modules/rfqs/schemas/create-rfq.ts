// The Create RFQ form (spec §5 RFQ form, issue 8): one schema shared by the form (checked before
// submit) and the action. Messages are i18n keys in the `rfqs` namespace.
import { z } from 'zod'
import type { FieldErrors, SubmissionOptions } from '~/lib/form'
import { toCents } from '~/modules/catalog'
import { CURRENCIES, INCOTERMS, LOCATION_PREFERENCES, MONEY_PATTERN, QUANTITY_UNITS, readQuantity, UUID_PATTERN } from '~/domain'
import { quantityField, refineUnitQuantities } from '~/domain/quantity-field'
import { PLACE_MAX } from './common'

export const TITLE_MIN = 5
export const TITLE_MAX = 200
export const DESCRIPTION_MIN = 20
export const DESCRIPTION_MAX = 5000
/** A deadline further out than this is a typo, not a plan. */
export const DEADLINE_MAX_YEARS = 5

/** Every field the form posts, in order; the fuzz targets and tests use the same list. */
export const RFQ_FIELDS = [
  'title',
  'description',
  'categoryId',
  'budgetMin',
  'budgetMax',
  'currency',
  'quantity',
  'unit',
  'deadline',
  'locationPreference',
  'incoterm',
  'incotermPlace',
  'destination',
  'hsCode',
  'submissionKey',
] as const
export type RfqField = (typeof RFQ_FIELDS)[number]

/** How `parseSubmission` reads the form: these fields, the one-time token's error shown for the whole form. */
export const RFQ_FORM = { fields: RFQ_FIELDS, formFields: ['submissionKey'] } satisfies SubmissionOptions<RfqField>

const m = (key: string) => `rfqs:form.errors.${key}`

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The latest deadline the form accepts, counted from `today`. */
export function latestDeadline(today: string): string {
  return `${Number(today.slice(0, 4)) + DEADLINE_MAX_YEARS}${today.slice(4)}`
}

const optionalText = (max: number, key: string) =>
  z
    .string()
    .trim()
    .max(max, m(key))
    .transform((v) => v || null)

const budget = z
  .string()
  .trim()
  .transform((v) => v.replace(',', '.').replace(/^\+/, ''))
  .superRefine((v, ctx) => {
    if (v === '') return
    if (/^-\d*(\.\d*)?$/.test(v)) return void ctx.addIssue({ code: 'custom', message: m('budgetPositive') })
    if (!MONEY_PATTERN.test(v)) ctx.addIssue({ code: 'custom', message: m('budgetFormat') })
  })
  .transform((v) => (v === '' ? null : Number(v) === 0 ? '0.00' : v.replace(/^0+(?=\d)/, '')))

const emptyTo = <T extends string>(fallback: T) => z.string().transform((v) => v.trim() || fallback)

/** The schema for a given "today" (the server's UTC date; the form gets the same one from the loader). */
export function createRfqSchema(today: string) {
  const latest = latestDeadline(today)
  return z
    .object({
      title: z.string().trim().min(TITLE_MIN, m('titleMin')).max(TITLE_MAX, m('titleMax')),
      description: z.string().trim().min(DESCRIPTION_MIN, m('descriptionMin')).max(DESCRIPTION_MAX, m('descriptionMax')),
      categoryId: z
        .string()
        .trim()
        .refine((v) => v === '' || (v.length <= 64 && /^[a-z0-9][a-z0-9-]*$/.test(v)), m('category'))
        .transform((v) => v || null),
      budgetMin: budget,
      budgetMax: budget,
      currency: emptyTo('USD').pipe(z.enum(CURRENCIES, { message: m('currency') })),
      // In the unit chosen beside it (12.5 t, 0.75 ct; whole containers): checked in the object's check below.
      quantity: quantityField({ format: m('quantityFormat'), zero: m('quantityMin'), max: m('quantityMax'), required: m('quantityMin') }),
      unit: emptyTo('pieces').pipe(z.enum(QUANTITY_UNITS, { message: m('unit') })),
      deadline: z
        .string()
        .trim()
        .superRefine((v, ctx) => {
          if (v === '') return
          const match = DATE.exec(v)
          const d = match ? new Date(`${v}T00:00:00Z`) : null
          if (!match || !d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) return void ctx.addIssue({ code: 'custom', message: m('deadlineFormat') })
          if (v < today) return void ctx.addIssue({ code: 'custom', message: m('deadlinePast') })
          if (v > latest) ctx.addIssue({ code: 'custom', message: m('deadlineTooFar') })
        })
        .transform((v) => v || null),
      locationPreference: emptyTo('Both').pipe(z.enum(LOCATION_PREFERENCES, { message: m('location') })),
      incoterm: z
        .string()
        .trim()
        .refine((v) => v === '' || (INCOTERMS as readonly string[]).includes(v), m('incoterm'))
        .transform((v) => (v || null) as (typeof INCOTERMS)[number] | null),
      incotermPlace: optionalText(PLACE_MAX, 'placeMax'),
      destination: optionalText(PLACE_MAX, 'placeMax'),
      hsCode: z
        .string()
        .max(32, m('hsCode'))
        .transform((v) => v.replace(/[\s.]/g, ''))
        .refine((v) => v === '' || /^\d{4,10}$/.test(v), m('hsCode'))
        .transform((v) => v || null),
      submissionKey: z.string().trim().regex(UUID_PATTERN, m('expired')).transform((v) => v.toLowerCase()),
    })
    .superRefine((v, ctx) => {
      // Compared only when both budgets are well-formed: a malformed one already has its own message
      // (Zod runs this object check even then, with the raw text).
      const min = v.budgetMin === null ? null : toCents(v.budgetMin)
      const max = v.budgetMax === null ? null : toCents(v.budgetMax)
      if (min !== null && max !== null && max < min) {
        ctx.addIssue({ code: 'custom', path: ['budgetMax'], message: m('budgetRange') })
      }
      if (v.incotermPlace && !v.incoterm) ctx.addIssue({ code: 'custom', path: ['incoterm'], message: m('incotermRequired') })
      if (v.incoterm && !v.incotermPlace) ctx.addIssue({ code: 'custom', path: ['incotermPlace'], message: m('placeRequired') })
      refineUnitQuantities(v, ['quantity'], ctx)
    })
}
export type CreateRfqInput = z.infer<ReturnType<typeof createRfqSchema>>

/** Errors keyed by form field name; "form" for the one-time token. */
export type RfqFieldErrors = FieldErrors<RfqField>

/** What the user typed, to fill the form in again after a refused submit (also without JavaScript). */
export function rfqFormValues(form: { get(name: string): FormDataEntryValue | null }): Partial<Record<RfqField, string>> {
  const out: Partial<Record<RfqField, string>> = {}
  for (const f of RFQ_FIELDS) {
    const v = form.get(f)
    if (f !== 'submissionKey' && typeof v === 'string' && v !== '') out[f] = v.slice(0, f === 'description' ? DESCRIPTION_MAX : TITLE_MAX)
  }
  return out
}

/** The Close RFQ form: intent and the RFQ's id (checked against the owner on the server). */
export const CloseRfqSchema = z.object({
  intent: z.literal('close'),
  rfqId: z.string().regex(UUID_PATTERN),
})

/** A prefill for the quantity from a product page's "Request quote" link (?quantity=), if it is a valid one. */
export function quantityPrefill(params: URLSearchParams): string {
  const q = readQuantity(params.get('quantity') ?? '')
  return q === null ? '1' : String(q)
}
