// Notices to marketplace users (issue 8 item 10): one row per event per recipient. The row is the
// in-app notification and, through email_status, the durable record of its email: it is written in the
// same transaction as the event, so an event that happened always has its notice, and the mail job
// (pg-boss) retries until the email is sent.
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { profiles } from './accounts'
import { idColumn, partOf } from './columns'

/** What happened; the i18n keys are notifications:kinds.<kind>.* */
export const NOTIFICATION_KINDS = [
  'quote_received',
  'quote_countered',
  'quote_accepted',
  'quote_declined',
  'quote_withdrawn',
  'quote_not_selected',
  'quote_expired',
  'request_received',
  'request_rejected',
  'order_placed',
  'order_status_changed',
  'kyc_approved',
  'kyc_rejected',
  'dispute_opened',
  'dispute_message',
  'dispute_resolved',
  'milestone_proof_submitted',
  'milestone_confirmed',
  'milestone_not_arrived',
  'milestone_due_soon',
  'milestone_overdue',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** pending: to be emailed; sent; skipped: the recipient has no email login; failed: gave up after the retries. */
export const NOTIFICATION_EMAIL_STATUSES = ['pending', 'sent', 'skipped', 'failed'] as const
export type NotificationEmailStatus = (typeof NOTIFICATION_EMAIL_STATUSES)[number]

export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    recipientId: partOf('recipient_id', () => profiles.id),
    /** Who caused it; null for the system (an expiry). */
    actorId: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** Values the message is built from in the reader's language (titles, statuses, amounts as text). */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    /** The app path the notice opens (always a local path). */
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailStatus: text('email_status').$type<NotificationEmailStatus>().notNull().default('pending'),
    emailAttempts: integer('email_attempts').notNull().default(0),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('quote_received', 'quote_countered', 'quote_accepted', 'quote_declined', 'quote_withdrawn', 'quote_not_selected', 'quote_expired', 'request_received', 'request_rejected', 'order_placed', 'order_status_changed', 'kyc_approved', 'kyc_rejected', 'dispute_opened', 'dispute_message', 'dispute_resolved', 'milestone_proof_submitted', 'milestone_confirmed', 'milestone_not_arrived', 'milestone_due_soon', 'milestone_overdue')`,
    ),
    check('notifications_email_status_check', sql`${t.emailStatus} in ('pending', 'sent', 'skipped', 'failed')`),
    check('notifications_link_check', sql`${t.link} ~ '^/[^/\\\\]' and char_length(${t.link}) <= 500`),
    index('notifications_recipient_created_idx').on(t.recipientId, t.createdAt.desc()),
    index('notifications_unread_idx').on(t.recipientId).where(sql`${t.readAt} is null`),
    index('notifications_email_pending_idx').on(t.createdAt).where(sql`${t.emailStatus} = 'pending'`),
  ],
)
