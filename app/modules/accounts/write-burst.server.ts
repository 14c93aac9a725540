// The backstop against scripted bursts (issue 26 item 9, "API-like bursts"): every write a signed-in
// account sends counts against ACTION_LIMITS.writeBurst, whatever the route. The per-action limits
// answer in the form the user is on; this one answers with the root's translated "Too many requests"
// page (or its message as data for fetchers and API callers), status 429 and Retry-After.
import { data, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { getI18n } from '~/lib/i18next.server'
import { enforceLimit, noteRefusal } from '~/lib/rate-limit.server'
import { isRead } from '~/lib/request-memo.server'
import { getCurrentSession } from './session.server'

/** Root middleware, after the CSRF check (a refused cross-site post counts for nobody) and inside limitHeadersMiddleware. */
export const writeBurstMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (isRead(request)) return next()
  const session = await getCurrentSession(request)
  if (!session) return next()
  const verdict = await enforceLimit('writeBurst', session.userId)
  if (verdict.ok) return next()
  noteRefusal(verdict)
  const i18n = await getI18n(request, context as RouterContextProvider)
  throw data({ reason: 'rateLimited', message: i18n.t(verdict.messageKey) }, { status: 429, statusText: 'Too Many Requests' })
}
