// Field primitives: the shapes an id, an amount, a quantity and a password take everywhere (forms,
// actions, loaders and the database's columns).

/** A UUID as PostgreSQL prints it (any case): every record id. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** The same UUID inside a longer pattern (a URL path segment), without anchors or flags. */
export const UUID_SOURCE = /* @__PURE__ */ UUID_PATTERN.source.slice(1, -1)

/** Whether `value` is a UUID; anything else is answered "not found" before it reaches the database. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value)
}

/** An amount as numeric(14,2) stores it: twelve digits before the point, at most two after. */
export const MONEY_PATTERN = /^\d{1,12}(\.\d{1,2})?$/
/** The largest amount numeric(14,2) holds. */
export const MONEY_MAX = '999999999999.99'

/**
 * A quantity ordered, requested, quoted or set as a minimum order: more than 0 and at most QUANTITY_MAX,
 * with the decimals its unit allows (units.ts: `checkQuantity`). QUANTITY_MIN is the least whole quantity.
 */
export const QUANTITY_MIN = 1
export const QUANTITY_MAX = 1_000_000_000

/** ASVS 5.0 V6.2.1 asks for at least 8; the spec's 6 is superseded (docs/decisions/008-password-policy.md). */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
