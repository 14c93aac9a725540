import type { Route } from './+types/sitemap'
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from '~/lib/i18n'
import { publicOrigin } from '~/lib/origin.server'
import { STATIC_PUBLIC_PATHS } from '~/lib/public-pages'
import { getSitemapData } from '~/modules/catalog/queries.server'

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
    '  </url>',
  ].join('\n')
}

export async function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request)
  const { categories, products, sellers } = await getSitemapData()
  const entries = [
    ...STATIC_PUBLIC_PATHS.map((p) => urlEntry(origin, p)),
    ...categories.map((c) => urlEntry(origin, `/categories/${encodeURIComponent(c.id)}`, c.lastModified)),
    ...products.map((p) => urlEntry(origin, `/products/${p.id}`, p.lastModified)),
    ...sellers.map((s) => urlEntry(origin, `/sellers/${s.id}`, s.lastModified)),
  ]
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n')
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
