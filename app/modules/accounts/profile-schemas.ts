// The profile forms' schemas now live with every other accounts rule in ./schemas.ts; this file
// keeps the old import path working for code outside the accounts slice (complete-profile route,
// fuzz tests). New code imports ./schemas.
import type { z } from 'zod'
import { formValues as entryValues, parseFormEntries, type FormParseResult } from './schemas'

export {
  NAME_MIN,
  PHONE_PATTERN,
  CompleteProfileSchema,
  UpdateProfileSchema,
  ChangePasswordSchema,
  PROFILE_INTENTS,
  type CompleteProfileInput,
  type UpdateProfileInput,
  type ChangePasswordInput,
  type ProfileIntent,
  type FieldErrors,
} from './schemas'

export type FormParse<T> = FormParseResult<T>

/** The submitted text values (first of each name, passwords left out), to show a form again. */
export function formValues(formData: FormData): Record<string, string> {
  return entryValues(formData.entries())
}

/** Validates form data against a schema (see parseFormEntries in ./schemas). */
export function parseForm<T>(schema: z.ZodType<T>, formData: FormData): FormParse<T> {
  return parseFormEntries(schema, formData)
}
