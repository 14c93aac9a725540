import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sessions } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { getCurrentUser } from '~/modules/accounts/session.server'
import { loader as loginLoader } from '~/routes/auth/login'
import { action as logoutAction, loader as logoutLoader } from '~/routes/auth/logout'
import { callRoute, toastOf } from './account-support'
import { login } from './auth-support'
import { cookieHeaderFrom, createUser, requestAs, signInCookie } from '../factories/users'

type Answer = { fieldErrors: Record<string, string>; formError?: string; values: { email?: string } }
const answerOf = (outcome: { data: unknown }) => outcome.data as Answer

async function sessionCount(userId: string) {
  return (await getDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length
}

describe('/login page', () => {
  it('shows Welcome Back to visitors and keeps a safe redirectTo', async () => {
    const out = await callRoute(loginLoader, '/login?redirectTo=%2Fdashboard&email=Asha%40Example.com')
    expect(out.data).toMatchObject({ title: 'Welcome Back', redirectTo: '/dashboard', email: 'asha@example.com' })
    expect((await callRoute(loginLoader, '/login?redirectTo=https%3A%2F%2Fevil.example')).data).toMatchObject({ redirectTo: '/' })
  })

  it('sends signed-in users to the home page', async () => {
    const u = await createUser()
    const cookie = await signInCookie(u.email, u.password)
    expect((await callRoute(loginLoader, '/login', { cookie })).location).toBe('/')
  })
})

describe('signing in (spec §4 Login)', () => {
  it('signs in a verified user and goes to / with a full page load and a working session cookie', async () => {
    const u = await createUser()
    const out = await login(u.email.toUpperCase(), u.password)
    expect(out.status).toBe(302)
    expect(out.location).toBe('/')
    expect(out.response?.headers.get('X-Remix-Reload-Document')).toBe('true')
    const cookie = cookieHeaderFrom(out.response)
    expect(cookie).toMatch(/setu\.session_token=/)
    expect(await getCurrentUser(requestAs(cookie))).toMatchObject({ id: u.id, email: u.email })
  })

  it('continues to a same-site redirectTo, never to another site', async () => {
    const u = await createUser()
    expect((await login(u.email, u.password, { redirectTo: '/kyc-upload' })).location).toBe('/kyc-upload')
    expect((await login(u.email, u.password, { redirectTo: '//evil.example/x' })).location).toBe('/')
    expect((await login(u.email, u.password, { redirectTo: 'https://evil.example' })).location).toBe('/')
  })

  it('survives redirect targets a Location header cannot carry as they are (DEL was a 500)', async () => {
    const u = await createUser()
    expect((await login(u.email, u.password, { redirectTo: '/dashboard\u007f' })).location).toBe('/')
    expect((await login(u.email, u.password, { redirectTo: '/\u007f/evil.example' })).location).toBe('/')
    expect((await login(u.email, u.password, { redirectTo: '/товары' })).location).toBe('/%D1%82%D0%BE%D0%B2%D0%B0%D1%80%D1%8B')
    const page = await callRoute(loginLoader, '/login?redirectTo=%2Fdashboard%7F')
    expect(page.data).toMatchObject({ redirectTo: '/' })
  })

  it('signs out an existing session first', async () => {
    const u = await createUser()
    const first = await signInCookie(u.email, u.password)
    expect(await sessionCount(u.id)).toBe(1)
    const out = await login(u.email, u.password, { cookie: first })
    expect(out.status).toBe(302)
    // The old session is gone; only the new one remains, and the old cookie no longer works.
    expect(await sessionCount(u.id)).toBe(1)
    expect(await getCurrentUser(requestAs(first))).toBeNull()
    expect(await getCurrentUser(requestAs(cookieHeaderFrom(out.response)))).toMatchObject({ id: u.id })
  })

  it('refuses a wrong password with the spec message as a toast', async () => {
    const u = await createUser()
    const out = await login(u.email, 'wrong-password')
    expect(out.status).toBe(401)
    expect(answerOf(out)).toEqual({ fieldErrors: {}, formError: 'errors:auth.invalidCredentials', values: { email: u.email } })
    expect(await sessionCount(u.id)).toBe(0)
  })

  it('gives an unknown email the same answer as a wrong password', async () => {
    const out = await login('nobody-here@example.com', 'whatever-1')
    expect(out.status).toBe(401)
    expect(answerOf(out).formError).toBe('errors:auth.invalidCredentials')
  })

  it('sends an unverified user to /verify-email with the spec message, without a session', async () => {
    const u = await createUser({ verified: false })
    const out = await login(u.email, u.password)
    expect(out.location).toBe(`/verify-email?email=${encodeURIComponent(u.email)}`)
    expect(await toastOf(out.response)).toEqual({ type: 'error', key: 'errors:auth.emailNotConfirmed' })
    expect(await sessionCount(u.id)).toBe(0)
  })

  it.each([
    ['suspended', 'errors:auth.accountSuspended'],
    ['banned', 'errors:auth.accountBanned'],
  ] as const)('tells a %s user why and leaves no session behind', async (status, message) => {
    const u = await createUser({ profile: { accountStatus: status } })
    const out = await login(u.email, u.password)
    expect(out.status).toBe(403)
    expect(answerOf(out).formError).toBe(message)
    expect(cookieHeaderFrom(out.response)).not.toMatch(/session_token/)
    expect(await sessionCount(u.id)).toBe(0)
  })

  it.each([
    [{ email: 'not-an-email', password: 'secret-1' }, { email: 'auth:validation.emailInvalid' }],
    [{ email: 'a@example.com', password: 'x'.repeat(129) }, { password: 'auth:validation.passwordTooLong' }],
    [{ email: '', password: '' }, { email: 'auth:validation.emailInvalid', password: 'auth:validation.passwordRequired' }],
  ])('checks the form on the server too: %o', async (fields, fieldErrors) => {
    const out = await login(fields.email, fields.password)
    expect(out.status).toBe(400)
    expect(answerOf(out).fieldErrors).toEqual(fieldErrors)
  })

  it('answers a malformed body with a message, not a crash', async () => {
    const { action } = await import('~/routes/auth/login')
    const out = await callRoute(action, '/login', { body: 'x'.repeat(64 * 1024), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
    expect(out.status).toBe(413)
    expect(answerOf(out).formError).toBe('errors:badRequest')
  })
})

describe('signing out', () => {
  it('ends the session and says "Signed out successfully"', async () => {
    const u = await createUser()
    const cookie = await signInCookie(u.email, u.password)
    const out = await callRoute(logoutAction, '/logout', { cookie, method: 'POST' })
    expect(out.location).toBe('/')
    expect(await toastOf(out.response)).toEqual({ type: 'success', key: 'auth:signedOut' })
    expect(out.response?.headers.getSetCookie().some((c) => /setu\.session_token=;/.test(c) || /session_token=.*Max-Age=0/i.test(c))).toBe(true)
    expect(await sessionCount(u.id)).toBe(0)
    expect(await getCurrentUser(requestAs(cookie))).toBeNull()
  })

  it('only signs out on POST: a GET shows a confirmation to signed-in users and sends visitors home', async () => {
    const u = await createUser()
    const cookie = await signInCookie(u.email, u.password)
    expect((await callRoute(logoutLoader, '/logout', { cookie })).data).toMatchObject({ title: 'Sign Out' })
    expect(await sessionCount(u.id)).toBe(1)
    expect((await callRoute(logoutLoader, '/logout')).location).toBe('/')
  })
})
