import type * as React from 'react'
import { FormField, fieldAria } from '~/components/form-field'
import { Input } from '~/components/ui/input'
import { PASSWORD_MAX, PASSWORD_MIN } from '~/domain'

export type TextFieldProps = {
  id: string
  name: string
  label: string
  /** An i18n key (with its namespace), translated by FormField. */
  error?: string
  hint?: string
} & Omit<React.ComponentProps<'input'>, 'id' | 'name'>

/** A labelled input with its hint and its error: FormField and Input, tied together by `fieldAria`. */
export function TextField({ id, label, error, hint, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Input {...fieldAria(id, error, Boolean(hint))} {...input} />
    </FormField>
  )
}

/**
 * A required password input with the password rule's limits (app/domain): a `new` password (sign-up,
 * reset, change) has the minimum length and asks password managers for a new one; a `current` one
 * only the maximum.
 */
export function PasswordField({ purpose, ...field }: Omit<TextFieldProps, 'type' | 'autoComplete' | 'required' | 'minLength' | 'maxLength'> & { purpose: 'current' | 'new' }) {
  return (
    <TextField
      type="password"
      autoComplete={`${purpose}-password`}
      required
      minLength={purpose === 'new' ? PASSWORD_MIN : undefined}
      maxLength={PASSWORD_MAX}
      {...field}
    />
  )
}
