// better-auth's HTTP API is closed (issue: platform and hardening, item 2): the pages call it on
// the server, so /api/auth/* answers 404 to everyone, and what better-auth stores is held to the
// same field rules as our forms even when auth.api is called directly.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '../../db/schema'
import { getAuth } from '~/lib/auth.server'
import { getDb } from '~/lib/db.server'
import { action as apiAction, loader as apiLoader } from '~/routes/api/auth'
import { callRoute } from './account-support'
import { createUser, signInCookie } from '../factories/users'

const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' } })
// One signed-in user for the read-only cases (signing in hashes a password: slow on purpose).
let signedIn: Promise<{ cookie: string }> | undefined
const sharedUser = () => (signedIn ??= createUser().then(async (u) => ({ cookie: await signInCookie(u.email, u.password) })))
const userCount = async () => (await getDb().select({ n: sql<number>`count(*)::int` }).from(users))[0].n

describe('/api/auth/* over HTTP', () => {
  it.each(['get-session', 'list-sessions', 'ok', 'verify-email?token=x', 'reset-password/abc?callbackURL=/', 'reference', 'error'])(
    'GET %s is 404, even with a valid session cookie (page scripts never see the session token)',
    async (path) => {
      const { cookie } = await sharedUser()
      const out = await callRoute(apiLoader, `/api/auth/${path}`, { cookie })
      expect(out.status).toBe(404)
      expect(JSON.stringify(out.data ?? null)).not.toContain('token')
    },
  )

  it.each([
    'sign-up/email',
    'sign-in/email',
    'update-user',
    'verify-password',
    'change-password',
    'change-email',
    'delete-user',
    'revoke-sessions',
    'request-password-reset',
    'reset-password',
    'send-verification-email',
    'sign-out',
  ])('POST %s is 404 and changes nothing', async (path) => {
    const u = await createUser()
    const cookie = await signInCookie(u.email, u.password)
    const before = await userCount()
    const body = { email: `new-${Date.now()}@example.com`, password: 'river-stone-7', name: 'x'.repeat(200_000), image: 'http://evil.example/x.png', currentPassword: u.password, newPassword: 'other-stone-8' }
    const out = await callRoute(apiAction, `/api/auth/${path}`, { cookie, ...json(body) })
    expect(out.status).toBe(404)
    expect(await userCount()).toBe(before)
    const [row] = await getDb().select({ name: users.name, image: users.image }).from(users).where(eq(users.id, u.id))
    expect(row).toEqual({ name: u.name, image: null })
    await expect(signInCookie(u.email, u.password)).resolves.toContain('setu')
  })
})

describe('field limits on what better-auth stores (direct auth.api calls included)', () => {
  it('refuses a 200,000-character name at sign-up and stores nothing', async () => {
    const before = await userCount()
    const email = 'huge-name@example.com'
    await expect(getAuth().api.signUpEmail({ body: { email, password: 'river-stone-7', name: 'x'.repeat(200_000) } })).rejects.toMatchObject({
      statusCode: 400,
      body: { code: 'INVALID_NAME' },
    })
    expect(await userCount()).toBe(before)
    expect(await getDb().select().from(users).where(eq(users.email, email))).toEqual([])
  })

  it('refuses an oversized name, a non-https picture and an over-long picture URL on update; accepts https or nothing', async () => {
    const u = await createUser()
    const headers = new Headers({ Cookie: await signInCookie(u.email, u.password) })
    const update = (body: { name?: string; image?: string | null }) => getAuth().api.updateUser({ body, headers })
    await expect(update({ name: 'y'.repeat(101) })).rejects.toMatchObject({ body: { code: 'INVALID_NAME' } })
    for (const image of ['http://example.com/a.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', `https://example.com/${'a'.repeat(2048)}`]) {
      await expect(update({ image })).rejects.toMatchObject({ body: { code: 'INVALID_IMAGE' } })
    }
    const [unchanged] = await getDb().select({ name: users.name, image: users.image }).from(users).where(eq(users.id, u.id))
    expect(unchanged).toEqual({ name: u.name, image: null })

    await update({ image: 'https://cdn.example.com/me.png' })
    await update({ image: null })
    const [row] = await getDb().select({ image: users.image }).from(users).where(eq(users.id, u.id))
    expect(row.image).toBeNull()
  })

  it('refuses an email over 254 characters', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.example`
    await expect(getAuth().api.signUpEmail({ body: { email, password: 'river-stone-7', name: 'Long Mail' } })).rejects.toMatchObject({ statusCode: 400 })
    expect(await getDb().select().from(users).where(eq(users.email, email))).toEqual([])
  })
})
