// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import { KYC_DOCUMENT } from '~/domain/uploads'
import { LoginSchema, parseSubmission, RegisterSchema, ResendVerificationSchema, registrationSummary, safeRedirectTo } from './schemas'

const valid = {
  name: 'Asha Rao',
  email: 'Asha@Example.com ',
  password: 'river-stone-7',
  confirmPassword: 'river-stone-7',
  country: 'India',
  userType: 'Buyer',
  companyName: '',
  phoneNumber: '+91 98765 43210',
}

function form(fields: Record<string, string | Blob>) {
  const fd = new FormData()
  for (const [k, v] of Object.entries(fields)) fd.append(k, v)
  return fd
}

const pdf = (size = 100, name = 'registration.pdf') => new File([new Uint8Array(size)], name, { type: 'application/pdf' })

function errorsFor(fields: Record<string, string | Blob>) {
  const result = parseSubmission(RegisterSchema, form(fields), { files: ['kycDocument'] })
  return result.ok ? {} : result.fieldErrors
}

describe('RegisterSchema (spec §5 Registration)', () => {
  it('accepts a valid buyer, normalising email and empty company', () => {
    const result = parseSubmission(RegisterSchema, form(valid), { files: ['kycDocument'] })
    expect(result).toMatchObject({ ok: true, value: { email: 'asha@example.com', companyName: null, userType: 'Buyer', kycDocument: undefined } })
  })

  it.each([
    ['name shorter than 2', { name: 'A' }, 'name', 'auth:validation.nameMin'],
    ['name of spaces', { name: '   ' }, 'name', 'auth:validation.nameMin'],
    ['name over 100', { name: 'x'.repeat(101) }, 'name', 'auth:validation.nameTooLong'],
    ['invalid email', { email: 'not-an-email' }, 'email', 'auth:validation.emailInvalid'],
    ['password shorter than 8 (ADR 008)', { password: '1234567', confirmPassword: '1234567' }, 'password', 'auth:validation.passwordMin'],
    ['confirm password shorter than 8', { confirmPassword: '123' }, 'confirmPassword', 'auth:validation.passwordMin'],
    ['passwords that differ', { confirmPassword: 'river-stone-8' }, 'confirmPassword', 'auth:validation.passwordsMismatch'],
    ['password over 128', { password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, 'password', 'auth:validation.passwordTooLong'],
    ['no country', { country: '' }, 'country', 'auth:validation.countryRequired'],
    ['a country outside India and Russia', { country: 'France' }, 'country', 'auth:validation.countryRequired'],
    ['no account type', { userType: '' }, 'userType', 'auth:validation.userTypeRequired'],
    ['an unknown account type', { userType: 'Admin' }, 'userType', 'auth:validation.userTypeRequired'],
    ['a phone with letters', { phoneNumber: '+91 98765 abcde' }, 'phoneNumber', 'auth:validation.phoneInvalid'],
    ['a phone that is too short', { phoneNumber: '12345' }, 'phoneNumber', 'auth:validation.phoneInvalid'],
    ['a phone that is too long', { phoneNumber: '1'.repeat(21) }, 'phoneNumber', 'auth:validation.phoneInvalid'],
    ['a phone of punctuation only', { phoneNumber: '(((--- )))' }, 'phoneNumber', 'auth:validation.phoneInvalid'],
    ['a company name over 200', { companyName: 'c'.repeat(201) }, 'companyName', 'auth:validation.companyTooLong'],
  ])('refuses %s', (_label, change, field, message) => {
    expect(errorsFor({ ...valid, ...change })[field]).toBe(message)
  })

  it('reports every problem at once, including the password mismatch', () => {
    const errors = errorsFor({ ...valid, name: 'A', email: 'x', confirmPassword: 'different', country: '', userType: '' })
    expect(Object.keys(errors).sort()).toEqual(['confirmPassword', 'country', 'email', 'name', 'userType'])
  })

  it.each([
    ['no file', {}, 'kyc:errors.required'],
    ['an empty file', { kycDocument: pdf(0) }, 'kyc:errors.required'],
    ['a file of 5 MB + 1 byte', { kycDocument: pdf(KYC_DOCUMENT.maxBytes + 1) }, 'kyc:errors.tooLarge'],
    ['a .exe', { kycDocument: pdf(100, 'setup.exe') }, 'kyc:errors.invalidType'],
    ['a .html', { kycDocument: pdf(100, 'page.html') }, 'kyc:errors.invalidType'],
  ])('requires a valid KYC file from a seller: %s', (_label, file, message) => {
    expect(errorsFor({ ...valid, userType: 'Seller', ...file }).kycDocument).toBe(message)
  })

  it('accepts a seller with a PDF, JPG, JPEG or PNG of at most 5 MB', () => {
    for (const name of ['a.pdf', 'b.JPG', 'c.jpeg', 'd.png']) {
      expect(errorsFor({ ...valid, userType: 'Seller', kycDocument: pdf(KYC_DOCUMENT.maxBytes, name) })).toEqual({})
    }
  })

  it('ignores a file sent with a buyer registration', () => {
    const result = parseSubmission(RegisterSchema, form({ ...valid, kycDocument: pdf() }), { files: ['kycDocument'] })
    expect(result.ok && result.value.kycDocument).toBeUndefined()
  })

  it('summarises the submit-time problems (spec §5)', () => {
    expect(registrationSummary({ userType: 'x', country: 'y', kycDocument: 'z', name: 'n' })).toEqual([
      'auth:register.summary.userType',
      'auth:register.summary.country',
      'auth:register.summary.kycDocument',
    ])
  })

  it('keeps the typed values but never the passwords', () => {
    const result = parseSubmission(RegisterSchema, form({ ...valid, name: 'A' }), { files: ['kycDocument'] })
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.values).toMatchObject({ name: 'A', email: valid.email, phoneNumber: valid.phoneNumber })
      expect(result.values).not.toHaveProperty('password')
      expect(result.values).not.toHaveProperty('confirmPassword')
    }
  })

  it('takes the first of repeated fields and no files outside the file fields', () => {
    const fd = form(valid)
    fd.append('name', 'Second Name')
    const result = parseSubmission(RegisterSchema, fd)
    expect(result.ok && result.value.name).toBe('Asha Rao')
    expect(parseSubmission(RegisterSchema, form({ ...valid, name: new File(['x'], 'n.txt') })).ok).toBe(false)
  })
})

describe('LoginSchema and ResendVerificationSchema (spec §5 Login)', () => {
  it.each([
    [{ email: 'bad', password: 'secret1' }, 'email', 'auth:validation.emailInvalid'],
    [{ email: 'a@b.co', password: '' }, 'password', 'auth:validation.passwordRequired'],
    [{ email: 'a@b.co' }, 'password', 'auth:validation.passwordRequired'],
    [{ email: 'a@b.co', password: 'x'.repeat(129) }, 'password', 'auth:validation.passwordTooLong'],
  ])('refuses %o', (fields, field, message) => {
    const result = parseSubmission(LoginSchema, form(fields as Record<string, string>))
    expect(result.ok ? {} : result.fieldErrors[field]).toBe(message)
  })

  it('accepts a valid login, and a 6-character password from before ADR 008', () => {
    expect(parseSubmission(LoginSchema, form({ email: 'a@b.co', password: '123456' })).ok).toBe(true)
    expect(parseSubmission(LoginSchema, form({ email: ' A@B.co', password: 'secret1' }))).toEqual({ ok: true, value: { email: 'a@b.co', password: 'secret1' } })
  })

  it('checks the resend address', () => {
    expect(ResendVerificationSchema.safeParse({ email: 'nope' }).success).toBe(false)
    expect(ResendVerificationSchema.safeParse({ email: 'a@b.co' }).success).toBe(true)
  })
})

describe('safeRedirectTo', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/kyc-upload?x=1', '/kyc-upload?x=1'],
    ['//evil.example', '/'],
    ['https://evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/login', '/'],
    ['/logout', '/'],
    [null, '/'],
    ['/a\nb', '/'],
    ['/a\u007fb', '/'],
    ['/login#x', '/'],
    ['/dashboard\u007f', '/'],
  ])('%s → %s', (input, expected) => {
    expect(safeRedirectTo(input)).toBe(expected)
  })
})
