// Browser-side support for the Content-Security-Policy that server/start.mjs sends
// (app/lib/security-headers.server.ts): the script nonce, and no eval.
import { createContext, useContext } from 'react'

/**
 * Inline script for <head>: Zod probes `new Function` to decide whether to compile its parsers, and
 * under our CSP (no 'unsafe-eval') that probe is refused and reported as a violation on every page.
 * `z.config({ jitless: true })` would come too late: the bundler evaluates Zod and the schemas that
 * share its chunk before any app module body runs. Zod reads its settings from this global
 * (shared by all Zod copies), so setting it before the first module script has the same effect.
 */
export const ZOD_JITLESS_SCRIPT = 'globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true })'

// Set by entry.server.tsx from the nonce the Express server put in the CSP header. In the browser it
// stays undefined: browsers hide nonce attributes from the DOM, so hydration compares nothing.
export const NonceContext = createContext<string | undefined>(undefined)

/** The CSP nonce that inline scripts rendered on the server must carry. */
export function useNonce(): string | undefined {
  return useContext(NonceContext)
}
