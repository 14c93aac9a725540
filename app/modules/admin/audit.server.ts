import { auditLog } from '../../../db/schema'
import { getDb, type Db } from '~/lib/db.server'
import { clientIp } from '~/lib/security-events.server'
import type { AuditAction } from './roles'

export type AuditEntryInput = {
  /** Who acted; null for a refused sign-in that named no admin. */
  admin: { id: string; email: string } | null
  /** For a refused sign-in: the email as typed. */
  email?: string
  action: AuditAction
  targetType?: string | null
  targetId?: string | null
  oldValue?: unknown
  newValue?: unknown
  /** The request that caused it: its client address and user agent are recorded. */
  request: Request
}

/** Appends one spec §7 entry to the audit log. Pass `tx` to write it in the caller's transaction. */
export async function recordAudit(entry: AuditEntryInput, tx: Db = getDb()): Promise<void> {
  await tx.insert(auditLog).values({
    adminId: entry.admin?.id ?? null,
    adminEmail: (entry.admin?.email ?? entry.email ?? '').trim().toLowerCase().slice(0, 254) || null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    oldValue: entry.oldValue ?? null,
    newValue: entry.newValue ?? null,
    ipAddress: clientIp(entry.request),
    userAgent: entry.request.headers.get('User-Agent')?.slice(0, 500) ?? null,
  })
}

/** What an admin did to one record: the action, the record (its type and id, if it has one), its values before and after. */
export type AdminAct = { action: AuditAction; target: readonly [type: string, id?: string | null]; from?: unknown; to?: unknown }

/** Audits an act of a signed-in admin, made through `request`. Pass `tx` to write it in the caller's transaction. */
export function recordAdminAct(admin: { id: string; email: string }, request: Request, act: AdminAct, tx?: Db): Promise<void> {
  const [targetType, targetId = null] = act.target
  return recordAudit({ admin: { id: admin.id, email: admin.email }, action: act.action, targetType, targetId, oldValue: act.from, newValue: act.to, request }, tx)
}
