import type { Route } from './+types/product-media'
import { STORED_FILE_CSP } from '~/lib/document-headers'
import { fileRefusalText } from '~/lib/file-response.server'
import { getI18n } from '~/lib/i18next.server'
import { readProductImage } from '~/modules/products/index.server'

// GET /media/products/<hash>.webp and <hash>-thumb.webp: uploaded product images. A name is the
// content's hash, so a file never changes under its URL and browsers and CDNs may keep it for a year.
// Served to anyone who has the URL, whatever the product's visibility (see readProductImage).

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const image = await readProductImage(params.file)
  if (!image) return fileRefusalText((await getI18n(request, context)).t('products:images.notFound'), 404, 'no-store')
  const headers = {
    'Content-Type': 'image/webp',
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    // Opened on its own, the image is a sandboxed document.
    'Content-Security-Policy': STORED_FILE_CSP,
    ETag: `"${image.hash}"`,
  }
  if (request.headers.get('If-None-Match') === headers.ETag) return new Response(null, { status: 304, headers })
  return new Response(image.bytes as Uint8Array<ArrayBuffer>, { status: 200, headers: { ...headers, 'Content-Length': String(image.bytes.byteLength) } })
}
