// Reading a typed quantity (issue 28 item 2) by a unit's decimals given as a number, without the unit
// table of units.ts: the product page has the decimals from its loader and loads only this file.
import { QUANTITY_MAX } from './fields'
import type { QuantityUnit } from './units'

/** The most decimals any unit allows: the scale of every quantity column. */
export const QUANTITY_SCALE = 3

/** quantityProblem for a unit's decimals given as a number: a page that has them (the product page) loads no unit table. */
export function decimalsProblem(value: string, allowed: number): 'format' | 'whole' | 'decimals' | null {
  const match = /^(\d{1,10})(?:\.(\d{1,3}))?$/.exec(value)
  if (!match) return /^\d+\.\d+$/.test(value) ? (allowed === 0 ? 'whole' : 'decimals') : 'format'
  const fraction = (match[2] ?? '').replace(/0+$/, '')
  if (fraction.length === 0) return null
  if (allowed === 0) return 'whole'
  return fraction.length > allowed ? 'decimals' : null
}

/** Why a typed quantity is refused: the unit's rules (quantityProblem), or 'zero' (not more than 0), 'max' (above QUANTITY_MAX). */
export type QuantityRefusal = 'format' | 'whole' | 'decimals' | 'zero' | 'max'

/**
 * A quantity as typed, for reading: spaces around dropped, and a comma taken for the decimal point where
 * it cannot be a thousands separator ("12,5" and "0,75" as a Russian or Hindi keyboard writes them;
 * "1,500" stays unreadable rather than becoming 1.5).
 */
export function normalizeQuantityText(text: string): string {
  const v = text.trim()
  return /^\d+,\d{1,2}$/.test(v) ? v.replace(',', '.') : v
}

/** checkQuantity for a unit's decimals given as a number (null: any up to QUANTITY_SCALE), without the unit table. */
export function checkQuantityIn(text: string, decimals: number | null, options: { allowZero?: boolean } = {}): { ok: true; value: number } | { ok: false; problem: QuantityRefusal } {
  const v = normalizeQuantityText(text)
  const problem = decimalsProblem(v, decimals ?? QUANTITY_SCALE)
  // More digits than any quantity has before the point: too large, not unreadable.
  if (problem === 'format' && /^\d{11,}(\.\d+)?$/.test(v)) return { ok: false, problem: 'max' }
  if (problem) return { ok: false, problem: decimals === null && problem === 'decimals' ? 'format' : problem }
  const value = Number(v)
  if (value === 0 && !options.allowZero) return { ok: false, problem: 'zero' }
  if (value > QUANTITY_MAX) return { ok: false, problem: 'max' }
  return { ok: true, value }
}

/** A quantity as typed, or null when it is no quantity more than 0 (any unit): what the stepper and the cost summary read. */
export function readQuantity(text: string): number | null {
  const read = checkQuantityIn(text, null)
  return read.ok ? read.value : null
}
/** unitQuantityError with the unit's decimals given (the product page has them from its loader, not from the unit table). */
export function decimalsQuantityError(quantity: number, unit: QuantityUnit, decimals: number): string | null {
  const problem = decimalsProblem(String(quantity), decimals)
  return problem === 'whole' || problem === 'decimals' ? unitProblemKey(problem, unit) : null
}

/** The message of a unit's refusal, in the units namespace: one per unit, so each names it in its language's grammar. */
export const unitProblemKey = (problem: 'whole' | 'decimals', unit: QuantityUnit) => `units:problems.${problem}.${unit}`
