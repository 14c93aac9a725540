// Spec §8 "session without confirmed email": a signed-in session whose email is not (or no longer)
// verified is sent to the verification page with 'Please verify your email address before logging
// in.' wherever a page or action needs a signed-in user; public pages treat it as a visitor's.
// The same rule for every route is in the access matrix (tests/access/matrix.ts, TO_VERIFY).
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { profiles, users } from '../../db/schema'
import { createUser, signInCookie, type CreateUserOptions } from '../factories/users'
import { callRoute, form, toastOf } from './account-support'
import { getDb } from '~/lib/db.server'
import { getCurrentUser, getUnverifiedEmail } from '~/modules/accounts/session.server'
import { action as profileAction, loader as profileLoader } from '~/routes/account/profile'
import { loader as kycUploadLoader } from '~/routes/account/kyc-upload'
import { action as orderNewAction } from '~/routes/trade/order-new'
import { loader as createRfqLoader } from '~/routes/trade/create-rfq'
import { loader as verifyLoader } from '~/routes/auth/verify-email'
import { loader as sellerProductsLoader } from '~/routes/seller/products'

const MESSAGE = { type: 'info', key: 'errors:auth.emailNotConfirmed' }

/** A user who signed in and then lost their verified email (as after an email change), with their session. */
async function unverifiedSession(profile: CreateUserOptions['profile'] = {}) {
  const u = await createUser({ profile })
  const cookie = await signInCookie(u.email, u.password)
  await getDb().update(users).set({ emailVerified: false }).where(eq(users.id, u.id))
  return { ...u, cookie }
}

const request = (cookie: string | null, path = '/') => new Request(`http://localhost:3000${path}`, { headers: cookie ? { Cookie: cookie } : {} })

describe('a signed-in session with an unverified email', () => {
  it('is not a signed-in user, and says whose email waits for verification', async () => {
    const u = await unverifiedSession()
    expect(await getCurrentUser(request(u.cookie))).toBeNull()
    expect(await getUnverifiedEmail(request(u.cookie))).toBe(u.email)
    expect(await getUnverifiedEmail(request(null))).toBeNull()
  })

  it('goes to the verification page with the catalogue message from a page that needs sign-in', async () => {
    const u = await unverifiedSession()
    const out = await callRoute(profileLoader, '/profile', { cookie: u.cookie })
    expect(out.status).toBe(302)
    expect(out.location).toBe('/verify-email')
    expect(await toastOf(out.response)).toEqual(MESSAGE)
  })

  it('goes there from an action too, and nothing is written', async () => {
    const u = await unverifiedSession()
    const [before] = await getDb().select().from(profiles).where(eq(profiles.userId, u.id))
    const out = await callRoute(profileAction, '/profile', {
      cookie: u.cookie,
      body: form({ intent: 'updateProfile', name: 'Changed Name', country: 'India', companyName: '', phoneNumber: '+91 98200 11111' }),
    })
    expect(out.location).toBe('/verify-email')
    expect(await toastOf(out.response)).toEqual(MESSAGE)
    expect((await getDb().select().from(profiles).where(eq(profiles.userId, u.id)))[0]).toEqual(before)
  })

  it('goes there from the seller workspace, the sign-in gates and the order form', async () => {
    const u = await unverifiedSession({ userType: 'Seller', kycStatus: 'Approved' })
    for (const [handler, path] of [
      [sellerProductsLoader, '/dashboard/products'],
      [kycUploadLoader, '/kyc-upload'],
      [createRfqLoader, '/create-rfq'],
    ] as const) {
      const out = await callRoute(handler, path, { cookie: u.cookie })
      expect(out.location, path).toBe('/verify-email')
      expect(await toastOf(out.response), path).toEqual(MESSAGE)
    }
    const order = await callRoute(orderNewAction, '/orders/new', { cookie: u.cookie, body: form({ productId: '00000000-0000-4000-8000-000000000000' }) })
    expect(order.location).toBe('/verify-email')
  })

  it('finds its own address on the verification page, ready to resend the link', async () => {
    const u = await unverifiedSession()
    const out = await callRoute(verifyLoader, '/verify-email', { cookie: u.cookie })
    expect(out.data).toMatchObject({ view: { state: 'pending', email: u.email } })
    // An address in the link wins; a visitor gets no address.
    expect((await callRoute(verifyLoader, '/verify-email?email=other%40example.com', { cookie: u.cookie })).data).toMatchObject({ view: { email: 'other@example.com' } })
    expect((await callRoute(verifyLoader, '/verify-email')).data).toMatchObject({ view: { state: 'pending', email: null } })
  })

  it('is signed in again, on the same session, once the email is verified', async () => {
    const u = await unverifiedSession()
    await getDb().update(users).set({ emailVerified: true }).where(eq(users.id, u.id))
    expect((await callRoute(profileLoader, '/profile', { cookie: u.cookie })).status).toBe(200)
  })

  it('still sees the sign-in gates as a visitor does when the account is also suspended', async () => {
    const u = await unverifiedSession()
    await getDb().update(profiles).set({ accountStatus: 'suspended' }).where(eq(profiles.userId, u.id))
    expect(await getUnverifiedEmail(request(u.cookie))).toBeNull()
    expect((await callRoute(profileLoader, '/profile', { cookie: u.cookie })).location).toBe('/login?redirectTo=%2Fprofile')
    expect((await callRoute(kycUploadLoader, '/kyc-upload', { cookie: u.cookie })).data).toMatchObject({ state: 'anonymous' })
  })

  it('leaves visitors as they were: sign in, or the Login Required page', async () => {
    expect((await callRoute(profileLoader, '/profile')).location).toBe('/login?redirectTo=%2Fprofile')
    expect((await callRoute(createRfqLoader, '/create-rfq')).data).toMatchObject({ state: 'anonymous' })
  })
})
