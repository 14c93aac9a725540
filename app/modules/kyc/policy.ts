// Pure KYC permission rules; the routes and commands ask these, tests check them as tables.
import type { KycStatusValue } from './schemas'
import { isSeller } from '~/modules/accounts'

/** Whoever is asking: a signed-in user (by user id) or nobody. */
export type KycActor = { id: string } | null

/** Whether `actor` may open the KYC document of the user `ownerUserId`. Only the owner, for now (admins later). */
export function canViewKycDocument(actor: KycActor, ownerUserId: string | null | undefined): boolean {
  if (!actor || !actor.id || !ownerUserId) return false
  return actor.id === ownerUserId
}

export type KycUploader = {
  userType: 'Buyer' | 'Seller'
  kycStatus: KycStatusValue
  accountStatus: 'active' | 'suspended' | 'banned'
} | null

export type KycUploadDecision = 'allowed' | 'noProfile' | 'notSeller' | 'approved' | 'inactive'

/** Whether a profile may upload (or replace) its KYC document (spec §2: sellers only; approved sellers cannot). */
export function kycUploadDecision(profile: KycUploader): KycUploadDecision {
  if (!profile) return 'noProfile'
  if (profile.accountStatus !== 'active') return 'inactive'
  if (!isSeller(profile)) return 'notSeller'
  if (profile.kycStatus === 'Approved') return 'approved'
  return 'allowed'
}

export function canUploadKycDocument(profile: KycUploader): boolean {
  return kycUploadDecision(profile) === 'allowed'
}
