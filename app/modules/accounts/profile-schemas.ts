// Profile and password forms: one Zod schema per form, shared by the form and its action.
// Messages are i18n keys in the `account` namespace.
import { z } from 'zod'
import type { Country, UserType } from '../../../db/schema/accounts'

// Kept here (not imported from db/schema) so the browser bundle does not pull in Drizzle.
export const COUNTRIES = ['India', 'Russia'] as const satisfies readonly Country[]
export const USER_TYPES = ['Buyer', 'Seller'] as const satisfies readonly UserType[]

export const NAME_MIN = 2
export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 128

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value)

const name = z.preprocess(
  text,
  z.string({ error: 'account:errors.nameMin' })
    .min(NAME_MIN, { error: 'account:errors.nameMin' })
    .max(100, { error: 'account:errors.nameTooLong' }),
)

const country = z.enum(COUNTRIES, { error: 'account:errors.countryRequired' })

const userType = z.enum(USER_TYPES, { error: 'account:errors.userTypeRequired' })

/** Optional; an empty value is stored as null (spec §3). */
const companyName = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null),
  z.string().max(200, { error: 'account:errors.companyTooLong' }).nullable(),
)

/** Spec §5: a loose international phone pattern (at least 10 characters, digits and the usual separators). */
export const PHONE_PATTERN = /^\+?[0-9\s\-()]{10,20}$/

/** One phone rule for registration, profile setup and profile editing; `message` is the i18n key shown. */
export function phoneField(message: string) {
  return z.preprocess(
    text,
    z.string({ error: message })
      .regex(PHONE_PATTERN, { error: message })
      .refine((v) => v.replace(/\D/g, '').length >= 7, { error: message }),
  )
}

const phoneNumber = phoneField('account:errors.phoneInvalid')

/** The 'Complete Your Profile' form (spec §5 Profile setup form). Email comes from the session, not the form. */
export const CompleteProfileSchema = z.object({ name, country, userType, companyName, phoneNumber })
export type CompleteProfileInput = z.infer<typeof CompleteProfileSchema>

/** Editing one's own profile: the account type is fixed after creation. */
export const UpdateProfileSchema = z.object({ name, country, companyName, phoneNumber })
export type UpdateProfileInput = z.infer<typeof UpdateProfileSchema>

export const ChangePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'account:errors.currentPasswordRequired' })
      .min(1, { error: 'account:errors.currentPasswordRequired' })
      .max(PASSWORD_MAX, { error: 'account:errors.wrongPassword' }),
    newPassword: z
      .string({ error: 'account:errors.passwordMin' })
      .min(PASSWORD_MIN, { error: 'account:errors.passwordMin' })
      .max(PASSWORD_MAX, { error: 'account:errors.passwordTooLong' }),
    confirmPassword: z.string({ error: 'account:errors.passwordsMismatch' }),
    revokeOtherSessions: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: 'account:errors.passwordsMismatch',
    path: ['confirmPassword'],
  })
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>

export const PROFILE_INTENTS = ['updateProfile', 'changePassword', 'revokeOtherSessions'] as const
export type ProfileIntent = (typeof PROFILE_INTENTS)[number]

/** Field name → i18n key of its first problem. */
export type FieldErrors = Partial<Record<string, string>>

export type FormParse<T> =
  | { ok: true; value: T }
  | { ok: false; fieldErrors: FieldErrors; values: Record<string, string> }

/** The submitted text values (first of each name, passwords left out), to show a form again. */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of formData.entries()) {
    if (key in values || typeof value !== 'string' || /password/i.test(key)) continue
    values[key] = value.slice(0, 500)
  }
  return values
}

/**
 * Validates form data against a schema. On failure returns the first message per field and the
 * submitted values so the form can be shown again.
 */
export function parseForm<T>(schema: z.ZodType<T>, formData: FormData): FormParse<T> {
  const raw: Record<string, unknown> = {}
  for (const [key, value] of formData.entries()) {
    if (key in raw) continue // first value wins; duplicated fields cannot smuggle arrays in
    raw[key] = typeof value === 'string' ? value : undefined
  }
  const result = schema.safeParse(raw)
  if (result.success) return { ok: true, value: result.data }
  const fieldErrors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form')
    fieldErrors[field] ??= issue.message
  }
  return { ok: false, fieldErrors, values: formValues(formData) }
}

/** A same-site path to go back to after a form, or `fallback` for anything else. */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback
  if (/[\u0000-\u001f]/.test(value) || value.length > 1000) return fallback
  return value
}
