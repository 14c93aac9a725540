// The milestone forms on the order page (issue 29 item 2): the buyer's proof (a file, checked apart by the
// upload pipeline against PAYMENT_PROOF, and the bank reference) and the seller's "not arrived" note. Run
// by the dialog before it is sent and by the action after. Messages are payments:milestones.errors.*.
import { z } from 'zod'
import { BANK_REFERENCE_MAX, MILESTONE_NOTE_MAX } from '~/domain'
import type { FieldErrors, SubmissionOptions } from '~/lib/form'

// Control characters (but not newline or tab) are dropped: nobody types them.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g
const e = (key: string) => `payments:milestones.errors.${key}`

/** A required text of at most `max` characters (as PostgreSQL's char_length counts them), trimmed. */
const boundedText = (max: number, required: string, tooLong: string) =>
  z
    .string({ message: required })
    .transform((raw) => raw.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim())
    .refine((v) => v.length >= 1, required)
    .refine((v) => Array.from(v).length <= max, tooLong)

/** The intents the milestone route takes, one per party move. */
export const MILESTONE_INTENTS = ['proof', 'confirm', 'not_arrived'] as const
export type MilestoneIntent = (typeof MILESTONE_INTENTS)[number]

/** The buyer's proof of payment: the bank's reference (the file is checked by its bytes on the server). */
export const MilestoneProofSchema = z.object({ bankReference: boundedText(BANK_REFERENCE_MAX, e('bankReferenceRequired'), e('bankReferenceTooLong')).pipe(z.string().refine((v) => !v.includes('\n'), e('bankReferenceOneLine'))) })
export type MilestoneProofInput = z.infer<typeof MilestoneProofSchema>
export const MILESTONE_PROOF_FORM = { fields: ['bankReference'] } satisfies SubmissionOptions

/** The seller's "not arrived": what the seller sees (or does not) on the account. */
export const MilestoneNotArrivedSchema = z.object({ note: boundedText(MILESTONE_NOTE_MAX, e('noteRequired'), e('noteTooLong')) })
export type MilestoneNotArrivedInput = z.infer<typeof MilestoneNotArrivedSchema>
export const MILESTONE_NOTE_FORM = { fields: ['note'] } satisfies SubmissionOptions

export type MilestoneFieldErrors = FieldErrors<'bankReference' | 'note' | 'proof'>
