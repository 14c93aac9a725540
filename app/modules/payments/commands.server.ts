// Payment milestones, written (issue 29 item 2, ADR 033). An order's events make its milestones due
// (startMilestones, in the transaction of the event); the buyer submits a proof, the seller confirms
// receipt or says the money has not arrived. Every party's move is one transaction: the milestone row
// locked `for update`, the state machine (policy.ts) asked again on the locked row, the row updated, the
// order's timeline entry and the other party's notice written. A refusal writes nothing (a proof file
// stored ahead of a refused move is removed).
import { randomUUID } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import { milestoneEvents, orderMilestones, orders } from '../../../db/schema'
import { getDb, type Db } from '~/lib/db.server'
import { deleteUploads, storeUploads, type CheckedUpload } from '~/lib/uploads.server'
import { notify, type NotifyInput } from '~/modules/notifications/index.server'
import {
  tradePartyOf,
  utcDay,
  UUID_PATTERN,
  type MilestoneAction,
  type MilestoneEvent,
  type MilestoneStatus,
  type MilestoneTimelineAction,
  type OrderStatus,
  type TradeParty,
} from '~/domain'
import type { PAYMENT_PROOF } from '~/domain/uploads'
import { isPastDue, MILESTONE_MOVES, orderMilestonesOpen, transitionMilestone } from './policy'
import { shipmentBlockers } from './schedule'

/** A transaction handle (the caller's, for the order's events). */
export type PaymentsWriter = Parameters<Parameters<Db['transaction']>[0]>[0]

/** The statuses an order's event moves a milestone out of, and into (the state machine's 'event_happened' rows). */
const EVENT_MOVES = MILESTONE_MOVES.filter((m) => m.action === 'event_happened' && m.actors.includes('system'))

/**
 * The order's milestones on `event` fall due: each one waiting for it (upcoming) becomes due on `day`
 * plus its offset. Call it inside the transaction of the event (the seller accepting the order, the
 * proforma being issued, the order shipped or delivered); a milestone already due is left as it is, so
 * calling it twice changes nothing. Returns how many fell due.
 */
export async function startMilestones(tx: PaymentsWriter, orderId: string, event: MilestoneEvent, day: string): Promise<number> {
  let started = 0
  for (const move of EVENT_MOVES) {
    const rows = await tx
      .update(orderMilestones)
      .set({ status: move.to as MilestoneStatus, dueOn: sql`(${day}::date + ${orderMilestones.offsetDays})::date`, updatedAt: new Date() })
      .where(and(eq(orderMilestones.orderId, orderId), eq(orderMilestones.event, event), eq(orderMilestones.status, move.from)))
      .returning({ id: orderMilestones.id })
    started += rows.length
  }
  return started
}

/** The milestones that keep the order from being marked Shipped (due before shipment, not confirmed), by position. */
export async function orderShipmentBlockers(tx: PaymentsWriter, orderId: string): Promise<{ position: number; status: MilestoneStatus }[]> {
  const rows = await tx
    .select({ position: orderMilestones.position, status: orderMilestones.status, beforeShipment: orderMilestones.beforeShipment })
    .from(orderMilestones)
    .where(eq(orderMilestones.orderId, orderId))
    .orderBy(asc(orderMilestones.position))
  return shipmentBlockers(rows).map(({ position, status }) => ({ position, status }))
}

export type MilestoneRefusal = { ok: false; status: 403 | 404 | 409; error: string }
export type MilestoneResult = { ok: true; status: MilestoneStatus } | MilestoneRefusal

const refuse = (status: MilestoneRefusal['status'], key: string): MilestoneRefusal => ({ ok: false, status, error: `payments:milestones.errors.${key}` })

/** Thrown inside a transaction when the locked row refuses the move: nothing is written. */
class Refused extends Error {
  constructor(readonly refusal: MilestoneRefusal) {
    super(refusal.error)
  }
}

type MilestoneRow = typeof orderMilestones.$inferSelect
type OrderParties = { buyerId: string; sellerId: string; status: OrderStatus }

/** The state machine's answer for `role` taking `action` on the row, in the refusal's shape; null when allowed. */
function verdictOf(order: OrderParties, row: Pick<MilestoneRow, 'status' | 'dueOn'>, role: TradeParty, action: MilestoneAction, today: string): { to: MilestoneStatus } | MilestoneRefusal {
  const move = transitionMilestone(row.status, role, action, { duePassed: isPastDue(row.dueOn, today) })
  if (!move.ok) return move.refusal === 'wrong_party' ? refuse(403, 'wrongParty') : refuse(409, row.status === 'confirmed' ? 'alreadyConfirmed' : 'outOfTurn')
  if (!orderMilestonesOpen(order.status)) return refuse(409, 'orderClosed')
  return { to: move.to }
}

/** The order and the milestone as one of the order's parties sees them; 404 for anyone else, a malformed id or a milestone of another order. */
async function partyMilestone(profileId: string, orderId: string, milestoneId: string): Promise<{ order: OrderParties; role: TradeParty; row: MilestoneRow } | MilestoneRefusal> {
  if (!UUID_PATTERN.test(orderId) || !UUID_PATTERN.test(milestoneId)) return refuse(404, 'notFound')
  const [found] = await getDb()
    .select({ order: { buyerId: orders.buyerId, sellerId: orders.sellerId, status: orders.status }, row: orderMilestones })
    .from(orderMilestones)
    .innerJoin(orders, eq(orders.id, orderMilestones.orderId))
    .where(and(eq(orderMilestones.id, milestoneId.toLowerCase()), eq(orders.id, orderId.toLowerCase())))
  const role = found ? tradePartyOf(found.order, profileId) : null
  if (!found || !role) return refuse(404, 'notFound')
  return { order: found.order, role, row: found.row }
}

const NOTICE_KINDS = { submit_proof: 'milestone_proof_submitted', confirm_receipt: 'milestone_confirmed', report_not_arrived: 'milestone_not_arrived' } as const

type PartyMove = {
  action: keyof typeof NOTICE_KINDS & MilestoneTimelineAction
  /** The columns the move sets besides the status. */
  set?: (row: MilestoneRow, now: Date) => Partial<typeof orderMilestones.$inferInsert>
  /** What the timeline entry records besides who and when. */
  entry?: { bankReference?: string; fileName?: string; note?: string }
  /** Runs when the move is refused before or inside its transaction (a stored file to remove). */
  onRefused?: () => Promise<void>
}

/**
 * One party's move on one milestone: checked on the row read (no write on a refusal), then in one
 * transaction on the row locked `for update` (of two moves at once the second sees the first's result:
 * a second confirmation gets 409), with the timeline entry and the other party's notice.
 */
async function moveMilestone(profileId: string, orderId: string, milestoneId: string, move: PartyMove): Promise<MilestoneResult & { previous?: MilestoneRow }> {
  const found = await partyMilestone(profileId, orderId, milestoneId)
  if ('ok' in found) return found
  const { order, role } = found
  const early = verdictOf(order, found.row, role, move.action, utcDay(new Date()))
  if ('ok' in early) return early
  try {
    return await getDb().transaction(async (tx) => {
      const [row] = await tx.select().from(orderMilestones).where(eq(orderMilestones.id, found.row.id)).for('update')
      const [current] = await tx.select({ buyerId: orders.buyerId, sellerId: orders.sellerId, status: orders.status }).from(orders).where(eq(orders.id, row!.orderId))
      const now = new Date()
      const verdict = verdictOf(current!, row!, role, move.action, utcDay(now))
      if ('ok' in verdict) throw new Refused(verdict)
      await tx
        .update(orderMilestones)
        .set({ ...move.set?.(row!, now), status: verdict.to, updatedAt: now })
        .where(eq(orderMilestones.id, row!.id))
      await tx.insert(milestoneEvents).values({ orderId: row!.orderId, milestoneId: row!.id, action: move.action, status: verdict.to, actorId: profileId, ...move.entry, createdAt: now })
      await notify(tx, milestoneNotice(current!, row!, role === 'buyer' ? 'seller' : 'buyer', profileId, NOTICE_KINDS[move.action]))
      return { ok: true as const, status: verdict.to, previous: row! }
    })
  } catch (err) {
    if (err instanceof Refused) return err.refusal
    throw err
  }
}

/** A notice about one milestone to one party of its order (`actorId` null: the reminder job). */
export function milestoneNotice(
  order: { buyerId: string; sellerId: string },
  row: Pick<MilestoneRow, 'orderId' | 'position' | 'amount' | 'currency' | 'dueOn'>,
  to: TradeParty,
  actorId: string | null,
  kind: NotifyInput['kind'],
): NotifyInput {
  return {
    recipientId: to === 'buyer' ? order.buyerId : order.sellerId,
    actorId,
    kind,
    params: { order: row.orderId.slice(0, 8), milestone: String(row.position), amount: row.amount, currency: row.currency, ...(row.dueOn ? { due: row.dueOn } : {}) },
    link: `/orders/${row.orderId}`,
  }
}

export type ProofInput = { bankReference: string }

/**
 * The buyer's proof of payment (a file the upload pipeline checked against PAYMENT_PROOF) with the bank's
 * reference: due or overdue → proof submitted. The file is stored first, under payments/<order id>/; a
 * refused move removes it, and a proof it replaces (after "not arrived") is removed once the move committed.
 */
export async function submitMilestoneProof(
  profileId: string,
  orderId: string,
  milestoneId: string,
  input: ProofInput,
  file: CheckedUpload<(typeof PAYMENT_PROOF.types)[number]>,
): Promise<MilestoneResult> {
  // Refused before anything is stored when it can be told from the row read.
  const found = await partyMilestone(profileId, orderId, milestoneId)
  if ('ok' in found) return found
  const early = verdictOf(found.order, found.row, found.role, 'submit_proof', utcDay(new Date()))
  if ('ok' in early) return early
  const [stored] = await storeUploads(`payments/${found.row.orderId}/${randomUUID()}`, [file])
  let result: Awaited<ReturnType<typeof moveMilestone>> | undefined
  try {
    result = await moveMilestone(profileId, orderId, milestoneId, {
      action: 'submit_proof',
      set: (_row, now) => ({
        bankReference: input.bankReference,
        proofStorageKey: stored!.storageKey,
        proofFileName: stored!.fileName,
        proofContentType: stored!.contentType,
        proofSizeBytes: stored!.sizeBytes,
        proofSubmittedAt: now,
        proofSubmittedBy: profileId,
      }),
      entry: { bankReference: input.bankReference, fileName: stored!.fileName },
    })
  } finally {
    if (!result?.ok) await deleteUploads([stored!])
  }
  const replaced = result.ok ? result.previous?.proofStorageKey : null
  if (replaced && replaced !== stored!.storageKey) await deleteUploads([{ storageKey: replaced }])
  return result.ok ? { ok: true, status: result.status } : result
}

/** The seller confirms the money arrived: due, overdue or proof submitted → confirmed (final). */
export async function confirmMilestoneReceipt(profileId: string, orderId: string, milestoneId: string): Promise<MilestoneResult> {
  const result = await moveMilestone(profileId, orderId, milestoneId, { action: 'confirm_receipt', set: (_row, now) => ({ confirmedAt: now, confirmedBy: profileId }) })
  return result.ok ? { ok: true, status: result.status } : result
}

export type NotArrivedInput = { note: string }

/** The seller says a proof's money has not arrived, with a note: back to due, or overdue once the due date has passed. */
export async function reportMilestoneNotArrived(profileId: string, orderId: string, milestoneId: string, input: NotArrivedInput): Promise<MilestoneResult> {
  const result = await moveMilestone(profileId, orderId, milestoneId, { action: 'report_not_arrived', set: () => ({ sellerNote: input.note }), entry: { note: input.note } })
  return result.ok ? { ok: true, status: result.status } : result
}
