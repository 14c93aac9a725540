import { useTranslation } from 'react-i18next'
import { FormField, fieldAria } from '~/components/form-field'
import { TextField } from '~/components/form-fields'
import { NativeSelect } from '~/components/ui/native-select'
import { CURRENCIES, TRADING_COUNTRIES, USER_TYPES } from '~/domain'
import { COMPANY_MAX, EMAIL_MAX, NAME_MAX, NAME_MIN, PHONE_MAX, PHONE_MIN, type FieldErrors } from '../limits'

type ProfileValues = Partial<Record<'name' | 'country' | 'companyName' | 'phoneNumber' | 'preferredCurrency', string>>

/** The profile's text fields: the id after the form's prefix, the input's limits, and the hint (an `account` key). */
const PROFILE_TEXT_FIELDS = {
  name: { idSuffix: 'name', hint: undefined, input: { autoComplete: 'name', required: true, minLength: NAME_MIN, maxLength: NAME_MAX } },
  companyName: { idSuffix: 'company', hint: 'fields.companyHint', input: { autoComplete: 'organization', maxLength: COMPANY_MAX } },
  phoneNumber: { idSuffix: 'phone', hint: 'fields.phoneHint', input: { type: 'tel', autoComplete: 'tel', required: true, minLength: PHONE_MIN, maxLength: PHONE_MAX } },
} as const

type FieldProps = { idPrefix: string; errors: FieldErrors; values: ProfileValues; disabled?: boolean }

/** Name, company or phone, as registration, profile setup and profile editing all show it (label `account:fields.<name>`). */
export function ProfileTextField({ name, idPrefix, errors, values, disabled }: FieldProps & { name: keyof typeof PROFILE_TEXT_FIELDS }) {
  const { t } = useTranslation('account')
  const field = PROFILE_TEXT_FIELDS[name]
  return (
    <TextField
      id={`${idPrefix}-${field.idSuffix}`}
      name={name}
      label={t(`fields.${name}`)}
      hint={field.hint && t(field.hint)}
      {...field.input}
      defaultValue={values[name]}
      error={errors[name]}
      disabled={disabled}
    />
  )
}

/** The trading country, one of TRADING_COUNTRIES. */
export function CountryField({ idPrefix, errors, values, disabled }: FieldProps) {
  const { t } = useTranslation('account')
  const id = `${idPrefix}-country`
  return (
    <FormField id={id} label={t('fields.country')} error={errors.country}>
      <NativeSelect {...fieldAria(id, errors.country)} name="country" required defaultValue={values.country ?? ''} disabled={disabled}>
        <option value="" disabled>
          {t('fields.countryPlaceholder')}
        </option>
        {TRADING_COUNTRIES.map((c) => (
          <option key={c} value={c}>
            {t(`countries.${c}`)}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  )
}

/** The preferred currency (profile editing): amounts in other currencies are shown converted to it too. */
export function PreferredCurrencyField({ idPrefix, errors, values, disabled }: FieldProps) {
  const { t } = useTranslation('account')
  const id = `${idPrefix}-currency`
  return (
    <FormField id={id} label={t('fields.preferredCurrency')} hint={t('fields.preferredCurrencyHint')} error={errors.preferredCurrency}>
      <NativeSelect {...fieldAria(id, errors.preferredCurrency, true)} name="preferredCurrency" required defaultValue={values.preferredCurrency ?? ''} disabled={disabled}>
        {CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {t(`common:currency.names.${c}`)}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  )
}

/** Name, country, company and phone: the fields shared by profile setup and profile editing. */
export function ProfileFields(props: FieldProps) {
  return (
    <>
      <ProfileTextField name="name" {...props} />
      <CountryField {...props} />
      <ProfileTextField name="companyName" {...props} />
      <ProfileTextField name="phoneNumber" {...props} />
    </>
  )
}

/** The account's email address, as the sign-in, registration, reset and resend forms ask for it. */
export function EmailAddressField({ id, error, defaultValue, readOnly }: { id: string; error?: string; defaultValue?: string; readOnly?: boolean }) {
  const { t } = useTranslation('auth')
  return (
    <TextField
      id={id}
      name="email"
      type="email"
      label={t('fields.email')}
      autoComplete="email"
      required
      maxLength={EMAIL_MAX}
      defaultValue={defaultValue}
      error={error}
      readOnly={readOnly}
    />
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
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  )
}
