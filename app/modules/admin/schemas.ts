import { z } from 'zod'
import { AUDIT_ACTIONS } from './roles'

export const ADMIN_EMAIL_MAX = 254
export const ADMIN_PASSWORD_MAX = 128
export const ADMIN_NAME_MIN = 2
export const ADMIN_NAME_MAX = 100
/** Audit log viewer page size (server-side pagination). */
export const AUDIT_PAGE_SIZE = 50

/** Spec §2/§5 Admin login: email and password, both required. */
export const AdminLoginSchema = z.object({
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : ''),
    z
      .string()
      .min(1, { error: 'admin:login.emailRequired' })
      .pipe(z.email({ error: 'admin:login.emailInvalid' }).max(ADMIN_EMAIL_MAX, { error: 'admin:login.emailInvalid' })),
  ),
  password: z.preprocess(
    (v) => (typeof v === 'string' ? v : ''),
    z.string().min(1, { error: 'admin:login.passwordRequired' }).max(ADMIN_PASSWORD_MAX, { error: 'admin:login.passwordTooLong' }),
  ),
})
export type AdminLoginInput = z.infer<typeof AdminLoginSchema>

export type AdminFieldErrors = Partial<Record<'email' | 'password', string>>

/** Parses the login form; field errors are i18n keys. */
export function parseAdminLogin(form: FormData): { ok: true; value: AdminLoginInput } | { ok: false; fieldErrors: AdminFieldErrors; email: string } {
  const raw = { email: form.get('email'), password: form.get('password') }
  const result = AdminLoginSchema.safeParse(raw)
  if (result.success) return { ok: true, value: result.data }
  const fieldErrors: AdminFieldErrors = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0]
    if (field === 'email' || field === 'password') fieldErrors[field] ??= issue.message
  }
  const email = typeof raw.email === 'string' ? raw.email.slice(0, ADMIN_EMAIL_MAX) : ''
  return { ok: false, fieldErrors, email }
}

/** Audit log viewer filters, from the query string; anything unreadable is dropped, never an error. */
export const AuditFilterSchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
  admin: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
})
export type AuditFilter = z.infer<typeof AuditFilterSchema>

export function parseAuditFilter(url: URL): AuditFilter {
  const get = (k: string) => url.searchParams.get(k) ?? undefined
  return AuditFilterSchema.parse({ action: get('action'), admin: get('admin'), page: get('page') })
}
