import i18next, { type BackendModule } from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { captureTypedInput } from '~/lib/typed-before-hydration'
import { FALLBACK_LANGUAGE, NAMESPACES, numbersFromTables, SUPPORTED_LANGUAGES } from '~/lib/i18n'

/** Loads /locales/{lng}/{ns}.json. */
const fetchBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    fetch(`/locales/${lng}/${ns}.json`)
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((json) => callback(null, json))
      .catch((err) => callback(err, false))
  },
}

/**
 * The namespaces the page's routes say they render with (`handle.i18n` on each matched route module,
 * app/lib/i18n.ts `I18nHandle`), or all of them when one route does not say. Loading only these before
 * hydrating, instead of all twenty files (about 250 kB in English, more in Hindi), took 100–200 ms of
 * Total Blocking Time off the home page in Lighthouse (issue #11). The others load before the first
 * client-side navigation (the root's client middleware, app/root.tsx).
 */
function pageNamespaces(): string[] {
  const modules = Object.values((window as { __reactRouterRouteModules?: object }).__reactRouterRouteModules ?? {}) as { handle?: { i18n?: string[] } }[]
  return modules.length && modules.every((m) => m?.handle?.i18n) ? ['common', ...modules.flatMap((m) => m.handle!.i18n!)] : [...NAMESPACES]
}

async function main() {
  // The server already chose the language (query, cookie, header) and wrote it to <html lang>.
  const lng = document.documentElement.lang || FALLBACK_LANGUAGE
  const first = pageNamespaces()
  await i18next
    .use(initReactI18next)
    .use(fetchBackend)
    .init({
      lng,
      ns: first,
      defaultNS: 'common',
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      interpolation: { escapeValue: false },
    })
  numbersFromTables(i18next)

  // What was typed so far that hydration itself would reset; put back once hydrated (app/root.tsx).
  captureTypedInput()
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    )
  })
}

main().catch((error) => console.error(error))
