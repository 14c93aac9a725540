// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import { parseSubmission } from '~/lib/form'
import { ChangePasswordSchema, CompleteProfileSchema, UpdateProfileSchema } from './profile-schemas'
import { RegisterSchema } from './schemas'

const fd = (fields: Record<string, string>) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  return f
}
const valid = { name: 'Asha Rao', country: 'India', userType: 'Seller', companyName: '', phoneNumber: '+91 98765 43210' }

describe('CompleteProfileSchema (spec §5 Profile setup form)', () => {
  it('accepts a complete form, trims it and stores an empty company as null', () => {
    const r = parseSubmission(CompleteProfileSchema, fd({ ...valid, name: '  Asha Rao ', companyName: '   ' }))
    expect(r).toEqual({ ok: true, value: { name: 'Asha Rao', country: 'India', userType: 'Seller', companyName: null, phoneNumber: '+91 98765 43210' } })
  })

  it.each([
    ['a one-letter name', { name: 'A' }, 'name', 'auth:validation.nameMin'],
    ['a name of spaces', { name: '   ' }, 'name', 'auth:validation.nameMin'],
    ['a missing name', { name: undefined }, 'name', 'auth:validation.nameMin'],
    ['a country outside India/Russia', { country: 'China' }, 'country', 'auth:validation.countryRequired'],
    ['no country', { country: '' }, 'country', 'auth:validation.countryRequired'],
    ['an unknown account type', { userType: 'Admin' }, 'userType', 'auth:validation.userTypeRequired'],
    ['no account type', { userType: undefined }, 'userType', 'auth:validation.userTypeRequired'],
    ['a 9-character phone', { phoneNumber: '+91 98765' }, 'phoneNumber', 'auth:validation.phoneInvalid'],
    ['letters in the phone', { phoneNumber: 'call me maybe 12' }, 'phoneNumber', 'auth:validation.phoneInvalid'],
    ['a phone of separators', { phoneNumber: '(((---)))   ' }, 'phoneNumber', 'auth:validation.phoneInvalid'],
    ['a very long company', { companyName: 'x'.repeat(201) }, 'companyName', 'auth:validation.companyTooLong'],
  ])('rejects %s', (_, change, field, message) => {
    const fields: Record<string, string> = { ...valid }
    for (const [k, v] of Object.entries(change)) {
      if (v === undefined) delete fields[k]
      else fields[k] = v
    }
    const r = parseSubmission(CompleteProfileSchema, fd(fields))
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.fieldErrors[field]).toBe(message)
      expect(Object.keys(r.fieldErrors)).toEqual([field])
    }
  })

  it('takes only the first value of a repeated field', () => {
    const f = fd(valid)
    f.append('country', 'Russia')
    expect(parseSubmission(CompleteProfileSchema, f)).toMatchObject({ ok: true, value: { country: 'India' } })
  })

  it('reports every problem of an empty form and echoes the values back', () => {
    const r = parseSubmission(CompleteProfileSchema, fd({ name: 'x' }))
    expect(r).toMatchObject({
      ok: false,
      fieldErrors: { name: 'auth:validation.nameMin', country: 'auth:validation.countryRequired', userType: 'auth:validation.userTypeRequired', phoneNumber: 'auth:validation.phoneInvalid' },
      values: { name: 'x' },
    })
  })
})

describe('UpdateProfileSchema', () => {
  it('ignores an attempt to change the account type', () => {
    const r = parseSubmission(UpdateProfileSchema, fd({ ...valid, userType: 'Buyer' }))
    expect(r.ok && 'userType' in r.value).toBe(false)
  })
})

describe('ChangePasswordSchema', () => {
  const base = { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' }
  it.each([
    ['no current password', { currentPassword: '' }, 'currentPassword', 'account:errors.currentPasswordRequired'],
    ['a 5-character new password', { newPassword: '12345', confirmPassword: '12345' }, 'newPassword', 'auth:validation.passwordMin'],
    ['a 129-character new password', { newPassword: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, 'newPassword', 'auth:validation.passwordTooLong'],
    ['a different confirmation', { confirmPassword: 'new-secreT' }, 'confirmPassword', 'auth:validation.passwordsMismatch'],
  ])('rejects %s', (_, change, field, message) => {
    const r = parseSubmission(ChangePasswordSchema, fd({ ...base, ...change }))
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.fieldErrors[field]).toBe(message)
  })

  it('never echoes passwords back', () => {
    const r = parseSubmission(ChangePasswordSchema, fd({ ...base, confirmPassword: 'nope' }))
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.values).toEqual({})
  })

  it('reads the "sign out other devices" checkbox', () => {
    expect(parseSubmission(ChangePasswordSchema, fd({ ...base, revokeOtherSessions: 'on' }))).toMatchObject({ ok: true, value: { revokeOtherSessions: true } })
    expect(parseSubmission(ChangePasswordSchema, fd(base))).toMatchObject({ ok: true, value: { revokeOtherSessions: false } })
  })
})

describe('one phone rule for registration and profiles', () => {
  const phones = ['+91 98765 43210', '+7 (495) 123-45-67', '9876543210', '+91 98765', '98.76.54.32.10', '+7 495 123 45 67 89 01 23 45', 'phone 1234567890']
  it.each(phones)('registration and the profile form agree on %j', (phoneNumber) => {
    const phoneOk = (r: { error?: { issues: { path: PropertyKey[] }[] } }) => !r.error?.issues.some((i) => i.path[0] === 'phoneNumber')
    const profile = phoneOk(UpdateProfileSchema.safeParse({ ...valid, phoneNumber }))
    const registration = phoneOk(RegisterSchema.safeParse({ phoneNumber }))
    expect(profile).toBe(registration)
  })
  it('accepts the usual Indian and Russian formats', () => {
    expect(UpdateProfileSchema.safeParse({ ...valid, phoneNumber: '+7 (495) 123-45-67' }).success).toBe(true)
    expect(UpdateProfileSchema.safeParse({ ...valid, phoneNumber: '+91 98765 43210' }).success).toBe(true)
  })
})
