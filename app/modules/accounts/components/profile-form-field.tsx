import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { NativeSelect } from '~/components/ui/native-select'
import { cn } from '~/lib/utils'
import { TRADING_COUNTRIES, USER_TYPES } from '~/domain'
import { COMPANY_MAX, NAME_MAX, NAME_MIN, PHONE_MAX, PHONE_MIN, type FieldErrors } from '../limits'

/** A field's error line; its id is what the input's aria-describedby points at. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  const { t } = useTranslation('account')
  if (!message) return null
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {t(message)}
    </p>
  )
}

/** Ids and ARIA attributes that tie an input to its hint and error. */
export function describedBy(id: string, error: string | undefined, hint?: boolean) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const
}

type TextFieldProps = {
  id: string
  name: string
  label: string
  error?: string
  hint?: string
  className?: string
} & Omit<React.ComponentProps<'input'>, 'id' | 'name'>

export function TextField({ id, name, label, error, hint, className, ...input }: TextFieldProps) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name={name} {...describedBy(id, error, Boolean(hint))} {...input} />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

/** Name, country, company and phone: the fields shared by profile setup and profile editing. */
export function ProfileFields({
  idPrefix,
  errors,
  values,
  disabled,
}: {
  idPrefix: string
  errors: FieldErrors
  values: Partial<Record<'name' | 'country' | 'companyName' | 'phoneNumber', string>>
  disabled?: boolean
}) {
  const { t } = useTranslation('account')
  const countryId = `${idPrefix}-country`
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        name="name"
        label={t('fields.name')}
        autoComplete="name"
        required
        minLength={NAME_MIN}
        maxLength={NAME_MAX}
        defaultValue={values.name}
        error={errors.name}
        disabled={disabled}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={countryId}>{t('fields.country')}</Label>
        <NativeSelect
          id={countryId}
          name="country"
          required
          defaultValue={values.country ?? ''}
          disabled={disabled}
          {...describedBy(countryId, errors.country)}
        >
          <option value="" disabled>
            {t('fields.countryPlaceholder')}
          </option>
          {TRADING_COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {t(`countries.${c}`)}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={`${countryId}-error`} message={errors.country} />
      </div>
      <TextField
        id={`${idPrefix}-company`}
        name="companyName"
        label={t('fields.companyName')}
        hint={t('fields.companyHint')}
        autoComplete="organization"
        maxLength={COMPANY_MAX}
        defaultValue={values.companyName}
        error={errors.companyName}
        disabled={disabled}
      />
      <TextField
        id={`${idPrefix}-phone`}
        name="phoneNumber"
        type="tel"
        label={t('fields.phoneNumber')}
        hint={t('fields.phoneHint')}
        autoComplete="tel"
        required
        minLength={PHONE_MIN}
        maxLength={PHONE_MAX}
        defaultValue={values.phoneNumber}
        error={errors.phoneNumber}
        disabled={disabled}
      />
    </>
  )
}

/** Buyer / Seller choice as a radio group with a legend. */
export function UserTypeField({ idPrefix, error, value, disabled }: { idPrefix: string; error?: string; value?: string; disabled?: boolean }) {
  const { t } = useTranslation('account')
  const errorId = `${idPrefix}-userType-error`
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm font-medium">{t('fields.userType')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {USER_TYPES.map((type) => (
          <label
            key={type}
            htmlFor={`${idPrefix}-userType-${type}`}
            className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              id={`${idPrefix}-userType-${type}`}
              type="radio"
              name="userType"
              value={type}
              required
              defaultChecked={value === type}
              disabled={disabled}
              className="mt-1 accent-primary"
            />
            <span className="flex flex-col">
              <span className="font-medium">{t(`userTypes.${type}`)}</span>
              <span className="text-xs text-muted-foreground">{t(`userTypes.${type}Hint`)}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}
