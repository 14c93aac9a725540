// The spec §8 error catalogue: turns auth-service and database errors into one shape the UI can
// show. Browser-safe (no server imports): errors are recognised by shape, not by class.

/** Spec §8 codes, plus the few our own flows add (rate limits, blocked accounts, links, origins). */
export type ErrorCode =
  | 'EMAIL_NOT_CONFIRMED'
  | 'INVALID_CREDENTIALS'
  | 'USER_EXISTS'
  | 'WEAK_PASSWORD'
  | 'PASSWORD_TOO_LONG'
  | 'INVALID_EMAIL'
  | 'SIGNUP_DISABLED'
  | 'DUPLICATE_EMAIL'
  | 'DUPLICATE_PHONE'
  | 'DUPLICATE_DATA'
  | 'MISSING_REQUIRED_FIELD'
  | 'INVALID_COUNTRY'
  | 'INVALID_USER_TYPE'
  | 'INVALID_KYC_STATUS'
  | 'INVALID_DATA'
  | 'INSUFFICIENT_PERMISSION'
  | 'NETWORK_ERROR'
  | 'SERVICE_UNAVAILABLE'
  | 'UPLOAD_ERROR'
  | 'RLS_POLICY_ERROR'
  | 'RATE_LIMITED'
  | 'ACCOUNT_SUSPENDED'
  | 'ACCOUNT_BANNED'
  | 'TOKEN_EXPIRED'
  | 'INVALID_TOKEN'
  | 'FORBIDDEN_ORIGIN'
  | 'UNKNOWN_ERROR'

/** Form fields an error can attach to (spec §8: "With a field, the error attaches to that form field"). */
export type ErrorField = 'email' | 'password' | 'phoneNumber' | 'country' | 'userType'

/**
 * A user-facing error. `messageKey` is an i18n key (mostly in the `errors` namespace); `values`
 * fills its placeholders. Without `field` the message is shown as a toast.
 */
export type AppError = {
  code: ErrorCode
  messageKey: string
  status: number
  field?: ErrorField
  values?: Record<string, string>
}

/** Spec §8 DUPLICATE_PHONE: another account has this phone number (ADR 022). */
export const duplicatePhoneError = (): AppError => e('DUPLICATE_PHONE', 'errors:db.duplicatePhone', 409, 'phoneNumber')

/** Spec §9: longer (or missing) messages are replaced by the generic one. */
export const MAX_ERROR_MESSAGE_LENGTH = 200

const e = (code: ErrorCode, messageKey: string, status: number, field?: ErrorField): AppError =>
  field ? { code, messageKey, status, field } : { code, messageKey, status }

/** Spec §8 "Anything else": the error's own message, unless it is absent or longer than 200 characters. */
export function unknownError(message?: string | null): AppError {
  const text = typeof message === 'string' ? message.trim() : ''
  if (!text || text.length > MAX_ERROR_MESSAGE_LENGTH) return e('UNKNOWN_ERROR', 'errors:unexpected', 500)
  return { code: 'UNKNOWN_ERROR', messageKey: 'errors:withMessage', status: 500, values: { message: text } }
}

type Shape = { code?: string; message?: string; status?: number; detail?: string; constraint?: string }

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : null
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined)

/**
 * Reads code, message and HTTP status from what the auth service produces: a thrown API error
 * (`{ statusCode, body: { code, message } }`), a handler reply we summarised as
 * `{ status, code, message }`, or a plain Error.
 */
function authShape(err: unknown): Shape {
  const r = asRecord(err)
  if (!r) return { message: str(err) }
  const body = asRecord(r.body)
  const status = typeof r.statusCode === 'number' ? r.statusCode : typeof r.status === 'number' ? r.status : undefined
  return {
    code: str(body?.code) ?? str(r.code),
    message: str(body?.message) ?? str(r.message),
    status,
  }
}

/** Whether `err` came from the auth service (its messages are written for users). */
function isAuthServiceError(err: unknown): boolean {
  const r = asRecord(err)
  if (!r) return false
  return (typeof r.statusCode === 'number' && asRecord(r.body) !== null) || r.name === 'APIError' || typeof r.status === 'number'
}

/** Network, storage and permission failures that any layer can raise (spec §8). */
function mapCommonError(code: string | undefined, message: string): AppError | null {
  if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH)$/.test(code ?? '') || /network|fetch failed|econnrefused|etimedout/i.test(message)) {
    return e('NETWORK_ERROR', 'errors:network', 503)
  }
  if (/row[- ]level security|\brls\b/i.test(message)) return e('RLS_POLICY_ERROR', 'errors:rlsPolicy', 403)
  if (/storage|upload/i.test(message)) return e('UPLOAD_ERROR', 'errors:upload', 500)
  return null
}

/** Maps an auth-service error (sign-up, sign-in, verification) to the spec §8 catalogue. */
export function mapAuthError(err: unknown): AppError {
  const { code = '', message = '', status } = authShape(err)
  if (status === 429 || code === 'RATE_LIMITED' || /too many requests/i.test(message)) return e('RATE_LIMITED', 'errors:auth.rateLimited', 429)
  if (code === 'ACCOUNT_SUSPENDED') return e('ACCOUNT_SUSPENDED', 'errors:auth.accountSuspended', 403)
  if (code === 'ACCOUNT_BANNED') return e('ACCOUNT_BANNED', 'errors:auth.accountBanned', 403)
  if (code === 'EMAIL_NOT_VERIFIED' || code === 'EMAIL_NOT_CONFIRMED' || /email not (confirmed|verified)/i.test(message)) {
    return e('EMAIL_NOT_CONFIRMED', 'errors:auth.emailNotConfirmed', 401)
  }
  if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_CREDENTIALS' || /invalid login credentials|invalid email or password/i.test(message)) {
    return e('INVALID_CREDENTIALS', 'errors:auth.invalidCredentials', 401)
  }
  if (/^USER_ALREADY_EXISTS/.test(code) || code === 'USER_EXISTS' || /user already (registered|exists)/i.test(message)) {
    return e('USER_EXISTS', 'errors:auth.userExists', 409, 'email')
  }
  if (code === 'PASSWORD_TOO_SHORT' || /password (should|must) be at least 6|password too short/i.test(message)) {
    return e('WEAK_PASSWORD', 'errors:auth.weakPassword', 400, 'password')
  }
  if (code === 'PASSWORD_TOO_LONG') return e('PASSWORD_TOO_LONG', 'errors:auth.passwordTooLong', 400, 'password')
  if (code === 'INVALID_EMAIL' || /^invalid email( format| address)?\.?$/i.test(message)) return e('INVALID_EMAIL', 'errors:auth.invalidEmail', 400, 'email')
  if (/signup_disabled|SIGN_UP_DISABLED/i.test(code) || /signup_disabled|sign up is not enabled/i.test(message)) {
    return e('SIGNUP_DISABLED', 'errors:auth.signupDisabled', 401)
  }
  if (code === 'TOKEN_EXPIRED' || /token.?expired|link.*expired/i.test(`${code} ${message}`)) return e('TOKEN_EXPIRED', 'errors:verification.expired', 401)
  if (code === 'INVALID_TOKEN') return e('INVALID_TOKEN', 'errors:verification.invalid', 400)
  if (code === 'INVALID_ORIGIN' || code === 'MISSING_OR_NULL_ORIGIN' || code === 'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED') {
    return e('FORBIDDEN_ORIGIN', 'errors:forbiddenOrigin', 403)
  }
  const common = mapCommonError(code, message)
  if (common) return common
  // Server failures (5xx) carry internal details; only the service's user-facing messages are shown.
  if (isAuthServiceError(err) && (status === undefined || status < 500)) return unknownError(message)
  return unknownError(null)
}

type PgError = { code: string; detail?: string; constraint?: string; constraint_name?: string; message?: string; column?: string }

/** The PostgreSQL error behind a Drizzle/driver error (PGlite or node-postgres), if any. */
export function findPgError(err: unknown): PgError | null {
  let current: unknown = err
  for (let depth = 0; current && depth < 6; depth++) {
    const r = asRecord(current)
    if (!r) return null
    if (typeof r.code === 'string' && /^[0-9A-Z]{5}$/.test(r.code)) return r as unknown as PgError
    current = r.cause
  }
  return null
}

/**
 * Maps a database error to the spec §8 catalogue (unique, not-null, check and permission
 * violations). Other database failures become the generic message: SQL details are never shown.
 */
export function mapDbError(err: unknown): AppError {
  const pg = findPgError(err)
  if (!pg) {
    const { code, message = '' } = authShape(err)
    return mapCommonError(code, message) ?? unknownError(null)
  }
  const where = `${pg.constraint ?? pg.constraint_name ?? ''} ${pg.column ?? ''} ${pg.detail ?? ''} ${pg.message ?? ''}`.toLowerCase()
  switch (pg.code) {
    case '23505':
      if (where.includes('email')) return e('DUPLICATE_EMAIL', 'errors:db.duplicateEmail', 409, 'email')
      if (where.includes('phone_number')) return duplicatePhoneError()
      return e('DUPLICATE_DATA', 'errors:db.duplicateData', 409)
    case '23502':
      return e('MISSING_REQUIRED_FIELD', 'errors:db.missingRequired', 400)
    case '23514':
      if (where.includes('country')) return e('INVALID_COUNTRY', 'errors:db.invalidCountry', 400, 'country')
      if (where.includes('user_type')) return e('INVALID_USER_TYPE', 'errors:db.invalidUserType', 400, 'userType')
      if (where.includes('kyc_status')) return e('INVALID_KYC_STATUS', 'errors:db.invalidKycStatus', 400)
      return e('INVALID_DATA', 'errors:db.invalidData', 400)
    case '42501':
      if (/row[- ]level security/.test(where)) return e('RLS_POLICY_ERROR', 'errors:rlsPolicy', 403)
      return e('INSUFFICIENT_PERMISSION', 'errors:db.insufficientPermission', 403)
    default:
      return mapCommonError(pg.code, pg.message ?? '') ?? unknownError(null)
  }
}

/** Maps any error: database errors first, then auth-service errors. */
export function mapError(err: unknown): AppError {
  return findPgError(err) ? mapDbError(err) : mapAuthError(err)
}
