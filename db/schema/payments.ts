// Payment milestones of an order (issue 29, ADR 033): the accepted payment terms (orders.payment_schedule)
// made into one row per milestone, each with its exact amount, its due date once its event happens, its
// status and the buyer's proof of payment. Rows are made by milestoneRows (app/modules/payments/schedule.ts),
// whose amounts add up to the order's total; the CHECKs below hold every rule one row can hold alone.
import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import {
  BANK_REFERENCE_MAX,
  CURRENCIES,
  MILESTONE_EVENTS,
  MILESTONE_NOTE_MAX,
  MILESTONE_REMINDER_STAGES,
  MILESTONE_STATUSES,
  MILESTONE_TIMELINE_ACTIONS,
  MILESTONES_MAX,
  OFFSET_DAYS_MAX,
  type Currency,
  type MilestoneEvent,
  type MilestoneReminderStage,
  type MilestoneStatus,
  type MilestoneTimelineAction,
} from '../../app/domain'
import { PAYMENT_PROOF, STORED_NAME_MAX } from '../../app/domain/uploads'
import { profiles } from './accounts'
import { idColumn, partOf } from './columns'
import { sqlList } from './sql-lists'
import { storedFileChecks } from './stored-files'
import { orders } from './trade'

/**
 * The proof of payment: storedFileColumns' file, named proof_*, absent until the buyer sends one (all
 * five set or none). A proof the seller says has not arrived stays until the next one replaces it.
 */
const proofFileColumns = () => ({
  /** Storage key; never sent to a browser. */
  proofStorageKey: text('proof_storage_key'),
  proofFileName: text('proof_file_name'),
  proofContentType: text('proof_content_type'),
  proofSizeBytes: integer('proof_size_bytes'),
  proofSubmittedAt: timestamp('proof_submitted_at', { withTimezone: true }),
})

export const orderMilestones = pgTable(
  'order_milestones',
  {
    id: idColumn(),
    orderId: partOf('order_id', () => orders.id),
    /** 1, 2, 3… in the terms' order. */
    position: integer('position').notNull(),
    /** Percent of the order total, exact (33.33). */
    share: numeric('share', { precision: 5, scale: 2 }).notNull(),
    /** The share of orders.total in the order's currency, exact; the order's milestones add up to its total. */
    amount: numeric('amount', { precision: 24, scale: 2 }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    event: text('event').$type<MilestoneEvent>().notNull(),
    offsetDays: integer('offset_days').notNull().default(0),
    /** Whether the seller must confirm it before marking the order Shipped (its event and the terms decide, once). */
    beforeShipment: boolean('before_shipment').notNull(),
    /** The event's day plus offset_days, set when the event happens. */
    dueOn: date('due_on', { mode: 'string' }),
    status: text('status').$type<MilestoneStatus>().notNull().default('upcoming'),
    /** The bank's reference the buyer gives with the proof (a UTR, a SWIFT reference). */
    bankReference: text('bank_reference'),
    ...proofFileColumns(),
    proofSubmittedBy: uuid('proof_submitted_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** The seller's note when the money has not arrived (or on confirming). */
    sellerNote: text('seller_note'),
    confirmedBy: uuid('confirmed_by').references(() => profiles.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_milestones_status_check', sql`${t.status} in ${sqlList(MILESTONE_STATUSES)}`),
    check('order_milestones_event_check', sql`${t.event} in ${sqlList(MILESTONE_EVENTS)}`),
    check('order_milestones_currency_check', sql`${t.currency} in ${sqlList(CURRENCIES)}`),
    check('order_milestones_position_check', sql`${t.position} between 1 and ${sql.raw(String(MILESTONES_MAX))}`),
    check('order_milestones_share_check', sql`${t.share} > 0 and ${t.share} <= 100`),
    check('order_milestones_amount_check', sql`${t.amount} >= 0`),
    check('order_milestones_offset_check', sql`${t.offsetDays} between 0 and ${sql.raw(String(OFFSET_DAYS_MAX))}`),
    // Upcoming until the event happens; from then on it has its due date.
    check('order_milestones_due_on_check', sql`(${t.status} = 'upcoming') = (${t.dueOn} is null)`),
    check('order_milestones_bank_reference_check', sql`${t.bankReference} is null or char_length(${t.bankReference}) between 1 and ${sql.raw(String(BANK_REFERENCE_MAX))}`),
    check('order_milestones_seller_note_check', sql`${t.sellerNote} is null or char_length(${t.sellerNote}) between 1 and ${sql.raw(String(MILESTONE_NOTE_MAX))}`),
    check('order_milestones_proof_whole_check', sql`num_nonnulls(${t.proofStorageKey}, ${t.proofFileName}, ${t.proofContentType}, ${t.proofSizeBytes}, ${t.proofSubmittedAt}) in (0, 5)`),
    // A proof waiting for the seller has its file and its bank reference.
    check('order_milestones_proof_submitted_check', sql`${t.status} <> 'proof_submitted' or (${t.proofStorageKey} is not null and ${t.bankReference} is not null)`),
    check('order_milestones_confirmed_check', sql`(${t.status} = 'confirmed') = (${t.confirmedAt} is not null)`),
    ...storedFileChecks('order_milestones_proof', { contentType: t.proofContentType, sizeBytes: t.proofSizeBytes, fileName: t.proofFileName }, PAYMENT_PROOF),
    uniqueIndex('order_milestones_order_position_key').on(t.orderId, t.position),
    // The reminder job: milestones due or overdue by their due date.
    index('order_milestones_status_due_idx').on(t.status, t.dueOn).where(sql`${t.dueOn} is not null`),
  ],
)

/**
 * The order's timeline of its milestones (issue 29 item 2): who did what to which milestone and when (a
 * proof with its bank reference and file name, a confirmation, "not arrived" with the seller's note), and
 * the reminder job's overdue mark (no actor). Written in the same transaction as the move.
 */
export const milestoneEvents = pgTable(
  'milestone_events',
  {
    id: idColumn(),
    orderId: partOf('order_id', () => orders.id),
    milestoneId: partOf('milestone_id', () => orderMilestones.id),
    action: text('action').$type<MilestoneTimelineAction>().notNull(),
    /** The milestone's status after the move. */
    status: text('status').$type<MilestoneStatus>().notNull(),
    /** Null for the system (the reminder job). */
    actorId: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    bankReference: text('bank_reference'),
    /** The proof's file name as it was sent (a later proof replaces the file; its name stays here). */
    fileName: text('file_name'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('milestone_events_action_check', sql`${t.action} in ${sqlList(MILESTONE_TIMELINE_ACTIONS)}`),
    check('milestone_events_status_check', sql`${t.status} in ${sqlList(MILESTONE_STATUSES)}`),
    check('milestone_events_bank_reference_check', sql`${t.bankReference} is null or char_length(${t.bankReference}) between 1 and ${sql.raw(String(BANK_REFERENCE_MAX))}`),
    check('milestone_events_file_name_check', sql`${t.fileName} is null or char_length(${t.fileName}) between 1 and ${sql.raw(String(STORED_NAME_MAX))}`),
    check('milestone_events_note_check', sql`${t.note} is null or char_length(${t.note}) between 1 and ${sql.raw(String(MILESTONE_NOTE_MAX))}`),
    index('milestone_events_order_idx').on(t.orderId, t.createdAt),
  ],
)

/**
 * The reminders sent (issue 29 item 3): one row per milestone and stage, inserted before the notices in
 * the same transaction, so of two job runs at once only the one whose insert wins sends (the other's
 * insert does nothing and it sends nothing).
 */
export const milestoneReminders = pgTable(
  'milestone_reminders',
  {
    milestoneId: partOf('milestone_id', () => orderMilestones.id),
    stage: text('stage').$type<MilestoneReminderStage>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.milestoneId, t.stage] }), check('milestone_reminders_stage_check', sql`${t.stage} in ${sqlList(MILESTONE_REMINDER_STAGES)}`)],
)
