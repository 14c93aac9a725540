// The dispute module's limits (its value lists are in app/domain). Browser-safe: forms, actions,
// components and tests import them from here.
import type { DISPUTE_EVIDENCE } from '~/domain/uploads'

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
