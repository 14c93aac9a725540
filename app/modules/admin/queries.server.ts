// Reads for the admin panel; explicit DTOs only.
import { listIdentities, missingOf } from '~/modules/accounts/index.server'
import type { RegistryField, RegistryKind } from '~/domain'
import { and, asc, count, desc, eq, gte, isNotNull, lt, lte, type SQL } from 'drizzle-orm'
import { adminUsers, auditLog, disputes, profiles } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { signBoundLink, verifyBoundLink } from '~/lib/storage.server'
import { getCatalogStats } from '~/modules/catalog/index.server'
import { readKycDocumentByKey, type KycDocument } from '~/modules/kyc/index.server'
import { parseKycDocumentKey, type KycExtension } from '~/modules/kyc'
import { AUDIT_PAGE_SIZE, isProfileId, KYC_LINK_TTL_SECONDS, KYC_QUEUE_PAGE_SIZE, type AuditFilter } from './schemas'
import { countRows, readPage } from './paged-list.server'

export type AdminOverviewDto = {
  totalUsers: number
  /** Profiles awaiting review: KYC Pending with a document on file (spec §2 'KYC Pending Review'). */
  pendingKyc: number
  /** Disputes waiting for a decision (status open). */
  openDisputes: number
  /** Products the public catalog shows (the catalog's own rule and its count: exact up to 1,000, then estimated). */
  activeProducts: number
  /** True when activeProducts is the catalog's estimate (shown as "about …"). */
  activeProductsApprox: boolean
}

/** The Overview cards' numbers, counted in the database. */
export async function getAdminOverview(): Promise<AdminOverviewDto> {
  const db = getDb()
  const [[users], [pending], [open], stats] = await Promise.all([
    db.select({ n: count() }).from(profiles),
    db.select({ n: count() }).from(profiles).where(and(eq(profiles.kycStatus, 'Pending'), isNotNull(profiles.kycDocumentUrl))),
    db.select({ n: count() }).from(disputes).where(eq(disputes.status, 'open')),
    getCatalogStats(),
  ])
  return { totalUsers: Number(users?.n ?? 0), pendingKyc: Number(pending?.n ?? 0), openDisputes: Number(open?.n ?? 0), activeProducts: stats.activeProducts, activeProductsApprox: stats.activeProductsApprox }
}

/** How many entries the Overview's Recent Activity shows. */
export const RECENT_ACTIVITY_LIMIT = 10

export type RecentActivityDto = {
  id: string
  createdAt: string
  adminEmail: string | null
  action: string
  targetType: string | null
  targetId: string | null
}

/** The newest audit entries (all admins', or only `adminId`'s), for the Overview. */
export async function listRecentActivity(opts: { adminId?: string } = {}): Promise<RecentActivityDto[]> {
  const rows = await getDb()
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      adminEmail: auditLog.adminEmail,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
    })
    .from(auditLog)
    .where(opts.adminId ? eq(auditLog.adminId, opts.adminId) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(RECENT_ACTIVITY_LIMIT)
  return rows.map((r) => ({ ...r, id: String(r.id), createdAt: r.createdAt.toISOString() }))
}

export type AuditEntryDto = {
  id: string
  createdAt: string
  adminEmail: string | null
  /** The admin's name when the account still exists. */
  adminName: string | null
  action: string
  targetType: string | null
  targetId: string | null
  oldValue: unknown
  newValue: unknown
  ipAddress: string | null
  userAgent: string | null
}

export type AuditPageDto = { entries: AuditEntryDto[]; page: number; pageCount: number; total: number }

/** The audit filters as SQL conditions: action, admin, and the days from/to (UTC, both included). */
function auditConditions(filter: AuditFilter): SQL[] {
  const conditions: SQL[] = []
  if (filter.action) conditions.push(eq(auditLog.action, filter.action))
  if (filter.admin) conditions.push(eq(auditLog.adminId, filter.admin))
  if (filter.from) conditions.push(gte(auditLog.createdAt, new Date(`${filter.from}T00:00:00.000Z`)))
  if (filter.to) conditions.push(lt(auditLog.createdAt, new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + 24 * 60 * 60 * 1000)))
  return conditions
}


/** An audit entry as the log and its export read it (with the acting admin's name when the admin still exists). */
const auditEntryColumns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  adminEmail: auditLog.adminEmail,
  adminName: adminUsers.name,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  oldValue: auditLog.oldValue,
  newValue: auditLog.newValue,
  ipAddress: auditLog.ipAddress,
  userAgent: auditLog.userAgent,
}
/** One page of the audit log, newest first, filtered by action, admin and dates. */
export async function listAuditEntries(filter: AuditFilter): Promise<AuditPageDto> {
  const conditions = auditConditions(filter)
  const where = conditions.length ? and(...conditions) : undefined
  const { items, ...paging } = await readPage(await countRows(auditLog, where), filter.page ?? 1, AUDIT_PAGE_SIZE, (offset) =>
    getDb().select(auditEntryColumns).from(auditLog).leftJoin(adminUsers, eq(adminUsers.id, auditLog.adminId)).where(where).orderBy(desc(auditLog.id)).limit(AUDIT_PAGE_SIZE).offset(offset),
  )
  return { entries: items.map((r) => ({ ...r, id: String(r.id), createdAt: r.createdAt.toISOString() })), ...paging }
}

/** Rows the CSV export reads per query: a page by id (keyset), so any size of log streams in constant memory. */
export const AUDIT_EXPORT_BATCH = 1000

/**
 * The filtered audit log, newest first, in batches of AUDIT_EXPORT_BATCH (keyset on id, never
 * OFFSET), up to the entry `upToId` so rows written while the export runs are not half-included.
 */
export async function* iterateAuditEntries(filter: AuditFilter, upToId: number, batch = AUDIT_EXPORT_BATCH): AsyncGenerator<AuditEntryDto[]> {
  const base = auditConditions(filter)
  let before = upToId + 1
  for (;;) {
    const rows = await getDb()
      .select(auditEntryColumns)
      .from(auditLog)
      .leftJoin(adminUsers, eq(adminUsers.id, auditLog.adminId))
      .where(and(...base, lt(auditLog.id, before), lte(auditLog.id, upToId)))
      .orderBy(desc(auditLog.id))
      .limit(batch)
    if (rows.length === 0) return
    yield rows.map((r) => ({ ...r, id: String(r.id), createdAt: r.createdAt.toISOString() }))
    if (rows.length < batch) return
    before = rows[rows.length - 1]!.id
  }
}

/** The newest audit entry's id (0 when the log is empty). */
export async function latestAuditId(): Promise<number> {
  const [row] = await getDb().select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1)
  return row?.id ?? 0
}

export type AdminOptionDto = { id: string; email: string; fullName: string }

/** Admins for the audit viewer's filter. */
export async function listAdminOptions(): Promise<AdminOptionDto[]> {
  const rows = await getDb().select({ id: adminUsers.id, email: adminUsers.email, fullName: adminUsers.name }).from(adminUsers).orderBy(adminUsers.email)
  return rows
}

/** Profiles awaiting review: Pending with a document on file (the Overview counts the same). */
export const awaitingReview = and(eq(profiles.kycStatus, 'Pending'), isNotNull(profiles.kycDocumentUrl))

export type KycQueueItemDto = {
  profileId: string
  name: string
  companyName: string | null
  country: string
  email: string
  /** When the document was uploaded (the profile's last change, which the upload sets). */
  uploadedAt: string
  documentType: KycExtension | null
  /** A signed link to this document that works for KYC_LINK_TTL_SECONDS. */
  viewUrl: string
  /** The registry identities the seller gave (issue 30 item 1), to check against the document; `missing` blocks approval. */
  identities: { kind: RegistryKind; value: string }[]
  missing: RegistryField[]
}

export type KycQueuePageDto = { items: KycQueueItemDto[]; page: number; pageCount: number; total: number; linkTtlSeconds: number }

/**
 * The path of a signed View KYC link for a profile's current document, in the format
 * /admin/kyc/:profileId/document checks (the KYC queue and the Users pages both show it).
 */
export function kycDocumentLink(profileId: string, key: string, now = Date.now()): string {
  const { expires, sig } = signBoundLink(profileId, key, KYC_LINK_TTL_SECONDS, { now })
  return `/admin/kyc/${profileId}/document?${new URLSearchParams({ expires: String(expires), sig })}`
}

/** One page of the KYC review queue, oldest upload first, each with a fresh signed View KYC link. */
export async function listKycQueue(pageAsked: number): Promise<KycQueuePageDto> {
  const list = await readPage(await countRows(profiles, awaitingReview), pageAsked, KYC_QUEUE_PAGE_SIZE, (offset) =>
    getDb()
      .select({
        profileId: profiles.id,
        name: profiles.name,
        companyName: profiles.companyName,
        country: profiles.country,
        email: profiles.email,
        updatedAt: profiles.updatedAt,
        key: profiles.kycDocumentUrl,
      })
      .from(profiles)
      .where(awaitingReview)
      .orderBy(asc(profiles.updatedAt), asc(profiles.id))
      .limit(KYC_QUEUE_PAGE_SIZE)
      .offset(offset),
  )
  const now = Date.now()
  const identities = await listIdentities(list.items.map((r) => r.profileId))
  return {
    ...list,
    items: list.items.map(({ key, updatedAt, ...r }) => ({
      ...r,
      identities: Object.values(identities.get(r.profileId) ?? {}).map(({ kind, value }) => ({ kind, value })),
      missing: missingOf(r.country, identities.get(r.profileId)),
      uploadedAt: updatedAt.toISOString(),
      documentType: key ? (parseKycDocumentKey(key)?.ext ?? null) : null,
      viewUrl: kycDocumentLink(r.profileId, key!, now),
    })),
    linkTtlSeconds: KYC_LINK_TTL_SECONDS,
  }
}

export type KycDocumentOpen =
  | { status: 'ok'; document: KycDocument; ownerUserId: string | null }
  /** A forged or altered link, or one for a document that has since been replaced. */
  | { status: 'invalid' }
  | { status: 'expired' }
  /** A genuine link whose file is gone. */
  | { status: 'notFound' }

/**
 * The document a View KYC link opens, after checking that its signature covers this profile, the
 * document on record now and its expiry.
 */
export async function openKycDocumentLink(profileId: string, expires: string | null, sig: string | null): Promise<KycDocumentOpen> {
  if (!isProfileId(profileId) || !sig || !expires) return { status: 'invalid' }
  const [row] = await getDb()
    .select({ key: profiles.kycDocumentUrl, userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.id, profileId.toLowerCase()))
    .limit(1)
  if (!row?.key) return { status: 'invalid' }
  const check = verifyBoundLink(profileId.toLowerCase(), row.key, expires, sig)
  if (check !== 'ok') return { status: check }
  const document = await readKycDocumentByKey(row.key)
  return document ? { status: 'ok', document, ownerUserId: row.userId } : { status: 'notFound' }
}
