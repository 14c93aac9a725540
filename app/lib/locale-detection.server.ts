// Which language a request asks for, and the language cookie: kept apart from i18next.server.ts (which
// bundles every translation file through Vite's import.meta.glob) so that code outside the Vite build,
// such as the benchmarks run with tsx, can load the page and reference caches that need it.
import { createCookie } from 'react-router'
import { RemixI18Next } from 'remix-i18next/server'
import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, SUPPORTED_LANGUAGES, isLanguage, type Language } from './i18n'

export const localeCookie = createCookie(LANGUAGE_COOKIE, {
  path: '/',
  sameSite: 'lax',
  httpOnly: false, // the browser-side detector reads it too (spec §9: cached in a cookie)
  maxAge: 60 * 60 * 24 * 365,
  // Under an https APP_URL the cookie is never sent over plain http. Read from process.env directly:
  // this module loads before the environment is validated at start.
  secure: /^https:\/\//i.test(process.env.APP_URL ?? ''),
})

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

/** Most remembered detections; past this the memo starts over. */
const DETECTIONS_MAX = 2_000
/** Longer inputs (a request with many cookies) are detected each time rather than remembered. */
const DETECTION_KEY_MAX = 2_048
const detections = new Map<string, Language>()

/**
 * What the detector reads, as one string: the `lng` query parameter (or its absence), the Cookie header
 * and Accept-Language. The answer depends on nothing else, so it is remembered per key: parsing the
 * cookie and Accept-Language took a visible share of a cached page's time (issue 11).
 */
function detectionKey(url: string, cookie: string | null | undefined, acceptLanguage: string | null | undefined): string {
  let lng = '\u0001'
  if (url.includes('lng')) {
    const params = new URL(url).searchParams
    if (params.has('lng')) lng = params.get('lng') ?? ''
  }
  return `${lng}\u0000${cookie ?? ''}\u0000${acceptLanguage ?? ''}`
}

function remember(key: string, lng: Language) {
  if (key.length > DETECTION_KEY_MAX) return
  if (detections.size >= DETECTIONS_MAX) detections.clear()
  detections.set(key, lng)
}

/** The language a request asks for: ?lng, then the language cookie, then Accept-Language, else English. */
export async function detectLanguage(request: Request): Promise<Language> {
  const key = detectionKey(request.url, request.headers.get('Cookie'), request.headers.get('Accept-Language'))
  const known = detections.get(key)
  if (known) return known
  const detected = await detector.getLocale(request)
  const lng = isLanguage(detected) ? detected : FALLBACK_LANGUAGE
  remember(key, lng)
  return lng
}

/**
 * detectLanguage for a request known by its URL and raw headers (the page cache, before any Request
 * exists): the same answer, without building a Request when the answer is remembered.
 */
export async function detectLanguageOf(url: URL, cookie: string | undefined, acceptLanguage: string | undefined): Promise<Language> {
  const known = detections.get(detectionKey(url.href, cookie, acceptLanguage))
  if (known) return known
  const headers = new Headers()
  if (cookie) headers.set('Cookie', cookie)
  if (acceptLanguage) headers.set('Accept-Language', acceptLanguage)
  return detectLanguage(new Request(url.href, { headers }))
}

const serializedLocaleCookies = new Map<string, string>()

/**
 * The Set-Cookie value for the language cookie, as localeCookie.serialize(lng) writes it. Its Expires
 * has whole seconds, so the value is the same throughout a second and is built once per second and language.
 */
export async function serializeLocaleCookie(lng: Language): Promise<string> {
  const key = `${lng}|${Math.floor(Date.now() / 1000)}`
  let value = serializedLocaleCookies.get(key)
  if (value === undefined) {
    value = await localeCookie.serialize(lng)
    if (serializedLocaleCookies.size >= 16) serializedLocaleCookies.clear()
    serializedLocaleCookies.set(key, value)
  }
  return value
}
