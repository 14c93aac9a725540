// The moderation queue's forms and filters (issue 10 item 2, reported conversations): plain values and
// Zod schemas shared by the dialog (before submit) and the action (after).
import { z } from 'zod'
import { CONVERSATION_REPORT_STATUSES, UUID_PATTERN, type ConversationReportStatus } from '~/domain'
import type { FieldErrors, SubmissionOptions } from '~/lib/form'

export const REPORT_STATUSES = CONVERSATION_REPORT_STATUSES
export type ReportStatus = ConversationReportStatus

/** A moderator's decision on an open report. */
export const REPORT_DECISIONS = ['reviewed', 'dismissed'] as const
export type ReportDecision = (typeof REPORT_DECISIONS)[number]

/** Reports per page of the queue. */
export const MODERATION_PAGE_SIZE = 20
/** The conversation's newest messages shown with each report. */
export const MODERATION_MESSAGES_SHOWN = 10
/** The decision's optional note, in characters. */
export const REPORT_NOTE_MAX = 1000

// Control characters other than tab and newlines are dropped from the note.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

export type ModerationFilter = { status: ReportStatus; page: number }

/** ?status=open|reviewed|dismissed&page=N; anything unreadable is the open queue's first page. */
export function parseModerationFilter(url: URL): ModerationFilter {
  const status = url.searchParams.get('status')
  const page = url.searchParams.get('page')
  return {
    status: (REPORT_STATUSES as readonly string[]).includes(status ?? '') ? (status as ReportStatus) : 'open',
    page: page && /^\d{1,6}$/.test(page) ? Math.max(1, Number(page)) : 1,
  }
}

export const ReportDecisionSchema = z.object({
  decision: z.enum(REPORT_DECISIONS, { message: 'admin:moderation.errors.invalid' }),
  reportId: z.string().regex(UUID_PATTERN, 'admin:moderation.errors.notFound').transform((v) => v.toLowerCase()),
  note: z
    .string()
    .transform((v) => v.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim())
    .refine((v) => Array.from(v).length <= REPORT_NOTE_MAX, 'admin:moderation.errors.noteMax')
    .transform((v) => (v.length > 0 ? v : null)),
})
export type ReportDecisionInput = z.infer<typeof ReportDecisionSchema>
export type ReportDecisionFieldErrors = FieldErrors<'note'>

/** How `parseSubmission` reads a Mark reviewed / Dismiss form: only the note is a field of its own. */
export const REPORT_DECISION_FORM = { fields: ['decision', 'reportId', 'note'], formFields: ['decision', 'reportId'] } satisfies SubmissionOptions
