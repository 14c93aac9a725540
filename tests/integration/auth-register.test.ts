import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, profiles, users } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { KYC_DOCUMENT } from '~/domain/uploads'
import { loader as registerLoader } from '~/routes/auth/register'
import { callRoute } from './account-support'
import { latestEmail, pdfFile, register, registrationFields, verificationPath } from './auth-support'
import { elfBytes, exeBytes, htmlBytes, jpegBytes, makeFile, padTo, pdfBytes, pngBytes, useTempStorage } from '../factories/files'
import { createUser, signInCookie } from '../factories/users'

let temp: ReturnType<typeof useTempStorage>
beforeAll(() => {
  temp = useTempStorage()
})
afterAll(() => temp.cleanup())

async function counts() {
  const db = getDb()
  const [u] = await db.select({ n: sql<number>`count(*)::int` }).from(users)
  const [p] = await db.select({ n: sql<number>`count(*)::int` }).from(profiles)
  const [m] = await db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox)
  return { users: u.n, profiles: p.n, emails: m.n, files: temp.listFiles().length }
}

async function profileByEmail(email: string) {
  const [row] = await getDb().select().from(profiles).where(eq(profiles.email, email)).limit(1)
  return row
}

type Answer = { ok: boolean; fieldErrors?: Record<string, string>; formError?: string; values?: Record<string, string>; messageKey?: string; email?: string; warningKey?: string }
const answerOf = (outcome: { data: unknown }) => outcome.data as Answer

describe('/register page', () => {
  it('shows the Create an Account page to visitors', async () => {
    const out = await callRoute(registerLoader, '/register')
    expect(out.data).toMatchObject({ title: 'Create an Account' })
  })

  it('sends signed-in users to the home page', async () => {
    const u = await createUser()
    const cookie = await signInCookie(u.email, u.password)
    expect((await callRoute(registerLoader, '/register', { cookie })).location).toBe('/')
    const post = await register(registrationFields(), { cookie })
    expect(post.location).toBe('/')
  })
})

describe('registering a buyer', () => {
  it('creates an unverified login and a profile without KYC, and mails a verification link', async () => {
    const fields = registrationFields({ companyName: '  ' })
    const out = await register(fields)
    expect(out.status).toBe(200)
    expect(answerOf(out)).toEqual({ ok: true, email: fields.email, messageKey: 'auth:register.success' })

    const [user] = await getDb().select().from(users).where(eq(users.email, fields.email as string))
    expect(user).toMatchObject({ name: fields.name, emailVerified: false })
    expect(await profileByEmail(fields.email as string)).toMatchObject({
      userId: user.id,
      name: fields.name,
      country: 'India',
      userType: 'Buyer',
      phoneNumber: fields.phoneNumber,
      companyName: null,
      kycStatus: null,
      kycDocumentUrl: null,
      accountStatus: 'active',
      preferredLanguage: 'en',
    })
    expect(temp.listFiles()).toEqual([])

    const mail = await latestEmail(fields.email as string)
    expect(mail?.subject).toBe('Verify your email address for Setu')
    expect(mail?.text).toContain(`Hello ${fields.name},`)
    expect(verificationPath(mail!.text)).toMatch(/^\/verify-email\?token=[\w.-]+&type=signup&lng=en$/)
    expect(mail!.links[0]).toMatch(/^http:\/\/localhost:3000\/verify-email\?/)
  })

  it('ignores a file sent along with a buyer registration', async () => {
    const fields = registrationFields({ kycDocument: pdfFile() })
    expect(answerOf(await register(fields))).toMatchObject({ ok: true, messageKey: 'auth:register.success' })
    expect(await profileByEmail(fields.email as string)).toMatchObject({ kycStatus: null, kycDocumentUrl: null })
    expect(temp.listFiles()).toEqual([])
  })

  it('writes the email in the visitor’s language (Russian)', async () => {
    const fields = registrationFields({ country: 'Russia', phoneNumber: '+7 495 123-45-67' })
    expect(answerOf(await register(fields, { path: '/register?lng=ru' })).ok).toBe(true)
    const mail = await latestEmail(fields.email as string)
    expect(mail?.subject).toBe('Подтвердите адрес электронной почты для Setu')
    expect(mail?.text).toContain('Здравствуйте')
    expect(verificationPath(mail!.text)).toContain('lng=ru')
    expect(await profileByEmail(fields.email as string)).toMatchObject({ country: 'Russia', preferredLanguage: 'ru' })
  })
})

describe('registering a seller', () => {
  it('stores the KYC document privately and sets kyc_status Pending', async () => {
    const fields = registrationFields({ userType: 'Seller', kycDocument: pdfFile() })
    const out = await register(fields)
    expect(answerOf(out)).toEqual({ ok: true, email: fields.email, messageKey: 'auth:register.successWithKyc' })
    const profile = await profileByEmail(fields.email as string)
    expect(profile).toMatchObject({ userType: 'Seller', kycStatus: 'Pending', kycDocumentUrl: `${profile.userId}/kyc_document.pdf` })
    const stored = await temp.storage.get(`${profile.userId}/kyc_document.pdf`)
    expect(stored?.contentType).toBe('application/pdf')
    expect(Buffer.from(stored!.bytes).equals(Buffer.from(pdfBytes()))).toBe(true)
  })

  it('stores a PNG under the extension its bytes show, whatever its name', async () => {
    const fields = registrationFields({ userType: 'Seller', kycDocument: makeFile(pngBytes(), 'scan.pdf', 'application/pdf') })
    expect(answerOf(await register(fields)).ok).toBe(true)
    const profile = await profileByEmail(fields.email as string)
    expect(profile.kycDocumentUrl).toBe(`${profile.userId}/kyc_document.png`)
  })

  it('accepts a JPEG', async () => {
    const fields = registrationFields({ userType: 'Seller', kycDocument: makeFile(jpegBytes(), 'photo.jpg', 'image/jpeg') })
    expect(answerOf(await register(fields)).ok).toBe(true)
    const profile = await profileByEmail(fields.email as string)
    expect(profile.kycDocumentUrl).toBe(`${profile.userId}/kyc_document.jpg`)
  })

  it('never uses the uploaded file name for storage (a hostile but valid PDF lands at the fixed key)', async () => {
    const fields = registrationFields({ userType: 'Seller', kycDocument: makeFile(pdfBytes(), '../../etc/<script>alert(1)</script>.pdf') })
    expect(answerOf(await register(fields)).ok).toBe(true)
    const profile = await profileByEmail(fields.email as string)
    const mine = temp.listFiles().filter((f) => f.startsWith(`${profile.userId}/`) && !f.includes('.meta.'))
    expect(mine).toEqual([`${profile.userId}/kyc_document.pdf`])
    expect(temp.listFiles().some((f) => f.includes('..') || f.includes('<'))).toBe(false)
  })
})

describe('refused registrations write nothing', () => {
  it.each([
    ['a name shorter than 2', { name: 'A' }, 'name', 'auth:validation.nameMin'],
    ['an invalid email', { email: 'asha@' }, 'email', 'auth:validation.emailInvalid'],
    ['a password shorter than 8', { password: '1234567', confirmPassword: '1234567' }, 'password', 'auth:validation.passwordMin'],
    ['passwords that do not match', { confirmPassword: 'another-pass' }, 'confirmPassword', 'auth:validation.passwordsMismatch'],
    ['no country', { country: '' }, 'country', 'auth:validation.countryRequired'],
    ['a country other than India or Russia', { country: 'Narnia' }, 'country', 'auth:validation.countryRequired'],
    ['no account type', { userType: '' }, 'userType', 'auth:validation.userTypeRequired'],
    ['an invalid phone number', { phoneNumber: 'call me' }, 'phoneNumber', 'auth:validation.phoneInvalid'],
  ])('%s', async (_label, change, field, message) => {
    const before = await counts()
    const fields = registrationFields(change)
    const out = await register(fields)
    expect(out.status).toBe(400)
    const answer = answerOf(out)
    expect(answer.fieldErrors?.[field]).toBe(message)
    // What the visitor typed comes back (never the passwords).
    expect(answer.values).toMatchObject({ name: fields.name, phoneNumber: fields.phoneNumber })
    expect(answer.values).not.toHaveProperty('password')
    expect(answer.values).not.toHaveProperty('confirmPassword')
    expect(await counts()).toEqual(before)
  })

  it('an email that already has an account (any letter case)', async () => {
    const existing = await createUser()
    const before = await counts()
    const out = await register(registrationFields({ email: existing.email.toUpperCase() }))
    expect(out.status).toBe(409)
    expect(answerOf(out).fieldErrors).toEqual({ email: 'errors:auth.userExists' })
    expect(await counts()).toEqual(before)
  })

  it('an email that a catalogue profile already uses', async () => {
    const email = `catalogue-${Date.now()}@example.com`
    await getDb().insert(profiles).values({ name: 'Demo Seller', email, country: 'India', userType: 'Seller' })
    const before = await counts()
    const out = await register(registrationFields({ email }))
    expect(answerOf(out).fieldErrors).toEqual({ email: 'errors:auth.userExists' })
    expect(await counts()).toEqual(before)
  })

  it.each([
    ['no KYC file', undefined, 'kyc:errors.required'],
    ['an empty file', makeFile(new Uint8Array(0), 'empty.pdf'), 'kyc:errors.required'],
    ['an HTML page renamed to .pdf', makeFile(htmlBytes(), 'document.pdf'), 'kyc:errors.invalidType'],
    ['a Linux executable renamed to .pdf', makeFile(elfBytes(), 'document.pdf'), 'kyc:errors.invalidType'],
    ['a Windows executable renamed to .pdf', makeFile(exeBytes(), 'invoice.pdf'), 'kyc:errors.invalidType'],
    ['a text file', makeFile(new TextEncoder().encode('just some words'), 'notes.txt', 'text/plain'), 'kyc:errors.invalidType'],
    ['a PDF of 5 MB + 1 byte', makeFile(padTo(pdfBytes(), KYC_DOCUMENT.maxBytes + 1), 'big.pdf'), 'kyc:errors.tooLarge'],
    ['HTML with a hostile name', makeFile(htmlBytes(), '../../etc/passwd.pdf', 'application/pdf'), 'kyc:errors.invalidType'],
    ['HTML named <script>.pdf', makeFile(htmlBytes(), '<script>alert(1)</script>.pdf', 'application/pdf'), 'kyc:errors.invalidType'],
  ])('a seller with %s', async (_label, file, message) => {
    const before = await counts()
    const fields = registrationFields({ userType: 'Seller', ...(file ? { kycDocument: file } : {}) })
    const out = await register(fields)
    expect(out.status).toBe(400)
    expect(answerOf(out).fieldErrors?.kycDocument).toBe(message)
    expect(await counts()).toEqual(before)
  })

  it('a request body far over the upload limit', async () => {
    const before = await counts()
    const out = await register(registrationFields({ userType: 'Seller', kycDocument: makeFile(padTo(pdfBytes(), KYC_DOCUMENT.maxBytes * 2), 'huge.pdf') }))
    expect(out.status).toBe(413)
    expect(answerOf(out).fieldErrors?.kycDocument).toBe('kyc:errors.tooLarge')
    expect(await counts()).toEqual(before)
  })

  it('a body that is not a form', async () => {
    const { action } = await import('~/routes/auth/register')
    const out = await callRoute(action, '/register', { body: '--x\r\nbroken', headers: { 'Content-Type': 'multipart/form-data; boundary=zzz' } })
    expect(out.status).toBe(400)
    expect(answerOf(out).formError).toBe('errors:badRequest')
  })
})
