import type * as React from 'react'
import { fieldAria, FormField } from '~/components/form-field'
import { Input } from '~/components/ui/input'
import { NativeSelect } from '~/components/ui/native-select'
import { Textarea } from '~/components/ui/textarea'

/** A control's label, hint and error (an i18n key with its namespace, translated with `errorValues`). */
type FieldProps = { id: string; label: string; error?: string; errorValues?: Record<string, string | number>; hint?: string }

/** `FormField` around one control, tied to it by `fieldAria`: `<InputField id="x" name="x" label="X" error={…} />`. */
function field<P>(Control: React.ComponentType<P>) {
  return function Field({ id, label, error, errorValues, hint, ...control }: FieldProps & P) {
    return (
      <FormField id={id} label={label} error={error} errorValues={errorValues} hint={hint}>
        <Control {...(control as P)} {...fieldAria(id, error, Boolean(hint))} />
      </FormField>
    )
  }
}

/** A text input: a money amount with `inputMode="decimal"`, a quantity or a count of days with "numeric". */
export const InputField = field<React.ComponentProps<'input'>>(Input)

export const TextareaField = field<React.ComponentProps<'textarea'>>(Textarea)

/** A native select of `options` (each shown as `optionLabel` gives it), after an empty `placeholder` option when given. */
export function SelectField({
  options,
  optionLabel = (value) => value,
  placeholder,
  ...props
}: FieldProps & React.ComponentProps<'select'> & { options: readonly string[]; optionLabel?: (value: string) => React.ReactNode; placeholder?: string }) {
  return (
    <SelectControl {...props}>
      {placeholder === undefined ? null : <option value="">{placeholder}</option>}
      {options.map((value) => (
        <option key={value} value={value}>
          {optionLabel(value)}
        </option>
      ))}
    </SelectControl>
  )
}
const SelectControl = field<React.ComponentProps<'select'>>(NativeSelect)
