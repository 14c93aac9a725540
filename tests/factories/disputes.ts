// Disputes for tests: written straight to the tables (the flows themselves are tested through their routes).
import { disputeMessages, disputes } from '../../db/schema'
import type { DisputeReason, TradeParty } from '~/domain'
import { getDb } from '~/lib/db.server'

const DAY_MS = 24 * 60 * 60 * 1000

/** An open dispute on the order, opened by `party`, with its last act `idleDays` ago (and opened `ageDays` ago). */
export async function createDispute(
  orderId: string,
  opts: { openedById?: string | null; party?: TradeParty; reason?: DisputeReason; description?: string; ageDays?: number; idleDays?: number } = {},
) {
  const now = Date.now()
  const createdAt = new Date(now - (opts.ageDays ?? opts.idleDays ?? 0) * DAY_MS)
  const [row] = await getDb()
    .insert(disputes)
    .values({
      orderId,
      openedById: opts.openedById ?? null,
      openedByParty: opts.party ?? 'buyer',
      reason: opts.reason ?? 'damaged',
      description: opts.description ?? 'Two of the four crates arrived crushed.',
      createdAt,
      updatedAt: createdAt,
      lastActivityAt: new Date(now - (opts.idleDays ?? 0) * DAY_MS),
    })
    .returning({ id: disputes.id })
  return { id: row!.id }
}

/** A message in a dispute's thread from one of the parties. */
export async function createDisputeMessage(disputeId: string, authorKind: TradeParty, authorProfileId: string, body = 'Photos of the damage are attached.') {
  const [row] = await getDb().insert(disputeMessages).values({ disputeId, authorKind, authorProfileId, body }).returning({ id: disputeMessages.id })
  return { id: row!.id }
}
