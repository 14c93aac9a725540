// The dispute module's limits (its value lists are in app/domain). Browser-safe: forms, actions,
// components and tests import them from here.

/** Description, answers, moderator messages and the written resolution: 1–5,000 characters each. */
export const DISPUTE_TEXT_MAX = 5000
/** Evidence files with the opening or one answer, and the largest one. */
export const EVIDENCE_FILES_MAX = 5
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024
/** What evidence may be, judged by its bytes, and the extension it is stored under. */
export const EVIDENCE_TYPES = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' } as const
export type EvidenceType = keyof typeof EVIDENCE_TYPES
/** The file input's `accept`. */
export const EVIDENCE_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png'
export const EVIDENCE_NAME_MAX = 255
/** The dispute page's POST body cap: five 10 MB files plus the text and multipart framing (bodyLimits in app/entry.server.tsx). */
export const DISPUTE_MAX_REQUEST_BYTES = 52 * 1024 * 1024
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
