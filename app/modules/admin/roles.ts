// Audit actions: plain values (no Drizzle), so the browser can load them. The admin roles are in app/domain.

/** Spec §7 audit actions (plus login_failed, the audit of a refused sign-in). */
export const AUDIT_ACTIONS = [
  'login',
  'login_failed',
  'logout',
  'user_status_change',
  'kyc_status_change',
  'kyc_document_view',
  'admin_notes_update',
  'admin_create',
  'admin_role_change',
  'admin_status_change',
  'admin_two_factor_change',
  'dispute_message',
  'dispute_decision',
  'dispute_evidence_view',
  'report_review',
  'audit_export',
  'rate_add',
  'rate_import',
  'trade_document_view',
  'payment_proof_view',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value)
}
