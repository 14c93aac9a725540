import { FALLBACK_LANGUAGE, isLanguage, type Language } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'

export type TradePage = 'hub' | 'documentation' | 'payment' | 'logistics'

type LoaderContext = Parameters<typeof getLocale>[0]

function localeOf(context: LoaderContext, fallback: string): Language {
  try {
    return getLocale(context) as Language
  } catch {
    // The i18next middleware did not run (a direct loader call): use the language getI18n detected.
    return isLanguage(fallback) ? fallback : FALLBACK_LANGUAGE
  }
}

/** Loader data every trade page needs for its SEO tags: origin, locale and the translated title and description. */
export async function loadTradeMeta(request: Request, context: LoaderContext, page: TradePage) {
  const i18n = await getI18n(request, context)
  return {
    origin: publicOrigin(request),
    locale: localeOf(context, i18n.language),
    title: i18n.t(`trade:${page}.meta.title`),
    description: i18n.t(`trade:${page}.meta.description`),
  }
}
