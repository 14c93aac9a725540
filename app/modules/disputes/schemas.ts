// Dispute forms (issue 10 item 7): one schema per form, run by the form before submit and by the action
// after. Messages are i18n keys: disputes:errors.* (marketplace), adminDisputes:errors.* (admin panel).
import { z } from 'zod'
import { DISPUTE_EVIDENCE } from '~/domain/uploads'
import { DISPUTE_DECISIONS, DISPUTE_REASONS } from '~/domain'
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

type FormLike = { get(name: string): FormDataEntryValue | null }
const str = (form: FormLike, name: string) => {
  const v = form.get(name)
  return typeof v === 'string' ? v : ''
}

export type DisputeFieldErrors = Partial<Record<'reason' | 'description' | 'body' | 'files' | 'form', string>>
export type AdminDisputeFieldErrors = Partial<Record<'body' | 'decision' | 'resolution' | 'form', string>>

type Parsed<T, E> = { ok: true; value: T } | { ok: false; fieldErrors: E }

function collect<E extends Record<string, string | undefined>>(issues: z.core.$ZodIssue[], fields: readonly string[]): E {
  const out: Record<string, string> = {}
  for (const issue of issues) {
    const k = typeof issue.path[0] === 'string' && fields.includes(issue.path[0]) ? issue.path[0] : 'form'
    out[k] ??= issue.message
  }
  return out as E
}

/** The open form; `fileCount` counts chosen files (a browser sends one empty part when none was chosen). */
export function parseOpenDisputeForm(form: FormLike, fileCount = 0): Parsed<OpenDisputeInput, DisputeFieldErrors> {
  const r = OpenDisputeSchema.safeParse({ reason: str(form, 'reason'), description: str(form, 'description') })
  if (!r.success) return { ok: false, fieldErrors: collect(r.error.issues, ['reason', 'description']) }
  if (fileCount > DISPUTE_EVIDENCE.maxCount) return { ok: false, fieldErrors: { files: m('tooManyFiles') } }
  return { ok: true, value: r.data }
}

/** The answer form. */
export function parseAnswerForm(form: FormLike, fileCount = 0): Parsed<AnswerDisputeInput, DisputeFieldErrors> {
  const r = AnswerDisputeSchema.safeParse({ body: str(form, 'body') })
  if (!r.success) return { ok: false, fieldErrors: collect(r.error.issues, ['body']) }
  if (fileCount > DISPUTE_EVIDENCE.maxCount) return { ok: false, fieldErrors: { files: m('tooManyFiles') } }
  return { ok: true, value: r.data }
}

/** The moderator's message form. */
export function parseModeratorMessageForm(form: FormLike): Parsed<ModeratorMessageInput, AdminDisputeFieldErrors> {
  const r = ModeratorMessageSchema.safeParse({ body: str(form, 'body') })
  return r.success ? { ok: true, value: r.data } : { ok: false, fieldErrors: collect(r.error.issues, ['body']) }
}

/** The decision form (the same call in the dialog and the action). */
export function parseDecisionForm(form: FormLike): Parsed<DecideDisputeInput, AdminDisputeFieldErrors> {
  const r = DecideDisputeSchema.safeParse({ decision: str(form, 'decision'), resolution: str(form, 'resolution') })
  return r.success ? { ok: true, value: r.data } : { ok: false, fieldErrors: collect(r.error.issues, ['decision', 'resolution']) }
}

/** The queue's ?status and ?page: unknown values fall back to the open queue's first page, never an error. */
export function parseQueueQuery(params: URLSearchParams): { filter: DisputeQueueFilter; page: number } {
  const raw = params.get('status') ?? ''
  const filter = (DISPUTE_QUEUE_FILTERS as readonly string[]).includes(raw) ? (raw as DisputeQueueFilter) : 'open'
  const p = params.get('page') ?? ''
  const page = /^\d{1,6}$/.test(p) ? Math.max(1, Number(p)) : 1
  return { filter, page }
}
