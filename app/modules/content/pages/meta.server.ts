import type { Language } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'

export type InfoPage = 'about' | 'contact' | 'terms' | 'privacy' | 'faq' | 'logistics' | 'guides'

/** Loader data shared by the informational pages: what `pageMeta` needs for SEO tags. */
export async function loadPageMeta(request: Request, context: Parameters<typeof getLocale>[0], page: InfoPage) {
  const i18n = await getI18n(request, context)
  return {
    origin: publicOrigin(request),
    locale: getLocale(context) as Language,
    title: i18n.t(`pages:${page}.meta.title`),
    description: i18n.t(`pages:${page}.meta.description`),
  }
}
