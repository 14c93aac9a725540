// Payment terms and milestones (issue 29, ADR 033): how a buyer pays for an order, written once. The
// terms form's schema (app/modules/payments/schemas.ts), the stored terms read back from jsonb, the
// order_milestones table's CHECKs and the milestone state machine all read these lists and limits.
// Browser-safe, no Zod.

/**
 * How the money moves: bank transfer (T/T), a letter of credit paid at sight or N days after
 * presentation, cash against documents, or open account (the buyer pays N days after the event).
 */
export const PAYMENT_METHODS = ['bank_transfer', 'lc_at_sight', 'lc_deferred', 'cash_against_documents', 'open_account'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** The methods that name a number of days ("LC 90 days", "open account 30 days"). */
export const METHODS_WITH_DAYS = ['lc_deferred', 'open_account'] as const satisfies readonly PaymentMethod[]
export type MethodWithDays = (typeof METHODS_WITH_DAYS)[number]

/** Whether `method` needs its number of days. */
export function methodNeedsDays(method: PaymentMethod): method is MethodWithDays {
  return (METHODS_WITH_DAYS as readonly string[]).includes(method)
}

/** The days a deferred LC or an open account may run. */
export const METHOD_DAYS_MIN = 1
export const METHOD_DAYS_MAX = 365

/** What a milestone falls due on, in the order an order goes through them. */
export const MILESTONE_EVENTS = ['order_accepted', 'proforma_issued', 'shipped', 'delivered'] as const
export type MilestoneEvent = (typeof MILESTONE_EVENTS)[number]

/**
 * The events that come before shipment: a milestone due on one of them holds the shipment until the
 * seller confirms it (unless the terms' `shipBeforePaid` says the seller ships anyway).
 */
export const PRE_SHIPMENT_EVENTS = ['order_accepted', 'proforma_issued'] as const satisfies readonly MilestoneEvent[]

/** Days after its event a milestone falls due (0: on the day). */
export const OFFSET_DAYS_MAX = 365

/** Milestones one schedule may have (an advance, a few instalments, a retention). */
export const MILESTONES_MAX = 6

/** A share is a percentage with at most this many digits after the point (33.33). */
export const SHARE_DECIMALS = 2
/** A share as typed: up to three digits, at most SHARE_DECIMALS after the point ("30", "33.33", "100"). */
export const SHARE_PATTERN = /^\d{1,3}(\.\d{1,2})?$/
/** The whole, in hundredths of a percent: a schedule's shares add up to exactly this. */
export const SHARES_TOTAL_HUNDREDTHS = 10_000

/** The bank's reference the buyer gives with a proof of payment (a UTR, a SWIFT MT103 reference). */
export const BANK_REFERENCE_MAX = 100
/** The seller's note when the money has not arrived. */
export const MILESTONE_NOTE_MAX = 1000

/** One milestone of a schedule: a share of the total, due `offsetDays` after `event`. */
export type PaymentMilestone = {
  /** Percent of the order total, a plain decimal string with at most two decimals ("30", "33.33"). */
  share: string
  event: MilestoneEvent
  offsetDays: number
}

/** The terms a quote offers, a counter-offer proposes and an order keeps (stored as jsonb, version 1). */
export type PaymentTerms = {
  method: PaymentMethod
  /** The deferred LC's or the open account's days; null for the other methods. */
  methodDays: number | null
  milestones: PaymentMilestone[]
  /** The seller agrees to ship before the milestones due before shipment are confirmed (default false). */
  shipBeforePaid: boolean
}

/** A share as hundredths of a percent ("33.33" → 3333), or null when it is not a plain share. */
export function shareHundredths(share: string): number | null {
  if (!SHARE_PATTERN.test(share)) return null
  const [whole, frac = ''] = share.split('.')
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'))
}

/** The sum of the shares as hundredths of a percent (integers, so exact); unreadable shares count 0. */
export function sharesTotalHundredths(shares: readonly string[]): number {
  return shares.reduce((sum, share) => sum + (shareHundredths(share) ?? 0), 0)
}

/** Hundredths of a percent as a percentage without trailing zeros (3333 → "33.33", 10000 → "100", 3330 → "33.3"). */
export function formatHundredths(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : ''
  const abs = Math.abs(hundredths)
  const frac = String(abs % 100).padStart(2, '0').replace(/0+$/, '')
  return `${sign}${Math.floor(abs / 100)}${frac ? `.${frac}` : ''}`
}

/**
 * Whether a milestone must be confirmed before the seller may mark the order Shipped: one due on an
 * event before shipment, unless the terms let the seller ship first.
 */
export function mustConfirmBeforeShipment(milestone: Pick<PaymentMilestone, 'event'>, terms: Pick<PaymentTerms, 'shipBeforePaid'>): boolean {
  return !terms.shipBeforePaid && (PRE_SHIPMENT_EVENTS as readonly string[]).includes(milestone.event)
}

/**
 * What can happen to a milestone: its event happens, its due date passes, the buyer submits a proof
 * of payment, the seller confirms receipt or says the money has not arrived, a dispute is opened.
 */
export const MILESTONE_ACTIONS = ['event_happened', 'due_date_passed', 'submit_proof', 'confirm_receipt', 'report_not_arrived', 'open_dispute'] as const
export type MilestoneAction = (typeof MILESTONE_ACTIONS)[number]

/** Who acts on a milestone: the two parties, the scheduled job or the order's events (system), a moderator (admin). */
export const MILESTONE_ACTORS = ['buyer', 'seller', 'system', 'admin'] as const
export type MilestoneActor = (typeof MILESTONE_ACTORS)[number]

/**
 * What an order's timeline records of its milestones: the parties' moves and the job's overdue mark
 * (issue 29 item 2). The milestone_events table's CHECK reads this list.
 */
export const MILESTONE_TIMELINE_ACTIONS = ['submit_proof', 'confirm_receipt', 'report_not_arrived', 'due_date_passed'] as const satisfies readonly MilestoneAction[]
export type MilestoneTimelineAction = (typeof MILESTONE_TIMELINE_ACTIONS)[number]

/**
 * The reminders the scheduled job sends (issue 29 item 3), each at most once per milestone: the buyer
 * MILESTONE_REMINDER_DAYS_BEFORE days before a milestone falls due, both parties once it is overdue.
 */
export const MILESTONE_REMINDER_STAGES = ['due_soon', 'overdue'] as const
export type MilestoneReminderStage = (typeof MILESTONE_REMINDER_STAGES)[number]
/** Days before its due date the buyer is reminded of a milestone. */
export const MILESTONE_REMINDER_DAYS_BEFORE = 3
