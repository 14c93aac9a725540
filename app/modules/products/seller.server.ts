// Who may use the seller workspace (/dashboard/*): every loader and action asks here first.
import { data } from 'react-router'
import { getCurrentUser, throwSignInRequired, type CurrentUser } from '~/modules/accounts/index.server'
import { isSeller } from '~/modules/accounts'

export type SellerProfile = NonNullable<CurrentUser['profile']> & { userType: 'Seller' }

export type SellerGate = { state: 'seller'; seller: SellerProfile } | { state: 'notSeller'; seller: null }

/** Visitors go to sign in and come back (an unverified session goes to verify); a signed-in non-seller gets the 'Seller Account Required' page. */
export async function sellerGate(request: Request): Promise<SellerGate> {
  const user = await getCurrentUser(request)
  if (!user) return throwSignInRequired(request)
  const profile = user.profile
  if (!isSeller(profile)) return { state: 'notSeller', seller: null }
  return { state: 'seller', seller: profile }
}

/** For actions: the seller, or a redirect to sign in (visitors) or 403 (anyone else). Nothing is written before this passes. */
export async function requireSeller(request: Request): Promise<SellerProfile> {
  const gate = await sellerGate(request)
  if (gate.state !== 'seller') throw data({ formError: 'products:errors.sellerOnly' }, { status: 403 })
  return gate.seller
}
