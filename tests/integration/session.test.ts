import { describe, expect, it } from 'vitest'
import { getCurrentUser } from '~/modules/accounts/session.server'
import { createUser, requestAs, signInCookie } from '../factories/users'

describe('getCurrentUser', () => {
  it('returns null without a session', async () => {
    expect(await getCurrentUser(requestAs(null))).toBeNull()
  })

  it('returns the signed-in user with their profile', async () => {
    const u = await createUser({ profile: { userType: 'Seller', country: 'Russia', kycStatus: 'Pending' } })
    const cookie = await signInCookie(u.email, u.password)
    const current = await getCurrentUser(requestAs(cookie))
    expect(current).toMatchObject({
      email: u.email,
      profile: { userType: 'Seller', country: 'Russia', kycStatus: 'Pending', accountStatus: 'active' },
    })
  })

  it('returns a user without profile as profile null', async () => {
    const u = await createUser({ profile: null })
    const cookie = await signInCookie(u.email, u.password)
    expect((await getCurrentUser(requestAs(cookie)))?.profile).toBeNull()
  })
})
