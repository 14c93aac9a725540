import { describe, expect, it } from 'vitest'
import { createCategory, createProduct } from '../factories/catalog'
import { createUser, signInCookie, type CreateUserOptions } from '../factories/users'
import { callRoute } from './account-support'
import { loader } from '~/routes/account/dashboard'

async function signedIn(profile: CreateUserOptions['profile']) {
  const u = await createUser({ profile })
  return { ...u, cookie: await signInCookie(u.email, u.password) }
}

describe('/dashboard (minimal seller home)', () => {
  it('shows "Access Denied" to anonymous visitors (200, per spec)', async () => {
    const out = await callRoute(loader, '/dashboard')
    expect(out.status).toBe(200)
    expect(out.data).toMatchObject({ state: 'anonymous', seller: null })
  })

  it('shows "Seller Account Required" to a buyer', async () => {
    const buyer = await signedIn({ userType: 'Buyer' })
    expect((await callRoute(loader, '/dashboard', { cookie: buyer.cookie })).data).toMatchObject({ state: 'notSeller', seller: null })
  })

  it('counts the seller\'s own products and active listings from the database', async () => {
    const seller = await signedIn({ userType: 'Seller', kycStatus: 'Pending' })
    const other = await signedIn({ userType: 'Seller', kycStatus: 'Approved' })
    const { id: categoryId } = await createCategory()
    for (let i = 0; i < 3; i++) await createProduct({ sellerId: seller.profileId!, categoryId })
    for (let i = 0; i < 2; i++) await createProduct({ sellerId: seller.profileId!, categoryId, isActive: false })
    await createProduct({ sellerId: other.profileId!, categoryId })

    const out = await callRoute(loader, '/dashboard?lng=hi', { cookie: seller.cookie })
    expect(out.data).toMatchObject({
      state: 'seller',
      title: 'विक्रेता डैशबोर्ड',
      seller: { name: seller.name, kycStatus: 'Pending', totalProducts: 5, activeListings: 3 },
    })
    expect((await callRoute(loader, '/dashboard', { cookie: other.cookie })).data).toMatchObject({
      seller: { kycStatus: 'Approved', totalProducts: 1, activeListings: 1 },
    })
  })

  it('shows zero for a new seller without products or KYC', async () => {
    const seller = await signedIn({ userType: 'Seller' })
    expect((await callRoute(loader, '/dashboard', { cookie: seller.cookie })).data).toMatchObject({
      seller: { kycStatus: null, totalProducts: 0, activeListings: 0 },
    })
  })
})
