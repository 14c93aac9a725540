import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { idColumn } from './columns'

/** Dev outbox: every message sent while SMTP_URL is unset lands here (never in production). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: idColumn(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_outbox_to_idx').on(t.to)],
)

/**
 * held: written by a sign-up that has not committed yet (released or removed with it);
 * pending: to be delivered; sent: accepted by the SMTP server (or stored in the dev outbox);
 * failed: gave up after the retries.
 */
export const OUTGOING_EMAIL_STATUSES = ['held', 'pending', 'sent', 'failed'] as const
export type OutgoingEmailStatus = (typeof OUTGOING_EMAIL_STATUSES)[number]

/**
 * Every email the app sends (ADR 021): the row is written, inside the caller's transaction where there
 * is one, before the request answers; the mail job (pg-boss) delivers it with retries and marks it.
 */
export const outgoingEmails = pgTable(
  'outgoing_emails',
  {
    id: idColumn(),
    /** What it is (verification, password-reset, lockout, notification, message-notice): for logs and the operator. */
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status').$type<OutgoingEmailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** While pending: when a delivery claimed it (the lease); null when no delivery holds it. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last delivery error (the mail server's answer), for the operator. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('outgoing_emails_status_check', sql`${t.status} in ('held', 'pending', 'sent', 'failed')`),
    index('outgoing_emails_due_idx').on(t.status, t.createdAt),
  ],
)
