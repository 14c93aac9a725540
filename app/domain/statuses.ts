// Every status a stored record moves through. The allowed moves live in each module's policy.ts.

/** A profile's kind (spec §5 registration). */
export const USER_TYPES = ['Buyer', 'Seller'] as const
export type UserType = (typeof USER_TYPES)[number]

/** A seller's KYC review (null for buyers). */
export const KYC_STATUSES = ['Pending', 'Approved', 'Rejected'] as const
export type KycStatus = (typeof KYC_STATUSES)[number]

/** A profile's standing, set by the admins. */
export const ACCOUNT_STATUSES = ['active', 'suspended', 'banned'] as const
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number]

/**
 * 'awarded' once a quote is accepted; 'expired' once its deadline has passed with no award (the
 * scheduled job); 'rejected' when the seller a product request is addressed to declines it.
 */
export const RFQ_STATUSES = ['open', 'closed', 'awarded', 'expired', 'rejected'] as const
export type RfqStatus = (typeof RFQ_STATUSES)[number]

/** Quoted: the buyer's turn; Countered: the seller's turn; Expired is shown once the current offer lapses. */
export const QUOTE_STATUSES = ['Quoted', 'Accepted', 'Rejected', 'Expired', 'Countered', 'Withdrawn'] as const
export type QuoteStatus = (typeof QUOTE_STATUSES)[number]

/** A live quote holds the seller's one place on the RFQ (the partial unique index repeats this list). */
export const LIVE_QUOTE_STATUSES = ['Quoted', 'Countered', 'Accepted'] as const satisfies readonly QuoteStatus[]

/** Spec §4: an order's statuses; the allowed moves are in app/modules/orders/policy.ts. */
export const ORDER_STATUSES = ['Pending', 'Accepted', 'Shipped', 'Delivered', 'Cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** open: waiting for a decision; resolved: a moderator decided; the order leaves Disputed. */
export const DISPUTE_STATUSES = ['open', 'resolved'] as const
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number]

/** A report of a conversation, as the moderators handle it. */
export const CONVERSATION_REPORT_STATUSES = ['open', 'reviewed', 'dismissed'] as const
export type ConversationReportStatus = (typeof CONVERSATION_REPORT_STATUSES)[number]

/** Spec §6 admin roles. */
export const ADMIN_ROLES = ['super_admin', 'admin', 'moderator'] as const
export type AdminRole = (typeof ADMIN_ROLES)[number]

/** Whether `value` is an admin role. */
export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (ADMIN_ROLES as readonly string[]).includes(value)
}

/**
 * A payment milestone of an order (issue 29, ADR 033): upcoming until its event happens, then due
 * (payable, with its due date), overdue once that date passes unpaid, proof_submitted when the buyer
 * sends a proof of payment, confirmed when the seller (or an admin) confirms the money arrived,
 * disputed while a dispute is open. The moves are in app/modules/payments/policy.ts.
 */
export const MILESTONE_STATUSES = ['upcoming', 'due', 'proof_submitted', 'confirmed', 'overdue', 'disputed'] as const
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number]
