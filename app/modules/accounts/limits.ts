// The accounts forms' limits, value lists and helpers, free of Zod: the public sign-in and
// registration forms import them from here and load the schemas themselves only after the page has
// hydrated (issue #11: at most 150 kB of JavaScript per public page). schemas.ts builds every rule
// from these constants and re-exports them, so each limit is still written once.
import type { Country, UserType } from '../../../db/schema/accounts'

// Kept here (not imported from db/schema) so the browser bundle does not pull in Drizzle.
export const COUNTRIES = ['India', 'Russia'] as const satisfies readonly Country[]
export const USER_TYPES = ['Buyer', 'Seller'] as const satisfies readonly UserType[]

export const NAME_MIN = 2
export const NAME_MAX = 100
/** RFC 5321's limit on a forward path. */
export const EMAIL_MAX = 254
/** ASVS 5.0 V6.2.1 asks for at least 8; the spec's 6 is superseded (docs/decisions/008-password-policy.md). */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
export const COMPANY_MAX = 200
export const PHONE_MIN = 10
export const PHONE_MAX = 20
/** Longest profile picture URL better-auth may store (it must be https). */
export const IMAGE_URL_MAX = 2048

/** Field name → i18n key of its first problem: the one shape every form's errors have. */
import type { FieldErrors } from '~/lib/form'

export type { FieldErrors }

/** File names the registration picker offers; the server judges the bytes, not the name. */
export const KYC_FILE_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'] as const

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

/** The verification page in its pending state for `email`. */
export function verifyEmailPath(email: string) {
  return `/verify-email?${new URLSearchParams({ email }).toString()}`
}
