// Registration, login and resend-verification forms (spec §5): one Zod schema per form, shared by
// the form (checked before submit) and the action. Messages are i18n keys.
import { z } from 'zod'
import { KYC_MAX_BYTES } from '~/modules/kyc/schemas'
import {
  COUNTRIES,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USER_TYPES,
  phoneField,
  type FieldErrors,
} from './profile-schemas'

export { COUNTRIES, USER_TYPES, type FieldErrors }
/** File names the registration picker offers; the server judges the bytes, not the name. */
export const KYC_FILE_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'] as const

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v)

export const EmailField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.email({ error: 'auth:validation.emailInvalid' }).max(254, { error: 'auth:validation.emailInvalid' }),
)

const password = z
  .string({ error: 'auth:validation.passwordMin' })
  .min(PASSWORD_MIN, { error: 'auth:validation.passwordMin' })
  .max(PASSWORD_MAX, { error: 'auth:validation.passwordTooLong' })

/** A picked file, as FormData gives it in the browser and on the server. */
type PickedFile = { name: string; size: number; type: string; arrayBuffer: () => Promise<ArrayBuffer> }

function isPickedFile(v: unknown): v is PickedFile {
  return !!v && typeof v === 'object' && typeof (v as PickedFile).size === 'number' && typeof (v as PickedFile).arrayBuffer === 'function'
}

/** Spec §5 file rules as far as a name and size tell (the server also checks the bytes). */
export function kycFileProblem(v: unknown): 'kyc:errors.required' | 'kyc:errors.tooLarge' | 'kyc:errors.invalidType' | null {
  if (!isPickedFile(v) || v.size === 0) return 'kyc:errors.required'
  if (v.size > KYC_MAX_BYTES) return 'kyc:errors.tooLarge'
  const name = v.name.toLowerCase()
  if (!KYC_FILE_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'kyc:errors.invalidType'
  return null
}

export const RegisterSchema = z
  .object({
    name: z.preprocess(
      trimmed,
      z.string({ error: 'auth:validation.nameMin' })
        .min(NAME_MIN, { error: 'auth:validation.nameMin' })
        .max(100, { error: 'auth:validation.nameTooLong' }),
    ),
    email: EmailField,
    password,
    confirmPassword: password,
    country: z.enum(COUNTRIES, { error: 'auth:validation.countryRequired' }),
    userType: z.enum(USER_TYPES, { error: 'auth:validation.userTypeRequired' }),
    companyName: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null),
      z.string().max(200, { error: 'auth:validation.companyTooLong' }).nullable(),
    ),
    phoneNumber: phoneField('auth:validation.phoneInvalid'),
    /** Sellers only; ignored for buyers. */
    kycDocument: z.custom<PickedFile | undefined>(() => true).optional(),
  })
  // These run even when other fields have problems, so the form shows every message at once.
  .refine((v) => typeof v.password !== 'string' || typeof v.confirmPassword !== 'string' || v.password === v.confirmPassword, {
    error: 'auth:validation.passwordsMismatch',
    path: ['confirmPassword'],
    when: () => true,
  })
  .superRefine((v, ctx) => {
    if (v.userType !== 'Seller') return
    const problem = kycFileProblem(v.kycDocument)
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['kycDocument'] })
  })
  .transform((v) => ({ ...v, kycDocument: v.userType === 'Seller' ? v.kycDocument : undefined }))
export type RegisterInput = z.infer<typeof RegisterSchema>

export const LoginSchema = z.object({
  email: EmailField,
  password,
})
export type LoginInput = z.infer<typeof LoginSchema>

export const ResendVerificationSchema = z.object({ email: EmailField })
export type ResendVerificationInput = z.infer<typeof ResendVerificationSchema>

export type FormParseResult<T> =
  | { ok: true; value: T }
  | { ok: false; fieldErrors: FieldErrors; values: Record<string, string> }

/** The submitted text values to show the form again (passwords and files left out). */
export function formValues(entries: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of entries) {
    if (key in values || typeof value !== 'string' || /password/i.test(key)) continue
    values[key] = value.slice(0, 500)
  }
  return values
}

/**
 * Validates a form's entries with a schema. The first value of each name wins (repeated names
 * cannot smuggle arrays in); files are only accepted for the names in `fileFields`.
 */
export function parseFormEntries<T>(
  schema: z.ZodType<T>,
  formData: FormData,
  fileFields: readonly string[] = [],
): FormParseResult<T> {
  const raw: Record<string, unknown> = {}
  for (const [key, value] of formData.entries()) {
    if (key in raw) continue
    raw[key] = typeof value === 'string' || fileFields.includes(key) ? value : undefined
  }
  const result = schema.safeParse(raw)
  if (result.success) return { ok: true, value: result.data }
  const fieldErrors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form')
    fieldErrors[field] ??= issue.message
  }
  return { ok: false, fieldErrors, values: formValues(formData.entries()) }
}

/**
 * Spec §5 submit-time summaries shown above the registration form when the account type, the
 * country or a seller's KYC document has a problem.
 */
export function registrationSummary(fieldErrors: FieldErrors): string[] {
  const out: string[] = []
  if (fieldErrors.userType) out.push('auth:register.summary.userType')
  if (fieldErrors.country) out.push('auth:register.summary.country')
  if (fieldErrors.kycDocument) out.push('auth:register.summary.kycDocument')
  return out
}

/** A same-site path to continue to after signing in, or '/' for anything else (no open redirects). */
export function safeRedirectTo(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback
  if (/[\u0000-\u001f\u007f]/.test(value) || value.length > 1000) return fallback
  if (/^\/(login|register|logout)(\/|\?|$)/.test(value)) return fallback
  return value
}

/** The verification page in its pending state for `email`. */
export function verifyEmailPath(email: string) {
  return `/verify-email?${new URLSearchParams({ email }).toString()}`
}
