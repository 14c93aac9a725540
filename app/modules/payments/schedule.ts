// Schedule arithmetic (issue 29 item 2, ADR 033): an order total split into its milestones' amounts,
// exactly, in the currency's minor units (BigInt, never floats), and the accepted terms turned into the
// order's milestone rows. Browser-safe and pure.
import {
  CURRENCY_MINOR_UNITS,
  SHARE_DECIMALS,
  mustConfirmBeforeShipment,
  shiftDay,
  type Currency,
  type MilestoneEvent,
  type MilestoneStatus,
  type PaymentTerms,
} from '~/domain'
import { readPaymentTerms } from './schemas'

const PLAIN_DECIMAL = /^(\d{1,30})(?:\.(\d+))?$/

/** A non-negative plain decimal as an integer count of 10^-scale; null when it is not one or has more than `scale` decimals. */
export function toMinor(text: string, scale: number): bigint | null {
  const match = PLAIN_DECIMAL.exec(text)
  if (!match) return null
  const frac = match[2] ?? ''
  if (frac.length > scale) return null
  return BigInt(match[1]!) * 10n ** BigInt(scale) + BigInt(frac.padEnd(scale, '0') || '0')
}

/** An integer count of 10^-scale as a decimal with exactly `scale` digits after the point (33334n, 2 → "333.34"). */
export function fromMinor(units: bigint, scale: number): string {
  if (units < 0n) throw new RangeError('fromMinor takes non-negative amounts')
  if (scale === 0) return units.toString()
  const base = 10n ** BigInt(scale)
  return `${units / base}.${(units % base).toString().padStart(scale, '0')}`
}

/**
 * `total` (an integer count of minor units) split in proportion to `weights` (non-negative integers,
 * at least one positive), largest remainder first: each part is its exact share rounded down, and the
 * minor units left over (fewer than the number of parts) go one each to the parts whose exact share
 * lost the most in rounding, the earlier part first on a tie. The parts add up to `total`, each is
 * within one minor unit of its exact share, and a weight of 0 gets 0.
 */
export function splitMinor(total: bigint, weights: readonly bigint[]): bigint[] {
  if (total < 0n) throw new RangeError('splitMinor takes a non-negative total')
  if (weights.some((w) => w < 0n)) throw new RangeError('splitMinor takes non-negative weights')
  const sum = weights.reduce((a, b) => a + b, 0n)
  if (sum === 0n) throw new RangeError('splitMinor needs a positive weight')
  const parts = weights.map((w) => (total * w) / sum)
  let left = total - parts.reduce((a, b) => a + b, 0n)
  const order = weights.map((w, i) => ({ i, remainder: (total * w) % sum })).sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1))
  for (const { i } of order) {
    if (left === 0n) break
    parts[i]! += 1n
    left -= 1n
  }
  return parts
}

/**
 * An amount split by shares, to the minor unit of `currency`: `splitAmount('1000.00', ['1', '1', '1'], 'USD')`
 * is ['333.34', '333.33', '333.33'] (the cent left over goes to the first). Shares are plain decimals
 * with at most SHARE_DECIMALS digits after the point (percentages such as '30' and '33.33', or any
 * weights); the parts always add up to `total`. Throws on a total or share that is not a plain
 * non-negative decimal in those limits: callers pass checked values.
 */
export function splitAmount(total: string, shares: readonly string[], currency: Currency): string[] {
  const scale = CURRENCY_MINOR_UNITS[currency]
  const minor = toMinor(total, scale)
  if (minor === null) throw new RangeError(`not an amount in ${currency}: ${total}`)
  const weights = shares.map((share) => {
    const w = toMinor(share, SHARE_DECIMALS)
    if (w === null) throw new RangeError(`not a share: ${share}`)
    return w
  })
  return splitMinor(minor, weights).map((part) => fromMinor(part, scale))
}

/** The day a milestone falls due: `offsetDays` after the day its event happened (YYYY-MM-DD, UTC). */
export function milestoneDueOn(eventDay: string, offsetDays: number): string {
  return shiftDay(eventDay, offsetDays)
}

/** One row of order_milestones as the terms make it, before it has an order id. */
export type MilestoneRow = {
  /** 1, 2, 3… in the terms' order. */
  position: number
  share: string
  /** Exact, in the order's currency, with its minor units ("1500.00"). */
  amount: string
  currency: Currency
  event: MilestoneEvent
  offsetDays: number
  /** Whether the seller must confirm it before marking the order Shipped (from its event and the terms). */
  beforeShipment: boolean
  status: MilestoneStatus
  /** Set once the event has happened. */
  dueOn: string | null
}

/**
 * The milestone rows an order gets from its accepted terms and total: amounts split exactly
 * (splitAmount), each upcoming, or due with its due date when its event has already happened (`happened`
 * gives the day of each event that has, e.g. { order_accepted: '2026-11-29' } for an order accepted at
 * once). Throws when the terms break a rule: they were checked when offered and accepted.
 */
export function milestoneRows(
  terms: PaymentTerms,
  order: { total: string; currency: Currency },
  happened: Partial<Record<MilestoneEvent, string>> = {},
): MilestoneRow[] {
  const checked = readPaymentTerms(terms)
  if (!checked) throw new RangeError('the payment terms break a rule')
  const amounts = splitAmount(order.total, checked.milestones.map((m) => m.share), order.currency)
  return checked.milestones.map((m, i) => {
    const eventDay = happened[m.event]
    return {
      position: i + 1,
      share: m.share,
      amount: amounts[i]!,
      currency: order.currency,
      event: m.event,
      offsetDays: m.offsetDays,
      beforeShipment: mustConfirmBeforeShipment(m, checked),
      status: eventDay ? 'due' : 'upcoming',
      dueOn: eventDay ? milestoneDueOn(eventDay, m.offsetDays) : null,
    }
  })
}

/** The milestones that keep the seller from marking the order Shipped: due before shipment and not yet confirmed. */
export function shipmentBlockers<M extends { beforeShipment: boolean; status: MilestoneStatus }>(milestones: readonly M[]): M[] {
  return milestones.filter((m) => m.beforeShipment && m.status !== 'confirmed')
}
