// The page's reader (language and digit-grouping region), which the root loader names: from there to
// every formatter through the router's loader data (no provider of its own). Apart from useFormat so
// that public pages, which format only prices and counts, load no more.
import { useRouteLoaderData } from 'react-router'
import { FALLBACK_LANGUAGE, readerOf, type Reader } from './i18n'

// Only when the root loader did not run (its error page), which formats no numbers.
const FALLBACK_READER = readerOf(FALLBACK_LANGUAGE)

/** The page's reader, as the root loader named it (app/root.tsx). */
export function useReader(): Reader {
  return (useRouteLoaderData('root') as { reader?: Reader } | undefined)?.reader ?? FALLBACK_READER
}
