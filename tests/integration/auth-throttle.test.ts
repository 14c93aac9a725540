// Per-account sign-in throttle (issue: platform and hardening, item 2): failures from many
// addresses add up per account, the pause grows but stays short, the owner is told once, and
// every step lands in the security event log.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { loginThrottles, profiles, securityEvents, sessions } from '../../db/schema'
import { CLIENT_IP_HEADER, getAuth } from '~/lib/auth.server'
import { getDb } from '~/lib/db.server'
import { LOGIN_THROTTLE, lockDurationMs, recordPasswordFailure } from '~/modules/accounts/login-throttle.server'
import { deliveredTo, login } from './auth-support'
import { cookieHeaderFrom, createUser, signInCookie } from '../factories/users'

type Answer = { formError?: string; formErrorValues?: Record<string, string> }
const from = (n: number) => ({ [CLIENT_IP_HEADER]: `198.51.100.${n}` })
const throttleOf = async (email: string) =>
  (await getDb().select().from(loginThrottles).where(eq(loginThrottles.emailKey, email.toLowerCase())))[0]
const eventsOf = async (userId: string) =>
  (await getDb().select().from(securityEvents).where(eq(securityEvents.userId, userId)).orderBy(securityEvents.createdAt)).map((e) => e.type)

describe('per-account sign-in throttle', () => {
  it('14 wrong passwords from 14 addresses, then the right one: refused with 429 until the pause ends; the owner gets one email', async () => {
    const u = await createUser()
    for (let i = 1; i <= 14; i++) {
      const out = await login(u.email, `wrong-guess-${i}`, { headers: from(i) })
      if (i <= LOGIN_THROTTLE.freeFailures) expect((out.data as Answer).formError).toBe('errors:auth.invalidCredentials')
      else expect(out.status).toBe(429)
    }
    const refused = await login(u.email, u.password, { headers: from(15) })
    expect(refused.status).toBe(429)
    expect(refused.data).toMatchObject({ formError: 'errors:auth.accountLocked', formErrorValues: { minutes: '1' } })
    expect(cookieHeaderFrom(refused.response)).not.toMatch(/session_token/)
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([])

    // Attempts during the pause were not even checked, so they did not lengthen it.
    expect((await throttleOf(u.email)).failures).toBe(LOGIN_THROTTLE.freeFailures)

    const mail = await deliveredTo(u.email)
    expect(mail).toHaveLength(1)
    expect(mail[0].subject).toBe('Sign-in to your Setu account is paused')
    expect(mail[0].text).toContain('198.51.100.5')
    expect(mail[0].links.some((l) => l.startsWith('http://localhost:3000/forgot-password'))).toBe(true)

    await getDb().update(loginThrottles).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(loginThrottles.emailKey, u.email.toLowerCase()))
    const back = await login(u.email, u.password, { headers: from(16) })
    expect(back.location).toBe('/')
    expect(cookieHeaderFrom(back.response)).toMatch(/setu\.session_token=/)
    // A success starts afresh.
    expect(await throttleOf(u.email)).toBeUndefined()
    expect(await deliveredTo(u.email)).toHaveLength(1)

    const events = await eventsOf(u.id)
    expect(events.filter((t) => t === 'sign_in_failed')).toHaveLength(15)
    expect(events.filter((t) => t === 'account_locked')).toHaveLength(1)
    expect(events.at(-1)).toBe('sign_in')
    const [locked] = await getDb()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, u.id), eq(securityEvents.type, 'account_locked')))
    expect(locked).toMatchObject({ ipAddress: '198.51.100.5', details: { failures: 5 } })
  }, 120_000)

  it('gives an unknown email the same answers, and emails nobody', async () => {
    const email = 'nobody-registered@example.com'
    for (let i = 1; i <= LOGIN_THROTTLE.freeFailures; i++) expect((await login(email, `guess-${i}`, { headers: from(i) })).status).toBe(401)
    const out = await login(email, 'another-guess', { headers: from(99) })
    expect(out.status).toBe(429)
    expect(out.data).toMatchObject({ formError: 'errors:auth.accountLocked' })
    expect(await deliveredTo(email)).toEqual([])
  }, 60_000)

  it('writes the lockout email in the owner’s language, not the language of whoever tried', async () => {
    const u = await createUser()
    await getDb().update(profiles).set({ preferredLanguage: 'ru' }).where(eq(profiles.userId, u.id))
    for (let i = 1; i <= LOGIN_THROTTLE.freeFailures; i++) await login(u.email, `guess-${i}`, { path: '/login?lng=hi', headers: from(i) })
    const [mail] = await deliveredTo(u.email)
    expect(mail.subject).toBe('Вход в вашу учётную запись Setu приостановлен')
  }, 60_000)

  it('doubles the pause with each further failure and never pauses for more than 15 minutes', () => {
    const minutes = [4, 5, 6, 7, 8, 9, 10, 50].map((n) => lockDurationMs(n) / 60_000)
    expect(minutes).toEqual([0, 1, 2, 4, 8, 15, 15, 15])
  })

  it('counts concurrent failures exactly (one UPSERT each)', async () => {
    const email = 'race@example.com'
    await Promise.all(Array.from({ length: 12 }, () => recordPasswordFailure(email)))
    expect((await throttleOf(email)).failures).toBe(12)
  })

  it('forgets failures older than an hour', async () => {
    const email = 'old-failures@example.com'
    const long = new Date(Date.now() - LOGIN_THROTTLE.forgetAfterMs - 1000)
    for (let i = 0; i < 4; i++) await recordPasswordFailure(email, long)
    const fresh = await recordPasswordFailure(email)
    expect(fresh).toEqual({ failures: 1, lockedUntil: null })
  })

  it('counts wrong passwords given to server-side auth.api calls too (sign-in and verify-password)', async () => {
    const u = await createUser()
    const cookie = await signInCookie(u.email, u.password)
    for (let i = 0; i < 3; i++) await expect(getAuth().api.signInEmail({ body: { email: u.email, password: `nope-${i}` } })).rejects.toThrow()
    for (let i = 0; i < 2; i++) {
      await expect(getAuth().api.verifyPassword({ body: { password: `nope-${i}` }, headers: new Headers({ Cookie: cookie }) })).rejects.toThrow()
    }
    expect((await throttleOf(u.email)).failures).toBe(5)
    await expect(getAuth().api.verifyPassword({ body: { password: u.password }, headers: new Headers({ Cookie: cookie }) })).rejects.toMatchObject({
      statusCode: 429,
      body: { code: 'ACCOUNT_LOCKED' },
    })
    await expect(signInCookie(u.email, u.password)).rejects.toMatchObject({ statusCode: 429 })
  }, 60_000)
})
