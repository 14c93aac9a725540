import type * as React from 'react'
import { FormField, fieldAria } from '~/components/form-field'
import { Input } from '~/components/ui/input'
import { NativeSelect } from '~/components/ui/native-select'
import { Textarea } from '~/components/ui/textarea'

// One form row each: the label, the control, its hint and its error (FormField), with the control's
// aria-invalid and aria-describedby pointing at them (fieldAria). The control's own attributes
// (name, defaultValue, maxLength, inputMode, onChange…) pass through unchanged.

type FieldProps = {
  id: string
  label: string
  /** An i18n key (with its namespace); FormField translates it. */
  error?: string
  errorValues?: Record<string, string | number>
  hint?: string
}

/** A labelled text input. */
export function TextField({ id, label, error, errorValues, hint, ...input }: FieldProps & Omit<React.ComponentProps<'input'>, 'id'>) {
  return (
    <FormField id={id} label={label} error={error} errorValues={errorValues} hint={hint}>
      <Input {...fieldAria(id, error, Boolean(hint))} {...input} />
    </FormField>
  )
}

/** A labelled textarea. */
export function TextareaField({ id, label, error, errorValues, hint, ...textarea }: FieldProps & Omit<React.ComponentProps<'textarea'>, 'id'>) {
  return (
    <FormField id={id} label={label} error={error} errorValues={errorValues} hint={hint}>
      <Textarea {...fieldAria(id, error, Boolean(hint))} {...textarea} />
    </FormField>
  )
}

/** An option of a select: a value shown as it is (or through `optionLabel`), or a value with its label. */
export type SelectOption = string | { value: string; label: string }

/** The options of a select, after an empty-valued `placeholder` option when one is given. */
export function SelectOptions({ options, optionLabel, placeholder }: { options: readonly SelectOption[]; optionLabel?: (value: string) => string; placeholder?: string }) {
  return (
    <>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => {
        const [value, label] = typeof option === 'string' ? [option, optionLabel ? optionLabel(option) : option] : [option.value, option.label]
        return (
          <option key={value} value={value}>
            {label}
          </option>
        )
      })}
    </>
  )
}

/** A labelled select of `options` (or of its children, e.g. option groups, when given). */
export function SelectField({
  id,
  label,
  error,
  errorValues,
  hint,
  options = [],
  optionLabel,
  placeholder,
  children,
  ...select
}: FieldProps &
  Omit<React.ComponentProps<'select'>, 'id'> & {
    options?: readonly SelectOption[]
    optionLabel?: (value: string) => string
    placeholder?: string
  }) {
  return (
    <FormField id={id} label={label} error={error} errorValues={errorValues} hint={hint}>
      <NativeSelect {...fieldAria(id, error, Boolean(hint))} {...select}>
        {children ?? <SelectOptions options={options} optionLabel={optionLabel} placeholder={placeholder} />}
      </NativeSelect>
    </FormField>
  )
}
