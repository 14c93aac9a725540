// The admin accounts page's forms (/admin/admins) and the two-factor forms (/admin/security,
// /admin/two-factor): one Zod schema per form, used by the dialog before sending and by the action.
// Error messages are i18n keys (adminAccounts namespace, password rules from auth).
import { z } from 'zod'
import { ADMIN_ROLES, PASSWORD_MAX } from '~/domain'
import { PasswordSchema } from '~/modules/accounts'
import { ADMIN_EMAIL_MAX, ADMIN_NAME_MAX, ADMIN_NAME_MIN } from '../schemas'

/** Admin accounts list page size (server-side pagination). */
export const ADMIN_ACCOUNTS_PAGE_SIZE = 25

const ADMIN_ID = /^[A-Za-z0-9_-]{1,64}$/
// Control characters never belong in a name.
const CONTROL = /[\u0000-\u001f\u007f]/g

const str = (v: unknown) => (typeof v === 'string' ? v : '')

const adminId = z.preprocess(str, z.string().regex(ADMIN_ID, { error: 'adminAccounts:errors.notFound' }))
const role = z.preprocess(str, z.enum(ADMIN_ROLES, { error: 'adminAccounts:errors.roleInvalid' }))

export const CreateAdminSchema = z.object({
  intent: z.literal('create'),
  fullName: z.preprocess(
    (v) => str(v).replace(CONTROL, '').trim().replace(/\s+/g, ' '),
    z.string().min(ADMIN_NAME_MIN, { error: 'adminAccounts:errors.nameLength' }).max(ADMIN_NAME_MAX, { error: 'adminAccounts:errors.nameLength' }),
  ),
  email: z.preprocess(
    (v) => str(v).trim().toLowerCase(),
    z
      .string()
      .min(1, { error: 'adminAccounts:errors.emailRequired' })
      .pipe(z.email({ error: 'adminAccounts:errors.emailInvalid' }).max(ADMIN_EMAIL_MAX, { error: 'adminAccounts:errors.emailInvalid' })),
  ),
  role,
  password: z.preprocess(str, PasswordSchema),
})

export const ChangeRoleSchema = z.object({ intent: z.literal('role'), adminId, role })
export const ChangeStatusSchema = z.object({ intent: z.enum(['deactivate', 'activate']), adminId })

export const AdminAccountActionSchema = z.discriminatedUnion('intent', [CreateAdminSchema, ChangeRoleSchema, ChangeStatusSchema])
export type AdminAccountAction = z.infer<typeof AdminAccountActionSchema>
export type CreateAdminFormInput = z.infer<typeof CreateAdminSchema>

export type AdminAccountFieldErrors = Partial<Record<'fullName' | 'email' | 'role' | 'password' | 'form', string>>

type FormLike = { get(name: string): FormDataEntryValue | null }

/** Parses any form of the admin accounts page; field errors are i18n keys. */
export function parseAdminAccountAction(form: FormLike): { ok: true; value: AdminAccountAction } | { ok: false; fieldErrors: AdminAccountFieldErrors } {
  const raw = { intent: form.get('intent'), fullName: form.get('fullName'), email: form.get('email'), role: form.get('role'), password: form.get('password'), adminId: form.get('adminId') }
  const result = AdminAccountActionSchema.safeParse(raw)
  if (result.success) return { ok: true, value: result.data }
  const fieldErrors: AdminAccountFieldErrors = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0]
    if (field === 'fullName' || field === 'email' || field === 'role' || field === 'password') fieldErrors[field] ??= issue.message
    else fieldErrors.form ??= field === 'adminId' ? issue.message : 'adminAccounts:errors.invalid'
  }
  return { ok: false, fieldErrors }
}

/** The create dialog's own check (the same schema as the action). */
export function parseCreateAdmin(form: FormData) {
  const parsed = parseAdminAccountAction(form)
  return parsed.ok ? ({ ok: true } as const) : parsed
}

// ---- two-factor ----

/** A six-digit code from the authenticator app (spaces typed between groups are ignored). */
export const TotpCodeSchema = z.preprocess((v) => str(v).replace(/\s+/g, ''), z.string().regex(/^\d{6}$/, { error: 'adminAccounts:twoFactor.errors.codeFormat' }))
/** A backup code as shown when two-factor sign-in was turned on: five letters or digits, a dash, five more. */
export const BackupCodeSchema = z.preprocess((v) => str(v).trim(), z.string().regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, { error: 'adminAccounts:twoFactor.errors.backupFormat' }))

const confirmPassword = z.preprocess(
  str,
  z.string().min(1, { error: 'adminAccounts:twoFactor.errors.passwordRequired' }).max(PASSWORD_MAX, { error: 'adminAccounts:twoFactor.errors.passwordRequired' }),
)

/** /admin/security: start (password), confirm (code from the app), turn off (password and code). */
export const SecurityActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('enable'), password: confirmPassword }),
  z.object({ intent: z.literal('verify'), code: TotpCodeSchema }),
  z.object({ intent: z.literal('disable'), password: confirmPassword, code: TotpCodeSchema }),
])
export type SecurityAction = z.infer<typeof SecurityActionSchema>
export type SecurityFieldErrors = Partial<Record<'password' | 'code' | 'form', string>>

export function parseSecurityAction(form: FormLike): { ok: true; value: SecurityAction } | { ok: false; fieldErrors: SecurityFieldErrors } {
  const result = SecurityActionSchema.safeParse({ intent: form.get('intent'), password: form.get('password'), code: form.get('code') })
  if (result.success) return { ok: true, value: result.data }
  const fieldErrors: SecurityFieldErrors = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0]
    if (field === 'password' || field === 'code') fieldErrors[field] ??= issue.message
    else fieldErrors.form ??= 'adminAccounts:errors.invalid'
  }
  return { ok: false, fieldErrors }
}

/** /admin/two-factor: the second sign-in step, with the app's code or one backup code. */
export const TwoFactorSignInSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: TotpCodeSchema }),
  z.object({ method: z.literal('backup'), code: BackupCodeSchema }),
])
export type TwoFactorSignInInput = z.infer<typeof TwoFactorSignInSchema>

export function parseTwoFactorSignIn(form: FormLike): { ok: true; value: TwoFactorSignInInput } | { ok: false; fieldErrors: Partial<Record<'code' | 'form', string>>; method: 'totp' | 'backup' } {
  const method = form.get('method') === 'backup' ? 'backup' : 'totp'
  const result = TwoFactorSignInSchema.safeParse({ method: form.get('method') ?? 'totp', code: form.get('code') })
  if (result.success) return { ok: true, value: result.data }
  const issue = result.error.issues[0]
  return { ok: false, method, fieldErrors: issue?.path[0] === 'code' ? { code: issue.message } : { form: 'adminAccounts:errors.invalid' } }
}
