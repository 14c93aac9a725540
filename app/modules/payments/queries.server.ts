// Payment milestones, read (issue 29 item 2): an order's terms, milestones and their timeline as one of
// its two parties sees them, and the proof of payment file for those two only. Storage keys never leave.
import { and, asc, eq, or } from 'drizzle-orm'
import { milestoneEvents, orderMilestones, orders, profiles } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import type { ServedFile } from '~/lib/file-response.server'
import { partyNameOrNull } from '~/lib/party-name.server'
import { getStorage } from '~/lib/storage.server'
import {
  tradePartyOf,
  UUID_PATTERN,
  type MilestoneAction,
  type MilestoneStatus,
  type MilestoneTimelineAction,
  type PaymentMethod,
  type TradeParty,
} from '~/domain'
import { milestoneActionsFor, orderMilestonesOpen } from './policy'
import type { MilestoneRow } from './schedule'
import { paymentTermsView } from './schemas'

/** The moves a party makes on the order page (a dispute is opened on the dispute page). */
export const PARTY_MILESTONE_ACTIONS = ['submit_proof', 'confirm_receipt', 'report_not_arrived'] as const satisfies readonly MilestoneAction[]
export type PartyMilestoneAction = (typeof PARTY_MILESTONE_ACTIONS)[number]

/** A milestone as its order's parties see it: the row the terms made (schedule.ts), and what happened to it since. */
export type MilestoneDto = MilestoneRow & {
  id: string
  /** The buyer's last proof (kept after "not arrived" until the next one replaces it). */
  proof: { fileName: string; submittedAt: string } | null
  bankReference: string | null
  sellerNote: string | null
  confirmedAt: string | null
  /** What the viewer may do with it now (the state machine's answer for the viewer's side). */
  actions: PartyMilestoneAction[]
}

export type MilestoneEventDto = {
  position: number
  action: MilestoneTimelineAction
  status: MilestoneStatus
  /** Null for the system (the reminder job marking it overdue), or a deleted profile. */
  actorName: string | null
  actorRole: TradeParty | null
  bankReference: string | null
  fileName: string | null
  note: string | null
  createdAt: string
}

export type OrderPaymentsDto = {
  /** The accepted terms' method (null: an order made before structured terms, or none). */
  method: { method: PaymentMethod; days: number | null; shipBeforePaid: boolean } | null
  milestones: MilestoneDto[]
  events: MilestoneEventDto[]
  /** Every milestone confirmed (an order without milestones is never "Paid"). */
  paid: boolean
}

/** The order's payments as one of its parties sees them; null for anyone else or a malformed id. */
export async function getOrderPayments(viewerProfileId: string, orderId: string): Promise<OrderPaymentsDto | null> {
  if (!UUID_PATTERN.test(orderId)) return null
  const id = orderId.toLowerCase()
  const db = getDb()
  const [order] = await db
    .select({ buyerId: orders.buyerId, sellerId: orders.sellerId, status: orders.status, paymentSchedule: orders.paymentSchedule, paymentTerms: orders.paymentTerms })
    .from(orders)
    .where(eq(orders.id, id))
  const role = order ? tradePartyOf(order, viewerProfileId) : null
  if (!order || !role) return null
  const [rows, events] = await Promise.all([
    db.select().from(orderMilestones).where(eq(orderMilestones.orderId, id)).orderBy(asc(orderMilestones.position)),
    db
      .select({
        position: orderMilestones.position,
        action: milestoneEvents.action,
        status: milestoneEvents.status,
        actorId: milestoneEvents.actorId,
        actorName: partyNameOrNull(profiles),
        bankReference: milestoneEvents.bankReference,
        fileName: milestoneEvents.fileName,
        note: milestoneEvents.note,
        createdAt: milestoneEvents.createdAt,
      })
      .from(milestoneEvents)
      .innerJoin(orderMilestones, eq(orderMilestones.id, milestoneEvents.milestoneId))
      .leftJoin(profiles, eq(profiles.id, milestoneEvents.actorId))
      .where(eq(milestoneEvents.orderId, id))
      .orderBy(asc(milestoneEvents.createdAt), asc(milestoneEvents.id)),
  ])
  const view = paymentTermsView(order)
  const milestones = rows.map(
    (r): MilestoneDto => ({
      id: r.id,
      position: r.position,
      share: r.share,
      amount: r.amount,
      currency: r.currency,
      event: r.event,
      offsetDays: r.offsetDays,
      beforeShipment: r.beforeShipment,
      dueOn: r.dueOn,
      status: r.status,
      proof: r.proofFileName && r.proofSubmittedAt ? { fileName: r.proofFileName, submittedAt: r.proofSubmittedAt.toISOString() } : null,
      bankReference: r.bankReference,
      sellerNote: r.sellerNote,
      confirmedAt: r.confirmedAt?.toISOString() ?? null,
      actions: orderMilestonesOpen(order.status)
        ? milestoneActionsFor(r.status, role).filter((a): a is PartyMilestoneAction => (PARTY_MILESTONE_ACTIONS as readonly string[]).includes(a))
        : [],
    }),
  )
  return {
    method: view.kind === 'terms' ? { method: view.terms.method, days: view.terms.methodDays, shipBeforePaid: view.terms.shipBeforePaid } : null,
    milestones,
    events: events.map((e) => ({
      position: e.position,
      action: e.action,
      status: e.status,
      actorName: e.actorName,
      actorRole: tradePartyOf(order, e.actorId),
      bankReference: e.bankReference,
      fileName: e.fileName,
      note: e.note,
      createdAt: e.createdAt.toISOString(),
    })),
    paid: milestones.length > 0 && milestones.every((m) => m.status === 'confirmed'),
  }
}

/** A milestone's proof of payment for one of the order's two parties; null for anyone else, a malformed id, no proof or a file gone. */
export async function readMilestoneProofForParty(viewerProfileId: string, orderId: string, milestoneId: string): Promise<ServedFile | null> {
  if (!UUID_PATTERN.test(orderId) || !UUID_PATTERN.test(milestoneId)) return null
  const [row] = await getDb()
    .select({ storageKey: orderMilestones.proofStorageKey, fileName: orderMilestones.proofFileName, contentType: orderMilestones.proofContentType })
    .from(orderMilestones)
    .innerJoin(orders, eq(orders.id, orderMilestones.orderId))
    .where(and(eq(orderMilestones.id, milestoneId.toLowerCase()), eq(orders.id, orderId.toLowerCase()), or(eq(orders.buyerId, viewerProfileId), eq(orders.sellerId, viewerProfileId))))
  if (!row?.storageKey || !row.fileName || !row.contentType) return null
  const file = await getStorage().get(row.storageKey)
  return file ? { bytes: file.bytes, fileName: row.fileName, contentType: row.contentType } : null
}

/** Which side of the milestone's order the profile is on; null for anyone else, a malformed id or a milestone of another order. */
export async function milestoneRoleOf(profileId: string, orderId: string, milestoneId: string): Promise<TradeParty | null> {
  if (!UUID_PATTERN.test(orderId) || !UUID_PATTERN.test(milestoneId)) return null
  const [order] = await getDb()
    .select({ buyerId: orders.buyerId, sellerId: orders.sellerId })
    .from(orderMilestones)
    .innerJoin(orders, eq(orders.id, orderMilestones.orderId))
    .where(and(eq(orderMilestones.id, milestoneId.toLowerCase()), eq(orders.id, orderId.toLowerCase())))
  return order ? tradePartyOf(order, profileId) : null
}
