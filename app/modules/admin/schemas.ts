import { z } from 'zod'
import type { FieldErrors, SubmissionOptions } from '~/lib/form'
import { KYC_REJECTION_REASON_MAX } from '~/modules/kyc'
import { AUDIT_ACTIONS } from './roles'
import { isCalendarDay, isUuid, PASSWORD_MAX, UUID_PATTERN } from '~/domain'

export const ADMIN_EMAIL_MAX = 254
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
    z.string().min(1, { error: 'admin:login.passwordRequired' }).max(PASSWORD_MAX, { error: 'admin:login.passwordTooLong' }),
  ),
})
export type AdminLoginInput = z.infer<typeof AdminLoginSchema>

export type AdminFieldErrors = FieldErrors<'email' | 'password'>

/** How `parseSubmission` reads the sign-in form (the action fills the email in again on a refusal). */
export const ADMIN_LOGIN_FORM = { fields: ['email', 'password'] } satisfies SubmissionOptions<'email' | 'password'>

/** A calendar day as the date input sends it (YYYY-MM-DD), between 2000 and 2999, that exists. */
const AuditDay = z
  .string()
  .regex(/^2\d{3}-\d{2}-\d{2}$/)
  .refine(isCalendarDay)

/** Audit log viewer (and CSV export) filters, from the query string; anything unreadable is dropped, never an error. */
export const AuditFilterSchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
  admin: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional().catch(undefined),
  /** First day included (UTC). */
  from: AuditDay.optional().catch(undefined),
  /** Last day included (UTC). */
  to: AuditDay.optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
})
export type AuditFilter = z.infer<typeof AuditFilterSchema>

export function parseAuditFilter(url: URL): AuditFilter {
  const get = (k: string) => url.searchParams.get(k) ?? undefined
  return AuditFilterSchema.parse({ action: get('action'), admin: get('admin'), from: get('from'), to: get('to'), page: get('page') })
}

/** The query string of a filter (page left out): the viewer's links and its Download CSV link keep the filters. */
export function auditFilterQuery(filter: { action?: string; admin?: string; from?: string; to?: string }): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of ['action', 'admin', 'from', 'to'] as const) if (filter[key]) params.set(key, filter[key])
  return params
}

/** KYC review queue page size (server-side pagination). */
export const KYC_QUEUE_PAGE_SIZE = 20
/** How long a View KYC link works: short, since it opens identity papers without a further check of the link itself. */
export const KYC_LINK_TTL_SECONDS = 300

// Control characters other than tab and newlines are dropped from a reason the seller will read.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

/** Whether `value` is a profile id (a UUID); anything else is refused before it reaches the database. */
export function isProfileId(value: unknown): value is string {
  return isUuid(value)
}

/** The queue's ?page=N: a positive whole number; anything else is the first page. */
export function parseKycQueuePage(url: URL): number {
  const raw = url.searchParams.get('page')
  return raw && /^\d{1,6}$/.test(raw) ? Math.max(1, Number(raw)) : 1
}

/** Approve or Reject a pending KYC document; a rejection needs the reason the seller will read. */
export const KycDecisionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('approve'), profileId: z.string().regex(UUID_PATTERN, 'admin:kyc.errors.notFound').transform((v) => v.toLowerCase()) }),
    z.object({
      intent: z.literal('reject'),
      profileId: z.string().regex(UUID_PATTERN, 'admin:kyc.errors.notFound').transform((v) => v.toLowerCase()),
      reason: z
        .string({ message: 'admin:kyc.errors.reasonRequired' })
        .transform((v) => v.replace(CONTROL, '').trim())
        .refine((v) => v.length >= 1, 'admin:kyc.errors.reasonRequired')
        .refine((v) => v.length <= KYC_REJECTION_REASON_MAX, 'admin:kyc.errors.reasonMax'),
    }),
  ],
  { error: 'admin:kyc.errors.invalid' },
)
export type KycDecisionInput = z.infer<typeof KycDecisionSchema>
export type KycDecisionFieldErrors = FieldErrors<'reason'>

/** How `parseSubmission` reads an Approve/Reject form: an unknown intent or seller is the whole form's error. */
export const KYC_DECISION_FORM = { fields: ['intent', 'profileId', 'reason'], formFields: ['intent', 'profileId'] } satisfies SubmissionOptions
