// Browser-safe copies of the dispute rules (db/schema/disputes.ts holds the database's; enums.test.ts
// checks they agree). Forms, actions, components and tests import the limits from here.
import type { DISPUTE_EVIDENCE } from '~/domain/uploads'

export const DISPUTE_REASONS = ['not_received', 'not_as_described', 'damaged', 'payment_issue', 'other'] as const
export type DisputeReason = (typeof DISPUTE_REASONS)[number]

export const DISPUTE_STATUSES = ['open', 'resolved'] as const
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number]

export const DISPUTE_DECISIONS = ['release_to_seller', 'cancel_refund', 'partial_settlement', 'reject'] as const
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number]

export type DisputeParty = 'buyer' | 'seller'
export type DisputeAuthorKind = DisputeParty | 'moderator'

/** Description, answers, moderator messages and the written resolution: 1–5,000 characters each. */
export const DISPUTE_TEXT_MAX = 5000
/**
 * What evidence may be, judged by its bytes. The evidence rule (five with the opening or an answer,
 * 10 MB each, the picker's accept, the page's body cap) is DISPUTE_EVIDENCE in app/domain/uploads.ts.
 */
export type EvidenceType = (typeof DISPUTE_EVIDENCE.types)[number]
// The answer and evidence limits per person are in app/lib/action-limits.ts (ACTION_LIMITS.disputeAnswer, disputeEvidence).

/** A dispute with no act for this long is flagged Overdue in the moderators' queue. */
export const DISPUTE_OVERDUE_DAYS = 3
export const DISPUTE_QUEUE_PAGE_SIZE = 20
/** How long an admin's evidence link works. */
export const EVIDENCE_LINK_TTL_SECONDS = 300

/** The queue's filters. */
export const DISPUTE_QUEUE_FILTERS = ['open', 'overdue', 'resolved'] as const
export type DisputeQueueFilter = (typeof DISPUTE_QUEUE_FILTERS)[number]

/** Every field the marketplace dispute page's forms post; the fuzz targets use the same list. */
export const DISPUTE_FIELDS = ['intent', 'reason', 'description', 'body', 'files'] as const
/** Every field the admin dispute page's forms post. */
export const ADMIN_DISPUTE_FIELDS = ['intent', 'body', 'decision', 'resolution'] as const
