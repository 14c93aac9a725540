import { createEmailVerificationToken } from 'better-auth/api'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { users } from '../../db/schema'
import { appSecret } from '~/lib/secret.server'
import { getDb } from '~/lib/db.server'
import { action as verifyAction } from '~/routes/auth/verify-email'
import { callRoute, form, toastOf } from './account-support'
import { deliveredTo, latestEmail, login, openVerification, register, registrationFields, verificationPath } from './auth-support'
import { createUser } from '../factories/users'

afterEach(() => {
  vi.useRealTimers()
})

async function registered(overrides: Record<string, string> = {}) {
  const fields = registrationFields(overrides)
  const out = await register(fields)
  expect((out.data as { ok: boolean }).ok).toBe(true)
  const mail = await latestEmail(fields.email as string)
  return { email: fields.email as string, password: fields.password as string, link: verificationPath(mail!.text) }
}

const isVerified = async (email: string) => (await getDb().select({ v: users.emailVerified }).from(users).where(eq(users.email, email)))[0]?.v

describe('/verify-email states (spec §2, §4)', () => {
  it('pending: "Check Your Email" for the address in the query', async () => {
    expect(await openVerification('/verify-email?email=asha%40example.com')).toEqual({ state: 'pending', email: 'asha@example.com' })
    expect(await openVerification('/verify-email?email=not-an-email')).toEqual({ state: 'pending', email: null })
  })

  it('success: the emailed link verifies the address, and the user can then sign in', async () => {
    const { email, password, link } = await registered()
    expect((await login(email, password)).location).toMatch(/^\/verify-email/)
    expect(await openVerification(link)).toEqual({ state: 'success' })
    expect(await isVerified(email)).toBe(true)
    const out = await login(email, password)
    expect(out.location).toBe('/')
  })

  it('expired: a link opened after 24 hours, with the address offered for a new link', async () => {
    const { email, link } = await registered()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 60_000)
    expect(await openVerification(link)).toEqual({ state: 'expired', email })
    expect(await isVerified(email)).toBe(false)
  })

  it('a link opened within 24 hours still works', async () => {
    const { email, link } = await registered()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 23 * 60 * 60 * 1000)
    expect(await openVerification(link)).toEqual({ state: 'success' })
    expect(await isVerified(email)).toBe(true)
  })

  it('expired: a token whose lifetime is over', async () => {
    const u = await createUser({ verified: false })
    const token = await createEmailVerificationToken(appSecret(), u.email, undefined, -60, { userId: u.id })
    expect(await openVerification(`/verify-email?token=${token}&type=signup`)).toEqual({ state: 'expired', email: u.email })
  })

  it.each([
    ['a garbage token', '/verify-email?token=garbage&type=signup'],
    ['a token signed with another secret', null],
    ['a link of another type', 'TYPE'],
    ['a link without a type', 'NOTYPE'],
  ])('error: %s', async (_label, path) => {
    const u = await createUser({ verified: false })
    const good = await createEmailVerificationToken(appSecret(), u.email, undefined, 3600, { userId: u.id })
    const forged = await createEmailVerificationToken('another-secret-0123456789abcdef0123456789', u.email, undefined, 3600, { userId: u.id })
    const target =
      path === null ? `/verify-email?token=${forged}&type=signup` : path === 'TYPE' ? `/verify-email?token=${good}&type=recovery` : path === 'NOTYPE' ? `/verify-email?token=${good}` : path
    expect(await openVerification(target)).toEqual({ state: 'error', reason: 'invalid' })
    expect(await isVerified(u.email)).toBe(false)
  })

  it('error: a link for an account that no longer exists', async () => {
    const u = await createUser({ verified: false })
    const token = await createEmailVerificationToken(appSecret(), u.email, undefined, 3600, { userId: u.id })
    await getDb().delete(users).where(eq(users.id, u.id))
    expect(await openVerification(`/verify-email?token=${token}&type=signup`)).toEqual({ state: 'error', reason: 'invalid' })
  })
})

describe('resending the verification email', () => {
  it('mails a fresh link that works even after the first one expired', async () => {
    const { email, password, link } = await registered()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000)
    expect((await openVerification(link)).state).toBe('expired')

    const out = await callRoute(verifyAction, '/verify-email', { body: form({ email }) })
    expect(out.location).toBe(`/verify-email?email=${encodeURIComponent(email)}`)
    expect(await toastOf(out.response)).toEqual({ type: 'success', key: 'auth:verify.resent' })
    const emails = await deliveredTo(email)
    expect(emails).toHaveLength(2)
    const fresh = verificationPath(emails[0].text)
    expect(fresh).not.toBe(link)
    expect(await openVerification(fresh)).toEqual({ state: 'success' })
    expect((await login(email, password)).location).toBe('/')
  })

  it('gives the same answer for an unknown or already verified address, and sends nothing', async () => {
    const verified = await createUser()
    for (const email of ['nobody-at-all@example.com', verified.email]) {
      const out = await callRoute(verifyAction, '/verify-email', { body: form({ email }) })
      expect(await toastOf(out.response)).toEqual({ type: 'success', key: 'auth:verify.resent' })
      expect(await deliveredTo(email)).toEqual([])
    }
  })

  it('asks for an address when there is none, and checks its format', async () => {
    const empty = await callRoute(verifyAction, '/verify-email', { body: form({ email: '  ' }) })
    expect(empty.status).toBe(400)
    expect(empty.data).toMatchObject({ ok: false, fieldErrors: { email: 'errors:verification.noEmail' } })
    const bad = await callRoute(verifyAction, '/verify-email', { body: form({ email: 'asha@' }) })
    expect(bad.data).toMatchObject({ ok: false, fieldErrors: { email: 'auth:validation.emailInvalid' }, values: { email: 'asha@' } })
  })

  it('writes the new email in the language of the page', async () => {
    const { email } = await registered()
    await callRoute(verifyAction, '/verify-email?lng=hi', { body: form({ email }) })
    expect((await latestEmail(email))?.subject).toBe('Setu के लिए अपना ईमेल पता सत्यापित करें')
  })
})
