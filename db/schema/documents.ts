// Trade documents (issue 29 item 4): the PDFs made for an order, stored once and never changed; a
// changed order gets a new version beside the old one. The numbers come from a counter per seller,
// kind and year, taken with one conditional upsert so two documents issued at once never share one.
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { TRADE_DOCUMENT_KINDS, type TradeDocumentKind } from '../../app/domain'
import { profiles } from './accounts'
import { idColumn, partOf } from './columns'
import { sqlList } from './sql-lists'
import { orders } from './trade'

export const tradeDocuments = pgTable(
  'trade_documents',
  {
    id: idColumn(),
    orderId: partOf('order_id', () => orders.id),
    /** The seller the number belongs to (the order's seller). */
    sellerId: partOf('seller_id', () => profiles.id),
    kind: text('kind').$type<TradeDocumentKind>().notNull(),
    /** "PI-2026-0001": the same for every version of one order's document. */
    number: text('number').notNull(),
    version: integer('version').notNull(),
    /** The two languages printed, English first: "en+ru" or "en+hi". */
    languages: text('languages').notNull(),
    /** SHA-256 (hex) of the stored PDF, shown on the order page. */
    sha256: text('sha256').notNull(),
    /** SHA-256 (hex) of the order data printed: a new version is made only when it changes. */
    sourceSha256: text('source_sha256').notNull(),
    /** Storage key; never sent to a browser. */
    storageKey: text('storage_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('trade_documents_kind_check', sql`${t.kind} in ${sqlList(TRADE_DOCUMENT_KINDS)}`),
    check('trade_documents_version_check', sql`${t.version} >= 1`),
    check('trade_documents_size_check', sql`${t.sizeBytes} >= 1`),
    check('trade_documents_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$' and ${t.sourceSha256} ~ '^[0-9a-f]{64}$'`),
    uniqueIndex('trade_documents_order_kind_version_key').on(t.orderId, t.kind, t.version),
    uniqueIndex('trade_documents_seller_number_version_key').on(t.sellerId, t.number, t.version),
    index('trade_documents_order_idx').on(t.orderId, t.createdAt),
  ],
)

/** The last number given per seller, kind and year. */
export const tradeDocumentCounters = pgTable(
  'trade_document_counters',
  {
    sellerId: partOf('seller_id', () => profiles.id),
    kind: text('kind').$type<TradeDocumentKind>().notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.kind, t.year] }), check('trade_document_counters_kind_check', sql`${t.kind} in ${sqlList(TRADE_DOCUMENT_KINDS)}`)],
)
