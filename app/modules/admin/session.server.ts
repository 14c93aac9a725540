// Who is signed in to the admin panel, and the guards every admin loader and action calls.
import { eq } from 'drizzle-orm'
import { data, redirect } from 'react-router'
import { adminUsers } from '../../../db/schema'
import { ADMIN_SESSION_SECONDS, getAdminAuth } from '~/lib/admin-auth.server'
import { getDb } from '~/lib/db.server'
import { perRequest } from '~/lib/request-memo.server'
import { returnPath, safeRedirect } from '~/lib/safe-redirect'
import { can, ROLE_PERMISSIONS, type Permission } from './permissions'
import type { AdminHeaderDto } from './components/admin-shell'
import type { AdminRole } from '~/domain'

/** What the panel knows about the signed-in admin (a DTO: no auth internals). */
export type CurrentAdmin = {
  id: string
  email: string
  fullName: string
  role: AdminRole
  permissions: Permission[]
  sessionId: string
}

type Lookup = { admin: CurrentAdmin | null; setCookies: string[] }

async function lookupAdmin(request: Request): Promise<Lookup> {
  if (!/(?:^|;\s*)(?:__Secure-)?setu_admin\.session_token=/.test(request.headers.get('Cookie') ?? '')) return { admin: null, setCookies: [] }
  const auth = getAdminAuth()
  const { headers, response } = await auth.api.getSession({ headers: request.headers, returnHeaders: true, query: { disableCookieCache: true } })
  const setCookies = headers.getSetCookie()
  if (!response) return { admin: null, setCookies }
  const expired = new Date(response.session.createdAt).getTime() + ADMIN_SESSION_SECONDS * 1000 <= Date.now()
  const [row] = await getDb()
    .select({ id: adminUsers.id, email: adminUsers.email, name: adminUsers.name, role: adminUsers.role, isActive: adminUsers.isActive })
    .from(adminUsers)
    .where(eq(adminUsers.id, response.session.userId))
    .limit(1)
  if (expired || !row || !row.isActive) {
    // Past 24 hours, or deactivated since sign-in: the session ends now.
    const out = await auth.api.signOut({ headers: request.headers, returnHeaders: true }).catch(() => null)
    return { admin: null, setCookies: out?.headers.getSetCookie() ?? setCookies }
  }
  return {
    admin: { id: row.id, email: row.email, fullName: row.name, role: row.role, permissions: [...ROLE_PERMISSIONS[row.role]], sessionId: response.session.id },
    setCookies,
  }
}

/** One lookup per request, shared by its loaders (a read) or by the calls of one action. */
function lookup(request: Request): Promise<Lookup> {
  return perRequest(request, 'admin', () => lookupAdmin(request))
}

/** The panel header's view of the admin. */
export function adminHeader(admin: CurrentAdmin): AdminHeaderDto {
  return { fullName: admin.fullName, email: admin.email, role: admin.role, permissions: admin.permissions }
}

/** What a page answers (status 403) when the admin lacks its permission. */
export type AdminDeniedDto = { adminAccessDenied: true; admin: AdminHeaderDto }

/** The signed-in, active admin for this request, or null. */
export async function getCurrentAdmin(request: Request): Promise<CurrentAdmin | null> {
  return (await lookup(request)).admin
}

/** The /admin/login address that comes back to `request`'s page afterwards. */
export function adminLoginPath(request: Request): string {
  const back = returnPath(request)
  return back === '/admin/dashboard' || back === '/' ? '/admin/login' : `/admin/login?redirectTo=${encodeURIComponent(back)}`
}

/**
 * The signed-in admin, or a redirect to /admin/login (that comes back here; a dead session's
 * cookie is cleared on the way). With `permission`, an admin without it gets the 403 page.
 */
export async function requireAdmin(request: Request, permission?: Permission): Promise<CurrentAdmin> {
  const { admin, setCookies } = await lookup(request)
  if (!admin) {
    const headers = new Headers()
    for (const c of setCookies) headers.append('Set-Cookie', c)
    throw redirect(adminLoginPath(request), { headers })
  }
  if (permission && !can(admin.role, permission)) {
    throw data<AdminDeniedDto>({ adminAccessDenied: true, admin: adminHeader(admin) }, { status: 403 })
  }
  return admin
}

/** Sends a signed-in admin away from /admin/login. */
export async function requireNoAdmin(request: Request, redirectTo: unknown) {
  if (await getCurrentAdmin(request)) throw redirect(safeAdminRedirect(redirectTo))
}

/** A redirect target inside the admin panel; anything else goes to the dashboard. */
export function safeAdminRedirect(value: unknown): string {
  const path = safeRedirect(value, '/admin/dashboard')
  return path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin?') ? path : '/admin/dashboard'
}
