// The moderation queue (issue 10, reported conversations): reports with both parties and the
// conversation's newest messages (text and attachment names only: no storage keys, no files), and
// the moderator's decision in one conditional transaction with its audit row.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { auditLog, conversationReports, conversations, messageAttachments, messages, profiles } from '../../../db/schema'
import { pageWithin } from '~/lib/paging'
import { getDb } from '~/lib/db.server'
import { recordAdminAct } from './audit.server'
import { MODERATION_MESSAGES_SHOWN, MODERATION_PAGE_SIZE, type ModerationFilter, type ReportDecision, type ReportDecisionInput, type ReportStatus } from './moderation'
import type { CurrentAdmin } from './session.server'
import { partyName } from '~/lib/party-name.server'

export type ReportPartyDto = { id: string; name: string; company: string; country: string; role: 'buyer' | 'seller' }

export type ReportMessageDto = {
  id: string
  /** Which party wrote it. */
  from: 'reporter' | 'other'
  body: string
  createdAt: string
  attachments: string[]
}

export type ReportDto = {
  id: string
  conversationId: string
  reason: string
  status: ReportStatus
  createdAt: string
  reviewedAt: string | null
  /** The decision's author and note, from its audit entry (reviewed and dismissed reports). */
  decidedBy: string | null
  note: string | null
  reporter: ReportPartyDto
  other: ReportPartyDto
  /** The conversation's newest messages, oldest of them first. */
  messages: ReportMessageDto[]
  /** Messages in the conversation in all. */
  messageCount: number
}

export type ReportPageDto = { items: ReportDto[]; status: ReportStatus; page: number; pageCount: number; total: number; openCount: number }

const buyerP = alias(profiles, 'mod_buyer')
const sellerP = alias(profiles, 'mod_seller')

/**
 * One page of reports with `status`: the open queue oldest first (the longest waiting on top), decided
 * ones newest decision first; each with both parties and the conversation's newest messages.
 */
export async function listReports(filter: ModerationFilter): Promise<ReportPageDto> {
  const db = getDb()
  const byStatus = eq(conversationReports.status, filter.status)
  const [[{ n }], [{ open }]] = await Promise.all([
    db.select({ n: count() }).from(conversationReports).where(byStatus),
    db.select({ open: count() }).from(conversationReports).where(eq(conversationReports.status, 'open')),
  ])
  const total = Number(n)
  const { page, pageCount, offset } = pageWithin(filter.page, total, MODERATION_PAGE_SIZE)
  const order =
    filter.status === 'open'
      ? [asc(conversationReports.createdAt), asc(conversationReports.id)]
      : [desc(conversationReports.reviewedAt), desc(conversationReports.id)]
  const decision = sql<{ email: string | null; note: string | null } | null>`(
    select json_build_object('email', a.admin_email, 'note', a.new_value->>'note') from ${auditLog} a
    where a.action = 'report_review' and a.target_type = 'conversation_report' and a.target_id = ${conversationReports.id}::text
    order by a.id desc limit 1)`
  const rows = await db
    .select({
      id: conversationReports.id,
      conversationId: conversationReports.conversationId,
      reason: conversationReports.reason,
      status: conversationReports.status,
      createdAt: conversationReports.createdAt,
      reviewedAt: conversationReports.reviewedAt,
      reporterId: conversationReports.reporterId,
      buyerId: buyerP.id,
      buyerName: buyerP.name,
      buyerCompany: partyName(buyerP),
      buyerCountry: buyerP.country,
      sellerId: sellerP.id,
      sellerName: sellerP.name,
      sellerCompany: partyName(sellerP),
      sellerCountry: sellerP.country,
      decision: filter.status === 'open' ? sql<null>`null` : decision,
    })
    .from(conversationReports)
    .innerJoin(conversations, eq(conversations.id, conversationReports.conversationId))
    .innerJoin(buyerP, eq(buyerP.id, conversations.buyerId))
    .innerJoin(sellerP, eq(sellerP.id, conversations.sellerId))
    .where(byStatus)
    .orderBy(...order)
    .limit(MODERATION_PAGE_SIZE)
    .offset(offset)

  const conversationIds = [...new Set(rows.map((r) => r.conversationId))]
  const recent = conversationIds.length ? await recentMessages(conversationIds) : new Map<string, { rows: RecentRow[]; total: number }>()

  return {
    items: rows.map((r) => {
      const buyer: ReportPartyDto = { id: r.buyerId, name: r.buyerName, company: r.buyerCompany, country: r.buyerCountry, role: 'buyer' }
      const seller: ReportPartyDto = { id: r.sellerId, name: r.sellerName, company: r.sellerCompany, country: r.sellerCountry, role: 'seller' }
      const reporterIsBuyer = r.reporterId === r.buyerId
      const thread = recent.get(r.conversationId)
      const decided = typeof r.decision === 'string' ? (JSON.parse(r.decision) as { email: string | null; note: string | null }) : r.decision
      return {
        id: r.id,
        conversationId: r.conversationId,
        reason: r.reason,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
        reviewedAt: r.reviewedAt?.toISOString() ?? null,
        decidedBy: decided?.email ?? null,
        note: decided?.note ?? null,
        reporter: reporterIsBuyer ? buyer : seller,
        other: reporterIsBuyer ? seller : buyer,
        messages: (thread?.rows ?? []).map((m) => ({
          id: m.id,
          from: m.senderId === r.reporterId ? ('reporter' as const) : ('other' as const),
          body: m.body,
          createdAt: m.createdAt,
          attachments: m.attachments,
        })),
        messageCount: thread?.total ?? 0,
      }
    }),
    status: filter.status,
    page,
    pageCount,
    total,
    openCount: Number(open),
  }
}

type RecentRow = { id: string; senderId: string; body: string; createdAt: string; attachments: string[] }

/** The newest MODERATION_MESSAGES_SHOWN messages of each conversation (oldest first) and each one's message count. */
async function recentMessages(conversationIds: string[]): Promise<Map<string, { rows: RecentRow[]; total: number }>> {
  const db = getDb()
  const ranked = db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      body: messages.body,
      createdAt: messages.createdAt,
      seq: messages.seq,
      rank: sql<number>`row_number() over (partition by ${messages.conversationId} order by ${messages.createdAt} desc, ${messages.seq} desc)`.as('rank'),
      total: sql<number>`count(*) over (partition by ${messages.conversationId})`.as('total'),
    })
    .from(messages)
    .where(inArray(messages.conversationId, conversationIds))
    .as('ranked')
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${MODERATION_MESSAGES_SHOWN}`)
    .orderBy(asc(ranked.createdAt), asc(ranked.seq))
  const ids = rows.map((r) => r.id)
  const files = ids.length
    ? await db
        .select({ messageId: messageAttachments.messageId, fileName: messageAttachments.fileName })
        .from(messageAttachments)
        .where(inArray(messageAttachments.messageId, ids))
        .orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id))
    : []
  const namesByMessage = new Map<string, string[]>()
  for (const f of files) namesByMessage.set(f.messageId, [...(namesByMessage.get(f.messageId) ?? []), f.fileName])
  const out = new Map<string, { rows: RecentRow[]; total: number }>()
  for (const r of rows) {
    const entry = out.get(r.conversationId) ?? { rows: [], total: Number(r.total) }
    entry.rows.push({
      id: r.id,
      senderId: r.senderId,
      body: r.body,
      createdAt: new Date(r.createdAt as unknown as string | Date).toISOString(),
      attachments: namesByMessage.get(r.id) ?? [],
    })
    out.set(r.conversationId, entry)
  }
  return out
}

export type ReportDecisionResult = { ok: true; decision: ReportDecision } | { ok: false; reason: 'notFound' | 'alreadyDecided' }

/**
 * Marks an open report reviewed or dismisses it, in one transaction: a conditional update that only
 * moves an open report (a second decision, or a race with another moderator, changes nothing and
 * answers 'alreadyDecided'), and the report_review audit row with the optional note.
 */
export async function decideReport(admin: CurrentAdmin, request: Request, input: ReportDecisionInput): Promise<ReportDecisionResult> {
  return getDb().transaction(async (tx) => {
    const [updated] = await tx
      .update(conversationReports)
      .set({ status: input.decision, reviewedAt: new Date() })
      .where(and(eq(conversationReports.id, input.reportId), eq(conversationReports.status, 'open')))
      .returning({ id: conversationReports.id, conversationId: conversationReports.conversationId })
    if (!updated) {
      const [exists] = await tx.select({ id: conversationReports.id }).from(conversationReports).where(eq(conversationReports.id, input.reportId)).limit(1)
      return { ok: false as const, reason: exists ? ('alreadyDecided' as const) : ('notFound' as const) }
    }
    await recordAdminAct(admin, request, { action: 'report_review', target: ['conversation_report', updated.id], from: { status: 'open' }, to: { status: input.decision, note: input.note, conversation_id: updated.conversationId } }, tx)
    return { ok: true as const, decision: input.decision }
  })
}
