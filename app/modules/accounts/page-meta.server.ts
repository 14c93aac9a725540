import type { RouterContextProvider } from 'react-router'
import type { Language } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'

export type AuthPageMeta = { locale: Language; origin: string; title: string; description: string }

/** Translated title and description (auth:{page}.title / .description) for a sign-in area page's meta. */
export async function authPageMeta(request: Request, context: Readonly<RouterContextProvider>, page: 'login' | 'register' | 'verify' | 'logout' | 'forgot' | 'reset'): Promise<AuthPageMeta> {
  const i18n = await getI18n(request, context)
  return {
    locale: getLocale(context) as Language,
    origin: publicOrigin(request),
    title: i18n.t(`auth:${page}.title`),
    description: i18n.t(`auth:${page}.description`),
  }
}
