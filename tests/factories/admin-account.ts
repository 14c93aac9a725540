// The admin account factory on its own (no route modules), so the e2e server's factory host can load
// it too (tests/e2e/support/factory-service.ts). tests/factories/admins.ts re-exports it.
import { createAdminAccount } from '~/modules/admin/admin-create.server'
import type { AdminRole } from '~/domain'

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

