// The admin permission matrix: for every admin route in app/routes.ts, what each admin role, a
// marketplace user and nobody get from a GET and a POST. tests/integration/admin-access-matrix.test.ts
// fails when an admin route has no entry here, so a new admin page cannot ship without a decision
// about which permission opens it. A role's answer is derived from the permission table
// (app/modules/admin/permissions.ts): an admin who holds the case's permission gets `allowed`, one
// who lacks it gets 403 'Access Denied', and a marketplace user or nobody goes to /admin/login.
import type { Permission } from '~/modules/admin/permissions'
import type { AdminRole } from '~/domain'
import type { Expected } from './matrix'

/** Who the admin matrix acts as: each admin role, a signed-in marketplace buyer, nobody. */
export const ADMIN_ACTORS = ['super_admin', 'admin', 'moderator', 'marketplaceUser', 'nobody'] as const
export type AdminActor = (typeof ADMIN_ACTORS)[number]

/** Real records the parametrised admin routes are opened with (built by the test). */
export type AdminFixtures = {
  /** A pending seller's profile id with a KYC document. */
  pendingSellerId: string
  /** Any marketplace profile id (the user detail dialog). */
  userId: string
  /** An open dispute on a delivered order, with an evidence file on record. */
  disputeId: string
  evidenceId: string
  /** That order's proforma invoice (PDF). */
  orderId: string
  tradeDocumentId: string
  /** An admin account (for the super_admin's admin-accounts page). */
  otherAdminId: string
}

export type AdminCase = {
  /** How the path reads in the test name when it is built from fixtures. */
  label?: string
  path: string | ((f: AdminFixtures) => string)
  /** POST body; an empty form when left out. */
  body?: (f: AdminFixtures) => BodyInit
  /** The permission the loader or action checks; null: any signed-in admin. */
  permission: Permission | null
  /** The answer of an admin who holds the permission. */
  allowed: Expected
  /** The answer of an admin who lacks it (default: 403 with 'Access Denied'). */
  denied?: Expected
  /** The answer of a marketplace user and of nobody (default: to /admin/login, coming back to the path). */
  outsider?: Expected
}

/** Routes whose answers do not follow the permission rule (sign-in, sign-out, the two-factor step): explicit per actor. */
export type ExplicitCase = {
  label?: string
  path: string
  body?: (f: AdminFixtures) => BodyInit
  /** The request ends the session it is sent with: each admin sends it with a fresh one. */
  endsSession?: boolean
  expect: Record<AdminActor, Expected>
}

export type AdminRouteRules = { GET: (AdminCase | ExplicitCase)[]; POST: (AdminCase | ExplicitCase)[] }

const DENIED: Expected = { status: 403, contains: 'Access Denied' }
const NO_ACTION = 405

/** The sign-in page that comes back to `path` afterwards. */
export function toAdminLogin(path: string): Expected {
  return path === '/admin/dashboard' ? { status: 302, location: '/admin/login' } : { status: 302, location: `/admin/login?redirectTo=${encodeURIComponent(path)}` }
}

const allActors = (e: Expected): Record<AdminActor, Expected> => ({ super_admin: e, admin: e, moderator: e, marketplaceUser: e, nobody: e })
const admins = (e: Expected, outsider: Expected): Record<AdminActor, Expected> => ({ super_admin: e, admin: e, moderator: e, marketplaceUser: outsider, nobody: outsider })

/** A GET page behind `permission`, answering 200 to those who hold it. */
const page = (path: string, permission: Permission | null): AdminCase => ({ path, permission, allowed: 200 })
/** A route without an action: every POST is refused by React Router, before any guard. */
const noAction = (path: string): ExplicitCase => ({ path, expect: allActors(NO_ACTION) })

export const ADMIN_ACCESS: Record<string, AdminRouteRules> = {
  'routes/admin/index': {
    GET: [{ path: '/admin', expect: allActors({ status: 302, location: '/admin/dashboard' }) }],
    POST: [noAction('/admin')],
  },
  'routes/admin/login': {
    GET: [{ path: '/admin/login', expect: admins({ status: 302, location: '/admin/dashboard' }, { status: 200, contains: 'Access the administration panel' }) }],
    // An empty sign-in form: a signed-in admin is sent on to the panel, anyone else is told what is missing.
    POST: [{ path: '/admin/login', expect: admins({ status: 302, location: '/admin/dashboard' }, 400) }],
  },
  'routes/admin/logout': {
    GET: [{ path: '/admin/logout', expect: allActors({ status: 302, location: '/admin/dashboard' }) }],
    POST: [{ path: '/admin/logout', endsSession: true, expect: allActors({ status: 302, location: '/admin/login' }) }],
  },
  'routes/admin/dashboard': {
    GET: [page('/admin/dashboard', null)],
    POST: [noAction('/admin/dashboard')],
  },
  'routes/admin/audit': {
    GET: [page('/admin/audit?action=login', 'audit:read')],
    POST: [noAction('/admin/audit')],
  },
  'routes/admin/kyc': {
    GET: [page('/admin/kyc', 'kyc:review')],
    // An empty decision form: refused as incomplete only after the permission check.
    POST: [{ path: '/admin/kyc', permission: 'kyc:review', allowed: 400 }],
  },
  'routes/admin/kyc-document': {
    GET: [
      // Without a valid signature even an admin with kyc:review is refused; the guard runs first.
      { label: '/admin/kyc/:pending/document (forged link)', path: (f) => `/admin/kyc/${f.pendingSellerId}/document?expires=99999999999&sig=forged`, permission: 'kyc:review', allowed: 403, denied: 403, outsider: { status: 302 } },
    ],
    POST: [{ label: '/admin/kyc/:pending/document', path: '/admin/kyc/00000000-0000-4000-8000-000000000000/document', expect: allActors(NO_ACTION) }],
  },
  'routes/admin/audit-export': {
    GET: [{ path: '/admin/audit/export?action=login', permission: 'audit:read', allowed: 200, denied: 403 }],
    POST: [noAction('/admin/audit/export')],
  },
  'routes/admin/users': {
    GET: [page('/admin/users?q=a&status=active', 'user:read'), { label: '/admin/users?user=:id (detail)', path: (f) => `/admin/users?user=${f.userId}`, permission: 'user:read', allowed: 200 }],
    // A status change without a user: refused as incomplete only after user:manage is checked.
    POST: [{ path: '/admin/users', body: () => new URLSearchParams({ intent: 'status' }), permission: 'user:manage', allowed: 400 }],
  },
  'routes/admin/disputes': {
    GET: [page('/admin/disputes?status=overdue', 'dispute:resolve')],
    POST: [noAction('/admin/disputes')],
  },
  'routes/admin/dispute': {
    GET: [{ label: '/admin/disputes/:id', path: (f) => `/admin/disputes/${f.disputeId}`, permission: 'dispute:resolve', allowed: 200 }],
    // A decision without a resolution: refused as incomplete only after dispute:resolve is checked.
    POST: [{ label: '/admin/disputes/:id decide', path: (f) => `/admin/disputes/${f.disputeId}`, body: () => new URLSearchParams({ intent: 'decide', decision: 'reject' }), permission: 'dispute:resolve', allowed: 400 }],
  },
  'routes/admin/order-document': {
    GET: [
      { label: '/admin/orders/:id/documents/:documentId', path: (f) => `/admin/orders/${f.orderId}/documents/${f.tradeDocumentId}`, permission: 'documents:read', allowed: { status: 200, contains: '%PDF-' } },
      { label: '/admin/orders/:forged/documents/:documentId', path: (f) => `/admin/orders/00000000-0000-4000-8000-000000000000/documents/${f.tradeDocumentId}`, permission: 'documents:read', allowed: 404 },
    ],
    POST: [{ label: '/admin/orders/:id/documents/:documentId', path: '/admin/orders/00000000-0000-4000-8000-000000000000/documents/00000000-0000-4000-8000-000000000000', expect: allActors(NO_ACTION) }],
  },
  'routes/admin/dispute-evidence': {
    GET: [
      // Without a valid signature even a moderator is refused; the guard runs first.
      {
        label: '/admin/disputes/:id/evidence/:evidenceId (forged link)',
        path: (f) => `/admin/disputes/${f.disputeId}/evidence/${f.evidenceId}?expires=99999999999&sig=forged`,
        permission: 'dispute:resolve',
        allowed: 403,
        denied: 403,
        outsider: { status: 302 },
      },
    ],
    POST: [{ label: '/admin/disputes/:id/evidence/:evidenceId', path: '/admin/disputes/00000000-0000-4000-8000-000000000000/evidence/00000000-0000-4000-8000-000000000000', expect: allActors(NO_ACTION) }],
  },
  'routes/admin/dispute-proof': {
    GET: [
      // A proof of payment (issue 29 item 6): without a valid signature even a moderator is refused; the guard runs first.
      {
        label: '/admin/disputes/:id/proofs/:milestoneId (forged link)',
        path: (f) => `/admin/disputes/${f.disputeId}/proofs/00000000-0000-4000-8000-000000000000?expires=99999999999&sig=forged`,
        permission: 'dispute:resolve',
        allowed: 403,
        denied: 403,
        outsider: { status: 302 },
      },
    ],
    POST: [{ label: '/admin/disputes/:id/proofs/:milestoneId', path: '/admin/disputes/00000000-0000-4000-8000-000000000000/proofs/00000000-0000-4000-8000-000000000000', expect: allActors(NO_ACTION) }],
  },
  'routes/admin/analytics': {
    GET: [page('/admin/analytics?from=2026-01-01&to=2026-03-31', 'analytics:read')],
    POST: [noAction('/admin/analytics')],
  },
  'routes/admin/analytics-export': {
    GET: [{ path: '/admin/analytics/export?chart=order-value&from=2026-01-01&to=2026-03-31', permission: 'analytics:read', allowed: 200, denied: 403 }],
    POST: [noAction('/admin/analytics/export')],
  },
  'routes/admin/rates': {
    GET: [page('/admin/rates?page=2', 'rates:manage')],
    // A rate without its fields: refused as incomplete only after rates:manage is checked.
    POST: [{ path: '/admin/rates', body: () => new URLSearchParams({ intent: 'add' }), permission: 'rates:manage', allowed: 400 }],
  },
  'routes/admin/moderation': {
    GET: [page('/admin/moderation?status=open', 'moderation:review')],
    // A decision without its report: refused as incomplete only after moderation:review is checked.
    POST: [{ path: '/admin/moderation', body: () => new URLSearchParams({ decision: 'reviewed' }), permission: 'moderation:review', allowed: 400 }],
  },
  'routes/admin/admins': {
    GET: [page('/admin/admins', 'admin:manage')],
    POST: [{ path: '/admin/admins', permission: 'admin:manage', allowed: 400 }],
  },
  'routes/admin/security': {
    GET: [page('/admin/security', null)],
    POST: [{ path: '/admin/security', permission: null, allowed: 400 }],
  },
  'routes/admin/two-factor': {
    // The second sign-in step exists only after a right password of an admin with two-factor sign-in on.
    GET: [{ path: '/admin/two-factor', expect: admins({ status: 302, location: '/admin/dashboard' }, { status: 302, location: '/admin/login' }) }],
    POST: [{ path: '/admin/two-factor', expect: allActors({ status: 302, location: '/admin/login' }) }],
  },
}

export function isExplicit(c: AdminCase | ExplicitCase): c is ExplicitCase {
  return 'expect' in c
}

/** The answer `actor` must get for a permission case. */
export function expectedFor(c: AdminCase, actor: AdminActor, path: string, can: (role: AdminRole, p: Permission) => boolean): Expected {
  if (actor === 'marketplaceUser' || actor === 'nobody') return c.outsider ?? toAdminLogin(path)
  if (c.permission === null || can(actor, c.permission)) return c.allowed
  return c.denied ?? DENIED
}
