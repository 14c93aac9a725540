// Disputes on orders (issue 10 item 7): a buyer or seller opens one with a reason and evidence, the
// other party answers, moderators message both and decide. While a dispute is open the order shows
// Disputed (derived from this table; the order's own status is kept for when the dispute ends).
import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { DISPUTE_AUTHOR_KINDS, DISPUTE_DECISIONS, DISPUTE_REASONS, DISPUTE_STATUSES, TRADE_PARTIES, type DisputeAuthorKind, type DisputeDecision, type DisputeReason, type DisputeStatus, type TradeParty } from '../../app/domain'
import { profiles } from './accounts'
import { adminUsers } from './admin'
import { sqlList } from './sql-lists'
import { storedFileChecks, storedFileColumns } from './stored-files'
import { DISPUTE_EVIDENCE } from '../../app/domain/uploads'
import { orders } from './trade'
import { idColumn, partOf } from './columns'

export const disputes = pgTable(
  'disputes',
  {
    id: idColumn(),
    orderId: partOf('order_id', () => orders.id),
    openedById: uuid('opened_by_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** Which side of the order opened it. */
    openedByParty: text('opened_by_party').$type<TradeParty>().notNull(),
    reason: text('reason').$type<DisputeReason>().notNull(),
    description: text('description').notNull(),
    status: text('status').$type<DisputeStatus>().notNull().default('open'),
    decision: text('decision').$type<DisputeDecision>(),
    /** The moderator's written resolution, shown to both parties. */
    resolution: text('resolution'),
    decidedByAdminId: text('decided_by_admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Last act by anyone (party answer, moderator message, decision): the 3-day overdue flag counts from here. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('disputes_party_check', sql`${t.openedByParty} in ${sqlList(TRADE_PARTIES)}`),
    check('disputes_reason_check', sql`${t.reason} in ${sqlList(DISPUTE_REASONS)}`),
    check('disputes_status_check', sql`${t.status} in ${sqlList(DISPUTE_STATUSES)}`),
    check('disputes_decision_check', sql`${t.decision} is null or ${t.decision} in ${sqlList(DISPUTE_DECISIONS)}`),
    check('disputes_description_check', sql`char_length(${t.description}) between 1 and 5000`),
    check('disputes_resolution_check', sql`${t.resolution} is null or char_length(${t.resolution}) between 1 and 5000`),
    // A resolved dispute has its decision, resolution and time; an open one has none.
    check('disputes_decided_check', sql`(${t.status} = 'resolved') = (${t.decision} is not null and ${t.resolution} is not null and ${t.decidedAt} is not null)`),
    // One open dispute per order: a double submit or a race makes one.
    uniqueIndex('disputes_order_open_key').on(t.orderId).where(sql`${t.status} = 'open'`),
    index('disputes_order_idx').on(t.orderId, t.createdAt),
    index('disputes_status_created_idx').on(t.status, t.createdAt),
  ],
)

/** The dispute's thread: the parties' answers and the moderators' messages to both. */
export const disputeMessages = pgTable(
  'dispute_messages',
  {
    id: idColumn(),
    disputeId: partOf('dispute_id', () => disputes.id),
    authorKind: text('author_kind').$type<DisputeAuthorKind>().notNull(),
    authorProfileId: uuid('author_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    authorAdminId: text('author_admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('dispute_messages_kind_check', sql`${t.authorKind} in ${sqlList(DISPUTE_AUTHOR_KINDS)}`),
    check('dispute_messages_body_check', sql`char_length(${t.body}) between 1 and 5000`),
    index('dispute_messages_dispute_idx').on(t.disputeId, t.createdAt),
  ],
)

/** Evidence files (PDF/JPG/PNG, checked by their bytes, stored privately) given with the opening or an answer. */
export const disputeEvidence = pgTable(
  'dispute_evidence',
  {
    id: idColumn(),
    disputeId: partOf('dispute_id', () => disputes.id),
    /** The answer it came with; null when given with the opening. */
    messageId: uuid('message_id').references(() => disputeMessages.id, { onDelete: 'cascade' }),
    uploadedById: uuid('uploaded_by_id').references(() => profiles.id, { onDelete: 'set null' }),
    ...storedFileColumns(),
  },
  (t) => [
    ...storedFileChecks('dispute_evidence', t, DISPUTE_EVIDENCE),
    index('dispute_evidence_dispute_idx').on(t.disputeId),
  ],
)
