// Dispute forms (issue 10 item 7): one schema per form, run by the form before submit and by the action
// after. Messages are i18n keys: disputes:errors.* (marketplace), adminDisputes:errors.* (admin panel).
import { z } from 'zod'
import { DISPUTE_EVIDENCE } from '~/domain/uploads'
import { DISPUTE_DECISIONS, DISPUTE_REASONS } from '~/domain'
import { parseSubmission, type FieldErrors, type FormLike, type Submission, type SubmissionOptions } from '~/lib/form'
import { DISPUTE_QUEUE_FILTERS, DISPUTE_TEXT_MAX, type DisputeQueueFilter } from './enums'

// Control characters (NUL and the rest, but not newline or tab) are stripped: nobody types them.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

export { isUuid } from '~/domain'

/** Characters as PostgreSQL's char_length counts them (code points). */
export const charCount = (text: string) => Array.from(text).length

/** Free text as stored: line endings unified, control characters removed, outer blank space trimmed. */
export function normalizeText(raw: string): string {
  return raw.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim()
}

/** A required text of 1–5,000 characters; `required` and `tooLong` are the i18n keys. */
const text = (required: string, tooLong: string) =>
  z
    .string({ message: required })
    .transform(normalizeText)
    .refine((v) => v.length >= 1, required)
    .refine((v) => charCount(v) <= DISPUTE_TEXT_MAX, tooLong)

const m = (key: string) => `disputes:errors.${key}`
const a = (key: string) => `adminDisputes:errors.${key}`

/** Open a dispute: a reason from the list and what happened (files are checked apart, by their bytes). */
export const OpenDisputeSchema = z.object({
  reason: z.enum(DISPUTE_REASONS, { message: m('reason') }),
  description: text(m('descriptionRequired'), m('descriptionTooLong')),
})
export type OpenDisputeInput = z.infer<typeof OpenDisputeSchema>

/** A party's answer in the thread: text, with optional evidence. */
export const AnswerDisputeSchema = z.object({ body: text(m('bodyRequired'), m('bodyTooLong')) })
export type AnswerDisputeInput = z.infer<typeof AnswerDisputeSchema>

/** A moderator's message to both parties. */
export const ModeratorMessageSchema = z.object({ body: text(a('bodyRequired'), a('bodyTooLong')) })
export type ModeratorMessageInput = z.infer<typeof ModeratorMessageSchema>

/** The decision: one of four, with the written resolution both parties read. */
export const DecideDisputeSchema = z.object({
  decision: z.enum(DISPUTE_DECISIONS, { message: a('decision') }),
  resolution: text(a('resolutionRequired'), a('resolutionTooLong')),
})
export type DecideDisputeInput = z.infer<typeof DecideDisputeSchema>


export type DisputeFieldErrors = FieldErrors<'reason' | 'description' | 'body' | 'files'>
export type AdminDisputeFieldErrors = FieldErrors<'body' | 'decision' | 'resolution'>

/** How `parseSubmission` reads each form (the admin dialogs' errors are shown by field, or for the form). */
export const OPEN_DISPUTE_FORM = { fields: ['reason', 'description'] } satisfies SubmissionOptions
export const ANSWER_FORM = { fields: ['body'] } satisfies SubmissionOptions
export const MODERATOR_MESSAGE_FORM = ANSWER_FORM
export const DECISION_FORM = { fields: ['decision', 'resolution'] } satisfies SubmissionOptions

/** A checked form with evidence: the form's own rules, then at most DISPUTE_EVIDENCE.maxCount chosen files. */
function withEvidence<T>(parsed: Submission<T>, fileCount: number): Submission<T> {
  if (parsed.ok && fileCount > DISPUTE_EVIDENCE.maxCount) return { ok: false, fieldErrors: { files: m('tooManyFiles') }, values: {} }
  return parsed
}

/** The open form; `fileCount` counts chosen files (a browser sends one empty part when none was chosen). */
export function parseOpenDisputeForm(form: FormLike, fileCount = 0): Submission<OpenDisputeInput> {
  return withEvidence(parseSubmission(OpenDisputeSchema, form, OPEN_DISPUTE_FORM), fileCount)
}

/** The answer form. */
export function parseAnswerForm(form: FormLike, fileCount = 0): Submission<AnswerDisputeInput> {
  return withEvidence(parseSubmission(AnswerDisputeSchema, form, ANSWER_FORM), fileCount)
}

/** The queue's ?status and ?page: unknown values fall back to the open queue's first page, never an error. */
export function parseQueueQuery(params: URLSearchParams): { filter: DisputeQueueFilter; page: number } {
  const raw = params.get('status') ?? ''
  const filter = (DISPUTE_QUEUE_FILTERS as readonly string[]).includes(raw) ? (raw as DisputeQueueFilter) : 'open'
  const p = params.get('page') ?? ''
  const page = /^\d{1,6}$/.test(p) ? Math.max(1, Number(p)) : 1
  return { filter, page }
}
