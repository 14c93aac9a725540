// Reading trade documents: the list on the order page and the file for a download. Only the order's
// two parties (or an admin route that checked its permission) get either; anyone else gets nothing.
import { and, asc, eq, or } from 'drizzle-orm'
import { orders, tradeDocuments } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { getStorage } from '~/lib/storage.server'
import { UUID_PATTERN, type TradeDocumentKind } from '~/domain'

export type TradeDocumentDto = { id: string; kind: TradeDocumentKind; number: string; version: number; languages: string; sha256: string; sizeBytes: number; createdAt: string }

const DTO = {
  id: tradeDocuments.id,
  kind: tradeDocuments.kind,
  number: tradeDocuments.number,
  version: tradeDocuments.version,
  languages: tradeDocuments.languages,
  sha256: tradeDocuments.sha256,
  sizeBytes: tradeDocuments.sizeBytes,
  createdAt: tradeDocuments.createdAt,
}

const party = (profileId: string) => or(eq(orders.buyerId, profileId), eq(orders.sellerId, profileId))

/** The order's documents, every version, oldest first, for one of its parties (empty for anyone else). */
export async function listOrderDocuments(profileId: string, orderId: string): Promise<TradeDocumentDto[]> {
  if (!UUID_PATTERN.test(orderId)) return []
  const rows = await getDb()
    .select(DTO)
    .from(tradeDocuments)
    .innerJoin(orders, eq(orders.id, tradeDocuments.orderId))
    .where(and(eq(tradeDocuments.orderId, orderId), party(profileId)))
    .orderBy(asc(tradeDocuments.kind), asc(tradeDocuments.version))
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))
}

export type DocumentFile = { bytes: Uint8Array; contentType: string; fileName: string; number: string; version: number }

/** A safe download name: "PI-2026-0001-v2.pdf" (the number is ours: letters, digits and dashes). */
export const documentFileName = (number: string, version: number) => `${number.replace(/[^A-Za-z0-9-]/g, '_')}-v${version}.pdf`

async function readDocument(orderId: string, documentId: string, profileId: string | null): Promise<DocumentFile | null> {
  if (!UUID_PATTERN.test(orderId) || !UUID_PATTERN.test(documentId)) return null
  const where = and(eq(tradeDocuments.id, documentId), eq(tradeDocuments.orderId, orderId), profileId === null ? undefined : party(profileId))
  const [row] = await getDb()
    .select({ storageKey: tradeDocuments.storageKey, number: tradeDocuments.number, version: tradeDocuments.version })
    .from(tradeDocuments)
    .innerJoin(orders, eq(orders.id, tradeDocuments.orderId))
    .where(where)
  if (!row) return null
  const stored = await getStorage().get(row.storageKey)
  if (!stored) return null
  return { bytes: stored.bytes, contentType: 'application/pdf', fileName: documentFileName(row.number, row.version), number: row.number, version: row.version }
}

/** The PDF for one of the order's parties; null for anyone else, another order's document or a malformed id. */
export const readDocumentForParty = (profileId: string, orderId: string, documentId: string) => readDocument(orderId, documentId, profileId)

/** The PDF for an admin whose permission the route checked (and audits). */
export const readDocumentForAdmin = (orderId: string, documentId: string) => readDocument(orderId, documentId, null)
