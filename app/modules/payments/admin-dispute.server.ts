// A disputed order's payments for the admin panel (issue 29 item 6): its milestones with each proof of payment
// as a short-lived link bound to the milestone, the stored file and the admin's session, and its trade
// documents (downloaded through the audited admin document route). Explicit DTOs: never a storage key.
import { and, asc, eq } from 'drizzle-orm'
import { disputes, orderMilestones, orders, profiles, tradeDocuments } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { partyNameOrNull } from '~/lib/party-name.server'
import { getStorage, signBoundLink, verifyBoundLink } from '~/lib/storage.server'
import { TRADE_DOCUMENT_LANGUAGE, UUID_PATTERN, type TradeDocumentKind, type TradingCountry } from '~/domain'
import type { MilestoneRow } from './schedule'

/** How long a proof link on the admin's dispute page opens its file (as the evidence and KYC links). */
export const PROOF_LINK_TTL_SECONDS = 300

export type AdminProofDto = { fileName: string; contentType: string; sizeBytes: number; submittedAt: string; /** The signed, expiring link. */ url: string }

/** A milestone as the order has it (MilestoneRow's columns: share and amount exact, due date once its event happened), with its history. */
export type AdminMilestoneDto = Pick<MilestoneRow, 'position' | 'share' | 'amount' | 'currency' | 'event' | 'offsetDays' | 'dueOn' | 'status'> & {
  id: string
  bankReference: string | null
  sellerNote: string | null
  /** The party that confirmed receipt (its company or name); null when not confirmed or the profile is gone. */
  confirmedByName: string | null
  confirmedAt: string | null
  proof: AdminProofDto | null
}

export type AdminTradeDocumentDto = { id: string; kind: TradeDocumentKind; number: string; version: number; languages: string; sha256: string; createdAt: string }

export type AdminDisputePaymentsDto = {
  orderId: string
  milestones: AdminMilestoneDto[]
  /** Null when the admin may not read trade documents (the page then lists none). */
  documents: AdminTradeDocumentDto[] | null
  /** The documents' second language (the buyer's country's). */
  documentLanguage: 'ru' | 'hi'
  linkTtlSeconds: number
}

/** The subject a proof link is bound to: this milestone's proof, opened in this admin session. */
const proofSubject = (milestoneId: string, adminSessionId: string) => `payment-proof:${milestoneId}:${adminSessionId}`

/** The disputed order's id and buyer's country, or null for an unknown or malformed dispute id. */
async function disputedOrder(disputeId: string): Promise<{ orderId: string; buyerCountry: TradingCountry } | null> {
  if (!UUID_PATTERN.test(disputeId)) return null
  const [row] = await getDb()
    .select({ orderId: orders.id, buyerCountry: profiles.country })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .innerJoin(profiles, eq(profiles.id, orders.buyerId))
    .where(eq(disputes.id, disputeId.toLowerCase()))
  return row ? { orderId: row.orderId, buyerCountry: row.buyerCountry as TradingCountry } : null
}

/**
 * The payments of a dispute's order: milestones in their order, each proof as a link valid
 * PROOF_LINK_TTL_SECONDS for `adminSessionId` only, and (when `withDocuments`, the admin holding
 * documents:read) every version of its trade documents. Null for an unknown or malformed dispute id.
 */
export async function getDisputePayments(disputeId: string, adminSessionId: string, { withDocuments, now = Date.now() }: { withDocuments: boolean; now?: number }): Promise<AdminDisputePaymentsDto | null> {
  const order = await disputedOrder(disputeId)
  if (!order) return null
  const db = getDb()
  const id = disputeId.toLowerCase()
  const rows = await db
    .select({
      id: orderMilestones.id,
      position: orderMilestones.position,
      share: orderMilestones.share,
      amount: orderMilestones.amount,
      currency: orderMilestones.currency,
      event: orderMilestones.event,
      offsetDays: orderMilestones.offsetDays,
      dueOn: orderMilestones.dueOn,
      status: orderMilestones.status,
      bankReference: orderMilestones.bankReference,
      sellerNote: orderMilestones.sellerNote,
      confirmedByName: partyNameOrNull({ companyName: profiles.companyName, name: profiles.name }),
      confirmedAt: orderMilestones.confirmedAt,
      proofStorageKey: orderMilestones.proofStorageKey,
      proofFileName: orderMilestones.proofFileName,
      proofContentType: orderMilestones.proofContentType,
      proofSizeBytes: orderMilestones.proofSizeBytes,
      proofSubmittedAt: orderMilestones.proofSubmittedAt,
    })
    .from(orderMilestones)
    .leftJoin(profiles, eq(profiles.id, orderMilestones.confirmedBy))
    .where(eq(orderMilestones.orderId, order.orderId))
    .orderBy(asc(orderMilestones.position))
  const proofUrl = (milestoneId: string, key: string) => {
    const { expires, sig } = signBoundLink(proofSubject(milestoneId, adminSessionId), key, PROOF_LINK_TTL_SECONDS, { now })
    return `/admin/disputes/${id}/proofs/${milestoneId}?${new URLSearchParams({ expires: String(expires), sig })}`
  }
  const milestones = rows.map(({ proofStorageKey, proofFileName, proofContentType, proofSizeBytes, proofSubmittedAt, confirmedAt, ...m }): AdminMilestoneDto => ({
    ...m,
    confirmedAt: confirmedAt?.toISOString() ?? null,
    proof:
      proofStorageKey && proofFileName && proofContentType && proofSizeBytes !== null && proofSubmittedAt
        ? { fileName: proofFileName, contentType: proofContentType, sizeBytes: proofSizeBytes, submittedAt: proofSubmittedAt.toISOString(), url: proofUrl(m.id, proofStorageKey) }
        : null,
  }))
  const documents = withDocuments
    ? (
        await db
          .select({ id: tradeDocuments.id, kind: tradeDocuments.kind, number: tradeDocuments.number, version: tradeDocuments.version, languages: tradeDocuments.languages, sha256: tradeDocuments.sha256, createdAt: tradeDocuments.createdAt })
          .from(tradeDocuments)
          .where(eq(tradeDocuments.orderId, order.orderId))
          .orderBy(asc(tradeDocuments.kind), asc(tradeDocuments.version))
      ).map((d) => ({ ...d, createdAt: d.createdAt.toISOString() }))
    : null
  return { orderId: order.orderId, milestones, documents, documentLanguage: TRADE_DOCUMENT_LANGUAGE[order.buyerCountry], linkTtlSeconds: PROOF_LINK_TTL_SECONDS }
}

export type ProofFile = { bytes: Uint8Array; contentType: string; fileName: string; orderId: string; position: number }
export type ProofOpen = { status: 'ok'; file: ProofFile } | { status: 'invalid' } | { status: 'expired' } | { status: 'notFound' }

/**
 * The proof an admin's link opens, after checking that its signature covers this milestone of this
 * dispute's order, this admin session, the proof on record now and the expiry: 'invalid' (403) for a
 * forged, altered, another session's or a replaced proof's link, 'expired' (410) for a genuine one past
 * its time, 'notFound' (404) for a file gone from storage.
 */
export async function openProofLink(disputeId: string, milestoneId: string, adminSessionId: string, expires: string | null, sig: string | null, { now = Date.now() }: { now?: number } = {}): Promise<ProofOpen> {
  if (!UUID_PATTERN.test(disputeId) || !UUID_PATTERN.test(milestoneId) || !expires || !sig) return { status: 'invalid' }
  const [row] = await getDb()
    .select({ orderId: orderMilestones.orderId, position: orderMilestones.position, storageKey: orderMilestones.proofStorageKey, fileName: orderMilestones.proofFileName, contentType: orderMilestones.proofContentType })
    .from(orderMilestones)
    .innerJoin(disputes, eq(disputes.orderId, orderMilestones.orderId))
    .where(and(eq(orderMilestones.id, milestoneId.toLowerCase()), eq(disputes.id, disputeId.toLowerCase())))
  if (!row?.storageKey || !row.fileName || !row.contentType) return { status: 'invalid' }
  const check = verifyBoundLink(proofSubject(milestoneId.toLowerCase(), adminSessionId), row.storageKey, expires, sig, { now })
  if (check !== 'ok') return { status: check }
  const stored = await getStorage().get(row.storageKey)
  if (!stored) return { status: 'notFound' }
  return { status: 'ok', file: { bytes: stored.bytes, contentType: row.contentType, fileName: row.fileName, orderId: row.orderId, position: row.position } }
}
