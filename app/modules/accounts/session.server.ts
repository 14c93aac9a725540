import { eq } from 'drizzle-orm'
import { redirect, type MiddlewareFunction } from 'react-router'
import { profiles, users } from '../../../db/schema'
import { getAuth } from '~/lib/auth.server'
import { getDb } from '~/lib/db.server'
import { isRead, perRequest } from '~/lib/request-memo.server'
import { recordSecurityEvent } from '~/lib/security-events.server'
import { redirectWithToast } from '~/lib/toast.server'
import './auth-hooks.server'
import { returnPath } from '~/lib/safe-redirect'
import type { Currency, TradingCountry } from '~/domain'

/** What the layout and guards know about the signed-in user (a DTO: no auth internals). */
export type CurrentUser = {
  id: string
  email: string
  name: string
  profile: {
    id: string
    name: string
    userType: 'Buyer' | 'Seller'
    country: TradingCountry
    /** Amounts in other currencies are shown converted to this one too (issue 28 item 4). */
    preferredCurrency: Currency
    kycStatus: 'Pending' | 'Approved' | 'Rejected' | null
    accountStatus: 'active' | 'suspended' | 'banned'
  } | null
}

/**
 * ASVS V7.3.2: a session ends this long after sign-in however often it was refreshed; the owner
 * then signs in again.
 */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000

type SessionLookup = {
  session: { user: { id: string }; session: { id: string } } | null
  /** Set-Cookie values better-auth produced: a refreshed session cookie, or the removal of a dead one. */
  setCookies: string[]
}

// better-auth's cookies (session token, session data, don't-remember) all carry the "setu." prefix.
const AUTH_COOKIE = /(?:^|;\s*)(?:__Secure-)?setu\./
function lookupSession(request: Request): Promise<SessionLookup> {
  // Without any of better-auth's cookies there is no session to find and none to clear: most public
  // page requests skip better-auth's endpoint machinery altogether (issue 11).
  if (!AUTH_COOKIE.test(request.headers.get('Cookie') ?? '')) return Promise.resolve({ session: null, setCookies: [] })
  // One lookup per page request, shared by the refresh middleware and the loaders. Only reads are
  // remembered: an action may sign in or out, after which the request's session is stale.
  return perRequest(
    request,
    'session',
    () =>
      getAuth()
        .api.getSession({ headers: request.headers, returnHeaders: true })
        .then(({ headers, response }) => {
          if (response && new Date(response.session.createdAt).getTime() + SESSION_ABSOLUTE_LIFETIME_MS <= Date.now()) {
            return endExpiredSession(request, response.session.userId)
          }
          return { session: response, setCookies: headers.getSetCookie() }
        }),
    { readsOnly: true },
  )
}

/** Deletes a session past its absolute lifetime and answers as signed out, with the cookie removal. */
async function endExpiredSession(request: Request, userId: string): Promise<SessionLookup> {
  let setCookies: string[] = []
  try {
    const { headers } = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true })
    setCookies = headers.getSetCookie()
    await recordSecurityEvent({ type: 'session_expired', userId, request, details: { reason: 'absolute_lifetime' } })
  } catch (err) {
    // The page still renders signed out; the next request tries to end the session again.
    console.error('[setu] could not end an expired session', err)
  }
  return { session: null, setCookies }
}

/**
 * Root middleware (spec §4 "Auth session: refreshes automatically"): while a session is in use,
 * better-auth extends it once a day; this passes the refreshed cookie (or the removal of an
 * expired one) on to the browser with the page.
 */
export const sessionRefreshMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (!isRead(request) || !/setu\.session_token=/.test(request.headers.get('Cookie') ?? '')) return next()
  const { setCookies } = await lookupSession(request)
  const response = await next()
  if (setCookies.length === 0) return response
  const headers = new Headers(response.headers)
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/**
 * The id of the request's session and its user's id, or null when signed out: from the same
 * lookup the page's other loaders share (one cookie check and one read per page request).
 */
export async function getCurrentSession(request: Request): Promise<{ id: string; userId: string } | null> {
  const { session } = await lookupSession(request)
  return session ? { id: session.session.id, userId: session.user.id } : null
}

/**
 * Who the request's session belongs to: `user` when signed in, verified and not blocked; otherwise
 * null, with `unverifiedEmail` set when the session's only fault is an email not verified yet (spec §8:
 * such a session is sent to verify, not treated as a visitor's). Read once per page request.
 */
type SessionStanding = { user: CurrentUser | null; unverifiedEmail: string | null }

function getSessionStanding(request: Request): Promise<SessionStanding> {
  return perRequest(request, 'currentUser', () => loadSessionStanding(request), { readsOnly: true })
}

/** The signed-in, verified, non-blocked user for this request, or null (read once per page request). */
export async function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  return (await getSessionStanding(request)).user
}

/** The email of the request's session when it is not verified yet (and the account is not blocked), else null. */
export async function getUnverifiedEmail(request: Request): Promise<string | null> {
  return (await getSessionStanding(request)).unverifiedEmail
}

const SIGNED_OUT: SessionStanding = { user: null, unverifiedEmail: null }

async function loadSessionStanding(request: Request): Promise<SessionStanding> {
  const { session } = await lookupSession(request)
  if (!session) return SIGNED_OUT
  const [row] = await getDb()
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      profileId: profiles.id,
      profileName: profiles.name,
      userType: profiles.userType,
      country: profiles.country,
      preferredCurrency: profiles.preferredCurrency,
      kycStatus: profiles.kycStatus,
      accountStatus: profiles.accountStatus,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, session.user.id))
    .limit(1)
  if (!row) return SIGNED_OUT
  // A suspended or banned account is signed out, verified or not.
  if (row.accountStatus && row.accountStatus !== 'active') return SIGNED_OUT
  if (!row.emailVerified) return { user: null, unverifiedEmail: row.email }
  const user: CurrentUser = {
    id: row.id,
    email: row.email,
    name: row.name,
    profile: row.profileId
      ? {
          id: row.profileId,
          name: row.profileName!,
          userType: row.userType!,
          country: row.country!,
          preferredCurrency: row.preferredCurrency!,
          kycStatus: row.kycStatus ?? null,
          accountStatus: row.accountStatus!,
        }
      : null,
  }
  return { user, unverifiedEmail: null }
}

/** Spec §8: where an unverified session goes, with the catalogue's 'Please verify your email address…'. */
export const VERIFY_EMAIL_PATH = '/verify-email'

/**
 * For a request that needs a signed-in user and has none: a session whose email is not verified yet
 * goes to the verification page with the catalogue's message (spec §8); anyone else signs in and
 * comes back to `back` (the request's own path by default). Always throws the redirect.
 */
export async function throwSignInRequired(request: Request, back = returnPath(request)): Promise<never> {
  if (await getUnverifiedEmail(request)) {
    throw await redirectWithToast(request, VERIFY_EMAIL_PATH, { type: 'info', key: 'errors:auth.emailNotConfirmed' })
  }
  throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`)
}

/** The signed-in user, or a redirect to /login that comes back here afterwards (to verify, for an unverified session). */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request)
  if (!user) return throwSignInRequired(request)
  return user
}

/** Redirects signed-in users away from guest-only pages (/login, /register). */
export async function requireAnonymous(request: Request) {
  if (await getCurrentUser(request)) throw redirect('/')
}
