// The sitemap (ADR 017): /sitemap.xml is an index of files of at most SITEMAP_FILE_SIZE URLs each —
// /sitemaps/pages.xml (static pages and categories), /sitemaps/products-N.xml and
// /sitemaps/sellers-N.xml — and each file streams from keyset pages, so neither the database nor the
// server ever holds a whole catalog.
import { getSitemapIndexData, listSitemapCategories, sitemapEntries } from './stats.server'
import type { SitemapEntryDto } from './types'
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from '~/lib/i18n'
import { STATIC_PUBLIC_PATHS } from '~/lib/public-pages'

const XML_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }
const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
const URLSET_CLOSE = '</urlset>\n'

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

/** One <url> with hreflang alternates: each language is the same path with ?lng=. */
function urlEntry(origin: string, path: string, lastModified?: string) {
  const href = (lng: string) => escapeXml(`${origin}${path}${lng === FALLBACK_LANGUAGE ? '' : `?lng=${lng}`}`)
  const alternates = SUPPORTED_LANGUAGES.map((lng) => `    <xhtml:link rel="alternate" hreflang="${lng}" href="${href(lng)}"/>`)
  alternates.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + path)}"/>`)
  return [
    '  <url>',
    `    <loc>${href(FALLBACK_LANGUAGE)}</loc>`,
    ...(lastModified ? [`    <lastmod>${lastModified.slice(0, 10)}</lastmod>`] : []),
    ...alternates,
    '  </url>\n',
  ].join('\n')
}

/** The sitemap index: the pages file, then every products and sellers file there is. */
export async function sitemapIndexResponse(origin: string): Promise<Response> {
  const { productFiles, sellerFiles } = await getSitemapIndexData()
  const files = [
    'pages.xml',
    ...Array.from({ length: productFiles }, (_, i) => `products-${i + 1}.xml`),
    ...Array.from({ length: sellerFiles }, (_, i) => `sellers-${i + 1}.xml`),
  ]
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map((f) => `  <sitemap>\n    <loc>${escapeXml(`${origin}/sitemaps/${f}`)}</loc>\n  </sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n')
  return new Response(xml, { headers: XML_HEADERS })
}

const FILE_NAME = /^(?:pages|(products|sellers)-([1-9]\d{0,5}))\.xml$/

/**
 * One sitemap file by name (pages.xml, products-3.xml, sellers-1.xml), streamed; null for a name that
 * is not a file of the current index (a malformed name, or a number past the last file).
 */
export async function sitemapFileResponse(origin: string, name: string): Promise<Response | null> {
  const match = FILE_NAME.exec(name)
  if (!match) return null
  const [, kind, number] = match
  if (!kind) {
    const categories = await listSitemapCategories()
    const body = [
      URLSET_OPEN,
      ...STATIC_PUBLIC_PATHS.map((p) => urlEntry(origin, p)),
      ...categories.map((c) => urlEntry(origin, `/categories/${encodeURIComponent(c.id)}`, c.lastModified)),
      URLSET_CLOSE,
    ].join('')
    return new Response(body, { headers: XML_HEADERS })
  }
  const entries = sitemapEntries(kind as 'products' | 'sellers', Number(number))
  const path = kind === 'products' ? '/products/' : '/sellers/'
  // The first chunk is read before answering, so a missing file is a 404 and a database outage a 503.
  const first = await entries.next()
  if (first.done) return null
  const encoder = new TextEncoder()
  const render = (chunk: SitemapEntryDto[]) => encoder.encode(chunk.map((e) => urlEntry(origin, path + e.id, e.lastModified)).join(''))
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(URLSET_OPEN))
      controller.enqueue(render(first.value))
    },
    async pull(controller) {
      const next = await entries.next()
      if (next.done) {
        controller.enqueue(encoder.encode(URLSET_CLOSE))
        controller.close()
      } else controller.enqueue(render(next.value))
    },
    async cancel() {
      await entries.return(undefined)
    },
  })
  return new Response(stream, { headers: XML_HEADERS })
}
