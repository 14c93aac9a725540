import { createInstance, type i18n, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { RemixI18Next } from 'remix-i18next/server'
import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, NAMESPACES, SUPPORTED_LANGUAGES, isLanguage, type Language } from './i18n'

// All translation files are bundled into the server build; the browser fetches them from /locales.
const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
})

export const resources: Resource = {}
for (const [file, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)
  if (!match) continue
  const [, lng, ns] = match
  resources[lng] ??= {}
  resources[lng][ns] = content
}

export const localeCookie = createCookie(LANGUAGE_COOKIE, {
  path: '/',
  sameSite: 'lax',
  httpOnly: false, // the browser-side detector reads it too (spec §9: cached in a cookie)
  maxAge: 60 * 60 * 24 * 365,
  // Under an https APP_URL the cookie is never sent over plain http. Read from process.env directly:
  // this module loads before the environment is validated at start.
  secure: /^https:\/\//i.test(process.env.APP_URL ?? ''),
})

const i18nextOptions = {
  resources,
  ns: [...NAMESPACES],
  defaultNS: 'common',
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  interpolation: { escapeValue: false },
}

// One i18next instance per language, initialised once and shared by every request in that language.
// remix-i18next's middleware built and initialised a new instance (with every namespace) per request:
// about 15 % of a page's CPU time (issue 11). Sharing is safe because nothing on the server mutates an
// instance: the language is fixed per instance (the browser's changeLanguage runs on its own copy), and
// all resources are bundled, so nothing is loaded later.
const instances = new Map<Language, i18n>()

function sharedInstance(lng: Language): i18n {
  let instance = instances.get(lng)
  if (!instance) {
    instance = createInstance()
    // Resources are inline, so with initAsync off the instance is ready when init() returns.
    void instance.use(initReactI18next).init({ ...i18nextOptions, lng, initAsync: false })
    instances.set(lng, instance)
  }
  return instance
}

// remix-i18next's detector (query, cookie, Accept-Language with q-values): the middleware and the page
// cache's key (page-cache.server.ts) must agree on the language of a request.
const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    cookie: localeCookie,
    order: ['searchParams', 'cookie', 'header'],
  },
})

/** The language a request asks for: ?lng, then the language cookie, then Accept-Language, else English. */
export async function detectLanguage(request: Request): Promise<Language> {
  const lng = await detector.getLocale(request)
  return isLanguage(lng) ? lng : FALLBACK_LANGUAGE
}

const localeContext = createContext<Language>()
const i18nextContext = createContext<i18n>()

/** Root middleware: puts the request's language and its (shared) i18next instance in the router context. */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const lng = await detectLanguage(request)
  context.set(localeContext, lng)
  context.set(i18nextContext, sharedInstance(lng))
  return next()
}

/** The request's language; throws when the middleware did not run (see getI18n). */
export const getLocale = (context: Readonly<RouterContextProvider>): Language => context.get(localeContext)

/** The request's i18next instance; throws when the middleware did not run (see getI18n). */
export const getInstance = (context: Readonly<RouterContextProvider>): i18n => context.get(i18nextContext)

/** The shared i18next instance for `lng` (read-only: never change its language or resources). */
export async function createFixedInstance(lng: Language): Promise<i18n> {
  return sharedInstance(lng)
}

/** The request's i18next instance, falling back to its language's instance when the middleware did not run. */
export async function getI18n(request: Request, context: Readonly<RouterContextProvider>): Promise<i18n> {
  try {
    return getInstance(context)
  } catch {
    return sharedInstance(await detectLanguage(request))
  }
}
