import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { Label } from '~/components/ui/label'

/**
 * A labelled form field with its hint and its (translated) error, tied to the input by `fieldAria`:
 * `<FormField id="x" …><Input {...fieldAria('x', error, Boolean(hint))} /></FormField>`.
 */
export function FormField({
  id,
  label,
  error,
  errorValues,
  hint,
  children,
}: {
  id: string
  label: string
  /** An i18n key (with its namespace), translated here with `errorValues`. */
  error?: string
  errorValues?: Record<string, string | number>
  hint?: string
  children: React.ReactNode
}) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {t(error, errorValues)}
        </p>
      ) : null}
    </div>
  )
}

/** The input's id and the ARIA attributes that point at its error and hint. */
export const fieldAria = (id: string, error?: string, hint?: boolean) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined,
})
