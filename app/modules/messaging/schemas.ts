// Messaging forms (issue 9): one schema per form, run by the form before submit and by the action after.
import { z } from 'zod'
import { MESSAGE_ATTACHMENT } from '~/domain/uploads'
import { CONVERSATION_SUBJECTS, UUID_PATTERN } from '~/domain'
import { parseSubmission, type FieldErrors as FormFieldErrors, type FormLike, type Submission, type SubmissionOptions } from '~/lib/form'
import { INBOX_QUERY_MAX, MESSAGE_BODY_MAX, REPORT_REASON_MAX } from './enums'

// Control characters (NUL and the rest, but not newline or tab) are stripped from free text: nobody types them.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

/** Characters as PostgreSQL's char_length counts them (code points, so an emoji is one). */
export const charCount = (text: string) => Array.from(text).length

/** Message text as stored: line endings unified, control characters removed, outer blank space trimmed. */
export function normalizeMessageBody(raw: string): string {
  return raw.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim()
}

const e = (key: string) => `messages:errors.${key}`

/** "Message" buttons: what the conversation is about and, for an RFQ opened by its buyer, which seller. */
export const StartConversationSchema = z.object({
  subjectType: z.enum(CONVERSATION_SUBJECTS, { message: e('notFound') }),
  subjectId: z.string().trim().regex(UUID_PATTERN, e('notFound')).transform((v) => v.toLowerCase()),
  with: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || UUID_PATTERN.test(v), e('notFound'))
    .transform((v) => v?.toLowerCase()),
})
export type StartConversationInput = z.infer<typeof StartConversationSchema>

/** The composer: text up to 5,000 characters (may be empty when files come along) and its one-time key. */
export const SendMessageSchema = z.object({
  body: z
    .string()
    .default('')
    .transform(normalizeMessageBody)
    .refine((v) => charCount(v) <= MESSAGE_BODY_MAX, e('tooLong')),
  clientKey: z.string().trim().regex(UUID_PATTERN, e('expired')).transform((v) => v.toLowerCase()),
})
export type SendMessageInput = z.infer<typeof SendMessageSchema>

/** The report dialog's reason, 1–2,000 characters. */
export const ReportConversationSchema = z.object({
  reason: z
    .string({ message: e('reasonRequired') })
    .transform((v) => v.replace(CONTROL, '').trim())
    .refine((v) => v.length >= 1, e('reasonRequired'))
    .refine((v) => charCount(v) <= REPORT_REASON_MAX, e('reasonTooLong')),
})

/** The thread's "read up to this message" post. */
export const MarkReadSchema = z.object({ seq: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })

export type FieldErrors = FormFieldErrors<'body' | 'files' | 'reason'>

/** How `parseSubmission` reads the composer: a stale one-time key is the whole form's error. */
const SEND_FORM = { fields: ['body', 'clientKey'], formFields: ['clientKey'] } satisfies SubmissionOptions

/**
 * The composer's rules on the whole message: text or at least one file, at most five files. `fileCount`
 * counts chosen files (a browser sends one empty part when none was chosen; it is not counted).
 */
export function parseSendForm(form: FormLike, fileCount: number): Submission<SendMessageInput, 'body' | 'files'> {
  const result = parseSubmission(SendMessageSchema, form, SEND_FORM)
  if (!result.ok) return result
  if (fileCount > MESSAGE_ATTACHMENT.maxCount) return { ok: false, fieldErrors: { files: e('tooManyFiles') }, values: {} }
  if (result.value.body === '' && fileCount === 0) return { ok: false, fieldErrors: { body: e('empty') }, values: {} }
  return result
}
/** How `parseSubmission` reads the report dialog. */
export const REPORT_FORM = { fields: ['reason'] } satisfies SubmissionOptions

/** The inbox's search and page: `q` trimmed to its limit, page a positive whole number (else 1). */
export function parseInboxQuery(params: URLSearchParams): { q: string; page: number } {
  const q = (params.get('q') ?? '').replace(CONTROL, '').trim().slice(0, INBOX_QUERY_MAX)
  const raw = params.get('page') ?? ''
  const page = /^\d{1,6}$/.test(raw) ? Math.max(1, Number(raw)) : 1
  return { q, page }
}

/** The thread's "before" cursor for "Load earlier" (a message seq), or null. */
export function parseBeforeSeq(params: URLSearchParams): number | null {
  const raw = params.get('before') ?? ''
  return /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null
}

export { isUuid } from '~/domain'
