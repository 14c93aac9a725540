// The app's one stylesheet, sent inside the HTML in production builds (issue #11, Lighthouse).
//
// A linked stylesheet blocks the first paint for one more round trip: on Lighthouse's slow mobile
// connection that was 600 ms of a 2.3 s First Contentful Paint, and it is what kept the product page
// under 95. The whole file is 11 kB gzipped, so entry.server.tsx reads it once and every page carries
// it in a nonced <style> at the top of <head> (ADR 019 weighs the cost: each full page load repeats
// those bytes; client-side navigation does not). React renders only a marker as the element's text;
// the HTML stream writes the stylesheet's bytes, prepared once per process, in its place
// (app/lib/inline-stylesheet.server.ts), so no render copies the 56 kB.
//
// It is a React style resource (href + precedence): the server writes it into <head>, and in the
// browser React finds that element by its data-href and adopts it, so the browser renders the same
// resource with no text and never needs the CSS in its bundle. `react-router dev` (Vite's own CSS
// handling and hot reload) and a production server that could not read the file use the <link>.
import { createContext, useContext } from 'react'
import { useNonce } from '~/lib/csp'

/** The text React writes inside the element (the marker), provided by entry.server.tsx; null (the default) means "link it". */
export const InlineStylesheetContext = createContext<string | null>(null)

export function AppStylesheet({ href }: { href: string }) {
  const css = useContext(InlineStylesheetContext)
  const nonce = useNonce()
  const inline = import.meta.env.PROD && (import.meta.env.SSR ? css !== null : true)
  if (inline) {
    return (
      <style href={href} precedence="default" nonce={nonce}>
        {import.meta.env.SSR ? css : ''}
      </style>
    )
  }
  return <link rel="stylesheet" href={href} precedence="default" />
}
