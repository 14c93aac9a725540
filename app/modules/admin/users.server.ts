// Admin user management (issue 10 item 4, spec §2 User Management and §7 get-all-users): the filtered,
// server-paginated user list, the KYC card, one user's detail, and the status and notes changes
// with their audit rows. Explicit DTOs only: no user ids of the auth tables, no storage keys.
import type { AccountStatus, KycStatus, TradingCountry, UserType } from '~/domain'
import { createHash } from 'node:crypto'
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { profiles, sessions } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { invalidatePublicPages } from '~/lib/page-cache.server'
import { isValidStorageKey } from '~/lib/storage.server'
import { parseKycDocumentKey, type KycExtension } from '~/modules/kyc'
import { recordAdminAct } from './audit.server'
import { awaitingReview, kycDocumentLink } from './queries.server'
import { readPage } from './paged-list.server'
import type { CurrentAdmin } from './session.server'
import { KYC_CARD_LIMIT, USERS_COUNT_CAP, USERS_PAGE_SIZE, type UserFilter, type UserNotesInput, type UserStatusInput } from './user-schemas'

export type UserRowDto = {
  profileId: string
  name: string
  email: string
  companyName: string | null
  userType: UserType
  country: TradingCountry
  accountStatus: AccountStatus
  kycStatus: KycStatus | null
  createdAt: string
}

export type UserPageDto = {
  users: UserRowDto[]
  /** Matching profiles, counted up to USERS_COUNT_CAP; `totalCapped` says there are more. */
  total: number
  totalCapped: boolean
  page: number
  pageCount: number
}

/** A LIKE pattern matching `text` anywhere, with its own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

function userWhere(filter: Pick<UserFilter, 'q' | 'status' | 'kyc'>): SQL | undefined {
  const parts: SQL[] = []
  if (filter.q) {
    // ILIKE over each column separately, so each one's trigram index can serve it.
    const like = containsPattern(filter.q)
    parts.push(or(ilike(profiles.name, like), ilike(profiles.email, like), ilike(profiles.companyName, like))!)
  }
  if (filter.status) parts.push(eq(profiles.accountStatus, filter.status))
  if (filter.kyc) parts.push(eq(profiles.kycStatus, filter.kyc))
  return parts.length ? and(...parts) : undefined
}

/** The columns of a UserRowDto (the list's rows and the detail dialog's first part). */
const userRowColumns = {
  profileId: profiles.id,
  name: profiles.name,
  email: profiles.email,
  companyName: profiles.companyName,
  userType: profiles.userType,
  country: profiles.country,
  accountStatus: profiles.accountStatus,
  kycStatus: profiles.kycStatus,
  createdAt: profiles.createdAt,
}

/** Counts rows of `where` but stops at cap + 1, so a broad filter never counts 100,000 rows. */
async function cappedCount(where: SQL | undefined, cap: number): Promise<number> {
  const db = getDb()
  const matches = db.select({ one: sql`1` }).from(profiles).where(where).limit(cap + 1).as('matches')
  const [row] = await db.select({ n: count() }).from(matches)
  return row?.n ?? 0
}

/** One page of users, newest first (created_at, id), with the filters applied in the database. */
export async function listUsers(filter: UserFilter): Promise<UserPageDto> {
  const where = userWhere(filter)
  const counted = await cappedCount(where, USERS_COUNT_CAP)
  const totalCapped = counted > USERS_COUNT_CAP
  // The count is capped, so the deepest page is USERS_MAX_PAGE.
  const total = Math.min(counted, USERS_COUNT_CAP)
  const { items, ...paging } = await readPage(total, filter.page, USERS_PAGE_SIZE, (offset) =>
    getDb().select(userRowColumns).from(profiles).where(where).orderBy(desc(profiles.createdAt), desc(profiles.id)).limit(USERS_PAGE_SIZE).offset(offset),
  )
  return { users: items.map((r) => ({ ...r, kycStatus: r.kycStatus ?? null, createdAt: r.createdAt.toISOString() })), totalCapped, ...paging }
}

/** The View KYC link of the KYC queue, or null for a key that is not a stored document's. */
function kycViewUrl(profileId: string, key: string | null, now: number): string | null {
  return key && isValidStorageKey(key) ? kycDocumentLink(profileId, key, now) : null
}

export type KycCardItemDto = {
  profileId: string
  name: string
  email: string
  userType: UserType
  country: TradingCountry
  documentType: KycExtension | null
  /** A signed link (KYC_LINK_TTL_SECONDS) for an admin who may review KYC; null otherwise. */
  viewUrl: string | null
}

export type KycCardDto = { total: number; totalCapped: boolean; items: KycCardItemDto[] }

/** The 'KYC Pending Review (n)' card: the count and the first few awaiting review, oldest upload first. */
export async function getKycPendingCard(opts: { canReviewKyc: boolean }): Promise<KycCardDto> {
  const counted = await cappedCount(awaitingReview, USERS_COUNT_CAP)
  if (counted === 0) return { total: 0, totalCapped: false, items: [] }
  const rows = await getDb()
    .select({
      profileId: profiles.id,
      name: profiles.name,
      email: profiles.email,
      userType: profiles.userType,
      country: profiles.country,
      key: profiles.kycDocumentUrl,
    })
    .from(profiles)
    .where(awaitingReview)
    .orderBy(asc(profiles.updatedAt), asc(profiles.id))
    .limit(KYC_CARD_LIMIT)
  const now = Date.now()
  return {
    total: Math.min(counted, USERS_COUNT_CAP),
    totalCapped: counted > USERS_COUNT_CAP,
    items: rows.map(({ key, ...r }) => ({
      ...r,
      documentType: key ? (parseKycDocumentKey(key)?.ext ?? null) : null,
      viewUrl: opts.canReviewKyc ? kycViewUrl(r.profileId, key, now) : null,
    })),
  }
}

/** The digest the notes form carries: a save is refused if the notes changed since they were loaded. */
export function notesVersion(notes: string | null): string {
  return createHash('md5')
    .update(notes ?? '', 'utf8')
    .digest('hex')
}

export type UserDetailDto = UserRowDto & {
  phoneNumber: string | null
  hasKycDocument: boolean
  /** Approve / Reject apply: KYC Pending with a document (and the admin may review KYC). */
  kycReviewable: boolean
  kycViewUrl: string | null
  kycDocumentType: KycExtension | null
  adminNotes: string
  notesVersion: string
}

/** One user's detail for the dialog, or null for an unknown profile. */
export async function getUserDetail(profileId: string, opts: { canReviewKyc: boolean }): Promise<UserDetailDto | null> {
  const [row] = await getDb()
    .select({ ...userRowColumns, phoneNumber: profiles.phoneNumber, key: profiles.kycDocumentUrl, adminNotes: profiles.adminNotes })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1)
  if (!row) return null
  const { key, ...r } = row
  const hasKycDocument = Boolean(key)
  return {
    ...r,
    kycStatus: r.kycStatus ?? null,
    createdAt: r.createdAt.toISOString(),
    hasKycDocument,
    kycReviewable: opts.canReviewKyc && hasKycDocument && r.kycStatus === 'Pending',
    kycViewUrl: opts.canReviewKyc ? kycViewUrl(r.profileId, key, Date.now()) : null,
    kycDocumentType: key ? (parseKycDocumentKey(key)?.ext ?? null) : null,
    adminNotes: r.adminNotes ?? '',
    notesVersion: notesVersion(r.adminNotes),
  }
}

export type UserStatusResult =
  | { ok: true; from: AccountStatus; to: AccountStatus; sessionsEnded: number }
  | { ok: false; reason: 'notFound' | 'unchanged' }

/**
 * Sets a user's account status (spec §4: any from any), in one transaction: the profile row is locked,
 * so concurrent changes queue up and each audit row's old status is the one it replaced; a suspension
 * or ban deletes all of the user's sessions (signed out everywhere at once; sign-in is refused while
 * not active); the audit row user_status_change. The same status again changes and records nothing.
 * Listings need no step of their own: the catalog only shows an active seller's products.
 */
export async function changeUserStatus(admin: CurrentAdmin, request: Request, input: UserStatusInput): Promise<UserStatusResult> {
  const result = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ id: profiles.id, userId: profiles.userId, status: profiles.accountStatus })
      .from(profiles)
      .where(eq(profiles.id, input.profileId))
      .for('update')
      .limit(1)
    if (!row) return { ok: false as const, reason: 'notFound' as const }
    if (row.status === input.status) return { ok: false as const, reason: 'unchanged' as const }
    await tx.update(profiles).set({ accountStatus: input.status }).where(eq(profiles.id, row.id))
    let sessionsEnded = 0
    if (input.status !== 'active' && row.userId) {
      sessionsEnded = (await tx.delete(sessions).where(eq(sessions.userId, row.userId)).returning({ id: sessions.id })).length
    }
    await recordAdminAct(admin, request, { action: 'user_status_change', target: ['profile', row.id], from: { status: row.status }, to: { status: input.status, reason: 'Admin action', sessions_ended: sessionsEnded } }, tx)
    return { ok: true as const, from: row.status, to: input.status, sessionsEnded }
  })
  // A seller's listings leave (or return to) the catalog with their account.
  if (result.ok) await invalidatePublicPages()
  return result
}

export type UserNotesResult = { ok: true; length: number } | { ok: false; reason: 'notFound' | 'unchanged' | 'stale' }

/**
 * Saves the admin notes, in one transaction with the audit row admin_notes_update. The note itself
 * stays out of the audit log (which can never be edited or erased): the row records the lengths
 * before and after. A save made over notes someone changed since they were loaded is refused ('stale').
 */
export async function updateUserNotes(admin: CurrentAdmin, request: Request, input: UserNotesInput): Promise<UserNotesResult> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select({ id: profiles.id, notes: profiles.adminNotes }).from(profiles).where(eq(profiles.id, input.profileId)).for('update').limit(1)
    if (!row) return { ok: false as const, reason: 'notFound' as const }
    if (notesVersion(row.notes) !== input.notesVersion) return { ok: false as const, reason: 'stale' as const }
    const before = row.notes ?? ''
    if (before === input.notes) return { ok: false as const, reason: 'unchanged' as const }
    await tx
      .update(profiles)
      .set({ adminNotes: input.notes || null })
      .where(eq(profiles.id, row.id))
    await recordAdminAct(admin, request, { action: 'admin_notes_update', target: ['profile', row.id], from: { notes_length: before.length }, to: { notes_added: input.notes.length > 0, notes_length: input.notes.length, timestamp: new Date().toISOString() } }, tx)
    return { ok: true as const, length: input.notes.length }
  })
}
