// Payment milestones of an order (issue 29, ADR 033): the accepted payment terms (orders.payment_schedule)
// made into one row per milestone, each with its exact amount, its due date once its event happens, its
// status and the buyer's proof of payment. Rows are made by milestoneRows (app/modules/payments/schedule.ts),
// whose amounts add up to the order's total; the CHECKs below hold every rule one row can hold alone.
import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import {
  BANK_REFERENCE_MAX,
  CURRENCIES,
  MILESTONE_EVENTS,
  MILESTONE_NOTE_MAX,
  MILESTONE_STATUSES,
  MILESTONES_MAX,
  OFFSET_DAYS_MAX,
  type Currency,
  type MilestoneEvent,
  type MilestoneStatus,
} from '../../app/domain'
import { PAYMENT_PROOF } from '../../app/domain/uploads'
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
