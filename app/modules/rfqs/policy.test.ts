// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import { QUOTE_STATUSES, RFQ_STATUSES, type RfqStatus, type TradingCountry } from '~/domain'
import { NEGOTIATION_ACTIONS } from './enums'
import { allowedNegotiationActions, isRfqForSeller, negotiationVerdict, PRODUCT_REQUEST_STATUSES, productRequestStatus, rejectVerdict } from './policy'

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

// Product requests (issue 8 item 2): who sees one, who may reject it, and the states the buyer reads.
describe('isRfqForSeller', () => {
  const me = { id: 'me', country: 'India' as const }
  const cases: [string, { sellerId: string | null; locationPreference: TradingCountry | 'Both' }, boolean][] = [
    ['open RFQ, Both', { sellerId: null, locationPreference: 'Both' }, true],
    ['open RFQ, my country', { sellerId: null, locationPreference: 'India' }, true],
    ['open RFQ, the other country', { sellerId: null, locationPreference: 'Russia' }, false],
    ['request addressed to me', { sellerId: 'me', locationPreference: 'Both' }, true],
    ['request addressed to me, whatever the location', { sellerId: 'me', locationPreference: 'Russia' }, true],
    ['request addressed to another seller', { sellerId: 'other', locationPreference: 'Both' }, false],
    ['request addressed to another seller in my country', { sellerId: 'other', locationPreference: 'India' }, false],
  ]
  for (const [name, rfq, want] of cases) it(`${name} → ${want}`, () => expect(isRfqForSeller(rfq, me)).toBe(want))
})

describe('rejectVerdict', () => {
  const cases: [string, string | null, RfqStatus, boolean, ReturnType<typeof rejectVerdict>][] = [
    ['addressed, open, not quoted', 'me', 'open', false, 'allowed'],
    ['addressed, open, quoted live', 'me', 'open', true, 'quoted'],
    ['addressed, rejected already', 'me', 'rejected', false, 'notOpen'],
    ['addressed, awarded', 'me', 'awarded', true, 'notOpen'],
    ['addressed, closed by the buyer', 'me', 'closed', false, 'notOpen'],
    ['addressed, expired', 'me', 'expired', false, 'notOpen'],
    ['addressed to another seller', 'other', 'open', false, 'notFound'],
    ['an open RFQ (addressed to nobody)', null, 'open', false, 'notFound'],
  ]
  for (const [name, sellerId, status, quoted, want] of cases) {
    it(`${name} → ${want}`, () => expect(rejectVerdict({ sellerId, status }, 'me', quoted)).toBe(want))
  }
})

describe('productRequestStatus (spec §4 product-RFQ states)', () => {
  const table: [RfqStatus, number, string][] = [
    ['open', 0, 'Pending'],
    ['open', 2, 'Quoted'],
    ['awarded', 1, 'Accepted'],
    ['rejected', 0, 'Rejected'],
    ['expired', 0, 'Expired'],
    ['closed', 1, 'Closed'],
  ]
  for (const [status, quotes, want] of table) it(`${status} with ${quotes} quotes → ${want}`, () => expect(productRequestStatus(status, quotes)).toBe(want))
  it('covers every RFQ status', () => {
    for (const s of RFQ_STATUSES) expect(PRODUCT_REQUEST_STATUSES).toContain(productRequestStatus(s, 0))
  })
})
