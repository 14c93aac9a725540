// Documents are made off the request path (ADR 032): the order's status change asks for a job per
// document; a sweep every few minutes (and at start) issues any document an order's status makes due
// and that is still missing (a queue that was down, a job that failed for good).
import { and, inArray, notExists, eq, sql } from 'drizzle-orm'
import { orders, tradeDocuments } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { sendJob, type JobDefinition } from '~/lib/jobs.server'
import { isTradeDocumentKind, TRADE_DOCUMENT_DUE_IN, TRADE_DOCUMENT_KINDS, TRADE_DOCUMENTS_ON_STATUS, type OrderStatus, type TradeDocumentKind } from '~/domain'
import { issueDocument } from './commands.server'

export const DOCUMENT_ISSUE_QUEUE = 'documents.issue'
export const DOCUMENT_SWEEP_QUEUE = 'documents.sweep'
/** Orders looked at per sweep and kind; the next sweep takes the rest. */
const SWEEP_BATCH = 50

/**
 * Asks for the documents the order's new status makes due (after the change committed: call it once the
 * transaction returned). Never throws: the sweep issues what could not be queued.
 */
export async function queueOrderDocuments(orderId: string, status: OrderStatus): Promise<void> {
  for (const kind of TRADE_DOCUMENTS_ON_STATUS[status] ?? []) {
    try {
      await sendJob(DOCUMENT_ISSUE_QUEUE, { orderId, kind }, { singletonKey: `${orderId}:${kind}` })
    } catch (err) {
      console.error(`[setu] could not queue ${kind} for order ${orderId}: ${err instanceof Error ? err.message : err}`)
    }
  }
}

/** Issues every due document that no order has yet (up to SWEEP_BATCH per kind); returns how many were made. */
export async function issueMissingDocuments(): Promise<number> {
  let made = 0
  for (const kind of TRADE_DOCUMENT_KINDS) {
    const due = await getDb()
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          inArray(orders.status, [...TRADE_DOCUMENT_DUE_IN[kind]]),
          // An open dispute does not stop a document: it records what was agreed.
          notExists(getDb().select({ one: sql`1` }).from(tradeDocuments).where(and(eq(tradeDocuments.orderId, orders.id), eq(tradeDocuments.kind, kind)))),
        ),
      )
      .limit(SWEEP_BATCH)
    for (const { id } of due) {
      if ((await issueDocument(id, kind))?.created) made++
    }
  }
  return made
}

export const DOCUMENT_JOBS: JobDefinition[] = [
  {
    name: DOCUMENT_ISSUE_QUEUE,
    queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
    handler: async (jobs) => {
      for (const job of jobs as { data: { orderId?: unknown; kind?: unknown } | null }[]) {
        const { orderId, kind } = job.data ?? {}
        if (typeof orderId !== 'string' || !isTradeDocumentKind(kind)) continue
        await issueDocument(orderId, kind as TradeDocumentKind)
      }
    },
  },
  {
    name: DOCUMENT_SWEEP_QUEUE,
    queue: { policy: 'short', retryLimit: 1, expireInSeconds: 600 },
    cron: '*/5 * * * *',
    runAtStart: true,
    handler: async () => {
      await issueMissingDocuments()
    },
  },
]
