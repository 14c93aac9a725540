import type { MetaDescriptor } from 'react-router'
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from './i18n'

/**
 * Title, description, canonical URL and hreflang alternates for a page.
 * `origin` comes from the loader (request URL or APP_URL); `path` is the page path without query.
 * Each language version is the same path with ?lng=; x-default is the bare path.
 */
export function seoMeta({
  title,
  description,
  origin,
  path,
  locale,
  noindex = false,
}: {
  title: string
  description: string
  origin: string
  path: string
  locale: string
  noindex?: boolean
}): MetaDescriptor[] {
  const url = (lng: string) => `${origin}${path}${lng === FALLBACK_LANGUAGE ? '' : `?lng=${lng}`}`
  const meta: MetaDescriptor[] = [
    { title: `${title} | Setu` },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url(locale) },
    { property: 'og:locale', content: locale },
    { tagName: 'link', rel: 'canonical', href: url(locale) },
    ...SUPPORTED_LANGUAGES.map((lng) => ({ tagName: 'link', rel: 'alternate', hrefLang: lng, href: url(lng) })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${origin}${path}` },
  ]
  if (noindex) meta.push({ name: 'robots', content: 'noindex' })
  return meta
}
