import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Dev outbox: every message sent while SMTP_URL is unset lands here (never in production). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_outbox_to_idx').on(t.to)],
)
