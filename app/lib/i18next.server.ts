import { createInstance, type i18n, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { createCookie } from 'react-router'
import { createI18nextMiddleware } from 'remix-i18next/middleware'
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

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    cookie: localeCookie,
    order: ['searchParams', 'cookie', 'header'],
  },
  i18next: i18nextOptions,
  plugins: [initReactI18next],
})

/** Language for a request without the middleware (404s, resource routes): ?lng, cookie, Accept-Language. */
export async function detectLanguage(request: Request): Promise<Language> {
  const url = new URL(request.url)
  const fromQuery = url.searchParams.get('lng')
  if (isLanguage(fromQuery)) return fromQuery
  const fromCookie = await localeCookie.parse(request.headers.get('Cookie'))
  if (isLanguage(fromCookie)) return fromCookie
  const header = request.headers.get('Accept-Language') ?? ''
  for (const part of header.split(',')) {
    const code = part.split(';')[0]?.trim().slice(0, 2).toLowerCase()
    if (isLanguage(code)) return code
  }
  return FALLBACK_LANGUAGE
}

/** A standalone i18next instance in `lng`; used where the middleware did not run. */
export async function createFixedInstance(lng: Language): Promise<i18n> {
  const instance = createInstance()
  await instance.use(initReactI18next).init({ ...i18nextOptions, lng })
  return instance
}

/** The request's i18next instance, falling back to a fresh one when the middleware did not run. */
export async function getI18n(request: Request, context: Parameters<typeof getInstance>[0]): Promise<i18n> {
  try {
    return getInstance(context)
  } catch {
    return createFixedInstance(await detectLanguage(request))
  }
}
