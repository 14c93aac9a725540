// Writing conversations (issue 9 items 1, 3 and 6): start-or-open, send (with attachments, one-time key,
// block check and rate limit), read marks, reports and blocks. Each change is one transaction; the live
// stream hears about it after the commit.
import { and, eq, sql } from 'drizzle-orm'
import { conversationReports, conversations, messageAttachments, messages, orders, products, profiles, quotes, rfqs, userBlocks } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { enforceLimit, type LimitRefusal } from '~/lib/rate-limit.server'
import { deleteUploads } from '~/lib/uploads.server'
import { storeAttachments, type CheckedAttachment } from './attachments.server'
import type { TradeParty } from '~/domain'
import { publishMessageEvent, type MessageEvent } from './live.server'
import { conversationParties, sendVerdict, type SubjectFacts } from './policy'
import type { SendMessageInput, StartConversationInput } from './schemas'

type Db = ReturnType<typeof getDb>
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** A participant's view of the conversation a command acts on (from queries' getParticipation). */
export type Participation = { id: string; buyerId: string; sellerId: string; role: TradeParty; otherId: string }

/** `limit`: set when an action limit (app/lib/action-limits.ts) refused it, for the answer's Retry-After. */
export type Refusal = { ok: false; status: 400 | 403 | 404 | 409 | 413 | 429; error: string; limit?: LimitRefusal }

/** Tells the live stream; a failed publish is logged, never the request's failure (the message is stored). */
export async function publishSafely(event: MessageEvent): Promise<void> {
  try {
    await publishMessageEvent(event)
  } catch (err) {
    console.error('[messaging] could not publish a live event', event.kind, event.conversationId, err)
  }
}

/** What the database says about a subject (null when there is no such row). */
async function readSubjectFacts(db: Db | Tx, input: StartConversationInput): Promise<SubjectFacts | null> {
  switch (input.subjectType) {
    case 'product': {
      const [row] = await db
        .select({
          sellerId: products.sellerId,
          isPublic: sql<boolean>`(${products.isActive} and ${profiles.accountStatus} = 'active' and ${profiles.kycStatus} = 'Approved')`,
        })
        .from(products)
        .innerJoin(profiles, eq(profiles.id, products.sellerId))
        .where(eq(products.id, input.subjectId))
      return row ? { type: 'product', sellerId: row.sellerId, isPublic: Boolean(row.isPublic) } : null
    }
    case 'rfq': {
      const [row] = await db.select({ buyerId: rfqs.buyerId, sellerId: rfqs.sellerId }).from(rfqs).where(eq(rfqs.id, input.subjectId))
      if (!row) return null
      const quoting = await db.selectDistinct({ sellerId: quotes.sellerId }).from(quotes).where(eq(quotes.rfqId, input.subjectId))
      const sellerIds = [...(row.sellerId ? [row.sellerId] : []), ...quoting.map((q) => q.sellerId)]
      return { type: 'rfq', buyerId: row.buyerId, sellerIds }
    }
    case 'quote': {
      const [row] = await db.select({ buyerId: rfqs.buyerId, sellerId: quotes.sellerId }).from(quotes).innerJoin(rfqs, eq(rfqs.id, quotes.rfqId)).where(eq(quotes.id, input.subjectId))
      return row ? { type: 'quote', ...row } : null
    }
    case 'order': {
      const [row] = await db.select({ buyerId: orders.buyerId, sellerId: orders.sellerId }).from(orders).where(eq(orders.id, input.subjectId))
      return row ? { type: 'order', ...row } : null
    }
  }
}

/**
 * Opens the conversation between the two parties of the subject, starting it if there is none yet:
 * `insert … on conflict do nothing` on the unique (buyer, seller, subject), then the row either way, so
 * two clicks at once make one conversation. 404 when the caller may not talk about the subject, 403 for
 * a seller's own product.
 */
export async function startConversation(actorId: string, input: StartConversationInput): Promise<{ ok: true; id: string; created: boolean } | Refusal> {
  const db = getDb()
  const verdict = conversationParties(actorId, await readSubjectFacts(db, input), input.with)
  if (!verdict.ok) return { ok: false, status: verdict.status, error: verdict.status === 403 ? 'messages:errors.ownProduct' : 'messages:errors.notFound' }
  const key = { buyerId: verdict.buyerId, sellerId: verdict.sellerId, subjectType: input.subjectType, subjectId: input.subjectId }
  const [created] = await db.insert(conversations).values(key).onConflictDoNothing().returning({ id: conversations.id })
  if (created) return { ok: true, id: created.id, created: true }
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.buyerId, key.buyerId), eq(conversations.sellerId, key.sellerId), eq(conversations.subjectType, key.subjectType), eq(conversations.subjectId, key.subjectId)))
  if (!existing) throw new Error('conversation vanished between insert and read')
  return { ok: true, id: existing.id, created: false }
}

/** Serialises sends and blocks between two people (in either direction) across processes. */
async function lockPair(tx: Tx, a: string, b: string) {
  const key = a < b ? `messaging-pair:${a}:${b}` : `messaging-pair:${b}:${a}`
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
}

async function blockState(db: Db | Tx, me: string, other: string) {
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(sql`(${userBlocks.blockerId} = ${me} and ${userBlocks.blockedId} = ${other}) or (${userBlocks.blockerId} = ${other} and ${userBlocks.blockedId} = ${me})`)
  return { blockedByMe: rows.some((r) => r.blockerId === me), blockedByOther: rows.some((r) => r.blockerId === other) }
}

export type SendResult = { ok: true; messageId: string; seq: number; duplicate: boolean } | Refusal

class Blocked extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.error)
  }
}

/** The message an earlier submit with the same one-time key stored, if any. */
async function findByClientKey(senderId: string, clientKey: string) {
  const [row] = await getDb()
    .select({ id: messages.id, seq: messages.seq, conversationId: messages.conversationId })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientKey, clientKey)))
  return row
}

/**
 * Posts a message (text, files or both) from a participant. A key seen before answers with the message it
 * stored. The block check repeats inside the transaction under the pair's lock, so a block that commits
 * first wins; the limits (ACTION_LIMITS.message per sender, messageAttachment per file) are counted before
 * anything is written. Files are written to storage first and removed again when the message is not stored.
 */
export async function sendMessage(part: Participation, senderId: string, input: SendMessageInput, files: CheckedAttachment[]): Promise<SendResult> {
  const earlier = await findByClientKey(senderId, input.clientKey)
  if (earlier) {
    return earlier.conversationId === part.id ? { ok: true, messageId: earlier.id, seq: Number(earlier.seq), duplicate: true } : { ok: false, status: 409, error: 'messages:errors.expired' }
  }
  const verdict = sendVerdict({ role: part.role, ...(await blockState(getDb(), senderId, part.otherId)) })
  if (!verdict.ok) return { ok: false, status: verdict.status, error: verdict.error }
  let limit = await enforceLimit('message', senderId)
  if (limit.ok && files.length > 0) limit = await enforceLimit('messageAttachment', senderId, files.length)
  if (!limit.ok) return { ok: false, status: 429, error: limit.messageKey, limit }
  const stored = await storeAttachments(part.id, files)
  let outcome: SendResult
  try {
    outcome = await getDb().transaction(async (tx) => {
      await lockPair(tx, senderId, part.otherId)
      const again = sendVerdict({ role: part.role, ...(await blockState(tx, senderId, part.otherId)) })
      if (!again.ok) throw new Blocked({ ok: false, status: again.status, error: again.error })
      const [row] = await tx
        .insert(messages)
        .values({ conversationId: part.id, senderId, body: input.body, clientKey: input.clientKey })
        .onConflictDoNothing()
        .returning({ id: messages.id, seq: messages.seq, createdAt: messages.createdAt })
      // A concurrent submit with the same key got there first: nothing more to write.
      if (!row) return { ok: true as const, messageId: '', seq: 0, duplicate: true }
      if (stored.length) {
        // The files keep the order they were chosen in: one millisecond apart (the table has no position column).
        const base = Date.now()
        await tx.insert(messageAttachments).values(
          stored.map((s, i) => ({ messageId: row.id, storageKey: s.storageKey, fileName: s.fileName, contentType: s.contentType, sizeBytes: s.sizeBytes, createdAt: new Date(base + i) })),
        )
      }
      const ownMark = part.role === 'buyer' ? 'buyer_last_read_at' : 'seller_last_read_at'
      // The stored created_at (microseconds), not the driver's copy (milliseconds): read receipts compare them exactly.
      await tx.execute(sql`update conversations c set last_message_at = greatest(coalesce(c.last_message_at, '-infinity'::timestamptz), m.created_at),
        ${sql.raw(ownMark)} = greatest(coalesce(c.${sql.raw(ownMark)}, '-infinity'::timestamptz), m.created_at)
        from messages m where m.id = ${row.id} and c.id = ${part.id}`)
      return { ok: true as const, messageId: row.id, seq: Number(row.seq), duplicate: false }
    })
  } catch (err) {
    await deleteUploads(stored)
    if (err instanceof Blocked) return err.refusal
    throw err
  }
  if (outcome.ok && outcome.duplicate) {
    await deleteUploads(stored)
    const first = await findByClientKey(senderId, input.clientKey)
    if (!first || first.conversationId !== part.id) return { ok: false, status: 409, error: 'messages:errors.expired' }
    return { ok: true, messageId: first.id, seq: Number(first.seq), duplicate: true }
  }
  if (outcome.ok) await publishSafely({ kind: 'message', conversationId: part.id, seq: outcome.seq, participantIds: [part.buyerId, part.sellerId] })
  return outcome
}

/**
 * Moves the participant's read mark up to the message `seq` (never back). Returns whether it moved; the
 * other side's receipts and the unread counts follow from the mark.
 */
export async function markConversationRead(part: Participation, seq: number): Promise<boolean> {
  const mark = sql.raw(part.role === 'buyer' ? 'buyer_last_read_at' : 'seller_last_read_at')
  const party = sql.raw(part.role === 'buyer' ? 'buyer_id' : 'seller_id')
  const me = part.role === 'buyer' ? part.buyerId : part.sellerId
  const result = await getDb().execute(sql`update conversations c set ${mark} = m.upto
    from (select max(created_at) as upto from messages where conversation_id = ${part.id} and seq <= ${seq}) m
    where c.id = ${part.id} and c.${party} = ${me} and m.upto is not null and (c.${mark} is null or c.${mark} < m.upto)
    returning c.id`)
  const moved = (result as { rows?: unknown[] }).rows?.length ? true : false
  if (moved) await publishSafely({ kind: 'read', conversationId: part.id, participantIds: [part.buyerId, part.sellerId] })
  return moved
}

/** Keeps a participant's report for the moderation queue; a second one while the first is open is 409. */
export async function reportConversation(part: Participation, reporterId: string, reason: string): Promise<{ ok: true } | Refusal> {
  const [row] = await getDb()
    .insert(conversationReports)
    .values({ conversationId: part.id, reporterId, reason, status: 'open' })
    .onConflictDoNothing()
    .returning({ id: conversationReports.id })
  return row ? { ok: true } : { ok: false, status: 409, error: 'messages:errors.alreadyReported' }
}

/** The participant blocks (or unblocks) the other party: no new messages either way while the block stands. */
export async function setBlock(part: Participation, actorId: string, blocked: boolean): Promise<{ changed: boolean }> {
  const changed = await getDb().transaction(async (tx) => {
    await lockPair(tx, actorId, part.otherId)
    if (blocked) {
      const rows = await tx.insert(userBlocks).values({ blockerId: actorId, blockedId: part.otherId }).onConflictDoNothing().returning({ id: userBlocks.blockerId })
      return rows.length > 0
    }
    const rows = await tx
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, actorId), eq(userBlocks.blockedId, part.otherId)))
      .returning({ id: userBlocks.blockerId })
    return rows.length > 0
  })
  if (changed) await publishSafely({ kind: 'block', conversationId: part.id, participantIds: [part.buyerId, part.sellerId] })
  return { changed }
}
