// The product page's order rules, free of Zod: the purchase panel checks quantity and shipping
// with them as the buyer types, and loads the schema itself only after the page has hydrated (issue
// #11: at most 150 kB of JavaScript per public page). schemas.ts uses and re-exports them.

import { QUANTITY_MAX } from '~/domain'

/** The product page's order form (issue 8 item 8); the fuzz targets use the same list. */
export const PLACE_ORDER_FIELDS = ['productId', 'quantity', 'shipping', 'submissionKey'] as const

/** How many orders one page of a party's order list shows. */
export const ORDER_PAGE_SIZE = 20

/** The i18n key of an order form error. */
export const orderErrorKey = (key: string) => `catalog:product.order.errors.${key}`
const e = orderErrorKey

/**
 * A quantity as typed on the product page: whole digits only (spaces around are ignored), between 1 and
 * QUANTITY_MAX; anything else is null. The form and the schema read it alike, and neither ever
 * rounds, clamps or otherwise changes what was typed: a quantity it cannot read is refused.
 */
export function readOrderQuantity(text: string): number | null {
  const v = text.trim()
  if (!/^\d{1,10}$/.test(v)) return null
  const n = Number(v)
  return n >= 1 && n <= QUANTITY_MAX ? n : null
}

/** The product page's quantity field as typed: unreadable, or outside minimum order and stock (an i18n key and its count), or null. */
export function typedOrderQuantityError(text: string, product: { minimumOrderQuantity: number; stockQuantity: number }): { key: string; count?: number } | null {
  const n = readOrderQuantity(text)
  return n === null ? { key: e('quantity') } : orderQuantityError(n, product)
}

/** The quantity rule of the product page (spec §5 stepper): an i18n key and its values, or null when fine. */
export function orderQuantityError(quantity: number, product: { minimumOrderQuantity: number; stockQuantity: number }): { key: string; count?: number } | null {
  if (product.stockQuantity < 1 || product.stockQuantity < product.minimumOrderQuantity) return { key: e('outOfStock') }
  if (quantity < product.minimumOrderQuantity) return { key: e('belowMoq'), count: product.minimumOrderQuantity }
  if (quantity > product.stockQuantity) return { key: e('onlyLeft'), count: product.stockQuantity }
  return null
}

/** A shipping choice is required when the product has options, and must be one of them; none otherwise. */
export function shippingIndexError(index: number | null, optionCount: number): string | null {
  if (optionCount === 0) return index === null ? null : e('shipping')
  return index !== null && index < optionCount ? null : e('shipping')
}
