// Who may move an order to which status (issue 8 item 9). Pure, so the dialogs and the command share it.
import type { OrderStatus } from '~/domain'

export type OrderRole = 'buyer' | 'seller'

/** The seller moves forward one step at a time, or cancels before shipping; the buyer may only cancel while Pending. */
const NEXT: Record<OrderRole, Record<OrderStatus, readonly OrderStatus[]>> = {
  seller: { Pending: ['Accepted', 'Cancelled'], Accepted: ['Shipped', 'Cancelled'], Shipped: ['Delivered'], Delivered: [], Cancelled: [] },
  buyer: { Pending: ['Cancelled'], Accepted: [], Shipped: [], Delivered: [], Cancelled: [] },
}

/** The statuses the role may move an order in `current` to now (empty once Delivered or Cancelled). */
export function nextOrderStatuses(current: OrderStatus, role: OrderRole): readonly OrderStatus[] {
  return NEXT[role][current]
}

/** A final status: nothing more happens to the order. */
export const isFinalOrderStatus = (s: OrderStatus) => s === 'Delivered' || s === 'Cancelled'

/**
 * 'allowed'; 'never' when the role can never set that status (a buyer doing anything but cancel: 403);
 * 'notNow' when it is the wrong moment (a skipped step, backwards, after shipping, a final order: 409).
 */
export function orderTransitionVerdict(current: OrderStatus, role: OrderRole, target: OrderStatus): 'allowed' | 'never' | 'notNow' {
  if (role === 'buyer' && target !== 'Cancelled') return 'never'
  return NEXT[role][current].includes(target) ? 'allowed' : 'notNow'
}

/**
 * Cancelling gives a product order's units back to stock only when the goods never left (Pending or
 * Accepted); a shipped or delivered order that is cancelled (a dispute's decision) keeps its stock as it is.
 */
export const restocksOnCancel = (from: OrderStatus) => from === 'Pending' || from === 'Accepted'
