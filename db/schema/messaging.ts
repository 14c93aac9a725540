// Negotiation messaging (issue 9): conversations between one buyer and one seller about one thing (a
// product, an RFQ, a quote or an order), their messages and attachments, reports and blocks.
import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { CONVERSATION_REPORT_STATUSES, CONVERSATION_SUBJECTS, type ConversationReportStatus, type ConversationSubject } from '../../app/domain'
import { profiles } from './accounts'
import { sqlList } from './sql-lists'
import { storedFileChecks, storedFileColumns } from './stored-files'
import { MESSAGE_ATTACHMENT } from '../../app/domain/uploads'
import { idColumn, partOf } from './columns'

// A conversation's subject_id is its subject's row id (checked by the command that starts it).

export const conversations = pgTable(
  'conversations',
  {
    id: idColumn(),
    buyerId: partOf('buyer_id', () => profiles.id),
    sellerId: partOf('seller_id', () => profiles.id),
    subjectType: text('subject_type').$type<ConversationSubject>().notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** Each side's read mark: a message is read by the other party once their mark reaches its created_at. */
    buyerLastReadAt: timestamp('buyer_last_read_at', { withTimezone: true }),
    sellerLastReadAt: timestamp('seller_last_read_at', { withTimezone: true }),
    /** Null until the first message; the inbox sorts by it. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('conversations_subject_type_check', sql`${t.subjectType} in ${sqlList(CONVERSATION_SUBJECTS)}`),
    check('conversations_parties_check', sql`${t.buyerId} <> ${t.sellerId}`),
    // One conversation per pair and subject: "Contact seller" twice opens the same thread.
    uniqueIndex('conversations_parties_subject_key').on(t.buyerId, t.sellerId, t.subjectType, t.subjectId),
    index('conversations_buyer_last_idx').on(t.buyerId, t.lastMessageAt.desc()),
    index('conversations_seller_last_idx').on(t.sellerId, t.lastMessageAt.desc()),
  ],
)

export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    /** Increases with every message: the live stream's event id, so a reconnect resumes after the last one seen. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    conversationId: partOf('conversation_id', () => conversations.id),
    senderId: partOf('sender_id', () => profiles.id),
    /** Plain text, shown as text (never HTML); may be empty when the message carries attachments. */
    body: text('body').notNull().default(''),
    /** The composer's one-time key: a resent or double-clicked message is stored once. */
    clientKey: uuid('client_key').notNull(),
    /** Set when the unread-after-10-minutes check has handled this message (emailed in a batch, or found read). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('messages_body_check', sql`char_length(${t.body}) <= 5000`),
    uniqueIndex('messages_seq_key').on(t.seq),
    uniqueIndex('messages_sender_client_key').on(t.senderId, t.clientKey),
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt),
    index('messages_unnotified_idx').on(t.createdAt).where(sql`${t.notifiedAt} is null`),
  ],
)

/** PDF, JPEG or PNG by their bytes, up to 10 MB, in private storage; opened only by the two participants. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: idColumn(),
    messageId: partOf('message_id', () => messages.id),
    ...storedFileColumns(),
  },
  (t) => [
    ...storedFileChecks('message_attachments', t, MESSAGE_ATTACHMENT),
    index('message_attachments_message_idx').on(t.messageId),
  ],
)

/** A participant's report of a conversation, kept for the admin panel's moderation queue. */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: idColumn(),
    conversationId: partOf('conversation_id', () => conversations.id),
    reporterId: partOf('reporter_id', () => profiles.id),
    reason: text('reason').notNull(),
    status: text('status').$type<ConversationReportStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    check('conversation_reports_reason_check', sql`char_length(${t.reason}) between 1 and 2000`),
    check('conversation_reports_status_check', sql`${t.status} in ${sqlList(CONVERSATION_REPORT_STATUSES)}`),
    // One open report per participant and conversation: a second report while the first waits adds nothing.
    uniqueIndex('conversation_reports_open_key').on(t.conversationId, t.reporterId).where(sql`${t.status} = 'open'`),
    index('conversation_reports_status_created_idx').on(t.status, t.createdAt),
  ],
)

/** A user blocking another: no new messages between the two, in either direction, until unblocked. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: partOf('blocker_id', () => profiles.id),
    blockedId: partOf('blocked_id', () => profiles.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check('user_blocks_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
    index('user_blocks_blocked_idx').on(t.blockedId),
  ],
)
