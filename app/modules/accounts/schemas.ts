// The accounts domain's one schema module (spec §5): every field rule (name, email, password,
// phone, country, account type, company) is written here once, and every form, action and the
// better-auth guards use it; form inputs take their minLength/maxLength from the same constants.
// One Zod schema per form, shared by the form (checked before submit) and the action. Messages are i18n keys.
import { z } from 'zod'
import { KYC_DOCUMENT } from '~/domain/uploads'
import { safeRedirect } from '~/lib/safe-redirect'
import {
  BANK_ACCOUNT_PATTERN,
  BANK_NAME_MAX,
  BIK_PATTERN,
  CORRESPONDENT_ACCOUNT_PATTERN,
  CURRENCIES,
  IFSC_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REGISTERED_ADDRESS_MAX,
  REGISTRY_CHECKS,
  checkGstin,
  isCompanyInn,
  type RegistryField,
  SWIFT_PATTERN,
  TRADING_COUNTRIES,
  USER_TYPES,
} from '~/domain'
import { COMPANY_MAX, EMAIL_MAX, NAME_MAX, NAME_MIN, PHONE_MAX, PHONE_MIN } from './limits'

export * from './limits'

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v)

export const EmailField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.email({ error: 'auth:validation.emailInvalid' }).max(EMAIL_MAX, { error: 'auth:validation.emailInvalid' }),
)

/** The person's name, as registration, profile setup and profile editing take it (and better-auth stores it). */
export const NameField = z.preprocess(
  trimmed,
  z.string({ error: 'auth:validation.nameMin' })
    .min(NAME_MIN, { error: 'auth:validation.nameMin' })
    .max(NAME_MAX, { error: 'auth:validation.nameTooLong' }),
)

/**
 * A new password's length rule (ASVS V6.2.1/V6.2.9). The server also refuses common and breached
 * passwords and ones equal to the email or name: `checkPasswordPolicy` in password-policy.server.ts.
 */
export const PasswordSchema = z
  .string({ error: 'auth:validation.passwordMin' })
  .min(PASSWORD_MIN, { error: 'auth:validation.passwordMin' })
  .max(PASSWORD_MAX, { error: 'auth:validation.passwordTooLong' })
const password = PasswordSchema

/** An existing password as typed to sign in: accounts from before ADR 008 may have 6 or 7 characters. */
export const CurrentPasswordField = z
  .string({ error: 'auth:validation.passwordRequired' })
  .min(1, { error: 'auth:validation.passwordRequired' })
  .max(PASSWORD_MAX, { error: 'auth:validation.passwordTooLong' })

export const CountryField = z.enum(TRADING_COUNTRIES, { error: 'auth:validation.countryRequired' })
/** The currency amounts are shown converted to (issue 28 item 4): one of CURRENCIES. */
export const PreferredCurrencyField = z.enum(CURRENCIES, { error: 'account:errors.currencyInvalid' })
export const UserTypeField = z.enum(USER_TYPES, { error: 'auth:validation.userTypeRequired' })

/** Optional; an empty value is stored as null (spec §3). */
export const CompanyNameField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null),
  z.string().max(COMPANY_MAX, { error: 'auth:validation.companyTooLong' }).nullable(),
)

/** Spec §5: a loose international phone pattern (digits and the usual separators). */
export const PHONE_PATTERN = new RegExp(`^\\+?[0-9\\s\\-()]{${PHONE_MIN},${PHONE_MAX}}$`)

/** One phone rule for registration, profile setup and profile editing. */
export const PhoneField = z.preprocess(
  trimmed,
  z.string({ error: 'auth:validation.phoneInvalid' })
    .regex(PHONE_PATTERN, { error: 'auth:validation.phoneInvalid' })
    .refine((v) => v.replace(/\D/g, '').length >= 7, { error: 'auth:validation.phoneInvalid' }),
)

/** A picked file, as FormData gives it in the browser and on the server. */
type PickedFile = { name: string; size: number; type: string; arrayBuffer: () => Promise<ArrayBuffer> }

function isPickedFile(v: unknown): v is PickedFile {
  return !!v && typeof v === 'object' && typeof (v as PickedFile).size === 'number' && typeof (v as PickedFile).arrayBuffer === 'function'
}

/** Spec §5 file rules as far as a name and size tell (the server also checks the bytes). */
export function kycFileProblem(v: unknown): string | null {
  return KYC_DOCUMENT.check(isPickedFile(v) ? [v] : [])
}

export const RegisterSchema = z
  .object({
    name: NameField,
    email: EmailField,
    password,
    confirmPassword: password,
    country: CountryField,
    userType: UserTypeField,
    companyName: CompanyNameField,
    phoneNumber: PhoneField,
    /** Sellers only; ignored for buyers. */
    kycDocument: z.custom<PickedFile | undefined>(() => true).optional(),
  })
  // These run even when other fields have problems, so the form shows every message at once.
  .refine((v) => typeof v.password !== 'string' || typeof v.confirmPassword !== 'string' || v.password === v.confirmPassword, {
    error: 'auth:validation.passwordsMismatch',
    path: ['confirmPassword'],
    when: () => true,
  })
  .superRefine((v, ctx) => {
    if (v.userType !== 'Seller') return
    const problem = kycFileProblem(v.kycDocument)
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['kycDocument'] })
  })
  .transform((v) => ({ ...v, kycDocument: v.userType === 'Seller' ? v.kycDocument : undefined }))
export type RegisterInput = z.infer<typeof RegisterSchema>

export const LoginSchema = z.object({
  email: EmailField,
  password: CurrentPasswordField,
})
export type LoginInput = z.infer<typeof LoginSchema>

export const ResendVerificationSchema = z.object({ email: EmailField })
export type ResendVerificationInput = z.infer<typeof ResendVerificationSchema>

export const PasswordResetRequestSchema = z.object({ email: EmailField })
export type PasswordResetRequestInput = z.infer<typeof PasswordResetRequestSchema>

/** Longest reset token we pass on (better-auth's are 24 characters); anything longer is not a link we sent. */
export const RESET_TOKEN_MAX = 256

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: 'auth:reset.invalidLink' }).min(1, { error: 'auth:reset.invalidLink' }).max(RESET_TOKEN_MAX, { error: 'auth:reset.invalidLink' }),
    password: PasswordSchema,
    confirmPassword: PasswordSchema,
  })
  .refine((v) => typeof v.password !== 'string' || typeof v.confirmPassword !== 'string' || v.password === v.confirmPassword, {
    error: 'auth:validation.passwordsMismatch',
    path: ['confirmPassword'],
    when: () => true,
  })
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>

// The accounts forms are checked in the browser with this chunk, which public pages load lazily
// (their JS budget): the form helper travels with the schemas instead of in the page's own chunk.
export { parseSubmission } from '~/lib/form'

/** A same-site path to continue to after signing in, or '/' for anything else (no open redirects). */
export function safeRedirectTo(value: unknown, fallback = '/'): string {
  const path = safeRedirect(value, fallback)
  return /^\/(login|register|logout)(\/|\?|#|$)/.test(path) ? fallback : path
}

/** The 'Complete Your Profile' form (spec §5 Profile setup form). Email comes from the session, not the form. */
export const CompleteProfileSchema = z.object({
  name: NameField,
  country: CountryField,
  userType: UserTypeField,
  companyName: CompanyNameField,
  phoneNumber: PhoneField,
})
export type CompleteProfileInput = z.infer<typeof CompleteProfileSchema>

/** Editing one's own profile: the account type is fixed after creation. */
export const UpdateProfileSchema = z.object({ name: NameField, country: CountryField, companyName: CompanyNameField, phoneNumber: PhoneField, preferredCurrency: PreferredCurrencyField.optional() })
export type UpdateProfileInput = z.infer<typeof UpdateProfileSchema>

export const ChangePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'account:errors.currentPasswordRequired' })
      .min(1, { error: 'account:errors.currentPasswordRequired' })
      .max(PASSWORD_MAX, { error: 'account:errors.wrongPassword' }),
    newPassword: PasswordSchema,
    confirmPassword: z.string({ error: 'auth:validation.passwordsMismatch' }),
    revokeOtherSessions: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: 'auth:validation.passwordsMismatch',
    path: ['confirmPassword'],
  })
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>

/** An optional text: blank is "not given" (null); otherwise as typed, up to `max` characters. */
const optionalText = (max: number, tooLong: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null), z.string().max(max, { error: tooLong }).nullable())

/** An optional code that must match its pattern as typed (capital letters and digits, no spaces): refused, never rewritten. */
const optionalCode = (pattern: RegExp, message: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null), z.string().regex(pattern, { error: message }).nullable())

/**
 * An optional registry identity (issue 30 item 1): blank is "not given"; otherwise checked as typed by
 * its registry's algorithm (app/domain/registry.ts), each failure with its own message.
 */
const optionalIdentity = (field: RegistryField) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null),
    z
      .string()
      .nullable()
      .superRefine((v, ctx) => {
        const problem = v === null ? null : REGISTRY_CHECKS[field](v)
        if (problem) ctx.addIssue({ code: 'custom', message: `account:tradeDetails.errors.${field}.${problem}` })
      }),
  )

/** The message key of a registry identity number another account already holds. */
export const IDENTITY_TAKEN = 'account:tradeDetails.errors.identityTaken'

/**
 * The trade details form (issue 29 item 4): the registered address the trade documents print, and for
 * sellers the bank account they are paid into. The bank's name, the holder and the number go together.
 */
export const TradeDetailsSchema = z
  .object({
    registeredAddress: optionalText(REGISTERED_ADDRESS_MAX, 'account:tradeDetails.errors.addressTooLong'),
    bankName: optionalText(BANK_NAME_MAX, 'account:tradeDetails.errors.nameTooLong'),
    bankAccountName: optionalText(BANK_NAME_MAX, 'account:tradeDetails.errors.nameTooLong'),
    bankAccountNumber: optionalCode(BANK_ACCOUNT_PATTERN, 'account:tradeDetails.errors.accountNumber'),
    bankSwift: optionalCode(SWIFT_PATTERN, 'account:tradeDetails.errors.swift'),
    bankIfsc: optionalCode(IFSC_PATTERN, 'account:tradeDetails.errors.ifsc'),
    bankBik: optionalCode(BIK_PATTERN, 'account:tradeDetails.errors.bik'),
    bankCorrespondentAccount: optionalCode(CORRESPONDENT_ACCOUNT_PATTERN, 'account:tradeDetails.errors.correspondentAccount'),
    iec: optionalIdentity('iec'),
    gstin: optionalIdentity('gstin'),
    pan: optionalIdentity('pan'),
    inn: optionalIdentity('inn'),
    ogrn: optionalIdentity('ogrn'),
    kpp: optionalIdentity('kpp'),
  })
  .superRefine((v, ctx) => {
    // The identities that go together: the PAN inside the GSTIN is the PAN given; a company's INN (10
    // digits) goes with an OGRN (13) and may have a KPP, a sole trader's (12) with an OGRNIP (15) and none.
    if (v.gstin && checkGstin(v.gstin, v.pan) === 'panMismatch') ctx.addIssue({ code: 'custom', path: ['gstin'], message: 'account:tradeDetails.errors.gstin.panMismatch' })
    if (v.inn && v.ogrn && isCompanyInn(v.inn) !== (v.ogrn.length === 13)) ctx.addIssue({ code: 'custom', path: ['ogrn'], message: 'account:tradeDetails.errors.ogrn.innMismatch' })
    if (v.inn && v.kpp && !isCompanyInn(v.inn)) ctx.addIssue({ code: 'custom', path: ['kpp'], message: 'account:tradeDetails.errors.kpp.soleTrader' })
  })
  .superRefine((v, ctx) => {
    const account = [v.bankName, v.bankAccountName, v.bankAccountNumber]
    const anyBank = account.some((x) => x !== null) || v.bankSwift !== null || v.bankIfsc !== null || v.bankBik !== null || v.bankCorrespondentAccount !== null
    if (!anyBank) return
    for (const [key, value] of [['bankName', v.bankName], ['bankAccountName', v.bankAccountName], ['bankAccountNumber', v.bankAccountNumber]] as const) {
      if (value === null) ctx.addIssue({ code: 'custom', path: [key], message: 'account:tradeDetails.errors.bankIncomplete' })
    }
  })
export type TradeDetailsInput = z.infer<typeof TradeDetailsSchema>

export const PROFILE_INTENTS = ['updateProfile', 'changePassword', 'revokeOtherSessions', 'updateTradeDetails'] as const
export type ProfileIntent = (typeof PROFILE_INTENTS)[number]
