// The seller-state policy (issue 27 item 4): the one place that says whether a profile is a seller's.
// Browser-safe, so the pages and the server gates ask the same function.
import type { UserType } from '~/domain'

/** Whether the profile is a seller's (spec §2: the account type chosen at sign-up); false for no profile. */
export function isSeller<P extends { userType: UserType }>(profile: P | null | undefined): profile is P & { userType: 'Seller' } {
  return profile?.userType === 'Seller'
}
