// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import { DISPUTE_DECISIONS, DISPUTE_STATUSES, type DisputeStatus, ORDER_STATUSES } from '~/domain'
import { canWriteInDispute, disputePartyOf, messageRecipients, openDisputeVerdict, orderEffectOf, type OpenVerdict } from './policy'

const STATUSES = ORDER_STATUSES

// Opening a dispute, as a table: order status × the order's existing dispute → verdict.
const OPEN: Record<(typeof STATUSES)[number], Record<'none' | DisputeStatus, OpenVerdict>> = {
  Pending: { none: 'orderStatus', open: 'alreadyOpen', resolved: 'alreadyResolved' },
  Accepted: { none: 'allowed', open: 'alreadyOpen', resolved: 'alreadyResolved' },
  Shipped: { none: 'allowed', open: 'alreadyOpen', resolved: 'alreadyResolved' },
  Delivered: { none: 'allowed', open: 'alreadyOpen', resolved: 'alreadyResolved' },
  Cancelled: { none: 'orderStatus', open: 'alreadyOpen', resolved: 'alreadyResolved' },
}

describe('dispute policy', () => {
  for (const status of STATUSES) {
    for (const existing of ['none', ...DISPUTE_STATUSES] as const) {
      it(`opening on a ${status} order with ${existing} dispute: ${OPEN[status][existing]}`, () => {
        expect(openDisputeVerdict(status, existing === 'none' ? null : existing)).toBe(OPEN[status][existing])
      })
    }
  }

  it('knows the parties and nobody else', () => {
    const order = { buyerId: 'b', sellerId: 's' }
    expect(disputePartyOf(order, 'b')).toBe('buyer')
    expect(disputePartyOf(order, 's')).toBe('seller')
    expect(disputePartyOf(order, 'x')).toBeNull()
  })

  it('lets people write only while open', () => {
    expect(canWriteInDispute('open')).toBe(true)
    expect(canWriteInDispute('resolved')).toBe(false)
  })

  it.each([
    ['buyer', ['seller']],
    ['seller', ['buyer']],
    ['moderator', ['buyer', 'seller']],
  ] as const)('a %s message notifies %j', (author, want) => {
    expect(messageRecipients(author)).toEqual(want)
  })

  it('only cancel_refund touches the order', () => {
    expect(Object.fromEntries(DISPUTE_DECISIONS.map((d) => [d, orderEffectOf(d)]))).toEqual({ release_to_seller: 'none', cancel_refund: 'cancel', partial_settlement: 'none', reject: 'none' })
  })
})
