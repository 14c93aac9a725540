import type { MiddlewareFunction, RouterContextProvider } from 'react-router'
import { baseUrl, env } from './env.server'
import { getI18n } from './i18next.server'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

/** Origins allowed to post: the app's public origin, the origin the request was addressed to, and TRUSTED_ORIGINS. */
export function allowedOrigins(request: Request): Set<string> {
  const list = [baseUrl(), new URL(request.url).origin, ...env().TRUSTED_ORIGINS.split(',')]
  return new Set(list.map((o) => normalizeOrigin(o.trim())).filter((o): o is string => Boolean(o)))
}

/**
 * Whether a state-changing request comes from one of our own pages. Browsers send Origin with
 * every POST; when it is missing (older browsers, non-browser clients) a Sec-Fetch-Site of
 * cross-site still marks a forged post. Safe methods always pass.
 */
export function isSameOriginRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true
  const origin = request.headers.get('Origin')
  if (origin !== null) {
    const normalized = origin === 'null' ? null : normalizeOrigin(origin)
    return normalized !== null && allowedOrigins(request).has(normalized)
  }
  const site = request.headers.get('Sec-Fetch-Site')
  return site !== 'cross-site' && site !== 'same-site'
}

/** Root middleware: refuses form posts and API calls from other sites with a translated 403. */
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (isSameOriginRequest(request)) return next()
  const i18n = await getI18n(request, context as RouterContextProvider)
  return new Response(i18n.t('errors:forbiddenOrigin'), {
    status: 403,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}
