// Disputes, written (issue 10 item 7). Every act is one transaction with its notices (and, for a
// moderator's act, its audit row). Refusals write nothing: evidence stored ahead of a refused act is removed.
import { randomUUID } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import { disputeEvidence, disputeMessages, disputes, orders } from '../../../db/schema'
import { getDb, type Db } from '~/lib/db.server'
import { enforceLimit, type LimitRefusal } from '~/lib/rate-limit.server'
import { deleteUploads } from '~/lib/uploads.server'
import { type CurrentAdmin, recordAudit } from '~/modules/admin/index.server'
import { notify } from '~/modules/notifications/index.server'
import type { TradeParty } from '~/domain'
import { cancelOrder } from '~/modules/orders/index.server'
import { storeEvidence, type CheckedEvidence, type StoredEvidence } from './files.server'
import { disputePartyOf, messageRecipients, openDisputeVerdict, orderEffectOf } from './policy'
import { isUuid, type AnswerDisputeInput, type DecideDisputeInput, type ModeratorMessageInput, type OpenDisputeInput } from './schemas'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** `limit`: set when an action limit (app/lib/action-limits.ts) refused it, for the answer's Retry-After. */
export type DisputeRefusal = { ok: false; status: 404 | 409 | 429; error: string; limit?: LimitRefusal }
const refuse = (status: DisputeRefusal['status'], key: string): DisputeRefusal => ({ ok: false, status, error: `disputes:errors.${key}` })
const adminRefuse = (status: DisputeRefusal['status'], key: string): DisputeRefusal => ({ ok: false, status, error: `adminDisputes:errors.${key}` })

const disputePath = (orderId: string) => `/orders/${orderId}/dispute`

/**
 * The person's limits for the act (opening or answering) and, with files, for evidence files; counted
 * before anything is written, so a refused act stores nothing.
 */
async function limitRefusal(profileId: string, act: 'disputeOpen' | 'disputeAnswer', files: number): Promise<DisputeRefusal | null> {
  let verdict = await enforceLimit(act, profileId)
  if (verdict.ok && files > 0) verdict = await enforceLimit('disputeEvidence', profileId, files)
  return verdict.ok ? null : { ok: false, status: 429, error: verdict.messageKey, limit: verdict }
}

/** Thrown inside a transaction to undo it when a refusal is only found after something was written. */
class Refused extends Error {
  constructor(readonly refusal: DisputeRefusal) {
    super(refusal.error)
  }
}

async function withEvidence<T extends { ok: boolean }>(disputeId: string, files: CheckedEvidence[], act: (stored: StoredEvidence[]) => Promise<T | DisputeRefusal>): Promise<T | DisputeRefusal> {
  const stored = await storeEvidence(disputeId, files)
  let result: T | DisputeRefusal | undefined
  try {
    result = await act(stored)
    return result
  } catch (err) {
    if (err instanceof Refused) return (result = err.refusal)
    throw err
  } finally {
    if (!result?.ok) await deleteUploads(stored)
  }
}

async function insertEvidence(tx: Tx, disputeId: string, messageId: string | null, uploadedById: string, stored: StoredEvidence[], now: Date) {
  if (stored.length === 0) return
  await tx.insert(disputeEvidence).values(stored.map((s) => ({ disputeId, messageId, uploadedById, storageKey: s.storageKey, fileName: s.fileName, contentType: s.contentType, sizeBytes: s.sizeBytes, createdAt: now })))
}

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

export type OpenDisputeResult = { ok: true; disputeId: string } | DisputeRefusal

/**
 * A party opens a dispute on an order (Accepted, Shipped or Delivered), with evidence. The order row is
 * locked first (as a status change locks it), so an open and a status change never cross; the partial
 * unique index turns a double submit or a race into one open dispute (the other gets 409).
 */
export async function openDispute(profileId: string, orderId: string, input: OpenDisputeInput, files: CheckedEvidence[]): Promise<OpenDisputeResult> {
  if (!isUuid(orderId)) return refuse(404, 'notFound')
  const id = orderId.toLowerCase()
  const db = getDb()
  const [order] = await db.select({ buyerId: orders.buyerId, sellerId: orders.sellerId, status: orders.status }).from(orders).where(eq(orders.id, id))
  const party = order ? disputePartyOf(order, profileId) : null
  if (!order || !party) return refuse(404, 'notFound')
  const [latest] = await db.select({ status: disputes.status }).from(disputes).where(eq(disputes.orderId, id)).orderBy(desc(disputes.createdAt)).limit(1)
  const early = openDisputeVerdict(order.status, latest?.status ?? null)
  if (early !== 'allowed') return refuse(409, early)
  const limited = await limitRefusal(profileId, 'disputeOpen', files.length)
  if (limited) return limited
  const disputeId = randomUUID()
  try {
    return await withEvidence(disputeId, files, (stored) =>
      db.transaction(async (tx) => {
        const [locked] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id)).for('update')
        const [again] = await tx.select({ status: disputes.status }).from(disputes).where(eq(disputes.orderId, id)).orderBy(desc(disputes.createdAt)).limit(1)
        const verdict = openDisputeVerdict(locked!.status, again?.status ?? null)
        if (verdict !== 'allowed') throw new Refused(refuse(409, verdict))
        const now = new Date()
        const [created] = await tx
          .insert(disputes)
          .values({ id: disputeId, orderId: id, openedById: profileId, openedByParty: party, reason: input.reason, description: input.description, lastActivityAt: now, createdAt: now, updatedAt: now })
          .onConflictDoNothing()
          .returning({ id: disputes.id })
        if (!created) throw new Refused(refuse(409, 'alreadyOpen'))
        await insertEvidence(tx, disputeId, null, profileId, stored, now)
        await notify(tx, {
          recipientId: party === 'buyer' ? order.sellerId : order.buyerId,
          actorId: profileId,
          kind: 'dispute_opened',
          params: { order: id.slice(0, 8) },
          link: disputePath(id),
        })
        return { ok: true as const, disputeId }
      }),
    )
  } catch (err) {
    // Two opens at once on PostgreSQL: the loser's insert meets the partial unique index.
    if (isUniqueViolation(err)) return refuse(409, 'alreadyOpen')
    throw err
  }
}

export type AnswerDisputeResult = { ok: true; messageId: string } | DisputeRefusal

/**
 * A party answers in the order's open dispute, with evidence; the other party is told. A decided dispute
 * is read-only (409). The dispute row is updated first (last activity), which also orders the answer
 * against a decision made at the same moment. Answers are limited per person (ACTION_LIMITS.disputeAnswer),
 * counted before anything is written; a refused answer stores nothing.
 */
export async function answerDispute(profileId: string, orderId: string, input: AnswerDisputeInput, files: CheckedEvidence[]): Promise<AnswerDisputeResult> {
  if (!isUuid(orderId)) return refuse(404, 'notFound')
  const id = orderId.toLowerCase()
  const db = getDb()
  const [order] = await db.select({ buyerId: orders.buyerId, sellerId: orders.sellerId }).from(orders).where(eq(orders.id, id))
  const party = order ? disputePartyOf(order, profileId) : null
  if (!order || !party) return refuse(404, 'notFound')
  const [dispute] = await db.select({ id: disputes.id, status: disputes.status }).from(disputes).where(eq(disputes.orderId, id)).orderBy(desc(disputes.createdAt)).limit(1)
  if (!dispute) return refuse(404, 'noDispute')
  if (dispute.status !== 'open') return refuse(409, 'closed')
  const limited = await limitRefusal(profileId, 'disputeAnswer', files.length)
  if (limited) return limited
  return withEvidence(dispute.id, files, (stored) =>
    db.transaction(async (tx) => {
      const now = new Date()
      const [touched] = await tx
        .update(disputes)
        .set({ lastActivityAt: now, updatedAt: now })
        .where(and(eq(disputes.id, dispute.id), eq(disputes.status, 'open')))
        .returning({ id: disputes.id })
      if (!touched) throw new Refused(refuse(409, 'closed'))
      const [message] = await tx
        .insert(disputeMessages)
        .values({ disputeId: dispute.id, authorKind: party, authorProfileId: profileId, body: input.body, createdAt: now })
        .returning({ id: disputeMessages.id })
      await insertEvidence(tx, dispute.id, message!.id, profileId, stored, now)
      await notifyParties(tx, order, messageRecipients(party), { actorId: profileId, kind: 'dispute_message', orderId: id })
      return { ok: true as const, messageId: message!.id }
    }),
  )
}

async function notifyParties(
  tx: Tx,
  order: { buyerId: string; sellerId: string },
  to: TradeParty[],
  n: { actorId: string | null; kind: 'dispute_message' | 'dispute_resolved'; orderId: string },
) {
  await notify(
    tx,
    to.map((side) => ({ recipientId: side === 'buyer' ? order.buyerId : order.sellerId, actorId: n.actorId, kind: n.kind, params: { order: n.orderId.slice(0, 8) }, link: disputePath(n.orderId) })),
  )
}

const auditAdmin = (admin: CurrentAdmin) => ({ id: admin.id, email: admin.email })

/** The open dispute's order (for an admin act), or why not: 404 unknown, 409 already decided. */
async function touchOpenDispute(tx: Tx, disputeId: string, set: Partial<typeof disputes.$inferInsert>) {
  const [row] = await tx
    .update(disputes)
    .set(set)
    .where(and(eq(disputes.id, disputeId), eq(disputes.status, 'open')))
    .returning({ orderId: disputes.orderId })
  if (row) return row
  const [exists] = await tx.select({ id: disputes.id }).from(disputes).where(eq(disputes.id, disputeId))
  throw new Refused(exists ? adminRefuse(409, 'alreadyDecided') : adminRefuse(404, 'notFound'))
}

export type AdminDisputeResult = { ok: true } | DisputeRefusal

/**
 * A moderator's message to both parties (audited dispute_message, both notified, last activity now). Only
 * while the dispute is open: after the decision the thread is closed (409).
 */
export async function postModeratorMessage(admin: CurrentAdmin, request: Request, disputeId: string, input: ModeratorMessageInput): Promise<AdminDisputeResult> {
  if (!isUuid(disputeId)) return adminRefuse(404, 'notFound')
  const id = disputeId.toLowerCase()
  try {
    return await getDb().transaction(async (tx) => {
      const now = new Date()
      const { orderId } = await touchOpenDispute(tx, id, { lastActivityAt: now, updatedAt: now })
      const [order] = await tx.select({ buyerId: orders.buyerId, sellerId: orders.sellerId }).from(orders).where(eq(orders.id, orderId))
      const [message] = await tx
        .insert(disputeMessages)
        .values({ disputeId: id, authorKind: 'moderator', authorAdminId: admin.id, body: input.body, createdAt: now })
        .returning({ id: disputeMessages.id })
      await recordAudit(
        { admin: auditAdmin(admin), action: 'dispute_message', targetType: 'dispute', targetId: id, newValue: { message_id: message!.id, order_id: orderId, body: input.body }, request },
        tx,
      )
      await notifyParties(tx, order!, messageRecipients('moderator'), { actorId: null, kind: 'dispute_message', orderId })
      return { ok: true as const }
    })
  } catch (err) {
    if (err instanceof Refused) return err.refusal
    throw err
  }
}

export type DecideDisputeResult = { ok: true; orderCancelled: boolean } | DisputeRefusal

/**
 * The moderator's decision, in one transaction: the conditional update open → resolved (a second decision
 * finds nothing open: 409, nothing written), the order effect (cancel_refund cancels the order with an
 * order_events row carrying the resolution; the other decisions leave its status as it is), the audit row
 * (old {status:'open'}, new {decision, resolution}) and both parties' notices.
 */
export async function decideDispute(admin: CurrentAdmin, request: Request, disputeId: string, input: DecideDisputeInput): Promise<DecideDisputeResult> {
  if (!isUuid(disputeId)) return adminRefuse(404, 'notFound')
  const id = disputeId.toLowerCase()
  try {
    return await getDb().transaction(async (tx) => {
      const now = new Date()
      const { orderId } = await touchOpenDispute(tx, id, {
        status: 'resolved',
        decision: input.decision,
        resolution: input.resolution,
        decidedByAdminId: admin.id,
        decidedAt: now,
        lastActivityAt: now,
        updatedAt: now,
      })
      const [order] = await tx.select({ buyerId: orders.buyerId, sellerId: orders.sellerId, status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update')
      const orderCancelled =
        orderEffectOf(input.decision) === 'cancel' && order!.status !== 'Cancelled' && (await cancelOrder(tx, { orderId, from: order!.status, note: input.resolution, actorId: null, now }))
      await recordAudit(
        {
          admin: auditAdmin(admin),
          action: 'dispute_decision',
          targetType: 'dispute',
          targetId: id,
          oldValue: { status: 'open' },
          newValue: { decision: input.decision, resolution: input.resolution, ...(orderCancelled ? { order_status: { from: order!.status, to: 'Cancelled' } } : {}) },
          request,
        },
        tx,
      )
      await notifyParties(tx, order!, ['buyer', 'seller'], { actorId: null, kind: 'dispute_resolved', orderId })
      return { ok: true as const, orderCancelled }
    })
  } catch (err) {
    if (err instanceof Refused) return err.refusal
    throw err
  }
}

/** Audits one opening of an evidence file through an admin's signed link (before the bytes are sent). */
export async function recordEvidenceView(admin: CurrentAdmin, request: Request, disputeId: string, evidenceId: string): Promise<void> {
  await recordAudit({
    admin: auditAdmin(admin),
    action: 'dispute_evidence_view',
    targetType: 'dispute',
    targetId: disputeId.toLowerCase(),
    newValue: { evidence_id: evidenceId.toLowerCase(), access: 'signed_url', timestamp: new Date().toISOString() },
    request,
  })
}
