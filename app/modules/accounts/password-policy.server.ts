// The server half of the password rule (ADR 008, ASVS 5.0 V6.2): the length rule is PasswordSchema
// in ./schemas (shared with the forms); this adds the checks that need the breached-password list,
// which stays on the server so the browser bundle never carries it.
import { PASSWORD_MAX, PASSWORD_MIN } from '~/domain'
import { PasswordSchema } from './schemas'

export { PasswordSchema }

/** i18n key of the problem with a new password, or null when it may be used. */
export type PasswordProblem =
  | 'auth:validation.passwordMin'
  | 'auth:validation.passwordTooLong'
  | 'auth:validation.passwordCommon'
  | 'auth:validation.passwordLikeIdentity'

let commonPasswords: Promise<Set<string>> | undefined

/** The zxcvbn common-passwords list (about 49,000 leaked and popular passwords), lower-cased, loaded once. */
function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  )
  return commonPasswords
}

/** Whether `password` is on the common and breached passwords list (compared in lower case). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase())
}

/** Refuses a password found on the common and breached passwords list; returns the i18n key, or null. */
export async function checkPasswordNotCommon(password: string): Promise<'auth:validation.passwordCommon' | null> {
  return (await isCommonPassword(password)) ? 'auth:validation.passwordCommon' : null
}

const normalise = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ')

/**
 * The whole rule for a new password (registration, change, reset): length, not a common or breached
 * password, and not the account's email, the email's local part or the person's name.
 */
export async function checkPasswordPolicy(
  password: string,
  identity: { email?: string | null; name?: string | null } = {},
): Promise<PasswordProblem | null> {
  if (password.length > PASSWORD_MAX) return 'auth:validation.passwordTooLong'
  if (!PasswordSchema.safeParse(password).success || password.length < PASSWORD_MIN) return 'auth:validation.passwordMin'
  const typed = normalise(password)
  const email = identity.email ? normalise(identity.email) : ''
  const name = identity.name ? normalise(identity.name) : ''
  if ((email && (typed === email || typed === email.split('@')[0])) || (name && (typed === name || typed === name.replace(/ /g, '')))) {
    return 'auth:validation.passwordLikeIdentity'
  }
  return checkPasswordNotCommon(password)
}
