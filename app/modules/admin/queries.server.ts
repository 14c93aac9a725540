// Reads for the admin panel; explicit DTOs only.
import { and, count, desc, eq, isNotNull, type SQL } from 'drizzle-orm'
import { adminUsers, auditLog, profiles } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { getCatalogStats } from '~/modules/catalog/queries.server'
import { AUDIT_PAGE_SIZE, type AuditFilter } from './schemas'

export type AdminOverviewDto = {
  totalUsers: number
  /** Profiles awaiting review: KYC Pending with a document on file (spec §2 'KYC Pending Review'). */
  pendingKyc: number
  /** Products the public catalog shows (the catalog's own rule). */
  activeProducts: number
}

/** The Overview cards' numbers, counted in the database. */
export async function getAdminOverview(): Promise<AdminOverviewDto> {
  const db = getDb()
  const [[users], [pending], stats] = await Promise.all([
    db.select({ n: count() }).from(profiles),
    db.select({ n: count() }).from(profiles).where(and(eq(profiles.kycStatus, 'Pending'), isNotNull(profiles.kycDocumentUrl))),
    getCatalogStats(),
  ])
  return { totalUsers: users?.n ?? 0, pendingKyc: pending?.n ?? 0, activeProducts: stats.activeProducts }
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

/** One page of the audit log, newest first, filtered by action and admin. */
export async function listAuditEntries(filter: AuditFilter): Promise<AuditPageDto> {
  const db = getDb()
  const conditions: SQL[] = []
  if (filter.action) conditions.push(eq(auditLog.action, filter.action))
  if (filter.admin) conditions.push(eq(auditLog.adminId, filter.admin))
  const where = conditions.length ? and(...conditions) : undefined
  const [[{ total }]] = await Promise.all([db.select({ total: count() }).from(auditLog).where(where)])
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE))
  const page = Math.min(filter.page ?? 1, pageCount)
  const rows = await db
    .select({
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
    })
    .from(auditLog)
    .leftJoin(adminUsers, eq(adminUsers.id, auditLog.adminId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
  return {
    entries: rows.map((r) => ({ ...r, id: String(r.id), createdAt: r.createdAt.toISOString() })),
    page,
    pageCount,
    total,
  }
}

export type AdminOptionDto = { id: string; email: string; fullName: string }

/** Admins for the audit viewer's filter. */
export async function listAdminOptions(): Promise<AdminOptionDto[]> {
  const rows = await getDb().select({ id: adminUsers.id, email: adminUsers.email, fullName: adminUsers.name }).from(adminUsers).orderBy(adminUsers.email)
  return rows
}
