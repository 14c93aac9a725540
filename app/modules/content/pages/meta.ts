import type { MetaDescriptor } from 'react-router'
import { seoMeta } from '~/lib/seo'

type PageMetaData = { origin: string; locale: string; title: string; description: string }

/** SEO tags for an informational page from its loader data. */
export function pageMeta(loaderData: PageMetaData | undefined, path: string, extra: MetaDescriptor[] = []): MetaDescriptor[] {
  if (!loaderData) return []
  return [...seoMeta({ ...loaderData, path }), ...extra]
}
