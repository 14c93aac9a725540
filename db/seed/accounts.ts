import type { AdminRole, BankField, KycStatus, TradingCountry, UserType } from '../../app/domain'

/** Password of every demo login. Public on purpose: it is printed in the README. */
export const DEMO_PASSWORD = 'SetuDemo2026!'

export type DemoAccount = {
  email: string
  password: string
  name: string
  userType: UserType
  country: TradingCountry
  companyName: string
  phoneNumber: string
  kycStatus: KycStatus | null
  /** Fixed profile id; the seller's is also a catalog seller (sellers.ts) and owns demo products. */
  profileId: string
}

/**
 * The demo logins created with the demo data. All are email-verified. The Pending seller has a
 * KYC document on file (a one-page demo PDF written to storage at seed time), so the admin panel's
 * "KYC Pending Review" queue has someone to review.
 */
export const DEMO_ACCOUNTS = {
  buyer: {
    email: 'buyer@setu.example',
    password: DEMO_PASSWORD,
    name: 'Priya Sharma',
    userType: 'Buyer',
    country: 'India',
    companyName: 'Sharma Imports Pvt Ltd',
    phoneNumber: '+91 98200 45123',
    kycStatus: null,
    profileId: '2680a2ea-ba6f-45e4-9e0d-749bc7a75a5a',
  },
  seller: {
    email: 'seller@setu.example',
    password: DEMO_PASSWORD,
    name: 'Alexei Volkov',
    userType: 'Seller',
    country: 'Russia',
    companyName: 'Volkov Trading LLC',
    phoneNumber: '+7 495 123-45-67',
    kycStatus: 'Approved',
    profileId: 'aff15f38-644c-446f-b963-335614bdc479',
  },
  pendingSeller: {
    email: 'pending.seller@setu.example',
    password: DEMO_PASSWORD,
    name: 'Meera Joshi',
    userType: 'Seller',
    country: 'India',
    companyName: 'Joshi Handicraft Exports',
    phoneNumber: '+91 99870 11234',
    kycStatus: 'Pending',
    profileId: '5c49f88c-a951-490f-a989-812bb9242e71',
  },
} as const satisfies Record<string, DemoAccount>

export type DemoAccountKey = keyof typeof DEMO_ACCOUNTS

/**
 * The demo logins' trade details (issue 29 item 4): the registered addresses their documents print, and
 * the seller's rouble account with its BIK and correspondent account (made-up numbers in the real formats).
 */
export const DEMO_TRADE_DETAILS: Record<string, Partial<Record<'registeredAddress' | BankField, string>>> = {
  [DEMO_ACCOUNTS.buyer.profileId]: { registeredAddress: '402 Peninsula Business Park, Lower Parel, Mumbai 400013, Maharashtra' },
  [DEMO_ACCOUNTS.seller.profileId]: {
    registeredAddress: 'ul. Bolshaya Ordynka 40, bld. 2, Moscow 119017',
    bankName: 'Sberbank (PJSC)',
    bankAccountName: 'Volkov Trading LLC',
    bankAccountNumber: '40702810938000012345',
    bankSwift: 'SABRRUMM',
    bankBik: '044525225',
    bankCorrespondentAccount: '30101810400000000225',
  },
  [DEMO_ACCOUNTS.pendingSeller.profileId]: {
    registeredAddress: 'B-17, Sanganer Industrial Area, Jaipur 302029, Rajasthan',
    bankName: 'State Bank of India',
    bankAccountName: 'Joshi Handicraft Exports',
    bankAccountNumber: '32145678901',
    bankSwift: 'SBININBB104',
    bankIfsc: 'SBIN0003214',
  },
}

export type DemoAdmin = { email: string; password: string; fullName: string; role: AdminRole }

/** One admin of each spec §6 role (ADR 012), for local use only: they exist only with the demo data. */
export const DEMO_ADMINS = {
  superAdmin: { email: 'superadmin@setu.example', password: DEMO_PASSWORD, fullName: 'Kavya Menon', role: 'super_admin' },
  admin: { email: 'admin@setu.example', password: DEMO_PASSWORD, fullName: 'Rohan Kapoor', role: 'admin' },
  moderator: { email: 'moderator@setu.example', password: DEMO_PASSWORD, fullName: 'Olga Petrova', role: 'moderator' },
} as const satisfies Record<string, DemoAdmin>
