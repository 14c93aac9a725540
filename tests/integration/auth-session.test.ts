import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { securityEvents, sessions } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { getCurrentUser, SESSION_ABSOLUTE_LIFETIME_MS, sessionRefreshMiddleware } from '~/modules/accounts/session.server'
import { createUser, requestAs, signInCookie } from '../factories/users'

const DAY = 24 * 60 * 60 * 1000

async function page(cookie: string | null, method = 'GET') {
  const request = requestAs(cookie, 'http://localhost:3000/marketplace', { method })
  const response = (await sessionRefreshMiddleware({ request, context: {} as never, params: {}, pattern: '' } as never, async () => new Response('page'))) as Response
  return { response, setCookies: response.headers.getSetCookie() }
}

describe('sessions refresh by themselves (spec §4 Auth session)', () => {
  it('extends a session that has been in use for over a day and re-sends its cookie with the page', async () => {
    const u = await createUser()
    const cookie = await signInCookie(u.email, u.password)
    // Signed in six and a half days ago: one day of use since the last refresh has passed.
    const stale = new Date(Date.now() + DAY / 2)
    await getDb().update(sessions).set({ expiresAt: stale }).where(eq(sessions.userId, u.id))

    const { response, setCookies } = await page(cookie)
    expect(await response.text()).toBe('page')
    expect(setCookies.some((c) => /^setu\.session_token=.+Max-Age=604800/i.test(c))).toBe(true)
    const [row] = await getDb().select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, u.id))
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * DAY)
  })

  it('leaves a fresh session alone', async () => {
    const u = await createUser()
    const cookie = await signInCookie(u.email, u.password)
    expect((await page(cookie)).setCookies).toEqual([])
  })

  it('clears the cookie of a session that has ended', async () => {
    const u = await createUser()
    const cookie = await signInCookie(u.email, u.password)
    await getDb().delete(sessions).where(eq(sessions.userId, u.id))
    const { setCookies } = await page(cookie)
    expect(setCookies.some((c) => /^setu\.session_token=;/.test(c) || /Max-Age=0/i.test(c))).toBe(true)
    expect(await getCurrentUser(requestAs(cookie))).toBeNull()
  })

  it('does nothing for visitors and for form posts', async () => {
    expect((await page(null)).setCookies).toEqual([])
    const u = await createUser()
    const cookie = await signInCookie(u.email, u.password)
    await getDb().update(sessions).set({ expiresAt: new Date(Date.now() + DAY / 2) }).where(eq(sessions.userId, u.id))
    expect((await page(cookie, 'POST')).setCookies).toEqual([])
  })

  it('refuses sessions to suspended users even when they come in through the API', async () => {
    const u = await createUser({ profile: { accountStatus: 'suspended' } })
    await expect(signInCookie(u.email, u.password)).rejects.toMatchObject({ body: { code: 'ACCOUNT_SUSPENDED' } })
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([])
  })

  it('ends a session 30 days after sign-in however often it was refreshed (ASVS V7.3.2), and logs it', async () => {
    const u = await createUser()
    const cookie = await signInCookie(u.email, u.password)
    // Refreshed yesterday, so not idle: only its age counts.
    const signedInAt = new Date(Date.now() - SESSION_ABSOLUTE_LIFETIME_MS - 60_000)
    await getDb().update(sessions).set({ createdAt: signedInAt, updatedAt: new Date(Date.now() - DAY), expiresAt: new Date(Date.now() + 6 * DAY) }).where(eq(sessions.userId, u.id))

    const { setCookies } = await page(cookie)
    expect(setCookies.some((c) => /^setu\.session_token=;/.test(c) || /session_token=.*Max-Age=0/i.test(c))).toBe(true)
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([])
    expect(await getCurrentUser(requestAs(cookie))).toBeNull()
    const events = await getDb().select().from(securityEvents).where(eq(securityEvents.userId, u.id))
    expect(events.filter((e) => e.type === 'session_expired')).toHaveLength(1)
  })

  it('keeps a 29-day-old session', async () => {
    const u = await createUser()
    const cookie = await signInCookie(u.email, u.password)
    await getDb().update(sessions).set({ createdAt: new Date(Date.now() - 29 * DAY) }).where(eq(sessions.userId, u.id))
    expect(await getCurrentUser(requestAs(cookie))).toMatchObject({ id: u.id })
  })
})
