import type { Route } from './+types/product-images'
import { PRODUCT_IMAGE } from '~/domain/uploads'
import { enforceLimit, limitHeaders, noteRefusal } from '~/lib/rate-limit.server'
import { readUploadForm } from '~/lib/uploads.server'
import { requireSeller, storeProductImage } from '~/modules/products/index.server'

// POST /dashboard/products/images: the product form uploads one image per request (XMLHttpRequest,
// for real progress) and gets back its paths as JSON; the form then submits the list of paths.
// Its body cap (one image plus a few fields) is in bodyLimits (app/entry.server.tsx).

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } })

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request }: Route.ActionArgs) {
  // Sellers only, decided before the body is read: visitors are sent to sign in, anyone else gets 403.
  const seller = await requireSeller(request)
  const form = await readUploadForm(request, PRODUCT_IMAGE)
  if (!form.ok) return json({ error: form.reason === 'tooLarge' ? PRODUCT_IMAGE.errors.tooLarge : 'products:images.errors.badRequest' }, form.reason === 'tooLarge' ? 413 : 400)
  // The images the form already lists, so a sixth is refused before anything is stored.
  const listed = form.formData.getAll('image').length
  // An upload that carries a file counts against the seller's image limit before it is stored (issue 26 item 9).
  const image = form.formData.get(PRODUCT_IMAGE.field)
  if (image instanceof File && image.size > 0) {
    const limit = await enforceLimit('productImageUpload', seller.id)
    if (!limit.ok) {
      noteRefusal(limit)
      return json({ error: limit.messageKey }, 429, limitHeaders(limit))
    }
  }
  try {
    const stored = await storeProductImage(seller.id, image, listed)
    if (!stored.ok) return json({ error: stored.messageKey }, stored.messageKey === PRODUCT_IMAGE.errors.tooLarge ? 413 : 400)
    return json({ image: stored.image })
  } catch (err) {
    console.error('[products] image upload failed', err)
    return json({ error: 'products:images.errors.uploadFailed' }, 500)
  }
}
