// The product page's order rules, free of Zod: the purchase panel checks quantity and shipping
// with them as the buyer types, and loads the schema itself only after the page has hydrated (issue
// #11: at most 150 kB of JavaScript per public page). schemas.ts uses and re-exports them.

import { checkQuantityIn, decimalsQuantityError, readQuantity, unitProblemKey, type QuantityUnit } from '~/domain'

/** The product page's order form (issue 8 item 8); the fuzz targets use the same list. */
export const PLACE_ORDER_FIELDS = ['productId', 'quantity', 'shipping', 'submissionKey'] as const

/** How many orders one page of a party's order list shows. */
export const ORDER_PAGE_SIZE = 20

/** The i18n key of an order form error. */
export const orderErrorKey = (key: string) => `catalog:product.order.errors.${key}`
const e = orderErrorKey

/**
 * A quantity as typed on the product page: a decimal more than 0 and at most QUANTITY_MAX, with at most
 * QUANTITY_SCALE decimals (spaces around are ignored, "12,5" reads as 12.5); anything else is null. The
 * form and the schema read it alike, and neither ever rounds, clamps or otherwise changes what was
 * typed: a quantity it cannot read is refused. The unit's own decimals are `orderQuantityError`'s.
 */
export function readOrderQuantity(text: string): number | null {
  return readQuantity(text)
}

/** The product the quantity rules read: its unit and the unit's decimals (UNIT_RULES, sent by the loader so the page loads no unit table), minimum order and stock. */
type OrderedProduct = { unit: QuantityUnit; unitDecimals: number; minimumOrderQuantity: number; stockQuantity: number }

/** The product page's quantity field as typed: unreadable, not in the unit's decimals, or outside minimum order and stock (an i18n key and its count), or null. */
export function typedOrderQuantityError(text: string, product: OrderedProduct): { key: string; count?: number } | null {
  const read = checkQuantityIn(text, product.unitDecimals)
  if (read.ok) return orderQuantityError(read.value, product)
  return { key: read.problem === 'whole' || read.problem === 'decimals' ? unitProblemKey(read.problem, product.unit) : e('quantity') }
}

/** The quantity rule of the product page (spec §5 stepper): an i18n key and its values, or null when fine. */
export function orderQuantityError(quantity: number, product: OrderedProduct): { key: string; count?: number } | null {
  if (product.stockQuantity <= 0 || product.stockQuantity < product.minimumOrderQuantity) return { key: e('outOfStock') }
  const unitError = decimalsQuantityError(quantity, product.unit, product.unitDecimals)
  if (unitError) return { key: unitError }
  if (quantity < product.minimumOrderQuantity) return { key: e('belowMoq'), count: product.minimumOrderQuantity }
  if (quantity > product.stockQuantity) return { key: e('onlyLeft'), count: product.stockQuantity }
  return null
}

/** A shipping choice is required when the product has options, and must be one of them; none otherwise. */
export function shippingIndexError(index: number | null, optionCount: number): string | null {
  if (optionCount === 0) return index === null ? null : e('shipping')
  return index !== null && index < optionCount ? null : e('shipping')
}
