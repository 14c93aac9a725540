// better-auth's limiter is off in tests unless AUTH_RATE_LIMIT=true; it is read when the admin auth
// instance is first built, which happens after this line.
process.env.AUTH_RATE_LIMIT = 'true'

import { desc, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { adminSessions, auditLog, rateLimits } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { ADMIN_SIGNIN_THROTTLE } from '~/modules/admin/sign-in-throttle.server'
import { action as adminLoginAction } from '~/routes/admin/login'
import { callRoute, form } from './account-support'
import { createAdmin } from '../factories/admins'

const loginFrom = (ip: string, email: string, password: string) =>
  callRoute(adminLoginAction, '/admin/login', { body: form({ email, password }), headers: { 'x-setu-client-ip': ip } })

let ipCounter = 0
/** A fresh client address each call, so the per-address limit stays out of the per-account tests. */
const freshIp = () => `198.18.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`

const latestFailure = async () => (await getDb().select().from(auditLog).where(eq(auditLog.action, 'login_failed')).orderBy(desc(auditLog.id)).limit(1))[0]

describe('admin sign-in rate limit (5 a minute per client, its own counter)', () => {
  it('stops a sixth attempt from one address, audits it, and leaves other addresses alone', async () => {
    const a = await createAdmin()
    // Five different emails, so the per-account throttle stays out of it.
    for (let i = 0; i < 5; i++) {
      expect((await loginFrom('203.0.113.50', `nobody${i}@example.com`, `wrong-password-${i}`)).status).toBe(401)
    }
    const limited = await loginFrom('203.0.113.50', a.email, a.password)
    expect(limited.status).toBe(429)
    expect(limited.data).toMatchObject({ formError: 'admin:login.tooManyAttempts' })
    const row = await latestFailure()
    expect(row.newValue).toMatchObject({ reason: 'rate_limited' })
    expect(row.ipAddress).toBe('203.0.113.50')
    expect((await loginFrom('198.51.100.60', a.email, a.password)).status).toBe(302)
  })
})

describe('per-account admin sign-in throttle (5 attempts in 15 minutes per email, then a 15-minute pause)', () => {
  it('refuses a sixth attempt for one email from any address, even with the right password, saying when to retry (429, audited throttled)', async () => {
    const a = await createAdmin()
    for (let i = 0; i < ADMIN_SIGNIN_THROTTLE.maxAttempts; i++) expect((await loginFrom(freshIp(), a.email, `wrong-password-${i}`)).status).toBe(401)
    const refused = await loginFrom(freshIp(), a.email.toUpperCase(), a.password)
    expect(refused.status).toBe(429)
    expect(refused.data).toMatchObject({ formError: 'admin:login.throttled', minutes: 15 })
    expect(refused.response?.headers.getSetCookie().join('') ?? '').not.toMatch(/session_token=[^;]/)
    expect(await getDb().select().from(adminSessions).where(eq(adminSessions.userId, a.id))).toEqual([])
    expect(await latestFailure()).toMatchObject({ adminId: null, adminEmail: a.email, newValue: { reason: 'throttled', success: false } })
    // Another admin is not affected.
    const b = await createAdmin()
    expect((await loginFrom(freshIp(), b.email, b.password)).status).toBe(302)
  })

  it('answers an unknown email the same way, so the pause tells nothing about which emails are admins', async () => {
    for (let i = 0; i < ADMIN_SIGNIN_THROTTLE.maxAttempts; i++) expect((await loginFrom(freshIp(), 'ghost@example.com', `wrong-password-${i}`)).status).toBe(401)
    const refused = await loginFrom(freshIp(), 'ghost@example.com', 'wrong-password-x')
    expect(refused.status).toBe(429)
    expect(refused.data).toMatchObject({ formError: 'admin:login.throttled', minutes: 15 })
  })

  it('lets the owner in again once the pause is over, and a right password clears the count', async () => {
    const a = await createAdmin()
    for (let i = 0; i < 6; i++) await loginFrom(freshIp(), a.email, `wrong-password-${i}`)
    expect((await loginFrom(freshIp(), a.email, a.password)).status).toBe(429)
    // Fifteen minutes later.
    await getDb()
      .update(rateLimits)
      .set({ lastRequest: Date.now() - ADMIN_SIGNIN_THROTTLE.windowMs - 1000 })
      .where(like(rateLimits.key, `admin-signin:${a.email}`))
    expect((await loginFrom(freshIp(), a.email, a.password)).status).toBe(302)
    // The success cleared the count: four wrong ones and a right one, again and again, never pause.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expect((await loginFrom(freshIp(), a.email, `wrong-password-${i}`)).status).toBe(401)
      expect((await loginFrom(freshIp(), a.email, a.password)).status).toBe(302)
    }
  })

  it('holds under concurrent guesses: of ten at once, at most five reach the password check', async () => {
    const a = await createAdmin()
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => loginFrom(freshIp(), a.email, `wrong-password-${i}`)))
    const statuses = answers.map((o) => o.status)
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(ADMIN_SIGNIN_THROTTLE.maxAttempts)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10 - ADMIN_SIGNIN_THROTTLE.maxAttempts)
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true)
  })
})
