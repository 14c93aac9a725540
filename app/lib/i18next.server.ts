import { createInstance, type i18n, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { FALLBACK_LANGUAGE, NAMESPACES, numbersFromTables, SUPPORTED_LANGUAGES, type Language } from './i18n'
import { detectLanguage } from './locale-detection.server'

// The language detection and cookie live in locale-detection.server.ts; re-exported for the app's imports.
export { detectLanguage, detectLanguageOf, localeCookie, serializeLocaleCookie } from './locale-detection.server'

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
    numbersFromTables(instance)
    memoizeFixedT(instance)
    instances.set(lng, instance)
  }
  return instance
}

/** Most memoised translations kept per language (the bundled resources hold far fewer keys). */
export const TRANSLATION_MEMO_MAX = 20_000
/** Most memoised translations with options kept per language; past this that memo starts over. */
export const OPTIONS_MEMO_MAX = 20_000
/** Longest options (as JSON) whose translation is memoised: 20,000 entries then stay within a few MB. */
const OPTIONS_KEY_MAX = 256

/**
 * The options of a `t(key, options)` call as part of a memo key: their JSON when every value is a
 * string, a finite number, a boolean or undefined (JSON escapes whatever a value holds, so two
 * different option sets never give the same text), else null: an object (a Date to format, nested
 * interpolation settings) is translated each time, and so are options longer than OPTIONS_KEY_MAX
 * (a long search term from a URL would make each memo entry, and so the bounded memo, large).
 */
function optionsKey(options: unknown): string | null {
  if (typeof options !== 'object' || options === null) return null
  const proto = Object.getPrototypeOf(options)
  if (proto !== Object.prototype && proto !== null) return null
  for (const value of Object.values(options)) {
    const type = typeof value
    if (type === 'number' ? !Number.isFinite(value) : type !== 'string' && type !== 'boolean' && type !== 'undefined') return null
  }
  const key = JSON.stringify(options)
  return key.length <= OPTIONS_KEY_MAX ? key : null
}

/**
 * Every `t` that components get from useTranslation is a getFixedT function, and each call of it
 * copied i18next's whole options object twice and resolved the key again: 8–11 % of a public page's
 * CPU (issue 11). A shared instance's language and resources never change, so `t(key)` always gives
 * the same string, and so does `t(key, options)` for the same plain options (interpolated values, a
 * count): those results are memoised per instance, keyed by the fixed language, namespace, key prefix,
 * key and options. Calls with other options or with a selector run as before. Both memos are bounded
 * (a key or an interpolated search could come from a URL).
 */
function memoizeFixedT(instance: i18n) {
  const memo = new Map<string, string>()
  const withOptions = new Map<string, string>()
  const getFixedT = instance.getFixedT
  type LooseT = ((...a: unknown[]) => unknown) & { lng?: unknown; lngs?: unknown; ns?: unknown; keyPrefix?: unknown }
  const memoized = function (this: i18n, ...args: Parameters<i18n['getFixedT']>) {
    const fixed = getFixedT.apply(this, args) as unknown as LooseT
    const [lng, ns, keyPrefix] = args
    if ((lng != null && typeof lng !== 'string') || (keyPrefix != null && typeof keyPrefix !== 'string')) return fixed
    const scope = `${lng ?? ''}\u0000${Array.isArray(ns) ? ns.join('\u0001') : (ns ?? '')}\u0000${keyPrefix ?? ''}\u0000`
    const t = (key: unknown, ...rest: unknown[]) => {
      if (typeof key !== 'string' || rest.length > 1) return fixed(key, ...rest)
      if (rest.length === 1) {
        const options = optionsKey(rest[0])
        if (options === null) return fixed(key, rest[0])
        const memoKey = `${scope}${key}\u0000${options}`
        let text = withOptions.get(memoKey)
        if (text === undefined) {
          const result = fixed(key, rest[0])
          if (typeof result !== 'string') return result
          text = result
          if (withOptions.size >= OPTIONS_MEMO_MAX) withOptions.clear()
          withOptions.set(memoKey, text)
        }
        return text
      }
      const memoKey = scope + key
      let text = memo.get(memoKey)
      if (text === undefined) {
        const result = fixed(key)
        if (typeof result !== 'string') return result
        text = result
        if (memo.size < TRANSLATION_MEMO_MAX) memo.set(memoKey, text)
      }
      return text
    }
    // useTranslation and callers read these back from the function (i18next sets them on its own).
    return Object.assign(t, { lng: fixed.lng, lngs: fixed.lngs, ns: fixed.ns, keyPrefix: fixed.keyPrefix })
  }
  instance.getFixedT = memoized as unknown as i18n['getFixedT']
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
