// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import { MAX_ERROR_MESSAGE_LENGTH, mapAuthError, mapDbError, mapError } from './errors'

// An error shaped like better-auth's APIError (statusCode + body) and like a driver error wrapped by Drizzle.
const apiError = (statusCode: number, code: string, message: string) => ({ name: 'APIError', statusCode, status: 'X', body: { code, message }, message })
const pgError = (code: string, extra: Record<string, string> = {}) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(extra.message ?? 'violation'), { code, ...extra }) })

describe('mapAuthError (spec §8 backend error mapping)', () => {
  it.each([
    ['Email not confirmed', { message: 'Email not confirmed' }, 'EMAIL_NOT_CONFIRMED', 'errors:auth.emailNotConfirmed', 401, undefined],
    ['better-auth EMAIL_NOT_VERIFIED', apiError(403, 'EMAIL_NOT_VERIFIED', 'Email not verified'), 'EMAIL_NOT_CONFIRMED', 'errors:auth.emailNotConfirmed', 401, undefined],
    ['Invalid login credentials', { message: 'Invalid login credentials' }, 'INVALID_CREDENTIALS', 'errors:auth.invalidCredentials', 401, undefined],
    ['better-auth INVALID_EMAIL_OR_PASSWORD', { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, 'INVALID_CREDENTIALS', 'errors:auth.invalidCredentials', 401, undefined],
    ['User already registered', { message: 'User already registered' }, 'USER_EXISTS', 'errors:auth.userExists', 409, 'email'],
    ['better-auth USER_ALREADY_EXISTS', apiError(422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'User already exists. Use another email.'), 'USER_EXISTS', 'errors:auth.userExists', 409, 'email'],
    ['password shorter than 6', { message: 'Password should be at least 6 characters' }, 'WEAK_PASSWORD', 'errors:auth.weakPassword', 400, 'password'],
    ['better-auth PASSWORD_TOO_SHORT', { status: 400, code: 'PASSWORD_TOO_SHORT', message: 'Password too short' }, 'WEAK_PASSWORD', 'errors:auth.weakPassword', 400, 'password'],
    ['invalid email format', { status: 400, code: 'INVALID_EMAIL', message: 'Invalid email' }, 'INVALID_EMAIL', 'errors:auth.invalidEmail', 400, 'email'],
    ['signup_disabled', { message: 'signup_disabled' }, 'SIGNUP_DISABLED', 'errors:auth.signupDisabled', 401, undefined],
    ['rate limited (429)', { status: 429, message: 'Too many requests. Please try again later.' }, 'RATE_LIMITED', 'errors:auth.rateLimited', 429, undefined],
    ['suspended account', apiError(403, 'ACCOUNT_SUSPENDED', 'Your account has been suspended.'), 'ACCOUNT_SUSPENDED', 'errors:auth.accountSuspended', 403, undefined],
    ['banned account', apiError(403, 'ACCOUNT_BANNED', 'Your account has been banned.'), 'ACCOUNT_BANNED', 'errors:auth.accountBanned', 403, undefined],
    ['expired verification token', apiError(401, 'TOKEN_EXPIRED', 'Token expired'), 'TOKEN_EXPIRED', 'errors:verification.expired', 401, undefined],
    ['invalid verification token', apiError(401, 'INVALID_TOKEN', 'Invalid token'), 'INVALID_TOKEN', 'errors:verification.invalid', 400, undefined],
    ['network error', new TypeError('fetch failed'), 'NETWORK_ERROR', 'errors:network', 503, undefined],
    ['storage error', { status: 400, message: 'storage bucket unavailable' }, 'UPLOAD_ERROR', 'errors:upload', 500, undefined],
    ['row-level security', { status: 403, message: 'new row violates row-level security policy' }, 'RLS_POLICY_ERROR', 'errors:rlsPolicy', 403, undefined],
  ])('%s', (_label, err, code, messageKey, status, field) => {
    const mapped = mapAuthError(err)
    expect(mapped).toMatchObject({ code, messageKey, status })
    expect(mapped.field).toBe(field)
  })

  it('shows anything else with its own message', () => {
    expect(mapAuthError(apiError(400, 'SOMETHING', 'Something specific went wrong'))).toEqual({
      code: 'UNKNOWN_ERROR',
      messageKey: 'errors:withMessage',
      status: 500,
      values: { message: 'Something specific went wrong' },
    })
  })

  it(`replaces messages over ${MAX_ERROR_MESSAGE_LENGTH} characters, or none, with the generic one`, () => {
    const exactly = 'x'.repeat(MAX_ERROR_MESSAGE_LENGTH)
    expect(mapAuthError(apiError(400, 'X', exactly)).values).toEqual({ message: exactly })
    expect(mapAuthError(apiError(400, 'X', `${exactly}y`))).toMatchObject({ code: 'UNKNOWN_ERROR', messageKey: 'errors:unexpected', status: 500 })
    expect(mapAuthError(apiError(400, 'X', ''))).toMatchObject({ messageKey: 'errors:unexpected' })
    expect(mapAuthError(undefined)).toMatchObject({ messageKey: 'errors:unexpected' })
  })

  it('never shows internal exception text', () => {
    expect(mapAuthError(new Error('relation "users" does not exist'))).toMatchObject({ messageKey: 'errors:unexpected' })
    expect(mapAuthError({ status: 500, message: 'stack trace here' })).toMatchObject({ messageKey: 'errors:unexpected' })
  })
})

describe('mapDbError (spec §8 database codes)', () => {
  it.each([
    ['23505 on email', pgError('23505', { constraint: 'profiles_email_unique', detail: 'Key (email)=(a@b.c) already exists.' }), 'DUPLICATE_EMAIL', 'errors:db.duplicateEmail', 409, 'email'],
    ['23505 on phone_number', pgError('23505', { detail: 'Key (phone_number)=(+91 1) already exists.' }), 'DUPLICATE_PHONE', 'errors:db.duplicatePhone', 409, 'phoneNumber'],
    ['23505 elsewhere', pgError('23505', { constraint: 'products_sku_unique' }), 'DUPLICATE_DATA', 'errors:db.duplicateData', 409, undefined],
    ['23502', pgError('23502', { column: 'name' }), 'MISSING_REQUIRED_FIELD', 'errors:db.missingRequired', 400, undefined],
    ['23514 country', pgError('23514', { constraint: 'profiles_country_check' }), 'INVALID_COUNTRY', 'errors:db.invalidCountry', 400, 'country'],
    ['23514 user_type', pgError('23514', { constraint: 'profiles_user_type_check' }), 'INVALID_USER_TYPE', 'errors:db.invalidUserType', 400, 'userType'],
    ['23514 kyc_status', pgError('23514', { constraint: 'profiles_kyc_status_check' }), 'INVALID_KYC_STATUS', 'errors:db.invalidKycStatus', 400, undefined],
    ['23514 other', pgError('23514', { constraint: 'products_price_check' }), 'INVALID_DATA', 'errors:db.invalidData', 400, undefined],
    ['42501', pgError('42501', { message: 'permission denied for table profiles' }), 'INSUFFICIENT_PERMISSION', 'errors:db.insufficientPermission', 403, undefined],
    ['42501 row-level security', pgError('42501', { message: 'new row violates row-level security policy for table "objects"' }), 'RLS_POLICY_ERROR', 'errors:rlsPolicy', 403, undefined],
  ])('%s', (_label, err, code, messageKey, status, field) => {
    const mapped = mapDbError(err)
    expect(mapped).toMatchObject({ code, messageKey, status })
    expect(mapped.field).toBe(field)
  })

  it('hides other database failures behind the generic message', () => {
    expect(mapDbError(pgError('42P01', { message: 'relation "x" does not exist' }))).toMatchObject({ code: 'UNKNOWN_ERROR', messageKey: 'errors:unexpected' })
    expect(mapDbError(new Error('connection terminated unexpectedly'))).toMatchObject({ messageKey: 'errors:unexpected' })
  })

  it('mapError picks the database mapping for database errors and the auth mapping otherwise', () => {
    expect(mapError(pgError('23505', { detail: 'Key (email)' })).code).toBe('DUPLICATE_EMAIL')
    expect(mapError({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' }).code).toBe('INVALID_CREDENTIALS')
  })
})

describe('catalogue messages', () => {
  it('every message key the mapping can return exists in the English errors file', async () => {
    const fs = await import('node:fs')
    const path = await import('node:path')
    const source = fs.readFileSync(path.resolve(__dirname, 'errors.ts'), 'utf8')
    const en = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../public/locales/en/errors.json'), 'utf8'))
    const keys = [...new Set([...source.matchAll(/'errors:([\w.]+)'/g)].map((m) => m[1]))]
    expect(keys.length).toBeGreaterThan(20)
    const missing = keys.filter((k) => typeof k.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown> | undefined)?.[part], en) !== 'string')
    expect(missing).toEqual([])
  })
})
