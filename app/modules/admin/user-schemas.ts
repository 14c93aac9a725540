// Admin user management (issue 10 item 4): the list's filters and the detail dialog's forms. Plain Zod,
// no Drizzle, so the dialog checks a form with the same schema the action uses.
import { z } from 'zod'
import { ACCOUNT_STATUSES, KYC_STATUSES } from '~/domain'
import type { FieldErrors, SubmissionOptions } from '~/lib/form'
import { isProfileId } from './schemas'

// The filter and the dialog's buttons list the account and KYC statuses in app/domain's order.
export { ACCOUNT_STATUSES }
export const KYC_FILTER_STATUSES = KYC_STATUSES

/** Rows per page of the users table. */
export const USERS_PAGE_SIZE = 25
/** The count stops here: past it the page says "10,000+" instead of scanning every matching profile. */
export const USERS_COUNT_CAP = 10_000
/** Offset pagination is bounded: the deepest page still starts within the counted rows. */
export const USERS_MAX_PAGE = Math.ceil(USERS_COUNT_CAP / USERS_PAGE_SIZE)
/** The search text is cut to this length (longer input narrows nothing a person would type). */
export const USERS_SEARCH_MAX = 100
/** Rows of the 'KYC Pending Review' card; the rest are on /admin/kyc. */
export const KYC_CARD_LIMIT = 5
/** Admin notes: long enough for a case history, short enough for one form post. */
export const ADMIN_NOTES_MAX = 5_000

// Control characters are dropped from anything typed (tab and newlines survive in notes).
const CONTROL = /[\u0000-\u001f\u007f]/g
const NOTES_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g
// Lone surrogates cannot be stored as UTF-8 text; they are dropped rather than refused.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** The list's query string; anything unreadable is dropped (the unfiltered list), never an error. */
export const UserFilterSchema = z.object({
  q: z
    .string()
    .transform((v) => v.replace(CONTROL, ' ').replace(LONE_SURROGATE, '').replace(/\s+/g, ' ').trim().slice(0, USERS_SEARCH_MAX).trim())
    .catch(''),
  status: z.enum(ACCOUNT_STATUSES).optional().catch(undefined),
  kyc: z
    .string()
    .transform((v) => KYC_FILTER_STATUSES.find((s) => s.toLowerCase() === v.toLowerCase()))
    .optional()
    .catch(undefined),
  // Past the last countable page: the last one (the list clamps again to the real page count).
  page: z.coerce.number().int().min(1).catch(1).transform((n) => Math.min(n, USERS_MAX_PAGE)),
  /** The profile whose detail dialog is open. */
  user: z
    .string()
    .refine(isProfileId)
    .transform((v) => v.toLowerCase())
    .optional()
    .catch(undefined),
})
export type UserFilter = z.infer<typeof UserFilterSchema>

/** Reads the filters from a URL; a repeated parameter counts once (the first). */
export function parseUserFilter(url: URL): UserFilter {
  const get = (k: string) => url.searchParams.get(k) ?? undefined
  return UserFilterSchema.parse({ q: get('q') ?? '', status: get('status'), kyc: get('kyc'), page: get('page') ?? 1, user: get('user') })
}

/** The query string of a list view (defaults left out), optionally with a user's dialog open. */
export function userListSearch(filter: { q?: string; status?: string; kyc?: string; page?: number }, user?: string): string {
  const params = new URLSearchParams()
  if (filter.q) params.set('q', filter.q)
  if (filter.status) params.set('status', filter.status)
  if (filter.kyc) params.set('kyc', filter.kyc)
  if (filter.page && filter.page > 1) params.set('page', String(filter.page))
  if (user) params.set('user', user)
  const qs = params.toString()
  return qs ? `?${qs}` : ''
}

const profileId = z
  .string({ error: 'adminUsers:errors.notFound' })
  .refine(isProfileId, { error: 'adminUsers:errors.notFound' })
  .transform((v) => v.toLowerCase())

/** Activate, Suspend or Ban (spec §4: any status may be set from any other). */
export const UserStatusSchema = z.object({
  intent: z.literal('status'),
  profileId,
  status: z.enum(ACCOUNT_STATUSES, { error: 'adminUsers:errors.statusInvalid' }),
})
export type UserStatusInput = z.infer<typeof UserStatusSchema>

/** Save Notes: the text (up to ADMIN_NOTES_MAX) and the version of the notes the admin was editing. */
export const UserNotesSchema = z.object({
  intent: z.literal('notes'),
  profileId,
  notes: z
    .string({ error: 'adminUsers:errors.notesInvalid' })
    // Checked before clean-up too, so a huge post is refused without being processed.
    .refine((v) => v.length <= ADMIN_NOTES_MAX * 2, { error: 'adminUsers:errors.notesTooLong', abort: true })
    .transform((v) => v.replace(NOTES_CONTROL, '').replace(LONE_SURROGATE, '').replace(/\r\n?/g, '\n').trim())
    .refine((v) => v.length <= ADMIN_NOTES_MAX, { error: 'adminUsers:errors.notesTooLong' }),
  /** A digest of the notes as loaded: a save over someone else's newer notes is refused, not lost. */
  notesVersion: z.string({ error: 'adminUsers:errors.notesStale' }).regex(/^[0-9a-f]{32}$/, { error: 'adminUsers:errors.notesStale' }),
})
export type UserNotesInput = z.infer<typeof UserNotesSchema>

export const UserActionSchema = z.discriminatedUnion('intent', [UserStatusSchema, UserNotesSchema], { error: 'adminUsers:errors.invalid' })
export type UserActionInput = z.infer<typeof UserActionSchema>

export type UserActionFieldErrors = FieldErrors<'notes' | 'status'>

/**
 * How `parseSubmission` reads a status or notes form (the dialog and the action make the same call):
 * every name the form sent, a missing one staying undefined (a notes form without notes is refused,
 * not saved empty); an unknown intent, user or notes version is the whole form's error.
 */
export const USER_ACTION_FORM = { formFields: ['intent', 'profileId', 'notesVersion'] } satisfies SubmissionOptions
