// Where product images live, in a module of its own so catalog components (in the browser bundle)
// can pick the small variant without pulling in the product form's schema.
export const UPLOADED_IMAGE_PATH = /^\/media\/products\/([0-9a-f]{64})\.webp$/
export const STATIC_IMAGE_PATH = /^\/images\/products\/[a-z0-9][a-z0-9-]{0,99}\.(?:svg|png|jpe?g|webp)$/

/** The small variant of an image for previews and lists (static images have only one size). */
export function productImageThumb(path: string): string {
  const hash = UPLOADED_IMAGE_PATH.exec(path)?.[1]
  return hash ? `/media/products/${hash}-thumb.webp` : path
}
