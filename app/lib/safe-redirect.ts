/**
 * The one check for every redirect target that comes from a request (a `redirectTo` query or
 * form field, a page to come back to). Only a path on this site passes; anything else — another
 * origin, a protocol-relative `//host`, a backslash that browsers read as a slash, a control
 * character (NUL…US and DEL, which would also break the Location header), an overlong value —
 * yields `fallback`. The result is re-serialised by the URL parser, so characters a header cannot
 * carry (Cyrillic, Devanagari, spaces) come out percent-encoded instead of throwing.
 */
export const SAFE_REDIRECT_MAX_LENGTH = 1000

const BASE = 'http://setu.invalid'

export function safeRedirect(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > SAFE_REDIRECT_MAX_LENGTH) return fallback
  if (!value.startsWith('/') || value.startsWith('//')) return fallback
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return fallback
  }
  if (url.origin !== BASE) return fallback
  const path = `${url.pathname}${url.search}${url.hash}`
  if (path.startsWith('//') || path.length > SAFE_REDIRECT_MAX_LENGTH * 3) return fallback
  return path
}

/** The current page as a redirect target (for "sign in and come back"). */
export function returnPath(request: Request): string {
  const url = new URL(request.url)
  return safeRedirect(`${url.pathname}${url.search}`)
}
