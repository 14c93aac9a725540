// Admin accounts for tests (ADR 012): created through the same server code as the CLI.
import { createAdminAccount } from '~/modules/admin/commands.server'
import type { AdminRole } from '~/modules/admin/roles'
import { action as adminLoginAction } from '~/routes/admin/login'
import { callRoute, form } from '../integration/account-support'
import { cookieHeaderFrom } from './users'

let counter = 0

export const ADMIN_TEST_PASSWORD = 'Admin-Pass-2026!'

/** Creates an active admin with `role` and returns its credentials. */
export async function createAdmin(opts: { role?: AdminRole; email?: string; fullName?: string; password?: string } = {}) {
  counter += 1
  const email = opts.email ?? `admin${counter}-${Date.now().toString(36)}@example.com`
  const password = opts.password ?? ADMIN_TEST_PASSWORD
  const fullName = opts.fullName ?? `Test Admin ${counter}`
  const role = opts.role ?? 'admin'
  const created = await createAdminAccount({ email, fullName, role, password })
  if ('error' in created) throw new Error(`admin ${email} exists`)
  return { id: created.id, email, password, fullName, role }
}

/** Client headers the server would set for a browser at a fixed address. */
export const ADMIN_CLIENT = { 'x-setu-client-ip': '203.0.113.9', 'User-Agent': 'AdminTest/1.0' }

/** Posts the /admin/login form. */
export function adminLogin(email: string, password: string, opts: { redirectTo?: string; cookie?: string } = {}) {
  const fields: Record<string, string> = { email, password }
  if (opts.redirectTo) fields.redirectTo = opts.redirectTo
  return callRoute(adminLoginAction, '/admin/login', { body: form(fields), headers: ADMIN_CLIENT, cookie: opts.cookie })
}

/** Signs in at /admin/login and returns the Cookie header value of the admin session. */
export async function adminCookie(email: string, password: string): Promise<string> {
  const out = await adminLogin(email, password)
  const cookie = cookieHeaderFrom(out.response)
  if (!/setu_admin\.session_token=/.test(cookie)) throw new Error(`admin sign-in failed: ${out.status} ${JSON.stringify(out.data)}`)
  return cookie
}
