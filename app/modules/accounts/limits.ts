// The accounts forms' limits, value lists and helpers, free of Zod: the public sign-in and
// registration forms import them from here and load the schemas themselves only after the page has
// hydrated (issue #11: at most 150 kB of JavaScript per public page). schemas.ts builds every rule
// from these constants and re-exports them, so each limit is still written once.

export const NAME_MIN = 2
export const NAME_MAX = 100
/** RFC 5321's limit on a forward path. */
export const EMAIL_MAX = 254
export const COMPANY_MAX = 200
export const PHONE_MIN = 10
export const PHONE_MAX = 20
/** Longest profile picture URL better-auth may store (it must be https). */
export const IMAGE_URL_MAX = 2048

/** Field name → i18n key of its first problem: the one shape every form's errors have. */
import type { FieldErrors } from '~/lib/form'

export type { FieldErrors }


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
