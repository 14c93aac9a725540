// The milestone state machine (issue 29 item 2, ADR 033) as data: every allowed move is one row of
// MILESTONE_MOVES (from, action, who may, to), and `transitionMilestone` only reads it. A caller writes
// nothing on a refusal: 'wrong_party' (the actor may never take that action: 403) or 'out_of_turn'
// (it may, but not in this state: 409, e.g. confirming twice). Browser-safe and pure.
import {
  MILESTONE_ACTIONS,
  MILESTONE_ACTORS,
  MILESTONE_STATUSES,
  type MilestoneAction,
  type MilestoneActor,
  type MilestoneStatus,
  type OrderStatus,
} from '~/domain'

/**
 * Where a move leads: a status, or back to waiting for the money, which is 'due' while the due date has
 * not passed and 'overdue' once it has (the seller says a proof's money has not arrived; a moderator
 * settles a dispute for the seller).
 */
export type MoveTarget = MilestoneStatus | 'awaiting_payment'

export type MilestoneMove = { from: MilestoneStatus; action: MilestoneAction; actors: readonly MilestoneActor[]; to: MoveTarget }

// Proof is taken while the money is awaited (due or overdue), not before the event: a milestone is paid
// against its event. The seller may confirm money it sees arrive without a proof (a letter of credit
// pays through the banks), and either party may open a dispute on a milestone awaiting or claiming
// payment; a moderator ends it either way. A confirmed milestone is final.
export const MILESTONE_MOVES: readonly MilestoneMove[] = [
  { from: 'upcoming', action: 'event_happened', actors: ['system'], to: 'due' },
  { from: 'due', action: 'due_date_passed', actors: ['system'], to: 'overdue' },
  { from: 'due', action: 'submit_proof', actors: ['buyer'], to: 'proof_submitted' },
  { from: 'overdue', action: 'submit_proof', actors: ['buyer'], to: 'proof_submitted' },
  { from: 'due', action: 'confirm_receipt', actors: ['seller'], to: 'confirmed' },
  { from: 'overdue', action: 'confirm_receipt', actors: ['seller'], to: 'confirmed' },
  { from: 'proof_submitted', action: 'confirm_receipt', actors: ['seller'], to: 'confirmed' },
  { from: 'proof_submitted', action: 'report_not_arrived', actors: ['seller'], to: 'awaiting_payment' },
  { from: 'due', action: 'open_dispute', actors: ['buyer', 'seller'], to: 'disputed' },
  { from: 'overdue', action: 'open_dispute', actors: ['buyer', 'seller'], to: 'disputed' },
  { from: 'proof_submitted', action: 'open_dispute', actors: ['buyer', 'seller'], to: 'disputed' },
  { from: 'disputed', action: 'confirm_receipt', actors: ['seller', 'admin'], to: 'confirmed' },
  { from: 'disputed', action: 'report_not_arrived', actors: ['admin'], to: 'awaiting_payment' },
]

/** Why a move is refused, and the HTTP status the action answers with. */
export const MILESTONE_REFUSALS = { wrong_party: 403, out_of_turn: 409 } as const
export type MilestoneRefusal = keyof typeof MILESTONE_REFUSALS

/** Who may ever take each action (read from the moves). */
export const MILESTONE_ACTION_ACTORS = Object.fromEntries(
  MILESTONE_ACTIONS.map((action) => [action, MILESTONE_ACTORS.filter((actor) => MILESTONE_MOVES.some((m) => m.action === action && m.actors.includes(actor)))]),
) as Record<MilestoneAction, MilestoneActor[]>

export type MilestoneTransition = { ok: true; to: MilestoneStatus } | { ok: false; refusal: MilestoneRefusal; httpStatus: 403 | 409 }

/**
 * The status a milestone moves to when `actor` takes `action` in `from`, or the refusal: 'wrong_party'
 * when the actor may never take the action, 'out_of_turn' when it may but not in this status.
 * `duePassed` says whether the milestone's due date has passed (where "not arrived" sends it back to).
 */
export function transitionMilestone(from: MilestoneStatus, actor: MilestoneActor, action: MilestoneAction, context: { duePassed: boolean }): MilestoneTransition {
  if (!MILESTONE_ACTION_ACTORS[action].includes(actor)) return { ok: false, refusal: 'wrong_party', httpStatus: MILESTONE_REFUSALS.wrong_party }
  const move = MILESTONE_MOVES.find((m) => m.from === from && m.action === action && m.actors.includes(actor))
  if (!move) return { ok: false, refusal: 'out_of_turn', httpStatus: MILESTONE_REFUSALS.out_of_turn }
  return { ok: true, to: move.to === 'awaiting_payment' ? (context.duePassed ? 'overdue' : 'due') : move.to }
}

/** The actions `actor` may take on a milestone in `status` (the buttons a page offers). */
export function milestoneActionsFor(status: MilestoneStatus, actor: MilestoneActor): MilestoneAction[] {
  return MILESTONE_ACTIONS.filter((action) => MILESTONE_MOVES.some((m) => m.from === status && m.action === action && m.actors.includes(actor)))
}

/** Whether a due date (YYYY-MM-DD) has passed on `today`: the day after it, the milestone is overdue. */
export function isPastDue(dueOn: string | null, today: string): boolean {
  return dueOn !== null && today > dueOn
}

/** Statuses no move leaves (the reminder job and the pages skip them). */
export const FINAL_MILESTONE_STATUSES = MILESTONE_STATUSES.filter((s) => !MILESTONE_MOVES.some((m) => m.from === s))

/** Whether an order's milestones still move: a cancelled order's payments are settled outside Setu (or in its dispute). */
export function orderMilestonesOpen(orderStatus: OrderStatus): boolean {
  return orderStatus !== 'Cancelled'
}
