import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { ADMIN_ROLES, type AdminRole } from '../../app/domain'
import { authAccountsTable, authRateLimitsTable, authSessionsTable, authTimestamps, authVerificationsTable } from './auth-tables'
import { sqlList } from './sql-lists'

// Administrators are a separate identity from marketplace users (ADR 012): their own better-auth
// instance (app/lib/admin-auth.server.ts) reads and writes these tables, never users/sessions.

export const adminUsers = pgTable(
  'admin_users',
  {
    id: text('id').primaryKey(),
    /** better-auth's `name` field; shown in the panel header as the admin's full name. */
    name: text('full_name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(true),
    image: text('image'),
    role: text('role').$type<AdminRole>().notNull().default('moderator'),
    isActive: boolean('is_active').notNull().default(true),
    /** better-auth two-factor plugin: TOTP sign-in turned on (admin_two_factors holds the secret). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    ...authTimestamps(),
  },
  (t) => [check('admin_users_role_check', sql`role in ${sqlList(ADMIN_ROLES)}`), check('admin_users_email_length', sql`char_length(${t.email}) <= 254`)],
)

export const adminSessions = authSessionsTable('admin_sessions', () => adminUsers.id)
export const adminAccounts = authAccountsTable('admin_accounts', () => adminUsers.id)
export const adminVerifications = authVerificationsTable('admin_verifications')
/** better-auth's per-client rate limits for the admin instance (its keys are ip+path, so they get their own table). */
export const adminRateLimits = authRateLimitsTable('admin_rate_limits')

/**
 * Spec §7 admin audit entries. Append-only in the database itself: a trigger (migration
 * 0011_audit_append_only) refuses UPDATE, DELETE and TRUNCATE. The admin's email is copied so a
 * row still says who acted after the admin account is gone.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    /** Ascending with insertion: the viewer's newest-first order (timestamps can tie). */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: text('admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    oldValue: jsonb('old_value').$type<unknown>(),
    newValue: jsonb('new_value').$type<unknown>(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    index('audit_log_admin_idx').on(t.adminId, t.createdAt),
  ],
)

/** better-auth two-factor plugin's table for the admin instance: the TOTP secret and backup codes (both encrypted by better-auth). */
export const adminTwoFactors = pgTable(
  'admin_two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('admin_two_factors_user_id_idx').on(t.userId), index('admin_two_factors_secret_idx').on(t.secret)],
)
