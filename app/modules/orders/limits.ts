// The product page's order rules, free of Zod: the purchase panel checks quantity and shipping
// with them as the buyer types, and loads the schema itself only after the page has hydrated (issue
// #11: at most 150 kB of JavaScript per public page). schemas.ts uses and re-exports them.

/** The product page's order form (issue 8 item 8); the fuzz targets use the same list. */
export const PLACE_ORDER_FIELDS = ['productId', 'quantity', 'shipping', 'submissionKey'] as const
export const ORDER_QUANTITY_MAX = 1_000_000_000

/** The i18n key of an order form error. */
export const orderErrorKey = (key: string) => `catalog:product.order.errors.${key}`
const e = orderErrorKey

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
