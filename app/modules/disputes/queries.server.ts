// Disputes, read (issue 10 item 7): the parties' view on the order, the moderators' queue and their full
// view. Explicit DTOs only: never storage keys, never auth fields; evidence goes out as links.
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { adminUsers, disputeEvidence, disputeMessages, disputes, orders, profiles, rfqs } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { pageWithin } from '~/lib/paging'
import { signBoundLink, verifyBoundLink } from '~/lib/storage.server'
import type { DisputeAuthorKind, DisputeDecision, DisputeReason, DisputeStatus, LanguageCode, QuantityUnit, TradeParty, TradingCountry } from '~/domain'
import {
  DISPUTE_OVERDUE_DAYS,
  DISPUTE_QUEUE_PAGE_SIZE,
  EVIDENCE_LINK_TTL_SECONDS,
  type DisputeQueueFilter,
  type EvidenceType,
} from './enums'
import { readEvidenceBytes } from './files.server'
import { disputePartyOf, openDisputeVerdict, type OpenVerdict } from './policy'
import { isUuid } from './schemas'
import { partyName } from '~/lib/party-name.server'

type OrderStatus = 'Pending' | 'Accepted' | 'Shipped' | 'Delivered' | 'Cancelled'
type Country = TradingCountry

/** Open and untouched for more than three days, judged by the database's clock. */
const overdueSql = sql<boolean>`(${disputes.status} = 'open' and ${disputes.lastActivityAt} < now() - make_interval(days => ${DISPUTE_OVERDUE_DAYS}))`

export type EvidenceDto = { id: string; fileName: string; contentType: EvidenceType; sizeBytes: number; url: string }
export type DisputeMessageDto = {
  id: string
  authorKind: DisputeAuthorKind
  /** Admin view only: the moderator's name (parties see "Moderator"). */
  authorName: string | null
  body: string
  createdAt: string
  evidence: EvidenceDto[]
}

export type DisputeCoreDto = {
  id: string
  status: DisputeStatus
  reason: DisputeReason
  description: string
  openedByParty: TradeParty
  createdAt: string
  lastActivityAt: string
  decision: DisputeDecision | null
  resolution: string | null
  decidedAt: string | null
  /** The evidence given with the opening. */
  evidence: DisputeMessageDto['evidence']
  messages: DisputeMessageDto[]
}

const coreColumns = {
  id: disputes.id,
  status: disputes.status,
  reason: disputes.reason,
  description: disputes.description,
  openedByParty: disputes.openedByParty,
  createdAt: disputes.createdAt,
  lastActivityAt: disputes.lastActivityAt,
  decision: disputes.decision,
  resolution: disputes.resolution,
  decidedAt: disputes.decidedAt,
}

type CoreRow = { id: string; status: DisputeStatus; reason: DisputeReason; description: string; openedByParty: TradeParty; createdAt: Date; lastActivityAt: Date; decision: DisputeDecision | null; resolution: string | null; decidedAt: Date | null }

/** The dispute's thread (oldest first) and evidence, each file given the link `link(evidenceId)`. */
async function loadThread(row: CoreRow, link: (evidenceId: string) => string, withAdminNames: boolean): Promise<DisputeCoreDto> {
  const db = getDb()
  const [messages, files] = await Promise.all([
    db
      .select({ id: disputeMessages.id, authorKind: disputeMessages.authorKind, adminName: adminUsers.name, body: disputeMessages.body, createdAt: disputeMessages.createdAt })
      .from(disputeMessages)
      .leftJoin(adminUsers, eq(adminUsers.id, disputeMessages.authorAdminId))
      .where(eq(disputeMessages.disputeId, row.id))
      .orderBy(asc(disputeMessages.createdAt), asc(disputeMessages.id)),
    db
      .select({ id: disputeEvidence.id, messageId: disputeEvidence.messageId, fileName: disputeEvidence.fileName, contentType: disputeEvidence.contentType, sizeBytes: disputeEvidence.sizeBytes })
      .from(disputeEvidence)
      .where(eq(disputeEvidence.disputeId, row.id))
      .orderBy(asc(disputeEvidence.createdAt), asc(disputeEvidence.fileName), asc(disputeEvidence.id)),
  ])
  const dto = (f: (typeof files)[number]): EvidenceDto => ({ id: f.id, fileName: f.fileName, contentType: f.contentType as EvidenceType, sizeBytes: f.sizeBytes, url: link(f.id) })
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    evidence: files.filter((f) => f.messageId === null).map(dto),
    messages: messages.map((m) => ({
      id: m.id,
      authorKind: m.authorKind,
      authorName: withAdminNames && m.authorKind === 'moderator' ? m.adminName : null,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
      evidence: files.filter((f) => f.messageId === m.id).map(dto),
    })),
  }
}

// ---------------------------------------------------------------------------------------------
// Marketplace: the order's parties

export type DisputeSummaryDto = Pick<DisputeCoreDto, 'id' | 'status' | 'reason' | 'openedByParty' | 'createdAt' | 'decision' | 'resolution' | 'decidedAt'>

export type OrderDisputeStateDto = {
  /** The order's dispute (the latest; a decided one is final), or null. */
  dispute: DisputeSummaryDto | null
  /** Whether the viewer may open one now, and why not. */
  openVerdict: OpenVerdict
}

/** For the order page: its dispute in brief and whether one may be opened; null for anyone but its parties. */
export async function getOrderDisputeState(viewerProfileId: string, orderId: string): Promise<OrderDisputeStateDto | null> {
  if (!isUuid(orderId)) return null
  const db = getDb()
  const [order] = await db.select({ buyerId: orders.buyerId, sellerId: orders.sellerId, status: orders.status }).from(orders).where(eq(orders.id, orderId.toLowerCase()))
  if (!order || !disputePartyOf(order, viewerProfileId)) return null
  const [row] = await db.select(coreColumns).from(disputes).where(eq(disputes.orderId, orderId.toLowerCase())).orderBy(desc(disputes.createdAt)).limit(1)
  const dispute = row
    ? {
        id: row.id,
        status: row.status,
        reason: row.reason,
        openedByParty: row.openedByParty,
        createdAt: row.createdAt.toISOString(),
        decision: row.decision,
        resolution: row.resolution,
        decidedAt: row.decidedAt?.toISOString() ?? null,
      }
    : null
  return { dispute, openVerdict: openDisputeVerdict(order.status, row?.status ?? null) }
}

export type PartyDisputePageDto = {
  order: { id: string; ref: string; status: OrderStatus; viewerRole: TradeParty; buyerCompany: string; sellerCompany: string }
  dispute: DisputeCoreDto | null
  openVerdict: OpenVerdict
}

const buyerProfile = alias(profiles, 'buyer_profile')
const sellerProfile = alias(profiles, 'seller_profile')

/** The dispute page of an order for one of its parties (with the thread and evidence links); null for anyone else. */
export async function getPartyDisputePage(viewerProfileId: string, orderId: string): Promise<PartyDisputePageDto | null> {
  if (!isUuid(orderId)) return null
  const id = orderId.toLowerCase()
  const db = getDb()
  const [order] = await db
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      status: orders.status,
      buyerCompany: partyName(buyerProfile),
      sellerCompany: partyName(sellerProfile),
    })
    .from(orders)
    .innerJoin(buyerProfile, eq(buyerProfile.id, orders.buyerId))
    .innerJoin(sellerProfile, eq(sellerProfile.id, orders.sellerId))
    .where(eq(orders.id, id))
  const role = order ? disputePartyOf(order, viewerProfileId) : null
  if (!order || !role) return null
  const [row] = await db.select(coreColumns).from(disputes).where(eq(disputes.orderId, id)).orderBy(desc(disputes.createdAt)).limit(1)
  const dispute = row ? await loadThread(row, (evidenceId) => `/orders/${id}/dispute/evidence/${evidenceId}`, false) : null
  return {
    order: { id: order.id, ref: order.id.slice(0, 8), status: order.status, viewerRole: role, buyerCompany: order.buyerCompany, sellerCompany: order.sellerCompany },
    dispute,
    openVerdict: openDisputeVerdict(order.status, row?.status ?? null),
  }
}

export type EvidenceFile = { bytes: Uint8Array; fileName: string; contentType: EvidenceType }

/** An evidence file of the order's dispute for one of the order's parties; null for anyone else, a forged or a malformed id. */
export async function readEvidenceForParty(viewerProfileId: string, orderId: string, evidenceId: string): Promise<EvidenceFile | null> {
  if (!isUuid(orderId) || !isUuid(evidenceId)) return null
  const [row] = await getDb()
    .select({ storageKey: disputeEvidence.storageKey, fileName: disputeEvidence.fileName, contentType: disputeEvidence.contentType })
    .from(disputeEvidence)
    .innerJoin(disputes, eq(disputes.id, disputeEvidence.disputeId))
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .where(and(eq(disputeEvidence.id, evidenceId.toLowerCase()), eq(orders.id, orderId.toLowerCase()), or(eq(orders.buyerId, viewerProfileId), eq(orders.sellerId, viewerProfileId))))
  if (!row) return null
  const bytes = await readEvidenceBytes(row.storageKey)
  return bytes ? { bytes, fileName: row.fileName, contentType: row.contentType as EvidenceType } : null
}

// ---------------------------------------------------------------------------------------------
// Admin panel: the queue and one dispute

export type DisputePartyDto = { name: string; company: string; country: Country }

export type DisputeQueueItemDto = {
  id: string
  orderId: string
  orderRef: string
  buyer: DisputePartyDto
  seller: DisputePartyDto
  reason: DisputeReason
  status: DisputeStatus
  decision: DisputeDecision | null
  createdAt: string
  lastActivityAt: string
  decidedAt: string | null
  overdue: boolean
}

export type DisputeQueueDto = {
  filter: DisputeQueueFilter
  items: DisputeQueueItemDto[]
  page: number
  pageCount: number
  total: number
  /** How many each filter holds, for its tab. */
  counts: Record<DisputeQueueFilter, number>
}

const partyColumns = {
  buyerName: buyerProfile.name,
  buyerCompany: partyName(buyerProfile),
  buyerCountry: buyerProfile.country,
  sellerName: sellerProfile.name,
  sellerCompany: partyName(sellerProfile),
  sellerCountry: sellerProfile.country,
}

const filterWhere = (filter: DisputeQueueFilter): SQL =>
  filter === 'resolved' ? eq(disputes.status, 'resolved') : filter === 'overdue' ? overdueSql : eq(disputes.status, 'open')

/**
 * One page of the moderators' queue, filtered and paginated in the database: open (and overdue) disputes
 * oldest first, resolved ones newest decision first.
 */
export async function listDisputeQueue(filter: DisputeQueueFilter, pageAsked: number): Promise<DisputeQueueDto> {
  const db = getDb()
  const [[counts]] = await Promise.all([
    db
      .select({
        open: sql<number>`count(*) filter (where ${disputes.status} = 'open')`.mapWith(Number),
        overdue: sql<number>`count(*) filter (where ${overdueSql})`.mapWith(Number),
        resolved: sql<number>`count(*) filter (where ${disputes.status} = 'resolved')`.mapWith(Number),
      })
      .from(disputes),
  ])
  const total = counts?.[filter] ?? 0
  const { page, pageCount, offset } = pageWithin(pageAsked, total, DISPUTE_QUEUE_PAGE_SIZE)
  const rows = await db
    .select({
      id: disputes.id,
      orderId: disputes.orderId,
      reason: disputes.reason,
      status: disputes.status,
      decision: disputes.decision,
      createdAt: disputes.createdAt,
      lastActivityAt: disputes.lastActivityAt,
      decidedAt: disputes.decidedAt,
      overdue: overdueSql,
      ...partyColumns,
    })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .innerJoin(buyerProfile, eq(buyerProfile.id, orders.buyerId))
    .innerJoin(sellerProfile, eq(sellerProfile.id, orders.sellerId))
    .where(filterWhere(filter))
    .orderBy(...(filter === 'resolved' ? [desc(disputes.decidedAt), desc(disputes.id)] : [asc(disputes.createdAt), asc(disputes.id)]))
    .limit(DISPUTE_QUEUE_PAGE_SIZE)
    .offset(offset)
  return {
    filter,
    items: rows.map((r) => ({
      id: r.id,
      orderId: r.orderId,
      orderRef: r.orderId.slice(0, 8),
      buyer: { name: r.buyerName, company: r.buyerCompany, country: r.buyerCountry as Country },
      seller: { name: r.sellerName, company: r.sellerCompany, country: r.sellerCountry as Country },
      reason: r.reason,
      status: r.status,
      decision: r.decision,
      createdAt: r.createdAt.toISOString(),
      lastActivityAt: r.lastActivityAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
      overdue: Boolean(r.overdue),
    })),
    page,
    pageCount,
    total,
    counts: counts ?? { open: 0, overdue: 0, resolved: 0 },
  }
}

export type AdminDisputeDto = DisputeCoreDto & {
  overdue: boolean
  decidedByName: string | null
  order: {
    id: string
    ref: string
    status: OrderStatus
    /** The product's name (a direct order) or the RFQ's title (a quote order); null once gone. */
    subject: string | null
    quantity: number
    /** What the quantity counts and the unit price is per (the order's own). */
    unit: QuantityUnit
    unitPrice: string
    total: string
    currency: string
    createdAt: string
  }
  buyer: DisputePartyDto
  seller: DisputePartyDto
  linkTtlSeconds: number
}

/** The subject a signed evidence link is bound to: this evidence, opened in this admin session. */
const evidenceSubject = (evidenceId: string, adminSessionId: string) => `dispute-evidence:${evidenceId}:${adminSessionId}`

/**
 * One dispute for the admin panel, everything a moderator needs to decide; evidence as signed links bound
 * to the file and the admin's session, valid EVIDENCE_LINK_TTL_SECONDS. Null for an unknown or malformed id.
 */
export async function getAdminDispute(disputeId: string, adminSessionId: string, locale: LanguageCode = 'en'): Promise<AdminDisputeDto | null> {
  if (!isUuid(disputeId)) return null
  const id = disputeId.toLowerCase()
  const db = getDb()
  const productName = sql<string | null>`(select pt.name from product_translations pt where pt.product_id = ${orders.productId} and btrim(pt.name) <> ''
      order by (pt.language_code = ${locale}) desc, (pt.language_code = 'en') desc, pt.language_code limit 1)`
  const [row] = await db
    .select({
      ...coreColumns,
      overdue: overdueSql,
      decidedByName: adminUsers.name,
      orderId: orders.id,
      orderStatus: orders.status,
      productName,
      rfqTitle: rfqs.title,
      quantity: orders.quantity,
      unit: orders.unit,
      unitPrice: orders.unitPrice,
      total: orders.total,
      currency: orders.currency,
      orderCreatedAt: orders.createdAt,
      ...partyColumns,
    })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .innerJoin(buyerProfile, eq(buyerProfile.id, orders.buyerId))
    .innerJoin(sellerProfile, eq(sellerProfile.id, orders.sellerId))
    .leftJoin(rfqs, eq(rfqs.id, orders.rfqId))
    .leftJoin(adminUsers, eq(adminUsers.id, disputes.decidedByAdminId))
    .where(eq(disputes.id, id))
  if (!row) return null
  const keys = new Map((await db.select({ id: disputeEvidence.id, key: disputeEvidence.storageKey }).from(disputeEvidence).where(eq(disputeEvidence.disputeId, id))).map((e) => [e.id, e.key]))
  const now = Date.now()
  const link = (evidenceId: string) => {
    const { expires, sig } = signBoundLink(evidenceSubject(evidenceId, adminSessionId), keys.get(evidenceId)!, EVIDENCE_LINK_TTL_SECONDS, { now })
    return `/admin/disputes/${id}/evidence/${evidenceId}?${new URLSearchParams({ expires: String(expires), sig })}`
  }
  const core = await loadThread(
    { id: row.id, status: row.status, reason: row.reason, description: row.description, openedByParty: row.openedByParty, createdAt: row.createdAt, lastActivityAt: row.lastActivityAt, decision: row.decision, resolution: row.resolution, decidedAt: row.decidedAt },
    link,
    true,
  )
  return {
    ...core,
    overdue: Boolean(row.overdue),
    decidedByName: row.decidedByName,
    order: {
      id: row.orderId,
      ref: row.orderId.slice(0, 8),
      status: row.orderStatus,
      subject: row.productName ?? row.rfqTitle ?? null,
      quantity: row.quantity,
      unit: row.unit,
      unitPrice: row.unitPrice,
      total: row.total,
      currency: row.currency,
      createdAt: row.orderCreatedAt.toISOString(),
    },
    buyer: { name: row.buyerName, company: row.buyerCompany, country: row.buyerCountry as Country },
    seller: { name: row.sellerName, company: row.sellerCompany, country: row.sellerCountry as Country },
    linkTtlSeconds: EVIDENCE_LINK_TTL_SECONDS,
  }
}

export type EvidenceOpen = { status: 'ok'; file: EvidenceFile } | { status: 'invalid' } | { status: 'expired' } | { status: 'notFound' }

/**
 * The file an admin's evidence link opens, after checking that its signature covers this evidence, this
 * admin session, the stored file and the expiry: 'invalid' (403) for a forged, altered or another
 * session's link, 'expired' (410) for a genuine one past its time, 'notFound' (404) for a file gone.
 */
export async function openEvidenceLink(disputeId: string, evidenceId: string, adminSessionId: string, expires: string | null, sig: string | null): Promise<EvidenceOpen> {
  if (!isUuid(disputeId) || !isUuid(evidenceId) || !expires || !sig) return { status: 'invalid' }
  const [row] = await getDb()
    .select({ storageKey: disputeEvidence.storageKey, fileName: disputeEvidence.fileName, contentType: disputeEvidence.contentType })
    .from(disputeEvidence)
    .where(and(eq(disputeEvidence.id, evidenceId.toLowerCase()), eq(disputeEvidence.disputeId, disputeId.toLowerCase())))
  if (!row) return { status: 'invalid' }
  const check = verifyBoundLink(evidenceSubject(evidenceId.toLowerCase(), adminSessionId), row.storageKey, expires, sig)
  if (check !== 'ok') return { status: check }
  const bytes = await readEvidenceBytes(row.storageKey)
  return bytes ? { status: 'ok', file: { bytes, fileName: row.fileName, contentType: row.contentType as EvidenceType } } : { status: 'notFound' }
}
