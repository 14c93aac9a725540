import { CLIENT_IP_HEADER, getAuth } from '~/lib/auth.server'
import { baseUrl } from '~/lib/env.server'
import type { Language } from '~/lib/i18n'

/** Header telling the verification-email hook which language the visitor is using. */
export const LANGUAGE_HEADER = 'x-setu-lng'

export type AuthEndpointReply = {
  ok: boolean
  status: number
  /** The parsed JSON body (better-auth replies `{ code, message }` on errors). */
  body: Record<string, unknown> | null
  /** Set-Cookie values to pass on to the browser. */
  setCookies: string[]
}

/**
 * Calls a better-auth endpoint through its HTTP handler on behalf of `request`. Going through the
 * handler (rather than `auth.api.*`) applies better-auth's per-client rate limits, keyed on the
 * client address the server put in CLIENT_IP_HEADER.
 */
export async function callAuthEndpoint(
  request: Request,
  path: '/sign-in/email' | '/sign-up/email' | '/send-verification-email',
  body: Record<string, unknown>,
  opts: { language?: Language } = {},
): Promise<AuthEndpointReply> {
  const headers = new Headers({ 'Content-Type': 'application/json', Origin: baseUrl() })
  const ip = request.headers.get(CLIENT_IP_HEADER)
  if (ip) headers.set(CLIENT_IP_HEADER, ip)
  const userAgent = request.headers.get('User-Agent')
  if (userAgent) headers.set('User-Agent', userAgent.slice(0, 500))
  if (opts.language) headers.set(LANGUAGE_HEADER, opts.language)
  const response = await getAuth().handler(
    new Request(`${baseUrl()}/api/auth${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
  )
  let json: Record<string, unknown> | null = null
  try {
    const parsed: unknown = await response.json()
    json = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null
  } catch {
    json = null
  }
  return { ok: response.ok, status: response.status, body: json, setCookies: response.headers.getSetCookie() }
}
