import { describe, expect, it } from 'vitest'
import { NEGOTIATION_ACTIONS, QUOTE_STATUSES } from './enums'
import { allowedNegotiationActions, negotiationVerdict } from './policy'

// The negotiation in turns, as a table: Quoted is the buyer's turn, Countered the seller's.
const TABLE: Record<(typeof QUOTE_STATUSES)[number], { buyer: string[]; seller: string[] }> = {
  Quoted: { buyer: ['counter', 'accept', 'decline'], seller: ['withdraw'] },
  Countered: { buyer: [], seller: ['counter', 'accept', 'decline', 'withdraw'] },
  Expired: { buyer: [], seller: ['withdraw'] },
  Accepted: { buyer: [], seller: [] },
  Rejected: { buyer: [], seller: [] },
  Withdrawn: { buyer: [], seller: [] },
}

describe('negotiationVerdict', () => {
  for (const status of QUOTE_STATUSES) {
    for (const role of ['buyer', 'seller'] as const) {
      it(`${status} × ${role} → ${TABLE[status][role].join(', ') || 'nothing'}`, () => {
        expect(allowedNegotiationActions(status, role)).toEqual(TABLE[status][role])
        for (const action of NEGOTIATION_ACTIONS) {
          const want = TABLE[status][role].includes(action) ? 'allowed' : role === 'buyer' && action === 'withdraw' ? 'never' : 'notNow'
          expect(negotiationVerdict(status, role, action)).toBe(want)
        }
      })
    }
  }
})
