// Reading conversations (issue 9 items 2 and 3): the inbox, a thread, unread counts, the moderation
// queue's open reports. Every read is scoped to a participant; the DTOs carry no storage keys.
import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { conversationReports, conversations, messageAttachments, messages, profiles, userBlocks } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { type Page, pageWithin } from '~/lib/paging'
import type { ConversationSubject, LanguageCode, TradeParty, TradingCountry } from '~/domain'
import { INBOX_PAGE_SIZE, THREAD_PAGE_SIZE, type AttachmentType } from './enums'
import { subjectPath } from './policy'
import { isUuid } from './schemas'
import { partyName } from '~/lib/party-name.server'

type Country = TradingCountry

/** The other party as a participant sees them. */
export type PartyDto = { id: string; name: string; company: string; country: Country }

/** What a conversation is about: its kind, a title when it has one, and the page it links to (null when gone). */
export type SubjectDto = { type: ConversationSubject; id: string; title: string | null; titleLang: LanguageCode | null; path: string | null }

export type AttachmentDto = { id: string; fileName: string; contentType: AttachmentType; sizeBytes: number; url: string }

export type MessageDto = {
  id: string
  seq: number
  /** Written by the viewer. */
  mine: boolean
  body: string
  createdAt: string
  /** The viewer's own message, read by the other party. */
  read: boolean
  attachments: AttachmentDto[]
}

/** A conversation as one participant sees it: their side, the other party and the subject (the inbox row and the thread both start so). */
export type ConversationHeadDto = {
  id: string
  role: TradeParty
  other: PartyDto
  subject: SubjectDto
}

export type InboxItemDto = ConversationHeadDto & {
  lastMessage: { body: string; mine: boolean; attachmentName: string | null; attachmentCount: number; createdAt: string } | null
  unread: number
  /** The newest activity: the last message, else when the conversation was opened. */
  updatedAt: string
}

export type InboxPage = Page<InboxItemDto> & { q: string }

export type ThreadDto = ConversationHeadDto & {
  messages: MessageDto[]
  /** Older messages exist before the first one returned ("Load earlier"). */
  hasEarlier: boolean
  /** Messages from the other party the viewer has not read yet (the page posts 'read' when > 0). */
  unread: number
  blockedByMe: boolean
  blockedByOther: boolean
  /** The viewer has an open report on this conversation. */
  reported: boolean
}

/**
 * Columns written table-qualified into SQL fragments: drizzle leaves them bare in a one-table select,
 * where a correlated subquery would bind them to its own table instead.
 */
const col = (table: string, column: string) => sql.raw(`"${table}"."${column}"`)
const c = {
  id: col('conversations', 'id'),
  buyerId: col('conversations', 'buyer_id'),
  sellerId: col('conversations', 'seller_id'),
  subjectType: col('conversations', 'subject_type'),
  subjectId: col('conversations', 'subject_id'),
  buyerLastReadAt: col('conversations', 'buyer_last_read_at'),
  sellerLastReadAt: col('conversations', 'seller_last_read_at'),
  lastMessageAt: col('conversations', 'last_message_at'),
  createdAt: col('conversations', 'created_at'),
}
const m = { senderId: col('messages', 'sender_id'), createdAt: col('messages', 'created_at') }

/** A timestamp as ISO 8601 in UTC, whatever the driver returns. */
const iso = (expr: SQL) => sql<string | null>`to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const mine = (profileId: string) => or(eq(conversations.buyerId, profileId), eq(conversations.sellerId, profileId))!
const myReadMark = (profileId: string) => sql`(case when ${c.buyerId} = ${profileId} then ${c.buyerLastReadAt} else ${c.sellerLastReadAt} end)`
const otherReadMark = (profileId: string) => sql`(case when ${c.buyerId} = ${profileId} then ${c.sellerLastReadAt} else ${c.buyerLastReadAt} end)`
const otherId = (profileId: string) => sql`(case when ${c.buyerId} = ${profileId} then ${c.sellerId} else ${c.buyerId} end)`

/** Messages of the other party after the viewer's read mark, in the current conversation row. */
const unreadCount = (profileId: string) =>
  sql<number>`(select count(*)::int from ${messages} m where m.conversation_id = ${c.id} and m.sender_id <> ${profileId}
    and (${myReadMark(profileId)} is null or m.created_at > ${myReadMark(profileId)}))`

/** The product name in the viewer's language, then English, then any (as the catalog's texts). */
const productName = (productId: SQL, locale: LanguageCode, column: 'name' | 'language_code') =>
  sql`(select pt.${sql.raw(column)} from product_translations pt where pt.product_id = ${productId} and btrim(pt.name) <> ''
    order by (pt.language_code = ${locale}) desc, (pt.language_code = 'en') desc, pt.language_code limit 1)`

/** Title, its language, whether it still exists, and a quote's RFQ, per subject type. */
function subjectColumns(locale: LanguageCode) {
  const id = sql`${c.subjectId}`
  const type = sql`${c.subjectType}`
  return {
    subjectTitle: sql<string | null>`(case ${type}
      when 'product' then ${productName(id, locale, 'name')}
      when 'rfq' then (select r.title from rfqs r where r.id = ${id})
      when 'quote' then (select r.title from quotes q join rfqs r on r.id = q.rfq_id where q.id = ${id})
      else null end)`,
    subjectTitleLang: sql<LanguageCode | null>`(case when ${type} = 'product' then ${productName(id, locale, 'language_code')} else null end)`,
    subjectExists: sql<boolean>`(case ${type}
      when 'product' then exists (select 1 from products p where p.id = ${id})
      when 'rfq' then exists (select 1 from rfqs r where r.id = ${id})
      when 'quote' then exists (select 1 from quotes q where q.id = ${id})
      else exists (select 1 from orders o where o.id = ${id}) end)`,
    subjectRfqId: sql<string | null>`(case when ${type} = 'quote' then (select q.rfq_id::text from quotes q where q.id = ${id}) else null end)`,
  }
}

function toSubject(
  r: { subjectType: ConversationSubject; subjectId: string; subjectTitle: string | null; subjectTitleLang: LanguageCode | null; subjectExists: boolean; subjectRfqId: string | null },
  role: TradeParty,
): SubjectDto {
  return {
    type: r.subjectType,
    id: r.subjectId,
    title: r.subjectTitle,
    titleLang: r.subjectTitleLang,
    path: subjectPath({ type: r.subjectType, id: r.subjectId, rfqId: r.subjectRfqId, exists: r.subjectExists }, role),
  }
}

const other = alias(profiles, 'other_party')
const otherColumns = {
  otherId: other.id,
  otherName: other.name,
  otherCompany: partyName(other),
  otherCountry: other.country,
}
const toParty = (r: { otherId: string; otherName: string; otherCompany: string; otherCountry: Country | null }): PartyDto => ({
  id: r.otherId,
  name: r.otherName,
  company: r.otherCompany,
  country: r.otherCountry ?? 'India',
})

/** The columns of a conversation's head (its subject and other party); `conversations` joined to `other` on otherId. */
const headColumns = (locale: LanguageCode) => ({
  id: conversations.id,
  buyerId: conversations.buyerId,
  subjectType: conversations.subjectType,
  subjectId: conversations.subjectId,
  ...subjectColumns(locale),
  ...otherColumns,
})

/** The head of a conversation read with headColumns, as `profileId` (one of its participants) sees it. */
function toHead(r: Parameters<typeof toSubject>[0] & Parameters<typeof toParty>[0] & { id: string; buyerId: string }, profileId: string): ConversationHeadDto {
  const role: TradeParty = r.buyerId === profileId ? 'buyer' : 'seller'
  return { id: r.id, role, other: toParty(r), subject: toSubject(r, role) }
}

const PREVIEW_CHARS = 160
/** The start of a message for the inbox: whole characters, an ellipsis when cut. */
function preview(body: string): string {
  const chars = Array.from(body)
  return chars.length > PREVIEW_CHARS ? `${chars.slice(0, PREVIEW_CHARS).join('').trimEnd()}…` : body
}

/** `text` as an ILIKE pattern matching it anywhere, with its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * One page of the profile's conversations, newest activity first, with the other party, the subject, the
 * last message and the unread count; `q` searches the other party's name and company and the subject's
 * product name (any language) or RFQ title.
 */
export async function listInbox(profileId: string, opts: { q?: string; page?: number; locale?: LanguageCode } = {}): Promise<InboxPage> {
  const db = getDb()
  const locale = opts.locale ?? 'en'
  const q = (opts.q ?? '').trim()
  const pattern = containsPattern(q)
  const search = q
    ? sql`(${other.name} ilike ${pattern} escape '\\' or ${other.companyName} ilike ${pattern} escape '\\'
        or (${c.subjectType} = 'product' and exists (select 1 from product_translations pt where pt.product_id = ${c.subjectId} and pt.name ilike ${pattern} escape '\\'))
        or (${c.subjectType} = 'rfq' and exists (select 1 from rfqs r where r.id = ${c.subjectId} and r.title ilike ${pattern} escape '\\'))
        or (${c.subjectType} = 'quote' and exists (select 1 from quotes qq join rfqs r on r.id = qq.rfq_id where qq.id = ${c.subjectId} and r.title ilike ${pattern} escape '\\'))
        or (${c.subjectType} = 'order' and exists (select 1 from orders o left join rfqs r on r.id = o.rfq_id where o.id = ${c.subjectId}
          and (r.title ilike ${pattern} escape '\\' or exists (select 1 from product_translations pt where pt.product_id = o.product_id and pt.name ilike ${pattern} escape '\\')))))`
    : undefined
  const where = and(mine(profileId), search)
  const joinOther = eq(other.id, otherId(profileId))
  const [{ n }] = await db.select({ n: count() }).from(conversations).innerJoin(other, joinOther).where(where)
  const total = Number(n)
  const { page, pageCount, offset } = pageWithin(opts.page ?? 1, total, INBOX_PAGE_SIZE)
  const lastMessage = (column: string) => sql`(select m.${sql.raw(column)} from ${messages} m where m.conversation_id = ${c.id} order by m.seq desc limit 1)`
  const lastId = lastMessage('id')
  const rows = await db
    .select({
      ...headColumns(locale),
      lastBody: sql<string | null>`left(${lastMessage('body')}, 400)`,
      lastSender: sql<string | null>`${lastMessage('sender_id')}::text`,
      lastAt: iso(lastMessage('created_at')),
      lastAttachment: sql<string | null>`(select a.file_name from ${messageAttachments} a where a.message_id = ${lastId} order by a.created_at, a.id limit 1)`,
      lastAttachments: sql<number>`(select count(*)::int from ${messageAttachments} a where a.message_id = ${lastId})`,
      unread: unreadCount(profileId),
      updatedAt: iso(sql`coalesce(${c.lastMessageAt}, ${c.createdAt})`),
    })
    .from(conversations)
    .innerJoin(other, joinOther)
    .where(where)
    .orderBy(sql`coalesce(${c.lastMessageAt}, ${c.createdAt}) desc`, desc(conversations.createdAt), desc(conversations.id))
    .limit(INBOX_PAGE_SIZE)
    .offset(offset)
  return {
    items: rows.map((r) => ({
      ...toHead(r, profileId),
      lastMessage: r.lastAt
        ? { body: preview(r.lastBody ?? ''), mine: r.lastSender === profileId, attachmentName: r.lastAttachment, attachmentCount: Number(r.lastAttachments ?? 0), createdAt: r.lastAt }
        : null,
      unread: Number(r.unread ?? 0),
      updatedAt: r.updatedAt ?? new Date(0).toISOString(),
    })),
    page,
    pageCount,
    total,
    q,
  }
}

/** How many messages written to the profile they have not read, over all their conversations (the header badge). */
export async function countUnreadMessages(profileId: string): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`coalesce(sum(${unreadCount(profileId)}), 0)::int` })
    .from(conversations)
    .where(and(mine(profileId), isNotNull(conversations.lastMessageAt)))
  return Number(row?.n ?? 0)
}

/** The profile's unread count per conversation, only those with unread messages (for live updates of the inbox). */
export async function listUnreadByConversation(profileId: string): Promise<{ conversationId: string; unread: number }[]> {
  const rows = await getDb()
    .select({ conversationId: conversations.id, unread: unreadCount(profileId) })
    .from(conversations)
    .where(and(mine(profileId), isNotNull(conversations.lastMessageAt)))
  return rows.map((r) => ({ conversationId: r.conversationId, unread: Number(r.unread) })).filter((r) => r.unread > 0)
}

/** The conversation's parties when the profile is one of them; null otherwise (or a malformed id). */
export async function getParticipation(profileId: string, conversationId: string): Promise<{ id: string; buyerId: string; sellerId: string; role: TradeParty; otherId: string } | null> {
  if (!isUuid(conversationId)) return null
  const [row] = await getDb()
    .select({ id: conversations.id, buyerId: conversations.buyerId, sellerId: conversations.sellerId })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId.toLowerCase()), mine(profileId)))
  if (!row) return null
  const role: TradeParty = row.buyerId === profileId ? 'buyer' : 'seller'
  return { ...row, role, otherId: role === 'buyer' ? row.sellerId : row.buyerId }
}

/**
 * Messages of a conversation the profile takes part in, oldest first: the latest `limit` (before
 * `beforeSeq` when given), or every one after `afterSeq` (a live stream resuming). Null for a non-participant.
 */
export async function listThreadMessages(
  profileId: string,
  conversationId: string,
  opts: { beforeSeq?: number | null; afterSeq?: number | null; limit?: number } = {},
): Promise<{ messages: MessageDto[]; hasEarlier: boolean } | null> {
  const part = await getParticipation(profileId, conversationId)
  if (!part) return null
  const db = getDb()
  const limit = Math.min(Math.max(1, opts.limit ?? THREAD_PAGE_SIZE), 200)
  const readExpr = sql<boolean>`(${m.senderId} = ${profileId} and coalesce((select ${otherReadMark(profileId)} from ${conversations} where ${c.id} = ${part.id}) >= ${m.createdAt}, false))`
  const base = [eq(messages.conversationId, part.id)]
  if (opts.afterSeq) base.push(gt(messages.seq, opts.afterSeq))
  if (opts.beforeSeq) base.push(lt(messages.seq, opts.beforeSeq))
  const select = db
    .select({ id: messages.id, seq: messages.seq, senderId: messages.senderId, body: messages.body, createdAt: iso(sql`${m.createdAt}`), read: readExpr })
    .from(messages)
    .where(and(...base))
  const rows = opts.afterSeq ? await select.orderBy(asc(messages.seq)).limit(limit) : (await select.orderBy(desc(messages.seq)).limit(limit + 1)).reverse()
  const hasEarlier = !opts.afterSeq && rows.length > limit
  const shown = hasEarlier ? rows.slice(1) : rows
  const files = shown.length
    ? await db
        .select({ id: messageAttachments.id, messageId: messageAttachments.messageId, fileName: messageAttachments.fileName, contentType: messageAttachments.contentType, sizeBytes: messageAttachments.sizeBytes })
        .from(messageAttachments)
        .where(inArray(messageAttachments.messageId, shown.map((m) => m.id)))
        .orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id))
    : []
  return {
    hasEarlier,
    messages: shown.map((m) => ({
      id: m.id,
      seq: Number(m.seq),
      mine: m.senderId === profileId,
      body: m.body,
      createdAt: m.createdAt ?? '',
      read: Boolean(m.read),
      attachments: files
        .filter((f) => f.messageId === m.id)
        .map((f) => ({ id: f.id, fileName: f.fileName, contentType: f.contentType as AttachmentType, sizeBytes: f.sizeBytes, url: `/messages/${part.id}/attachments/${f.id}` })),
    })),
  }
}

/** A conversation as one of its participants sees it: the other party, the subject, the latest messages and the block state. */
export async function getThread(profileId: string, conversationId: string, opts: { locale?: LanguageCode; beforeSeq?: number | null } = {}): Promise<ThreadDto | null> {
  if (!isUuid(conversationId)) return null
  const db = getDb()
  const locale = opts.locale ?? 'en'
  const [row] = await db
    .select({
      ...headColumns(locale),
      unread: unreadCount(profileId),
      blockedByMe: sql<boolean>`exists (select 1 from ${userBlocks} b where b.blocker_id = ${profileId} and b.blocked_id = ${otherId(profileId)})`,
      blockedByOther: sql<boolean>`exists (select 1 from ${userBlocks} b where b.blocker_id = ${otherId(profileId)} and b.blocked_id = ${profileId})`,
      reported: sql<boolean>`exists (select 1 from ${conversationReports} r where r.conversation_id = ${c.id} and r.reporter_id = ${profileId} and r.status = 'open')`,
    })
    .from(conversations)
    .innerJoin(other, eq(other.id, otherId(profileId)))
    .where(and(eq(conversations.id, conversationId.toLowerCase()), mine(profileId)))
  if (!row) return null
  const list = await listThreadMessages(profileId, row.id, { beforeSeq: opts.beforeSeq })
  if (!list) return null
  return {
    ...toHead(row, profileId),
    messages: list.messages,
    hasEarlier: list.hasEarlier,
    unread: Number(row.unread ?? 0),
    blockedByMe: Boolean(row.blockedByMe),
    blockedByOther: Boolean(row.blockedByOther),
    reported: Boolean(row.reported),
  }
}

export type OpenReportDto = {
  id: string
  conversationId: string
  reason: string
  createdAt: string
  reporter: { id: string; name: string; company: string }
  buyer: { id: string; name: string; company: string }
  seller: { id: string; name: string; company: string }
}

const reporter = alias(profiles, 'reporter')
const buyerP = alias(profiles, 'report_buyer')
const sellerP = alias(profiles, 'report_seller')

/** The moderation queue (issue 10): open reports, oldest first, with both participants; 20 a page. */
export async function listOpenReports(opts: { page?: number } = {}): Promise<Page<OpenReportDto>> {
  const db = getDb()
  const open = eq(conversationReports.status, 'open')
  const [{ n }] = await db.select({ n: count() }).from(conversationReports).where(open)
  const total = Number(n)
  const { page, pageCount, offset } = pageWithin(opts.page ?? 1, total, INBOX_PAGE_SIZE)
  const rows = await db
    .select({
      id: conversationReports.id,
      conversationId: conversationReports.conversationId,
      reason: conversationReports.reason,
      createdAt: conversationReports.createdAt,
      reporterId: reporter.id,
      reporterName: reporter.name,
      reporterCompany: partyName(reporter),
      buyerId: buyerP.id,
      buyerName: buyerP.name,
      buyerCompany: partyName(buyerP),
      sellerId: sellerP.id,
      sellerName: sellerP.name,
      sellerCompany: partyName(sellerP),
    })
    .from(conversationReports)
    .innerJoin(conversations, eq(conversations.id, conversationReports.conversationId))
    .innerJoin(reporter, eq(reporter.id, conversationReports.reporterId))
    .innerJoin(buyerP, eq(buyerP.id, conversations.buyerId))
    .innerJoin(sellerP, eq(sellerP.id, conversations.sellerId))
    .where(open)
    .orderBy(asc(conversationReports.createdAt), asc(conversationReports.id))
    .limit(INBOX_PAGE_SIZE)
    .offset(offset)
  return {
    items: rows.map((r) => ({
      id: r.id,
      conversationId: r.conversationId,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
      reporter: { id: r.reporterId, name: r.reporterName, company: r.reporterCompany },
      buyer: { id: r.buyerId, name: r.buyerName, company: r.buyerCompany },
      seller: { id: r.sellerId, name: r.sellerName, company: r.sellerCompany },
    })),
    total,
    page,
    pageCount,
  }
}
