// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import { canUploadKycDocument, canViewKycDocument, kycUploadDecision, type KycUploader } from './policy'

describe('canViewKycDocument', () => {
  it.each([
    ['the owner', { id: 'u1' }, 'u1', true],
    ['another signed-in user', { id: 'u2' }, 'u1', false],
    ['an anonymous visitor', null, 'u1', false],
    ['anyone, for a document without owner', { id: 'u1' }, null, false],
    ['an actor with an empty id', { id: '' }, '', false],
  ] as const)('%s → %s', (_, actor, owner, expected) => {
    expect(canViewKycDocument(actor, owner)).toBe(expected)
  })
})

describe('kycUploadDecision', () => {
  const seller = (kycStatus: 'Pending' | 'Approved' | 'Rejected' | null, accountStatus: 'active' | 'suspended' | 'banned' = 'active'): KycUploader => ({
    userType: 'Seller',
    kycStatus,
    accountStatus,
  })
  it.each([
    ['no profile', null, 'noProfile'],
    ['a buyer', { userType: 'Buyer', kycStatus: null, accountStatus: 'active' } as KycUploader, 'notSeller'],
    ['a seller without KYC', seller(null), 'allowed'],
    ['a pending seller (replacement)', seller('Pending'), 'allowed'],
    ['a rejected seller (new upload)', seller('Rejected'), 'allowed'],
    ['an approved seller', seller('Approved'), 'approved'],
    ['a suspended seller', seller(null, 'suspended'), 'inactive'],
    ['a banned seller', seller('Pending', 'banned'), 'inactive'],
  ] as const)('%s → %s', (_, profile, expected) => {
    expect(kycUploadDecision(profile)).toBe(expected)
    expect(canUploadKycDocument(profile)).toBe(expected === 'allowed')
  })
})
