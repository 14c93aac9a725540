import { and, count, eq, gt, ne, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { products, profiles, sessions } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { getCurrentSession } from './session.server'
import { BANK_FIELDS, type Currency, type RegistryField, type TradingCountry } from '~/domain'
import { listIdentities } from './registry.server'

/**
 * Whether another account already has this phone number, compared the way the database's unique
 * index compares them (ADR 022: `setu_normalize_phone`, digits with the country code).
 */
export async function phoneNumberTaken(phoneNumber: string, country: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        sql`${profiles.userId} is not null`,
        sql`${profiles.phoneNumberNormalized} = setu_normalize_phone(${phoneNumber}, ${country})`,
        exceptUserId ? ne(profiles.userId, exceptUserId) : undefined,
      ),
    )
    .limit(1)
  return Boolean(row)
}

/** The signed-in user's own profile as the profile page shows it (no storage keys, no admin notes). */
/** A profile's trade details, as the form edits them and the documents print them. */
export type TradeDetails = Record<(typeof TRADE_DETAIL_FIELDS)[number], string | null>
const TRADE_DETAIL_FIELDS = ['registeredAddress', ...BANK_FIELDS] as const

/** The trade details' columns of `p` (profiles, or an alias of it: a document's seller and buyer), selected as one object. */
export const tradeDetailsColumns = (p: Record<keyof TradeDetails, AnyPgColumn>) =>
  Object.fromEntries(TRADE_DETAIL_FIELDS.map((k) => [k, sql<string | null>`${p[k]}`])) as { [K in keyof TradeDetails]: SQL<string | null> }

export type OwnProfile = {
  name: string
  email: string
  country: TradingCountry
  phoneNumber: string
  userType: 'Buyer' | 'Seller'
  companyName: string | null
  /** Amounts in other currencies are shown converted to this one too. */
  preferredCurrency: Currency
  kycStatus: 'Pending' | 'Approved' | 'Rejected' | null
  hasKycDocument: boolean
  /** The registered address and (sellers) bank account the trade documents print; null where not given. */
  tradeDetails: TradeDetails
  /** The registry identities given (issue 30 item 1), by form field, and whether KYC approval verified each. */
  identities: Partial<Record<RegistryField, { value: string; verified: boolean }>>
  /** ISO timestamp of profile creation. */
  memberSince: string
}

/** The user's own profile, or null when they have none yet. */
export async function getOwnProfile(userId: string): Promise<OwnProfile | null> {
  const [row] = await getDb()
    .select({
      id: profiles.id,
      name: profiles.name,
      email: profiles.email,
      country: profiles.country,
      phoneNumber: profiles.phoneNumber,
      userType: profiles.userType,
      companyName: profiles.companyName,
      preferredCurrency: profiles.preferredCurrency,
      kycStatus: profiles.kycStatus,
      hasKycDocument: sql<boolean>`${profiles.kycDocumentUrl} is not null`,
      tradeDetails: tradeDetailsColumns(profiles),
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1)
  if (!row) return null
  const identities = (await listIdentities([row.id])).get(row.id) ?? {}
  return {
    name: row.name,
    email: row.email,
    country: row.country,
    phoneNumber: row.phoneNumber ?? '',
    userType: row.userType,
    companyName: row.companyName,
    preferredCurrency: row.preferredCurrency,
    kycStatus: row.kycStatus ?? null,
    hasKycDocument: Boolean(row.hasKycDocument),
    tradeDetails: row.tradeDetails,
    identities: Object.fromEntries(Object.entries(identities).map(([field, i]) => [field, { value: i.value, verified: i.verifiedAt !== null }])),
    memberSince: row.createdAt.toISOString(),
  }
}

/** Number of the user's other unexpired sessions (other devices or browsers). */
export async function countOtherSessions(request: Request, userId: string): Promise<number> {
  const current = await getCurrentSession(request)
  if (!current || current.userId !== userId) return 0
  const [row] = await getDb()
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date()), ne(sessions.id, current.id)))
  return Number(row?.n ?? 0)
}

export type SellerProductStats = { totalProducts: number; activeListings: number }

/** Counts of a seller's products, computed in SQL (spec §2: total products and active listings). */
export async function getSellerProductStats(profileId: string): Promise<SellerProductStats> {
  const [row] = await getDb()
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${products.isActive})`,
    })
    .from(products)
    .where(eq(products.sellerId, profileId))
  return { totalProducts: Number(row?.total ?? 0), activeListings: Number(row?.active ?? 0) }
}
