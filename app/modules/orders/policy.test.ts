// @no-database: this file runs without the per-file test database (vitest.config.ts)
import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES, type OrderStatus } from '~/domain'
import { nextOrderStatuses, orderTransitionVerdict, restocksOnCancel } from './policy'

// The order status flow, as a table: the seller one step forward or cancel before shipping; the buyer cancel while Pending.
const TABLE: Record<OrderStatus, { buyer: OrderStatus[]; seller: OrderStatus[] }> = {
  Pending: { buyer: ['Cancelled'], seller: ['Accepted', 'Cancelled'] },
  Accepted: { buyer: [], seller: ['Shipped', 'Cancelled'] },
  Shipped: { buyer: [], seller: ['Delivered'] },
  Delivered: { buyer: [], seller: [] },
  Cancelled: { buyer: [], seller: [] },
}

describe('order status policy', () => {
  for (const current of ORDER_STATUSES) {
    for (const role of ['buyer', 'seller'] as const) {
      it(`${role} on ${current} may move to ${TABLE[current][role].join(', ') || 'nothing'}`, () => {
        expect(nextOrderStatuses(current, role)).toEqual(TABLE[current][role])
        for (const target of ORDER_STATUSES) {
          const want = TABLE[current][role].includes(target) ? 'allowed' : role === 'buyer' && target !== 'Cancelled' ? 'never' : 'notNow'
          expect(orderTransitionVerdict(current, role, target)).toBe(want)
        }
      })
    }
  }

  it('restocks on cancelling only goods that never left', () => {
    expect(ORDER_STATUSES.filter(restocksOnCancel)).toEqual(['Pending', 'Accepted'])
  })
})
