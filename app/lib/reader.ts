// The page's reader (language and digit-grouping region), which the root loader names: from there to
// every formatter through the router's loader data (no provider of its own). Apart from useFormat so
// that public pages, which format only prices and counts, load no more.
import { useContext } from 'react'
import { useTranslation } from 'react-i18next'
import { UNSAFE_DataRouterStateContext as RouterState } from 'react-router'
import type { ReaderRates } from './conversion'
import { FALLBACK_LANGUAGE, isLanguage, readerOf, type Reader } from './i18n'

/**
 * The page's reader, as the root loader named it (app/root.tsx). Without it (the root's error page, a
 * component rendered outside a router) the page language's reader.
 */
export function useReader(): Reader {
  const root = useContext(RouterState)?.loaderData.root as { reader?: Reader } | undefined
  const { i18n } = useTranslation()
  return root?.reader ?? readerOf(isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE)
}

/**
 * The reader's currency and the rates the page converts with (the root loader's readerRates); null
 * outside a router or when the root loader did not run (its error page).
 */
export function useReaderRates(): ReaderRates | null {
  const root = useContext(RouterState)?.loaderData.root as { rates?: ReaderRates } | undefined
  return root?.rates ?? null
}
