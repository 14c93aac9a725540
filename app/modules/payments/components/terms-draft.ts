// The payment terms form's state (PaymentTermsFields): the draft the user edits, with a stable key per
// milestone row so React keeps each row's inputs (and focus) when another row is removed. Pure.
import { MILESTONE_EVENTS, MILESTONES_MAX, formatHundredths, sharesTotalHundredths, SHARES_TOTAL_HUNDREDTHS } from '~/domain'
import type { MILESTONE_INPUTS, PaymentTermsDraft } from '../schemas'

export type DraftRow = Record<(typeof MILESTONE_INPUTS)[number], string> & { key: number }
export type DraftState = Omit<PaymentTermsDraft, 'milestones'> & { rows: DraftRow[]; nextKey: number }

export type DraftAction =
  | { type: 'method'; value: string }
  | { type: 'methodDays'; value: string }
  | { type: 'shipBeforePaid'; value: boolean }
  | { type: 'row'; index: number; input: keyof Omit<DraftRow, 'key'>; value: string }
  | { type: 'add' }
  | { type: 'remove'; index: number }

/** The form's state from a draft (stored terms, the user's last submission, or the default). */
export function draftState(draft: PaymentTermsDraft): DraftState {
  const rows = draft.milestones.slice(0, MILESTONES_MAX).map((row, key) => ({ ...row, key }))
  return { method: draft.method, methodDays: draft.methodDays, shipBeforePaid: draft.shipBeforePaid, rows, nextKey: rows.length }
}

/** One edit of the form. A new row takes what the shares leave (or nothing) on the next event; the last row stays. */
export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case 'method':
      return { ...state, method: action.value }
    case 'methodDays':
      return { ...state, methodDays: action.value }
    case 'shipBeforePaid':
      return { ...state, shipBeforePaid: action.value }
    case 'row':
      return { ...state, rows: state.rows.map((row, i) => (i === action.index ? { ...row, [action.input]: action.value } : row)) }
    case 'add': {
      if (state.rows.length >= MILESTONES_MAX) return state
      const rest = SHARES_TOTAL_HUNDREDTHS - draftTotal(state)
      const last = state.rows.at(-1)?.event
      const next = MILESTONE_EVENTS[Math.min(MILESTONE_EVENTS.indexOf(last as never) + 1, MILESTONE_EVENTS.length - 1)]!
      const row: DraftRow = { key: state.nextKey, share: rest > 0 ? formatHundredths(rest) : '', event: next, offsetDays: '0' }
      return { ...state, rows: [...state.rows, row], nextKey: state.nextKey + 1 }
    }
    case 'remove':
      return state.rows.length <= 1 ? state : { ...state, rows: state.rows.filter((_, i) => i !== action.index) }
  }
}

/** The shares typed so far, in hundredths of a percent (a comma read as the point; what is not a share counts 0). */
export function draftTotal(state: Pick<DraftState, 'rows'>): number {
  return sharesTotalHundredths(state.rows.map((row) => row.share.trim().replace(',', '.')))
}

/** The live status line's message: the shares add up to 100, or fall short, or go over; total and rest in hundredths of a percent. */
export function totalStatus(total: number): { key: 'totalOk' | 'totalShort' | 'totalOver'; total: number; rest: number } {
  const key = total === SHARES_TOTAL_HUNDREDTHS ? 'totalOk' : total < SHARES_TOTAL_HUNDREDTHS ? 'totalShort' : 'totalOver'
  return { key, total, rest: Math.abs(SHARES_TOTAL_HUNDREDTHS - total) }
}
