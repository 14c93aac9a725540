// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import { can, PERMISSIONS, type Permission } from './permissions'
import { ADMIN_ROLES, type AdminRole } from '~/domain'

// Spec §6, written out in full so a change to the table is a visible change here.
const EXPECTED: Record<AdminRole, Record<Permission, boolean>> = {
  super_admin: {
    'user:read': true, 'user:manage': true, 'kyc:review': true, 'dispute:resolve': true,
    'analytics:read': true, 'audit:read': true, 'moderation:review': true, 'admin:manage': true,
    'rates:manage': true, 'documents:read': true,
  },
  admin: {
    'user:read': true, 'user:manage': true, 'kyc:review': true, 'dispute:resolve': true,
    'analytics:read': true, 'audit:read': true, 'moderation:review': true, 'admin:manage': false,
    'rates:manage': true, 'documents:read': true,
  },
  moderator: {
    'user:read': false, 'user:manage': false, 'kyc:review': false, 'dispute:resolve': true,
    'analytics:read': false, 'audit:read': false, 'moderation:review': true, 'admin:manage': false,
    'rates:manage': false, 'documents:read': true,
  },
}

describe('can(role, permission) — spec §6', () => {
  for (const role of ADMIN_ROLES) {
    for (const permission of PERMISSIONS) {
      it(`${role} ${EXPECTED[role][permission] ? 'may' : 'may not'} ${permission}`, () => {
        expect(can(role, permission)).toBe(EXPECTED[role][permission])
      })
    }
  }

  it('refuses an unknown role', () => {
    expect(can('root' as AdminRole, 'user:read')).toBe(false)
  })
})
