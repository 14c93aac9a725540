// @no-database: this file runs without the per-file test database (vitest.config.ts)
// The milestone state machine (issue 29): every status × actor × action, against a table written out
// here by hand (not read from MILESTONE_MOVES), so a move added or lost there fails this test.
import { describe, expect, it } from 'vitest'
import { MILESTONE_ACTIONS, MILESTONE_ACTORS, MILESTONE_STATUSES, type MilestoneAction, type MilestoneActor, type MilestoneStatus } from '~/domain'
import { FINAL_MILESTONE_STATUSES, isPastDue, milestoneActionsFor, transitionMilestone } from './policy'

type Expected = MilestoneStatus | 'back' | 403 | 409

// Who may take each action at all: anyone else is refused 403 whatever the status.
const MAY: Record<MilestoneAction, MilestoneActor[]> = {
  event_happened: ['system'],
  due_date_passed: ['system'],
  submit_proof: ['buyer'],
  confirm_receipt: ['seller', 'admin'],
  report_not_arrived: ['seller', 'admin'],
  open_dispute: ['buyer', 'seller'],
}

// The allowed moves: "status action actor → next" ('back' is due or overdue by the due date).
const ALLOWED: Record<string, MilestoneStatus | 'back'> = {
  'upcoming event_happened system': 'due',
  'due due_date_passed system': 'overdue',
  'due submit_proof buyer': 'proof_submitted',
  'overdue submit_proof buyer': 'proof_submitted',
  'due confirm_receipt seller': 'confirmed',
  'overdue confirm_receipt seller': 'confirmed',
  'proof_submitted confirm_receipt seller': 'confirmed',
  'proof_submitted report_not_arrived seller': 'back',
  'due open_dispute buyer': 'disputed',
  'due open_dispute seller': 'disputed',
  'overdue open_dispute buyer': 'disputed',
  'overdue open_dispute seller': 'disputed',
  'proof_submitted open_dispute buyer': 'disputed',
  'proof_submitted open_dispute seller': 'disputed',
  'disputed confirm_receipt seller': 'confirmed',
  'disputed confirm_receipt admin': 'confirmed',
  'disputed report_not_arrived admin': 'back',
}

const expected = (status: MilestoneStatus, action: MilestoneAction, actor: MilestoneActor): Expected =>
  ALLOWED[`${status} ${action} ${actor}`] ?? (MAY[action].includes(actor) ? 409 : 403)

const cases = MILESTONE_STATUSES.flatMap((status) => MILESTONE_ACTIONS.flatMap((action) => MILESTONE_ACTORS.map((actor) => [status, action, actor] as const)))

describe('milestone state machine', () => {
  it('covers every status, action and actor', () => {
    expect(cases).toHaveLength(6 * 6 * 4)
  })

  it.each(cases)('%s: %s by %s', (status, action, actor) => {
    const want = expected(status, action, actor)
    for (const duePassed of [false, true]) {
      const got = transitionMilestone(status, actor, action, { duePassed })
      if (want === 403) expect(got).toEqual({ ok: false, refusal: 'wrong_party', httpStatus: 403 })
      else if (want === 409) expect(got).toEqual({ ok: false, refusal: 'out_of_turn', httpStatus: 409 })
      else expect(got).toEqual({ ok: true, to: want === 'back' ? (duePassed ? 'overdue' : 'due') : want })
    }
  })

  it('refuses confirming twice as out of turn (409), and a buyer confirming as the wrong party (403)', () => {
    expect(transitionMilestone('confirmed', 'seller', 'confirm_receipt', { duePassed: false })).toMatchObject({ refusal: 'out_of_turn', httpStatus: 409 })
    expect(transitionMilestone('proof_submitted', 'buyer', 'confirm_receipt', { duePassed: false })).toMatchObject({ refusal: 'wrong_party', httpStatus: 403 })
  })

  it('sends a proof whose money has not arrived back to due, or to overdue once the due date has passed', () => {
    expect(transitionMilestone('proof_submitted', 'seller', 'report_not_arrived', { duePassed: false })).toEqual({ ok: true, to: 'due' })
    expect(transitionMilestone('proof_submitted', 'seller', 'report_not_arrived', { duePassed: true })).toEqual({ ok: true, to: 'overdue' })
  })

  it('offers each party the buttons of its turn', () => {
    expect(milestoneActionsFor('due', 'buyer')).toEqual(['submit_proof', 'open_dispute'])
    expect(milestoneActionsFor('proof_submitted', 'seller')).toEqual(['confirm_receipt', 'report_not_arrived', 'open_dispute'])
    expect(milestoneActionsFor('upcoming', 'buyer')).toEqual([])
    expect(FINAL_MILESTONE_STATUSES).toEqual(['confirmed'])
  })

  it('counts a milestone overdue from the day after its due date', () => {
    expect(isPastDue('2026-12-01', '2026-12-01')).toBe(false)
    expect(isPastDue('2026-12-01', '2026-12-02')).toBe(true)
    expect(isPastDue(null, '2030-01-01')).toBe(false)
  })
})
