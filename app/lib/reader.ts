// The page's reader (language and digit-grouping region), from the root loader to every formatter.
// Apart from useFormat so that public pages, which format only prices and counts, load no more.
import { createContext, useContext } from 'react'
import { useTranslation } from 'react-i18next'
import { FALLBACK_LANGUAGE, isLanguage, readerOf, type Reader } from './i18n'

/** The page's reader, provided by the root's component; absent above it (the root's error boundary). */
export const ReaderContext = createContext<Reader | null>(null)

/** The page's reader: the root's, or, where it has none, the reader of the page language. */
export function useReader(): Reader {
  const reader = useContext(ReaderContext)
  const { i18n } = useTranslation()
  return reader ?? readerOf(isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE)
}
