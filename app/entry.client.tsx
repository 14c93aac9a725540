import i18next, { type BackendModule } from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { FALLBACK_LANGUAGE, NAMESPACES, SUPPORTED_LANGUAGES } from '~/lib/i18n'

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

async function main() {
  // The server already chose the language (query, cookie, header) and wrote it to <html lang>.
  const lng = document.documentElement.lang || FALLBACK_LANGUAGE
  await i18next
    .use(initReactI18next)
    .use(fetchBackend)
    .init({
      lng,
      ns: [...NAMESPACES],
      defaultNS: 'common',
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      interpolation: { escapeValue: false },
    })

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
