import { baseUrl, env, hostAllowed } from './env.server'

/**
 * Public origin for absolute URLs (canonical links, sitemap, robots.txt): APP_URL when set.
 * Without it, the request's own origin only when its Host is allowed (a loopback name or one of
 * ALLOWED_HOSTS), so a forged Host never reaches a page or a cached sitemap; otherwise baseUrl().
 */
export function publicOrigin(request: Request): string {
  if (env().APP_URL) return baseUrl()
  const url = new URL(request.url)
  return hostAllowed(url.host) ? url.origin : baseUrl()
}
