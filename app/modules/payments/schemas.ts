// The payment terms form (issue 29 item 1, ADR 033): one schema checks it in the browser and in the
// action (ADR 026), and the same rules check terms read back from the database's jsonb. The form posts
// flat names (terms.method, terms.milestones.0.share…); `gatherPaymentTerms` turns them into the nested
// shape the schema reads, so an error's path is the name of the input it belongs to.
import { z } from 'zod'
import {
  METHOD_DAYS_MAX,
  METHOD_DAYS_MIN,
  MILESTONE_EVENTS,
  MILESTONES_MAX,
  OFFSET_DAYS_MAX,
  PAYMENT_METHODS,
  SHARE_PATTERN,
  SHARES_TOTAL_HUNDREDTHS,
  methodNeedsDays,
  shareHundredths,
  type PaymentMethod,
  type PaymentTerms,
} from '~/domain'
import type { SubmissionOptions } from '~/lib/form'
import { MILESTONE_INPUTS, TERMS_PREFIX, termsField, type MilestoneInput, type PaymentTermsDraft } from './terms-form'

export {
  DEFAULT_PAYMENT_TERMS,
  MILESTONE_INPUTS,
  PAYMENT_TERMS_ERROR_VALUES,
  PAYMENT_TERMS_FIELDS,
  SCHEDULE_FIELD,
  TERMS_PREFIX,
  paymentTermsDraft,
  termsField,
  type PaymentTermsDraft,
} from './terms-form'

const p = (key: string) => `payments:errors.${key}`

const ROW_NAME = new RegExp(`^${TERMS_PREFIX}\\.milestones\\.(\\d{1,2})\\.(${MILESTONE_INPUTS.join('|')})$`)
const text = (v: unknown) => (typeof v === 'string' ? v : '')

/**
 * The terms fields of a form's entries (flat names) as a draft: rows in the order of their numbers,
 * renumbered from 0; a row with all three inputs blank is left out. At most 100 row numbers are read
 * (two digits), so a forged form cannot make a large array; more than MILESTONES_MAX is refused by the schema.
 */
export function gatherPaymentTerms(raw: Record<string, unknown>): PaymentTermsDraft {
  const rows = new Map<number, Record<MilestoneInput, string>>()
  for (const [key, value] of Object.entries(raw)) {
    const match = ROW_NAME.exec(key)
    if (!match) continue
    const index = Number(match[1])
    const row = rows.get(index) ?? { share: '', event: '', offsetDays: '' }
    row[match[2] as MilestoneInput] = text(value)
    rows.set(index, row)
  }
  const shipBeforePaid = text(raw[termsField('shipBeforePaid')])
  return {
    method: text(raw[termsField('method')]),
    methodDays: text(raw[termsField('methodDays')]),
    shipBeforePaid: shipBeforePaid !== '' && shipBeforePaid !== 'false',
    milestones: [...rows.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, row]) => row)
      .filter((row) => MILESTONE_INPUTS.some((input) => row[input].trim() !== '')),
  }
}

/** A whole number of days as typed: -1 for a negative one (refused by the range check), NaN for anything else. */
const daysOf = (v: string) => (/^\d{1,6}$/.test(v) ? Number(v) : /^-\d+$/.test(v) ? -1 : Number.NaN)

const milestoneDraft = z.object({
  share: z
    .string()
    .trim()
    // "030,50" → "30.5": one spelling of each share (a comma for the point, no padding zeros).
    .transform((v) => {
      const plain = v.replace(',', '.').replace(/^\+/, '')
      return /^\d+(\.\d*)?$/.test(plain) ? plain.replace(/^0+(?=\d)/, '').replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') : plain
    })
    .superRefine((v, ctx) => {
      if (v === '') return void ctx.addIssue({ code: 'custom', message: p('shareRequired') })
      if (/^-/.test(v)) return void ctx.addIssue({ code: 'custom', message: p('sharePositive') })
      if (!SHARE_PATTERN.test(v)) ctx.addIssue({ code: 'custom', message: p('shareFormat') })
    }),
  event: z.enum(MILESTONE_EVENTS, { message: p('event') }),
  // Blank is on the day of the event.
  offsetDays: z
    .string()
    .trim()
    .transform((v) => (v === '' ? 0 : daysOf(v)))
    .refine((v) => !Number.isNaN(v), p('offsetFormat')),
})

/**
 * The rules of a set of terms, typed: what the form's text becomes and what the jsonb holds. Each
 * issue's path is the field it belongs to (milestones.1.share); the schedule's total is `milestones`.
 */
function checkTerms(terms: { method: PaymentMethod; methodDays: number | null; milestones: { share: string; offsetDays: number }[] }, ctx: z.RefinementCtx) {
  if (methodNeedsDays(terms.method)) {
    if (terms.methodDays === null) ctx.addIssue({ code: 'custom', message: p('methodDaysRequired'), path: ['methodDays'] })
    else if (!Number.isInteger(terms.methodDays) || terms.methodDays < METHOD_DAYS_MIN || terms.methodDays > METHOD_DAYS_MAX)
      ctx.addIssue({ code: 'custom', message: p('methodDaysRange'), path: ['methodDays'] })
  } else if (terms.methodDays !== null) ctx.addIssue({ code: 'custom', message: p('methodDaysUnused'), path: ['methodDays'] })

  if (terms.milestones.length === 0) return void ctx.addIssue({ code: 'custom', message: p('milestonesRequired'), path: ['milestones'] })
  if (terms.milestones.length > MILESTONES_MAX) return void ctx.addIssue({ code: 'custom', message: p('tooManyMilestones'), path: ['milestones'] })
  let total = 0
  terms.milestones.forEach((m, i) => {
    const share = shareHundredths(m.share)
    if (share === null) ctx.addIssue({ code: 'custom', message: p('shareFormat'), path: ['milestones', i, 'share'] })
    else if (share === 0) ctx.addIssue({ code: 'custom', message: p('sharePositive'), path: ['milestones', i, 'share'] })
    else if (share > SHARES_TOTAL_HUNDREDTHS) ctx.addIssue({ code: 'custom', message: p('shareMax'), path: ['milestones', i, 'share'] })
    total += share ?? 0
    if (!Number.isInteger(m.offsetDays) || m.offsetDays < 0) ctx.addIssue({ code: 'custom', message: p('offsetFormat'), path: ['milestones', i, 'offsetDays'] })
    else if (m.offsetDays > OFFSET_DAYS_MAX) ctx.addIssue({ code: 'custom', message: p('offsetTooLong'), path: ['milestones', i, 'offsetDays'] })
  })
  if (total !== SHARES_TOTAL_HUNDREDTHS) ctx.addIssue({ code: 'custom', message: p('sharesTotal'), path: ['milestones'] })
}

/** Terms as stored (jsonb on quotes, quote_rounds and orders): typed values under the same rules as the form. */
export const StoredPaymentTermsSchema = z
  .object({
    method: z.enum(PAYMENT_METHODS),
    methodDays: z.number().int().nullable(),
    milestones: z.array(z.object({ share: z.string(), event: z.enum(MILESTONE_EVENTS), offsetDays: z.number().int() })).max(100),
    shipBeforePaid: z.boolean(),
  })
  .strict()
  .superRefine(checkTerms) satisfies z.ZodType<PaymentTerms>

/** The terms' part of a form, as text: the draft `gatherPaymentTerms` makes, checked and typed. */
export const PaymentTermsInputSchema = z
  .object({
    method: z.enum(PAYMENT_METHODS, { message: p('method') }),
    methodDays: z
      .string()
      .trim()
      // Checked with the method (checkTerms): a method without days ignores it.
      .transform((v) => (v === '' ? null : daysOf(v))),
    shipBeforePaid: z.boolean(),
    // More rows than any schedule may have are refused before each is read.
    milestones: z.array(z.unknown()).max(MILESTONES_MAX, p('tooManyMilestones')).pipe(z.array(milestoneDraft)),
  })
  // The method's days are read only where the method has them: a hidden field's leftover is dropped.
  .transform((v): PaymentTerms => ({ ...v, methodDays: methodNeedsDays(v.method) ? v.methodDays : null }))
  .superRefine(checkTerms)

/** The terms form alone: the input names are the error names (terms.milestones.0.share). */
export const PaymentTermsFormSchema = withPaymentTerms(z.object({}))
export type PaymentTermsFormInput = z.output<typeof PaymentTermsFormSchema>

/** How `parseSubmission` reads the terms form alone (every name it sent; rows are gathered by the schema). */
export const PAYMENT_TERMS_FORM = {} satisfies SubmissionOptions

/**
 * `schema` with the terms under `terms`, read from the form's flat names: for a form that carries the
 * terms among its own fields (a quote, a counter-offer). Its issues' paths are the terms' input names.
 */
export function withPaymentTerms<S extends z.ZodObject>(schema: S) {
  return z.preprocess(
    (raw) => (raw && typeof raw === 'object' ? { ...(raw as Record<string, unknown>), [TERMS_PREFIX]: gatherPaymentTerms(raw as Record<string, unknown>) } : raw),
    schema.extend({ [TERMS_PREFIX]: PaymentTermsInputSchema }) as z.ZodObject<S['shape'] & { terms: typeof PaymentTermsInputSchema }>,
  )
}

/** Stored terms (jsonb) read back: the terms, or null when the value is absent or breaks a rule (never trusted unchecked). */
export function readPaymentTerms(stored: unknown): PaymentTerms | null {
  if (stored === null || stored === undefined) return null
  const result = StoredPaymentTermsSchema.safeParse(stored)
  return result.success ? result.data : null
}

/**
 * What a quote, a round or an order says about payment: the structured terms, or for a row made before
 * them (migration 0028) the free text it was given, or nothing.
 */
export type PaymentTermsView = { kind: 'terms'; terms: PaymentTerms } | { kind: 'text'; text: string } | { kind: 'none' }

/** A row's payment terms for display: the structured terms when valid, else its old free text. */
export function paymentTermsView(row: { paymentSchedule: unknown; paymentTerms: string | null }): PaymentTermsView {
  const terms = readPaymentTerms(row.paymentSchedule)
  if (terms) return { kind: 'terms', terms }
  const old = row.paymentTerms?.trim()
  return old ? { kind: 'text', text: old } : { kind: 'none' }
}

