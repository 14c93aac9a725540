// The one form pipeline (ADR 026): every form is checked by `parseSubmission`, in the browser before
// it is sent and again in the action, and every refusal has the same shape (`fieldErrors`, messages
// as i18n keys). Browser-safe: it imports Zod's types only.
import type { z } from 'zod'

/** Anything a form can be read from: FormData, URLSearchParams, or a test's stand-in. */
export type FormLike = { get(name: string): FormDataEntryValue | null; entries?(): IterableIterator<[string, FormDataEntryValue]> }

/** The one error shape: the first message (an i18n key) per field name; `form` for the whole form. */
export type FieldErrors<F extends string = string> = Partial<Record<F | 'form', string>>

/** A checked submission: the schema's value, or the field errors and the text the user sent. */
export type Submission<T, F extends string = string> =
  | { ok: true; value: T }
  | { ok: false; fieldErrors: FieldErrors<F>; values: Record<string, string> }

export type SubmissionOptions<F extends string = string> = {
  /**
   * The names the form posts. Each is read once (a missing or non-text value becomes ''), so the schema
   * sees exactly these keys. Without it every name the form sent is read, the first value winning
   * (repeated names cannot smuggle arrays in) and a missing one staying undefined.
   */
  fields?: readonly F[]
  /** Names whose files are passed through (only without `fields`); any other file becomes undefined. */
  files?: readonly string[]
  /** Names whose errors are about the whole form (a hidden id, the one-time token): reported as `form`. */
  formFields?: readonly string[]
  /** The field name an issue's path belongs to; by default its parts joined with dots ("items.0.name"). */
  name?: (path: readonly PropertyKey[]) => string
}

const defaultName = (path: readonly PropertyKey[]) => (path.length === 0 ? 'form' : path.map(String).join('.'))

function rawValues(form: FormLike, options: SubmissionOptions<string>): Record<string, unknown> {
  const raw: Record<string, unknown> = {}
  if (options.fields) {
    for (const name of options.fields) {
      const v = form.get(name)
      raw[name] = typeof v === 'string' ? v : ''
    }
    return raw
  }
  for (const [key, value] of form.entries?.() ?? []) {
    if (key in raw) continue
    raw[key] = typeof value === 'string' || options.files?.includes(key) ? value : undefined
  }
  return raw
}

/** The text values the user sent (first of each name, passwords and files left out), to show the form again. */
export function submittedValues(form: FormLike): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of form.entries?.() ?? []) {
    if (key in values || typeof value !== 'string' || /password/i.test(key)) continue
    values[key] = value.slice(0, 500)
  }
  return values
}

/** Checks a form against a schema: the value, or the first message per field in the one error shape. */
export function parseSubmission<S extends z.ZodType, F extends string = string>(
  schema: S,
  form: FormLike,
  options: SubmissionOptions<F> = {},
): Submission<z.output<S>, F> {
  const result = schema.safeParse(rawValues(form, options))
  if (result.success) return { ok: true, value: result.data }
  return { ok: false, fieldErrors: submissionErrors<F>(result.error, options), values: submittedValues(form) }
}

/**
 * A failed check's issues in the one error shape: the first message per field name. For a form whose
 * entries are reshaped before the schema sees them (the product form); everything else calls
 * `parseSubmission`.
 */
export function submissionErrors<F extends string = string>(error: z.ZodError, options: Pick<SubmissionOptions<F>, 'formFields' | 'name'> = {}): FieldErrors<F> {
  const name = options.name ?? defaultName
  const fieldErrors: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = name(issue.path)
    fieldErrors[options.formFields?.includes(field) ? 'form' : field] ??= issue.message
  }
  return fieldErrors as FieldErrors<F>
}
