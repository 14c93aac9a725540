// The Host allow-list at the edge (APP_URL's host, loopback names, ALLOWED_HOSTS).
import type { RequestHandler } from 'express'
import { baseUrl, hostAllowed } from './env.server'
import { refuseAfterBody, translateForRequest } from './edge-refusal.server'

/**
 * Refuses requests whose Host is not one this server answers for (APP_URL's host, loopback names,
 * ALLOWED_HOSTS) with a translated 400, before any page, sitemap or cookie can be built from a forged
 * Host (DNS rebinding, host-header poisoning of caches and links).
 */
export const hostCheck: RequestHandler = (req, res, next) => {
  if (hostAllowed(req.headers.host)) return next()
  req.pause()
  translateForRequest(req, 'errors:unknownHost', () => ({ origin: baseUrl() }))
    .then(({ lng, text }) => refuseAfterBody(req, res, 400, lng, text))
    .catch(next)
}
