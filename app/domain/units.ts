// Units of measure (issue 28 item 1): what a price is per and what a quantity counts. One list for
// products, RFQs, quotes and orders; each unit says how many decimals a quantity in it may have (the
// rule "12.5 t yes, 2.5 containers no" is the unit's) and, where it has one, its dimension and its factor
// to the dimension's base unit (kilogram, litre, metre, square metre, piece), as an exact decimal.
// Names (singular, plural, short) are translated in public/locales/{lng}/units.json.

import { QUANTITY_MAX } from './fields'
import { checkQuantityIn, decimalsProblem, decimalsQuantityError, QUANTITY_SCALE, type QuantityRefusal } from './quantities'
import { QUANTITY_UNITS, type QuantityUnit } from './unit-codes'

export const UNIT_DIMENSIONS = ['mass', 'volume', 'length', 'area', 'count'] as const
export type UnitDimension = (typeof UNIT_DIMENSIONS)[number]

// The codes live in unit-codes.ts, free of the rules below: a page that only lists them (the catalog's
// MOQ filter) does not load the quantity reading (issue #11).
export { QUANTITY_UNITS, type QuantityUnit } from './unit-codes'

export type UnitRule = {
  dimension: UnitDimension
  /** How many base units one of this is (exact decimal); null where there is no fixed one (a set, a box). */
  factor: string | null
  /** Decimals a quantity in this unit may have: 0 for what is counted whole. */
  decimals: 0 | 2 | 3
}

export const UNIT_RULES: Record<QuantityUnit, UnitRule> = {
  pieces: { dimension: 'count', factor: '1', decimals: 0 },
  kg: { dimension: 'mass', factor: '1', decimals: 3 },
  tonnes: { dimension: 'mass', factor: '1000', decimals: 3 },
  litres: { dimension: 'volume', factor: '1', decimals: 3 },
  metres: { dimension: 'length', factor: '1', decimals: 2 },
  m2: { dimension: 'area', factor: '1', decimals: 2 },
  m3: { dimension: 'volume', factor: '1000', decimals: 3 },
  containers: { dimension: 'count', factor: null, decimals: 0 },
  sets: { dimension: 'count', factor: null, decimals: 0 },
  pairs: { dimension: 'count', factor: '2', decimals: 0 },
  boxes: { dimension: 'count', factor: null, decimals: 0 },
  carats: { dimension: 'mass', factor: '0.0002', decimals: 2 },
  g: { dimension: 'mass', factor: '0.001', decimals: 3 },
  kl: { dimension: 'volume', factor: '1000', decimals: 3 },
  bags: { dimension: 'count', factor: null, decimals: 0 },
  cartons: { dimension: 'count', factor: null, decimals: 0 },
  pallets: { dimension: 'count', factor: null, decimals: 0 },
  bales: { dimension: 'count', factor: null, decimals: 0 },
  // The oil barrel (42 US gallons); counted whole, as barrels are shipped.
  barrels: { dimension: 'volume', factor: '158.987294928', decimals: 0 },
  containers_20ft: { dimension: 'count', factor: null, decimals: 0 },
  containers_40ft: { dimension: 'count', factor: null, decimals: 0 },
}

export function isQuantityUnit(value: unknown): value is QuantityUnit {
  return typeof value === 'string' && (QUANTITY_UNITS as readonly string[]).includes(value)
}

/** Why a typed quantity does not fit `unit`, or null when it does: 'format' (not a plain decimal), 'whole' (a fraction of a unit counted whole), 'decimals' (more decimals than the unit allows). */
export function quantityProblem(value: string, unit: QuantityUnit): 'format' | 'whole' | 'decimals' | null {
  return decimalsProblem(value, UNIT_RULES[unit].decimals)
}

/**
 * How a unit is written after a quantity, as an i18n key with its count: a measured unit by its symbol
 * ("12.5 t", "0.75 ct"), a counted one by its name in the plural the number takes ("1 container",
 * "3 containers"). `t(...unitText(unit, quantity))`.
 */
export function unitText(unit: QuantityUnit, count: number): [key: string, options: { count: number }] {
  return [UNIT_RULES[unit].dimension === 'count' ? `units:name.${unit}` : `units:short.${unit}`, { count }]
}

/** The units counted whole (decimals 0): the CHECKs that keep their quantities whole are built from this list. */
export const WHOLE_UNITS = /* @__PURE__ */ QUANTITY_UNITS.filter((unit) => UNIT_RULES[unit].decimals === 0)

/** Digits of a quantity column, numeric(QUANTITY_PRECISION, QUANTITY_SCALE): QUANTITY_MAX's before the point, QUANTITY_SCALE after. */
export const QUANTITY_PRECISION = /* @__PURE__ */ String(QUANTITY_MAX).length + QUANTITY_SCALE

/**
 * Reads a typed quantity: its number, or why it is refused. With a unit, the unit's decimals apply
 * ('whole' for a fraction of a unit counted whole, 'decimals' for too many); without one (the unit is
 * checked later against the database) up to QUANTITY_SCALE decimals. `allowZero` for a stock.
 */
export function checkQuantity(text: string, unit: QuantityUnit | null, options: { allowZero?: boolean } = {}): { ok: true; value: number } | { ok: false; problem: QuantityRefusal } {
  return checkQuantityIn(text, unit === null ? null : UNIT_RULES[unit].decimals, options)
}


/**
 * The i18n key refusing a quantity that does not fit its unit ("Containers are counted whole…", "At most 2
 * decimals for carats…"), or null. For a number already read (a form's value, a row): the commands check
 * it against the unit they read from the database, the forms against the unit they show.
 */
export function unitQuantityError(quantity: number, unit: QuantityUnit): string | null {
  return decimalsQuantityError(quantity, unit, UNIT_RULES[unit].decimals)
}

