import type { MetaDescriptor } from 'react-router'
import { seoMeta } from './seo'

// Apart from seo.ts: that file is in the chunk every public page loads, and only signed-in and
// development pages need this.

/** What a page's loader gives its meta: the page's own words, the origin and the reader's language. */
type PageMetaData = { title: string; description?: string; origin: string; locale: string }

/**
 * The meta function of a page that is never indexed (signed-in and development pages): the loader's
 * title and description (the title again without one), at `path` or else the URL's own path.
 */
export function noindexMeta(path?: string) {
  return ({ loaderData, location }: { loaderData?: PageMetaData | null; location: { pathname: string } }): MetaDescriptor[] =>
    loaderData
      ? seoMeta({ title: loaderData.title, description: loaderData.description ?? loaderData.title, origin: loaderData.origin, path: path ?? location.pathname, locale: loaderData.locale, noindex: true })
      : []
}
