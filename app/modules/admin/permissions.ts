// Spec §6 admin roles and what each may do, as typed permission strings. Pure: the menu, every
// loader and every action ask the same `can(role, permission)`.
import type { AdminRole } from '~/domain'

export const PERMISSIONS = [
  'user:read',
  'user:manage',
  'kyc:review',
  'dispute:resolve',
  'analytics:read',
  'audit:read',
  'moderation:review',
  'admin:manage',
  'rates:manage',
  'documents:read',
] as const
export type Permission = (typeof PERMISSIONS)[number]

/**
 * Spec §6: super_admin has user management, dispute resolution, analytics and system
 * administration (admin accounts); admin the same without system administration; moderator only
 * dispute resolution (and the reported-conversation queue that goes with it). The audit log is
 * read by those who manage users, since it records their acts. Exchange rates (issue 28) are kept by
 * admins and super admins, not moderators.
 */
export const ROLE_PERMISSIONS: Record<AdminRole, readonly Permission[]> = {
  super_admin: PERMISSIONS,
  admin: ['user:read', 'user:manage', 'kyc:review', 'dispute:resolve', 'analytics:read', 'audit:read', 'moderation:review', 'rates:manage', 'documents:read'],
  // Trade documents (issue 29 item 4) are a dispute's papers: whoever resolves disputes reads them.
  moderator: ['dispute:resolve', 'moderation:review', 'documents:read'],
}

/** Whether an admin with `role` holds `permission`. */
export function can(role: AdminRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role]?.includes(permission) ?? false
}
