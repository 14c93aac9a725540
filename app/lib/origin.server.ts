import { baseUrl, env } from './env.server'

/** Public origin for absolute URLs: APP_URL when set, otherwise the request's own origin. */
export function publicOrigin(request: Request): string {
  if (env().APP_URL) return baseUrl()
  return new URL(request.url).origin
}
