// The admin accounts page's forms (/admin/admins) and the two-factor forms (/admin/security,
// /admin/two-factor): one Zod schema per form, used by the dialog before sending and by the action.
// Error messages are i18n keys (adminAccounts namespace, password rules from auth).
import { z } from 'zod'
import type { FieldErrors, SubmissionOptions } from '~/lib/form'
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

export const AdminAccountActionSchema = z.discriminatedUnion('intent', [CreateAdminSchema, ChangeRoleSchema, ChangeStatusSchema], { error: 'adminAccounts:errors.invalid' })
export type AdminAccountAction = z.infer<typeof AdminAccountActionSchema>
export type CreateAdminFormInput = z.infer<typeof CreateAdminSchema>

export type AdminAccountFieldErrors = FieldErrors<'fullName' | 'email' | 'role' | 'password'>

/** How `parseSubmission` reads any form of the admin accounts page: an unknown intent or admin is the whole form's error. */
export const ADMIN_ACCOUNT_FORM = {
  fields: ['intent', 'fullName', 'email', 'role', 'password', 'adminId'],
  formFields: ['intent', 'adminId'],
} satisfies SubmissionOptions

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
export const SecurityActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('enable'), password: confirmPassword }),
    z.object({ intent: z.literal('verify'), code: TotpCodeSchema }),
    z.object({ intent: z.literal('disable'), password: confirmPassword, code: TotpCodeSchema }),
  ],
  { error: 'adminAccounts:errors.invalid' },
)
export type SecurityAction = z.infer<typeof SecurityActionSchema>
export type SecurityFieldErrors = FieldErrors<'password' | 'code'>

/** How `parseSubmission` reads the /admin/security forms: an unknown intent is the whole form's error. */
export const SECURITY_FORM = { fields: ['intent', 'password', 'code'], formFields: ['intent'] } satisfies SubmissionOptions

/** /admin/two-factor: the second sign-in step, with the app's code or one backup code. */
export const TwoFactorSignInSchema = z.preprocess(
  // A form without a method is the app's code (the page's default); an empty or unknown one is refused.
  (raw) => (raw && typeof raw === 'object' && (raw as { method?: unknown }).method === undefined ? { ...raw, method: 'totp' } : raw),
  z.discriminatedUnion(
    'method',
    [z.object({ method: z.literal('totp'), code: TotpCodeSchema }), z.object({ method: z.literal('backup'), code: BackupCodeSchema })],
    { error: 'adminAccounts:errors.invalid' },
  ),
)
export type TwoFactorSignInInput = z.infer<typeof TwoFactorSignInSchema>

/** How `parseSubmission` reads the second sign-in step: every name sent (a missing method stays undefined); a bad method is the whole form's error. */
export const TWO_FACTOR_SIGN_IN_FORM = { formFields: ['method'] } satisfies SubmissionOptions
