import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth'
import { idColumn } from './columns'

/** Kinds of security event; the admin panel lists them (issue: platform and hardening). */
export const SECURITY_EVENT_TYPES = [
  'sign_in',
  'sign_in_failed',
  'account_locked',
  'password_changed',
  'password_reset_requested',
  'password_reset',
  'session_expired',
  'kyc_document_opened',
] as const
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number]

/** Append-only log of security-relevant acts on an account. Never updated, never sent whole to a browser. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: idColumn(),
    type: text('type').$type<SecurityEventType>().notNull(),
    /** The account concerned; null when the attempt named no existing account. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Email as typed (lower-cased, capped) for events on unknown accounts. */
    email: text('email'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('security_events_user_idx').on(t.userId, t.createdAt),
    index('security_events_type_idx').on(t.type, t.createdAt),
    index('security_events_created_idx').on(t.createdAt),
  ],
)

/**
 * Per-account sign-in throttle, keyed by the lower-cased email (whether or not an account exists,
 * so the answer never tells which emails are registered). Failures past a threshold lock the
 * account for a growing, capped delay.
 */
export const loginThrottles = pgTable('login_throttles', {
  emailKey: text('email_key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  /** When the owner was last emailed about a lockout (one email per lockout episode). */
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
})
