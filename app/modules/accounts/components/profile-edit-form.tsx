import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useLocation, useNavigation } from 'react-router'
import { FormAlert } from '~/components/form-alert'
import { SubmitButton } from '~/components/submit-button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { TextareaField, TextField } from '~/components/form-fields'
import { BANK_NAME_MAX, NATIONAL_BANK_FIELDS, REGISTERED_ADDRESS_MAX, REGISTRY_FIELDS, REGISTRY_INPUT_MAX, type BankField } from '~/domain'
import { useCheckedForm } from '~/components/use-checked-form'
import { useAccountSchemas } from './use-account-schemas'
import type { FieldErrors } from '../schemas'
import type { OwnProfile } from '../profile-queries.server'
import { PreferredCurrencyField, ProfileFields } from './profile-form-field'

export type ProfileFormResult = { fieldErrors: FieldErrors; formError?: string; values?: Record<string, string> }

/** Submitting state of the /profile form with this intent. */
export function useIntentSubmitting(intent: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

/** The texts (`account` keys) of each /profile form, by the intent it posts. */
const PROFILE_FORMS = {
  updateProfile: { title: 'profile.editTitle', description: 'profile.editDescription', submit: 'profile.save', pending: 'profile.saving' },
  updateTradeDetails: { title: 'tradeDetails.title', description: 'tradeDetails.description', submit: 'tradeDetails.save', pending: 'tradeDetails.saving' },
  changePassword: { title: 'password.title', description: 'password.description', submit: 'password.submit', pending: 'password.submitting' },
} as const

/**
 * One of the /profile page's forms, in its own card: posts `intent` to the page's action, shows the
 * action's message for the whole form above the fields, and a submit button that spins while it is sent.
 */
export function ProfileFormCard({
  intent,
  result,
  children,
  checked,
}: {
  intent: keyof typeof PROFILE_FORMS
  result?: ProfileFormResult
  children: React.ReactNode
  /** A check run before the form is sent (useCheckedForm), the action checking it again. */
  checked?: { formRef: React.RefObject<HTMLFormElement | null>; onSubmit: React.FormEventHandler<HTMLFormElement> }
}) {
  const { t } = useTranslation('account')
  const location = useLocation()
  const submitting = useIntentSubmitting(intent)
  const texts = PROFILE_FORMS[intent]
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">{t(texts.title)}</h2>
        <CardDescription>{t(texts.description)}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form key={location.key} ref={checked?.formRef} onSubmit={checked?.onSubmit} method="post" className="flex flex-col gap-5" noValidate aria-label={t(texts.title)}>
          <input type="hidden" name="intent" value={intent} />
          <FormAlert error={result?.formError} />
          {children}
          <SubmitButton pending={submitting} pendingLabel={t(texts.pending)} className="self-start">
            {t(texts.submit)}
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  )
}

/** Edit name, country, company and phone (the email and account type are fixed). */
export function ProfileEditForm({ profile, result }: { profile: OwnProfile; result?: ProfileFormResult }) {
  const values = result?.values ?? {
    name: profile.name,
    country: profile.country,
    companyName: profile.companyName ?? '',
    phoneNumber: profile.phoneNumber,
    preferredCurrency: profile.preferredCurrency,
  }
  return (
    <ProfileFormCard intent="updateProfile" result={result}>
      <ProfileFields idPrefix="profile" errors={result?.fieldErrors ?? {}} values={values} />
      <PreferredCurrencyField idPrefix="profile" errors={result?.fieldErrors ?? {}} values={values} />
    </ProfileFormCard>
  )
}

/** The bank fields every seller fills in; the national ones (IFSC; BIK and correspondent account) follow by country. */
const COMMON_BANK_FIELDS = ['bankName', 'bankAccountName', 'bankAccountNumber', 'bankSwift'] as const satisfies readonly BankField[]

/** The longest a bank field's text is: the names by BANK_NAME_MAX, the codes by their patterns (34 at most). */
const BANK_INPUT_MAX: Record<BankField, number> = { bankName: BANK_NAME_MAX, bankAccountName: BANK_NAME_MAX, bankAccountNumber: 34, bankSwift: 11, bankIfsc: 11, bankBik: 9, bankCorrespondentAccount: 20 }

/**
 * The registered address the trade documents print (everyone), and the bank account a seller is paid
 * into (sellers; the fields of their country): the proforma and the commercial invoice print them.
 */
export function ProfileTradeDetailsForm({ profile, result }: { profile: OwnProfile; result?: ProfileFormResult }) {
  const { t } = useTranslation('account')
  const schemas = useAccountSchemas()
  const checked = useCheckedForm(schemas && ((data) => schemas.parseSubmission(schemas.TradeDetailsSchema, data)), result?.fieldErrors)
  const errors: Record<string, string | undefined> = checked.errors
  const value = (name: keyof OwnProfile['tradeDetails']) => result?.values?.[name] ?? profile.tradeDetails[name] ?? ''
  const bankFields: readonly BankField[] = profile.userType === 'Seller' ? [...COMMON_BANK_FIELDS, ...NATIONAL_BANK_FIELDS[profile.country]] : []
  return (
    <ProfileFormCard intent="updateTradeDetails" result={result} checked={checked}>
      <TextareaField
        id="trade-address"
        name="registeredAddress"
        label={t('tradeDetails.address')}
        hint={t('tradeDetails.addressHint')}
        rows={3}
        maxLength={REGISTERED_ADDRESS_MAX}
        autoComplete="street-address"
        defaultValue={value('registeredAddress')}
        error={errors.registeredAddress}
      />
      {bankFields.length > 0 ? (
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-base font-semibold">{t('tradeDetails.bankTitle')}</legend>
          <p className="text-sm text-muted-foreground">{t('tradeDetails.bankDescription')}</p>
          {bankFields.map((name) => (
            <TextField
              key={name}
              id={`trade-${name}`}
              name={name}
              label={t(`tradeDetails.${name}`)}
              hint={name === 'bankName' || name === 'bankAccountName' ? undefined : t('tradeDetails.codeHint')}
              maxLength={BANK_INPUT_MAX[name]}
              autoCapitalize={name === 'bankName' || name === 'bankAccountName' ? undefined : 'characters'}
              spellCheck={false}
              defaultValue={value(name)}
              error={errors[name]}
            />
          ))}
        </fieldset>
      ) : null}
      <RegistryIdentityFields profile={profile} values={result?.values} errors={errors} />
    </ProfileFormCard>
  )
}

/**
 * The registry identities of the user's country (issue 30 item 1): India IEC, GSTIN, PAN; Russia INN,
 * OGRN or OGRNIP, KPP. Sellers need them before KYC approval; a number KYC approval verified is shown
 * read-only (changing it would need a new review).
 */
function RegistryIdentityFields({ profile, values, errors }: { profile: OwnProfile; values?: Record<string, string>; errors: Record<string, string | undefined> }) {
  const { t } = useTranslation('account')
  return (
    <fieldset className="flex flex-col gap-4" data-testid="registry-identities">
      <legend className="mb-2 text-base font-semibold">{t('tradeDetails.registryTitle')}</legend>
      <p className="text-sm text-muted-foreground">{t(profile.userType === 'Seller' ? 'tradeDetails.registrySellerDescription' : 'tradeDetails.registryBuyerDescription')}</p>
      {REGISTRY_FIELDS[profile.country].map((name) => {
        const own = profile.identities[name]
        return (
          <TextField
            key={name}
            id={`trade-${name}`}
            name={name}
            label={t(`tradeDetails.registry.${name}`)}
            hint={own?.verified ? t('tradeDetails.registryVerified') : t(`tradeDetails.registryHint.${name}`)}
            maxLength={REGISTRY_INPUT_MAX[name]}
            autoCapitalize="characters"
            spellCheck={false}
            readOnly={own?.verified}
            defaultValue={values?.[name] ?? own?.value ?? ''}
            error={errors[name]}
          />
        )
      })}
    </fieldset>
  )
}
