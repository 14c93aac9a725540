// Issuing a trade document (issue 29 item 4, ADR 032): one transaction that locks the order, compares
// what would be printed with the latest version, takes a number from the seller's counter the first
// time, renders the PDF, stores it under a key of its own (never overwritten) and records it. An
// unchanged order gets nothing new; a changed one a new version with the same number, both kept.
import { createHash, randomUUID } from 'node:crypto'
import { and, desc, eq, sql } from 'drizzle-orm'
import { orders, tradeDocumentCounters, tradeDocuments } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { getStorage } from '~/lib/storage.server'
import { startMilestones } from '~/modules/payments/index.server'
import { tradeDocumentNumber, utcDay, UUID_PATTERN, type TradeDocumentKind } from '~/domain'
import { contentFingerprint, loadDocumentContent } from './data.server'
import { documentLanguages, renderTradeDocument } from './render.server'

export const PDF_CONTENT_TYPE = 'application/pdf'

export type IssuedDocument = { id: string; number: string; version: number; sha256: string; created: boolean }

type Tx = Parameters<Parameters<ReturnType<typeof getDb>['transaction']>[0]>[0]

/**
 * The next number of the seller's `kind` in `year`: one upsert that adds one to the counter and returns
 * it, so two issues at once (any process) wait on the counter row and get different numbers.
 */
export async function allocateDocumentNumber(tx: Tx, sellerId: string, kind: TradeDocumentKind, year: number): Promise<string> {
  const [row] = await tx
    .insert(tradeDocumentCounters)
    .values({ sellerId, kind, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [tradeDocumentCounters.sellerId, tradeDocumentCounters.kind, tradeDocumentCounters.year],
      set: { lastNumber: sql`${tradeDocumentCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: tradeDocumentCounters.lastNumber })
  return tradeDocumentNumber(kind, year, row!.lastNumber)
}

/**
 * Issues `kind` for the order: null when there is no such order; otherwise the latest version, made now
 * (`created`) when the order has none yet or its printed content changed since.
 */
export async function issueDocument(orderId: string, kind: TradeDocumentKind, opts: { now?: Date } = {}): Promise<IssuedDocument | null> {
  if (!UUID_PATTERN.test(orderId)) return null
  const now = opts.now ?? new Date()
  return getDb().transaction(async (tx) => {
    // One issue per order at a time: a second waits here, then finds the first one's version.
    const [locked] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update')
    if (!locked) return null
    const loaded = await loadDocumentContent(tx, orderId)
    if (!loaded) return null
    const { sellerId, ...content } = loaded
    const fingerprint = contentFingerprint(content)
    const [latest] = await tx
      .select({ id: tradeDocuments.id, number: tradeDocuments.number, version: tradeDocuments.version, sha256: tradeDocuments.sha256, sourceSha256: tradeDocuments.sourceSha256 })
      .from(tradeDocuments)
      .where(and(eq(tradeDocuments.orderId, orderId), eq(tradeDocuments.kind, kind)))
      .orderBy(desc(tradeDocuments.version))
      .limit(1)
    if (latest && latest.sourceSha256 === fingerprint) return { id: latest.id, number: latest.number, version: latest.version, sha256: latest.sha256, created: false }
    const number = latest?.number ?? (await allocateDocumentNumber(tx, sellerId, kind, now.getUTCFullYear()))
    const version = (latest?.version ?? 0) + 1
    const languages = documentLanguages(content.buyer.country)
    const bytes = await renderTradeDocument({ ...content, kind, number, version, date: now.toISOString().slice(0, 10) })
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    // A key no other document has: a stored version is never overwritten (if this transaction fails
    // after the write, the file is an orphan nobody links to, never a changed document).
    const storageKey = `trade-documents/${orderId}/${kind}-v${version}-${randomUUID()}.pdf`
    await getStorage().put(storageKey, bytes, { contentType: PDF_CONTENT_TYPE })
    const [row] = await tx
      .insert(tradeDocuments)
      .values({ orderId, sellerId, kind, number, version, languages: languages.join('+'), sha256, sourceSha256: fingerprint, storageKey, sizeBytes: bytes.byteLength, createdAt: now })
      .returning({ id: tradeDocuments.id })
    // The proforma is issued: the milestones due on it fall due from today (issue 29; a later version changes nothing).
    if (kind === 'proforma') await startMilestones(tx, orderId, 'proforma_issued', utcDay(now))
    return { id: row!.id, number, version, sha256, created: true }
  })
}
