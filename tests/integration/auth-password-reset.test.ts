// Password reset end to end: /forgot-password mails a link through a real SMTP server started
// here, /reset-password sets the new password once, and every old session is signed out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { emailOutbox, profiles, securityEvents, verifications } from '../../db/schema'
import { CLIENT_IP_HEADER } from '~/lib/auth.server'
import { getDb } from '~/lib/db.server'
import { deliverPendingEmails } from '~/lib/outgoing-email.server'
import { LOGIN_THROTTLE, lockedUntil, recordPasswordFailure } from '~/modules/accounts/login-throttle.server'
import { RESET_REQUEST_LIMITS, RESET_REQUEST_MIN_MS } from '~/modules/accounts/password-reset.server'
import { getCurrentUser } from '~/modules/accounts/session.server'
import { action as forgotAction, loader as forgotLoader } from '~/routes/auth/forgot-password'
import { action as resetAction, loader as resetLoader } from '~/routes/auth/reset-password'
import { callRoute, form, toastOf } from './account-support'
import { login } from './auth-support'
import { createUser, requestAs, signInCookie } from '../factories/users'
import { decodeQuotedPrintable, smtpSink } from '../support/smtp-sink'

const sink = smtpSink()
let ipCounter = 0

/** A client address of its own for each call site, so the per-address limits do not mix tests up. */
const newIp = () => ({ [CLIENT_IP_HEADER]: `198.51.100.${++ipCounter}` })

/** A raw message as a reader sees it: the decoded subject, the headers, then every decoded body part. */
function readMessage(raw: string) {
  const headers = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ')
  const subject = (/^Subject: (.*)$/m.exec(headers)?.[1] ?? '').replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  )
  const parts = [...raw.matchAll(/Content-Transfer-Encoding: (base64|quoted-printable|7bit)\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?=\r?\n--)/gi)].map(
    ([, encoding, body]) =>
      encoding.toLowerCase() === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : encoding.toLowerCase() === '7bit' ? body : decodeQuotedPrintable(body),
  )
  return [`Subject: ${subject}`, headers, ...parts].join('\n')
}

/** The newest message to `to` that arrived at the SMTP server, waiting for it briefly. */
async function mailTo(to: string, count = 1): Promise<string> {
  const deadline = Date.now() + 5000
  for (;;) {
    // The job queue does not run in tests: deliver what is queued, as its worker would.
    await deliverPendingEmails()
    const messages = sink.to(to)
    if (messages.length >= count) return readMessage(messages[messages.length - 1].raw)
    if (Date.now() > deadline) throw new Error(`no email #${count} to ${to}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** The /reset-password path and query from a reset email. */
function resetPath(body: string): string {
  const link = /http:\/\/localhost:3000\/reset-password\?token=[\w-]+&lng=(?:en|ru|hi)/.exec(body)?.[0]
  if (!link) throw new Error(`no reset link in:\n${body}`)
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

const forgot = (email: string, headers: Record<string, string> = newIp(), path = '/forgot-password') =>
  callRoute(forgotAction, path, { body: form({ email }), headers })

const reset = (path: string, password: string, confirmPassword = password, headers: Record<string, string> = newIp()) => {
  const token = new URL(path, 'http://localhost:3000').searchParams.get('token') ?? ''
  return callRoute(resetAction, path, { body: form({ token, password, confirmPassword }), headers })
}

const pageView = async (path: string) => ((await callRoute(resetLoader, path)).data as { view: { state: string } }).view

async function eventsOf(type: 'password_reset_requested' | 'password_reset', email: string) {
  return getDb()
    .select({ userId: securityEvents.userId, email: securityEvents.email, ip: securityEvents.ipAddress, details: securityEvents.details })
    .from(securityEvents)
    .where(and(eq(securityEvents.type, type), eq(securityEvents.email, email)))
}

beforeAll(() => sink.connect())

afterAll(() => sink.disconnect())

describe('password reset over SMTP', () => {
  it('mails a link that sets a new password once and signs out every session', async () => {
    const u = await createUser()
    const laptop = await signInCookie(u.email, u.password)
    const phone = await signInCookie(u.email, u.password)
    expect((await getCurrentUser(requestAs(phone)))?.email).toBe(u.email)

    const ip = newIp()
    const asked = await forgot(u.email.toUpperCase(), ip)
    expect(asked.status).toBe(302)
    expect(asked.location).toBe('/forgot-password?sent=1')
    const sentPage = await callRoute(forgotLoader, asked.location!)
    expect(sentPage.data).toMatchObject({ sent: true })

    const body = await mailTo(u.email)
    expect(body).toMatch(/^Subject: Reset your Setu password$/m)
    expect(body).toContain('<html lang="en">')
    expect(body).toContain('This link expires in 60 minutes and works only once.')
    const path = resetPath(body)
    expect(await getDb().select().from(emailOutbox)).toHaveLength(0)

    expect(await pageView(path)).toMatchObject({ state: 'form' })
    const done = await reset(path, 'brand-new-pass-7')
    expect(done.status).toBe(302)
    expect(done.location).toBe('/login')
    expect(await toastOf(done.response)).toMatchObject({ type: 'success', key: 'auth:reset.success' })

    // Both devices that were signed in before are signed out.
    expect(await getCurrentUser(requestAs(laptop))).toBeNull()
    expect(await getCurrentUser(requestAs(phone))).toBeNull()
    expect((await login(u.email, u.password, { headers: newIp() })).status).toBe(401)
    expect((await login(u.email, 'brand-new-pass-7', { headers: newIp() })).location).toBe('/')

    // Single use: the same link now reads as used, and cannot set the password again.
    expect(await pageView(path)).toEqual({ state: 'invalid' })
    const again = await reset(path, 'attacker-pass-9')
    expect(again.status).toBe(400)
    expect(again.data).toMatchObject({ link: 'invalid' })
    expect((await login(u.email, 'brand-new-pass-7', { headers: newIp() })).location).toBe('/')

    const requested = await eventsOf('password_reset_requested', u.email)
    expect(requested).toEqual([{ userId: u.id, email: u.email, ip: ip[CLIENT_IP_HEADER], details: null }])
    const [done1, ...more] = await getDb()
      .select({ userId: securityEvents.userId })
      .from(securityEvents)
      .where(and(eq(securityEvents.type, 'password_reset'), eq(securityEvents.userId, u.id)))
    expect(done1).toEqual({ userId: u.id })
    expect(more).toHaveLength(0)
  })

  it('gives the same answer for an unknown email, sends nothing and logs the attempt', async () => {
    const known = await createUser()
    const before = sink.received.length
    const started = Date.now()
    const unknown = await forgot('nobody-here@example.com')
    expect(Date.now() - started).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 5)
    const existing = await forgot(known.email)
    expect({ status: unknown.status, location: unknown.location }).toEqual({ status: existing.status, location: existing.location })
    await mailTo(known.email)
    expect(sink.received.slice(before).flatMap((m) => m.to)).toEqual([known.email])
    expect(await eventsOf('password_reset_requested', 'nobody-here@example.com')).toMatchObject([{ userId: null }])
  })

  it('mails the link in the account owner’s preferred language', async () => {
    const u = await createUser()
    await getDb().update(profiles).set({ preferredLanguage: 'ru' }).where(eq(profiles.userId, u.id))
    await forgot(u.email, newIp(), '/forgot-password?lng=hi')
    const body = await mailTo(u.email)
    expect(body).toMatch(/^Subject: Сброс пароля в Setu$/m)
    expect(body).toContain('Ссылка действительна 60 минут')
    expect(resetPath(body)).toMatch(/&lng=ru$/)

    // Without a profile, the language of the page the request came from.
    const noProfile = await createUser({ profile: null })
    await forgot(noProfile.email, newIp(), '/forgot-password?lng=hi')
    const hindi = await mailTo(noProfile.email)
    expect(hindi).toMatch(/^Subject: अपना Setu पासवर्ड रीसेट करें$/m)
    expect(resetPath(hindi)).toMatch(/&lng=hi$/)
  })

  it('limits requests per client address and per email, with a translated 429 that writes no link', async () => {
    const ip = newIp()
    for (let i = 0; i < RESET_REQUEST_LIMITS.perIp.max; i++) expect((await forgot(`someone${i}@example.com`, ip)).status).toBe(302)
    const u = await createUser()
    const limited = await forgot(u.email, ip)
    expect(limited.status).toBe(429)
    expect(limited.data).toMatchObject({ formError: 'auth:forgot.tooMany', values: { email: u.email } })

    // Per email, whichever address the requests come from.
    for (let i = 0; i < RESET_REQUEST_LIMITS.perEmail.max; i++) expect((await forgot(u.email)).status).toBe(302)
    const tooMany = await forgot(u.email)
    expect(tooMany.status).toBe(429)
    await mailTo(u.email, RESET_REQUEST_LIMITS.perEmail.max)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(sink.to(u.email)).toHaveLength(RESET_REQUEST_LIMITS.perEmail.max)
    expect((await eventsOf('password_reset_requested', u.email)).map((e) => e.details)).toContainEqual({ limited: 'email' })
  })

  it('refuses an expired link with a way to ask for a new one, and leaves the password alone', async () => {
    const u = await createUser()
    await forgot(u.email)
    const path = resetPath(await mailTo(u.email))
    await getDb().update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.value, u.id))

    expect(await pageView(path)).toEqual({ state: 'expired' })
    const out = await reset(path, 'brand-new-pass-7')
    expect(out.status).toBe(400)
    expect(out.data).toMatchObject({ link: 'expired' })
    expect((await login(u.email, u.password, { headers: newIp() })).location).toBe('/')
  })

  it('answers missing, unknown and overlong tokens with the invalid-link page, never a 500', async () => {
    expect(await pageView('/reset-password')).toEqual({ state: 'invalid' })
    expect(await pageView('/reset-password?token=not-a-real-token')).toEqual({ state: 'invalid' })
    expect(await pageView(`/reset-password?token=${'x'.repeat(5000)}`)).toEqual({ state: 'invalid' })
    for (const token of ['', 'not-a-real-token', 'x'.repeat(5000)]) {
      const out = await callRoute(resetAction, '/reset-password', { body: form({ token, password: 'brand-new-pass-7', confirmPassword: 'brand-new-pass-7' }), headers: newIp() })
      expect(out.status).toBe(400)
      expect(out.data).toMatchObject({ link: 'invalid' })
    }
  })

  it('checks the new password before using up the link', async () => {
    const u = await createUser()
    await forgot(u.email)
    const path = resetPath(await mailTo(u.email))

    const mismatch = await reset(path, 'brand-new-pass-7', 'brand-new-pass-8')
    expect(mismatch.status).toBe(400)
    expect(mismatch.data).toEqual({ fieldErrors: { confirmPassword: 'auth:validation.passwordsMismatch' } })
    const short = await reset(path, 'abc')
    expect(short.status).toBe(400)
    expect((short.data as { fieldErrors: Record<string, string> }).fieldErrors.password).toBe('auth:validation.passwordMin')
    const common = await reset(path, 'password123')
    expect(common.status).toBe(400)
    expect(common.data).toMatchObject({ fieldErrors: { password: 'auth:validation.passwordCommon' } })
    const ownEmail = await reset(path, u.email)
    expect(ownEmail.data).toMatchObject({ fieldErrors: { password: 'auth:validation.passwordLikeIdentity' } })

    expect(await pageView(path)).toMatchObject({ state: 'form' })
    expect((await reset(path, 'brand-new-pass-7')).location).toBe('/login')
  })

  it('ends a sign-in lockout, so the owner can sign in with the new password at once', async () => {
    const u = await createUser()
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++) await recordPasswordFailure(u.email)
    expect(await lockedUntil(u.email)).not.toBeNull()
    await forgot(u.email)
    expect((await reset(resetPath(await mailTo(u.email)), 'brand-new-pass-7')).location).toBe('/login')
    expect(await lockedUntil(u.email)).toBeNull()
    expect((await login(u.email, 'brand-new-pass-7', { headers: newIp() })).location).toBe('/')
  })

  it('voids the other links mailed before a reset', async () => {
    const u = await createUser()
    await forgot(u.email)
    const first = resetPath(await mailTo(u.email))
    await forgot(u.email)
    const second = resetPath(await mailTo(u.email, 2))
    expect(second).not.toBe(first)

    expect((await reset(second, 'brand-new-pass-7')).location).toBe('/login')
    expect(await pageView(first)).toEqual({ state: 'invalid' })
    expect((await reset(first, 'attacker-pass-9')).data).toMatchObject({ link: 'invalid' })
    expect((await login(u.email, 'brand-new-pass-7', { headers: newIp() })).location).toBe('/')
  })

  it('keeps reset tokens hashed at rest', async () => {
    const u = await createUser()
    await forgot(u.email)
    const token = new URL(resetPath(await mailTo(u.email)), 'http://localhost:3000').searchParams.get('token')!
    const rows = await getDb()
      .select({ identifier: verifications.identifier })
      .from(verifications)
      .where(eq(verifications.value, u.id))
    expect(rows).toHaveLength(1)
    expect(rows[0].identifier).toMatch(/^reset-password:/)
    expect(rows[0].identifier).not.toContain(token)
    const [{ n }] = await getDb().select({ n: sql<number>`count(*)::int` }).from(verifications).where(sql`${verifications.identifier} like ${`%${token}%`}`)
    expect(n).toBe(0)
  })
})
