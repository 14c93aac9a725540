// The quantity field of every form (issue 28 item 2): the one Zod primitive that reads a typed quantity by
// the rules of units.ts (checkQuantity). Kept out of the domain's index (ADR 024: constant-only importers
// do not pull Zod); forms import it from '~/domain/quantity-field'.
import { z } from 'zod'
import { unitProblemKey, type QuantityRefusal } from './quantities'
import { checkQuantity, isQuantityUnit, unitQuantityError, type QuantityUnit } from './units'

/** A form's messages (i18n keys) for a quantity that is no number, not more than 0 (or negative, for a stock), or too large. */
export type QuantityMessages = { format: string; zero: string; max: string; required?: string }

/** The i18n key of a refusal: the form's own for format, zero, max; the unit's for whole and decimals. */
export function quantityRefusalKey(problem: QuantityRefusal, unit: QuantityUnit | null, messages: QuantityMessages): string {
  if ((problem === 'whole' || problem === 'decimals') && unit) return unitProblemKey(problem, unit)
  return problem === 'whole' || problem === 'decimals' ? messages.format : messages[problem]
}

/**
 * A quantity typed in a form, read as a number. `unit` when the form knows it and it is fixed (a product
 * request in the product's unit); without it, up to QUANTITY_SCALE decimals, and the unit's rule is checked
 * where the unit is known: by `refineUnitQuantities` for a unit posted in the same form, and by the
 * command against the database (`unitQuantityError`). `empty` is what an empty field means, if anything.
 */
export function quantityField(messages: QuantityMessages, options: { unit?: QuantityUnit; allowZero?: boolean; empty?: number } = {}) {
  const unit = options.unit ?? null
  return z
    .string()
    .transform((text, ctx) => {
      if (text.trim() === '' && options.empty !== undefined) return options.empty
      if (text.trim() === '' && messages.required) {
        ctx.addIssue({ code: 'custom', message: messages.required })
        return z.NEVER
      }
      // A minus sign: not more than 0 (the form's "at least"/"cannot be negative" message), not "not a number".
      const read = /^\s*-\d/.test(text) ? ({ ok: false, problem: 'zero' } as const) : checkQuantity(text, unit, { allowZero: options.allowZero })
      if (read.ok) return read.value
      ctx.addIssue({ code: 'custom', message: quantityRefusalKey(read.problem, unit, messages) })
      return z.NEVER
    })
}

/**
 * For a form that posts its unit beside its quantities (the product form, the RFQ form): each named
 * quantity must fit the unit, or its field gets the unit's message. Use in the object's superRefine;
 * fields that did not read as numbers already have their own message and are skipped.
 */
export function refineUnitQuantities<K extends string>(value: Partial<Record<K, unknown>> & { unit?: unknown }, fields: readonly K[], ctx: z.RefinementCtx) {
  const unit = value.unit
  if (!isQuantityUnit(unit)) return
  for (const field of fields) {
    const quantity = value[field]
    if (typeof quantity !== 'number') continue
    const error = unitQuantityError(quantity, unit)
    if (error) ctx.addIssue({ code: 'custom', path: [field], message: error })
  }
}
