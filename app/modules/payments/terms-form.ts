// The payment terms form's names, draft and defaults (ADR 033), without Zod: what PaymentTermsFields
// needs to render, so a page can show the inputs without loading the schemas (schemas.ts, which
// re-exports all of this, checks what they post).
import { MILESTONES_MAX, OFFSET_DAYS_MAX, METHOD_DAYS_MAX, METHOD_DAYS_MIN, type PaymentTerms } from '~/domain'

/** The values the messages interpolate (`t(error, PAYMENT_TERMS_ERROR_VALUES)`): the limits, from the domain. */
export const PAYMENT_TERMS_ERROR_VALUES = { max: MILESTONES_MAX, days: OFFSET_DAYS_MAX, methodDaysMin: METHOD_DAYS_MIN, methodDaysMax: METHOD_DAYS_MAX }

/** The prefix of the terms' input names; a form that embeds the terms posts them under it. */
export const TERMS_PREFIX = 'terms'

/** The name the schedule's own errors are reported under (no milestone, too many, shares not adding up to 100). */
export const SCHEDULE_FIELD = `${TERMS_PREFIX}.milestones`

/** The names a milestone row posts, after `terms.milestones.<n>.`. */
export const MILESTONE_INPUTS = ['share', 'event', 'offsetDays'] as const
export type MilestoneInput = (typeof MILESTONE_INPUTS)[number]

/** The terms as the form holds them: text as typed, before the schema reads it. */
export type PaymentTermsDraft = {
  method: string
  methodDays: string
  shipBeforePaid: boolean
  milestones: Record<MilestoneInput, string>[]
}

/** The input name of a terms field: termsField('method'), termsField('milestones', 0, 'share'). */
export function termsField(name: 'method' | 'methodDays' | 'shipBeforePaid'): string
export function termsField(name: 'milestones', index: number, input: MilestoneInput): string
export function termsField(name: string, index?: number, input?: string): string {
  return index === undefined ? `${TERMS_PREFIX}.${name}` : `${TERMS_PREFIX}.${name}.${index}.${input}`
}

/**
 * Every name the terms may post, for a form read with `fields` (SubmissionOptions): the three terms
 * fields and MILESTONES_MAX rows. Rows the form does not have arrive as '' and are left out.
 */
export const PAYMENT_TERMS_FIELDS: readonly string[] = [
  termsField('method'),
  termsField('methodDays'),
  termsField('shipBeforePaid'),
  ...Array.from({ length: MILESTONES_MAX }, (_, i) => MILESTONE_INPUTS.map((input) => termsField('milestones', i, input))).flat(),
]

/** Terms as the form shows them (to fill the form with an offer to counter, or a default). */
export function paymentTermsDraft(terms: PaymentTerms): PaymentTermsDraft {
  return {
    method: terms.method,
    methodDays: terms.methodDays === null ? '' : String(terms.methodDays),
    shipBeforePaid: terms.shipBeforePaid,
    milestones: terms.milestones.map((m) => ({ share: m.share, event: m.event, offsetDays: String(m.offsetDays) })),
  }
}

/** The terms a new offer starts from: bank transfer, 30 % advance on the proforma and 70 % on shipment. */
export const DEFAULT_PAYMENT_TERMS: PaymentTerms = {
  method: 'bank_transfer',
  methodDays: null,
  shipBeforePaid: false,
  milestones: [
    { share: '30', event: 'proforma_issued', offsetDays: 0 },
    { share: '70', event: 'shipped', offsetDays: 0 },
  ],
}
