// The per-account abuse limits (issue 26 item 9): how often one account may do each action that writes,
// in one table. The limiter (enforceLimit in app/lib/rate-limit.server.ts) counts against these rows;
// the README's configuration section explains each number. Browser-safe: no server imports.

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** At most `max` attempts in a fixed window of `windowMs`; an attempt over it is refused with 429. */
export type LimitWindow = { max: number; windowMs: number }

/**
 * One rule per action: its windows (each counted separately: a burst window and a daily one) and the
 * message a refused user reads in the form they are on (an i18n key in a namespace that form renders).
 * Counted per account (the profile id), whatever session or device it acts from.
 */
export type ActionLimit = { windows: readonly LimitWindow[]; messageKey: string }

export const ACTION_LIMITS = {
  /** Create RFQ (/create-rfq): a buyer sourcing a season's needs posts a handful an hour. */
  rfqCreate: {
    windows: [
      { max: 10, windowMs: HOUR },
      { max: 30, windowMs: DAY },
    ],
    messageKey: 'common:limits.rfqCreate',
  },
  /** New product: a seller putting a catalogue online adds one every two minutes for an hour. */
  productCreate: {
    windows: [
      { max: 30, windowMs: HOUR },
      { max: 200, windowMs: DAY },
    ],
    messageKey: 'common:limits.productCreate',
  },
  /** The product page's "Request a quote": each one is an RFQ sent straight to one seller's inbox. */
  productRequest: {
    windows: [
      { max: 5, windowMs: 10 * MINUTE },
      { max: 30, windowMs: DAY },
    ],
    messageKey: 'common:limits.productRequest',
  },
  /** A seller's quote on an RFQ (the RFQ board): a busy seller answers a few dozen a day. */
  quoteSubmit: {
    windows: [
      { max: 30, windowMs: HOUR },
      { max: 150, windowMs: DAY },
    ],
    messageKey: 'common:limits.quoteSubmit',
  },
  /** A counter-offer in a negotiation (either side): each one notifies the other party. */
  counterOffer: {
    windows: [
      { max: 20, windowMs: HOUR },
      { max: 100, windowMs: DAY },
    ],
    messageKey: 'common:limits.counterOffer',
  },
  /** Opening a dispute on an order: one per order, and few orders go wrong at once. */
  disputeOpen: {
    windows: [
      { max: 5, windowMs: HOUR },
      { max: 10, windowMs: DAY },
    ],
    messageKey: 'common:limits.disputeOpen',
  },
  /**
   * Answers in disputes, across all of a person's disputes: a thread is for evidence and explanations,
   * and each answer notifies the other side and may carry 50 MB of files.
   */
  disputeAnswer: {
    windows: [
      { max: 30, windowMs: HOUR },
      { max: 100, windowMs: DAY },
    ],
    messageKey: 'disputes:errors.rateLimited',
  },
  /** Messages sent, across all conversations. */
  message: {
    windows: [
      { max: 30, windowMs: MINUTE },
      { max: 500, windowMs: DAY },
    ],
    messageKey: 'messages:errors.rateLimited',
  },
  /** Product images uploaded (one per request): five images for each of an hour's 30 new products. */
  productImageUpload: {
    windows: [
      { max: 150, windowMs: HOUR },
      { max: 1000, windowMs: DAY },
    ],
    messageKey: 'common:limits.productImageUpload',
  },
  /** KYC documents uploaded: a document and a few corrections. */
  kycUpload: {
    windows: [
      { max: 5, windowMs: HOUR },
      { max: 20, windowMs: DAY },
    ],
    messageKey: 'common:limits.kycUpload',
  },
  /** Files attached to messages, counted per file (a message holds up to five). */
  messageAttachment: {
    windows: [
      { max: 60, windowMs: HOUR },
      { max: 300, windowMs: DAY },
    ],
    messageKey: 'common:limits.messageAttachment',
  },
  /** Evidence files attached to disputes (opening or answering), counted per file. */
  disputeEvidence: {
    windows: [
      { max: 50, windowMs: HOUR },
      { max: 200, windowMs: DAY },
    ],
    messageKey: 'common:limits.disputeEvidence',
  },
  /**
   * Every write (POST, PUT, PATCH, DELETE) a signed-in account sends, whatever the route: a person
   * clicking never comes near it; a script hammering the actions does. Checked by a root middleware.
   */
  writeBurst: {
    windows: [{ max: 120, windowMs: MINUTE }],
    messageKey: 'common:tooMany.description',
  },
} as const satisfies Record<string, ActionLimit>

export type LimitedAction = keyof typeof ACTION_LIMITS
