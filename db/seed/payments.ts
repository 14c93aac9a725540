import { eq, inArray } from 'drizzle-orm'
import type { Db } from '~/lib/db.server'
import { milestoneRows } from '~/modules/payments/schedule'
import { DEFAULT_PAYMENT_TERMS, readPaymentTerms } from '~/modules/payments/schemas'
import { utcDay, type MilestoneEvent, type MilestoneStatus, type OrderStatus, type PaymentTerms } from '../../app/domain'
import { orderEvents, orderMilestones, orders } from '../schema'
import { DEMO_ACCOUNTS } from './accounts'
import { demoKycPdf } from './kyc-document'
import { DEMO_ORDER_IDS } from './trade'

// The demo payments (issue 29 item 7): three orders between the demo buyer and the demo seller carry
// payment terms (orders.payment_schedule) and their milestone rows, together in every state (upcoming,
// due, proof submitted, confirmed, overdue, disputed), so a newcomer sees the whole flow from both sides
// and from the admin's dispute page. Due dates follow from the orders' own timelines (the proforma is
// issued when the order is accepted). The proofs are small PDFs written to storage after the transaction;
// the trade documents are issued by the documents sweep when the app starts.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const BUYER = DEMO_ACCOUNTS.buyer.profileId
const SELLER = DEMO_ACCOUNTS.seller.profileId
const DAY_MS = 24 * 60 * 60 * 1000

/** What a milestone has become by the time of seeding (its amount and due date come from the terms). */
export type SeedMilestoneState = {
  status: MilestoneStatus
  bankReference?: string
  /** The buyer's proof of payment, sent `daysAgo`. */
  proof?: { fileName: string; daysAgo: number }
  /** The seller confirmed receipt `daysAgo`. */
  confirmedDaysAgo?: number
  sellerNote?: string
}

export type SeedPaymentPlan = { orderId: string; terms: PaymentTerms; milestones: SeedMilestoneState[] }

export const demoPaymentPlans: SeedPaymentPlan[] = [
  {
    // Accepted two weeks ago, 30 % advance on the proforma: the buyer has sent the SWIFT confirmation and
    // waits for the seller; the balance falls due on shipment.
    orderId: DEMO_ORDER_IDS.buckwheatAccepted,
    terms: DEFAULT_PAYMENT_TERMS,
    milestones: [{ status: 'proof_submitted', bankReference: 'SBININBB 24IN0917734', proof: { fileName: 'swift-mt103-advance.pdf', daysAgo: 2 } }, { status: 'upcoming' }],
  },
  {
    // Shipped, with a dispute open about the delivery: the advance was confirmed before shipment; the
    // buyer's balance payment is disputed (the seller reports it has not arrived), its proof on record.
    orderId: DEMO_ORDER_IDS.ivanChaiShipped,
    terms: {
      method: 'bank_transfer',
      methodDays: null,
      shipBeforePaid: false,
      milestones: [
        { share: '30', event: 'order_accepted', offsetDays: 0 },
        { share: '70', event: 'shipped', offsetDays: 5 },
      ],
    },
    milestones: [
      { status: 'confirmed', bankReference: 'HDFCINBB 24IN0733120', confirmedDaysAgo: 10, sellerNote: 'Advance received in our rouble account, thank you.' },
      { status: 'disputed', bankReference: 'HDFCINBB 24IN0788461', proof: { fileName: 'balance-payment-receipt.pdf', daysAgo: 2 }, sellerNote: 'Nothing has arrived on our account yet; please ask your bank to trace the transfer.' },
    ],
  },
  {
    // Delivered: the advance confirmed long ago, the main payment overdue since a week, a retention due later.
    orderId: DEMO_ORDER_IDS.wheatDelivered,
    terms: {
      method: 'bank_transfer',
      methodDays: null,
      shipBeforePaid: false,
      milestones: [
        { share: '30', event: 'proforma_issued', offsetDays: 0 },
        { share: '60', event: 'delivered', offsetDays: 14 },
        { share: '10', event: 'delivered', offsetDays: 60 },
      ],
    },
    milestones: [{ status: 'confirmed', bankReference: 'ICICINBB 24IN0412208', confirmedDaysAgo: 50, sellerNote: 'Advance received.' }, { status: 'overdue' }, { status: 'due' }],
  },
]

/** The storage key of a demo proof (the app keeps proofs under payments/<order>/). */
export const demoProofKey = (orderId: string, position: number) => `payments/${orderId}/demo-proof-${position}.pdf`

function seedError(what: string): never {
  throw new Error(`Demo payments: ${what}`)
}

/** The order status whose event makes each milestone event happen (the proforma is issued on acceptance). */
const EVENT_STATUS: Record<MilestoneEvent, OrderStatus> = { order_accepted: 'Accepted', proforma_issued: 'Accepted', shipped: 'Shipped', delivered: 'Delivered' }

/**
 * Stores the plans' terms on their orders and inserts the milestone rows (amounts split exactly by
 * milestoneRows from the order's total). Returns the proof files to write to storage once committed.
 */
export async function insertPaymentData(tx: Tx, now: number): Promise<{ key: string; bytes: Uint8Array }[]> {
  const at = (days: number) => new Date(now - Math.round(days * DAY_MS))
  const today = utcDay(new Date(now))
  const ids = demoPaymentPlans.map((p) => p.orderId)
  const orderRows = await tx.select({ id: orders.id, total: orders.total, currency: orders.currency, buyerId: orders.buyerId, sellerId: orders.sellerId }).from(orders).where(inArray(orders.id, ids))
  const events = await tx.select({ orderId: orderEvents.orderId, status: orderEvents.status, createdAt: orderEvents.createdAt }).from(orderEvents).where(inArray(orderEvents.orderId, ids))
  const files: { key: string; bytes: Uint8Array }[] = []
  const rows: (typeof orderMilestones.$inferInsert)[] = []
  for (const plan of demoPaymentPlans) {
    const order = orderRows.find((o) => o.id === plan.orderId) ?? seedError(`no order ${plan.orderId}`)
    if (order.buyerId !== BUYER || order.sellerId !== SELLER) seedError(`order ${plan.orderId} is not between the demo buyer and the demo seller`)
    if (!readPaymentTerms(plan.terms)) seedError(`order ${plan.orderId}: the terms break a rule`)
    const happened: Partial<Record<MilestoneEvent, string>> = {}
    for (const [event, status] of Object.entries(EVENT_STATUS) as [MilestoneEvent, OrderStatus][]) {
      const e = events.find((x) => x.orderId === plan.orderId && x.status === status)
      if (e) happened[event] = utcDay(e.createdAt)
    }
    const made = milestoneRows(plan.terms, order, happened)
    if (made.length !== plan.milestones.length) seedError(`order ${plan.orderId}: ${made.length} milestones in the terms, ${plan.milestones.length} states`)
    await tx.update(orders).set({ paymentSchedule: plan.terms }).where(eq(orders.id, plan.orderId))
    for (const [i, row] of made.entries()) {
      const state = plan.milestones[i]!
      // A state the milestone could have reached by now, and nothing more.
      if ((state.status === 'upcoming') !== (row.status === 'upcoming')) seedError(`order ${plan.orderId} milestone ${row.position}: ${state.status} but its event ${row.status === 'upcoming' ? 'has not happened' : 'has happened'}`)
      if (state.status === 'overdue' && !(row.dueOn! < today)) seedError(`order ${plan.orderId} milestone ${row.position}: overdue before its due date`)
      if (state.status === 'due' && row.dueOn! < today) seedError(`order ${plan.orderId} milestone ${row.position}: due after its due date (overdue)`)
      if ((state.status === 'confirmed') !== (state.confirmedDaysAgo !== undefined)) seedError(`order ${plan.orderId} milestone ${row.position}: confirmed ⇔ a confirmation day`)
      if (state.status === 'proof_submitted' && !(state.proof && state.bankReference)) seedError(`order ${plan.orderId} milestone ${row.position}: a proof waiting needs its file and bank reference`)
      // Made when the order was accepted; last touched by the proof or the confirmation.
      const created = at((now - (events.find((e) => e.orderId === plan.orderId && e.status === 'Accepted')?.createdAt.getTime() ?? now)) / DAY_MS)
      const touched = Math.min(state.confirmedDaysAgo ?? Infinity, state.proof?.daysAgo ?? Infinity)
      let proof: Partial<typeof orderMilestones.$inferInsert> = {}
      if (state.proof) {
        const key = demoProofKey(plan.orderId, row.position)
        const bytes = demoKycPdf([
          'Payment confirmation (demo)',
          `Amount: ${row.amount} ${row.currency}`,
          `Bank reference: ${state.bankReference ?? ''}`,
          `Milestone ${row.position} of order ${plan.orderId.slice(0, 8)}`,
          'Issued for the Setu demo; not a real bank document.',
        ])
        files.push({ key, bytes })
        proof = { proofStorageKey: key, proofFileName: state.proof.fileName, proofContentType: 'application/pdf', proofSizeBytes: bytes.byteLength, proofSubmittedAt: at(state.proof.daysAgo), proofSubmittedBy: BUYER }
      }
      rows.push({
        ...row,
        orderId: plan.orderId,
        status: state.status,
        bankReference: state.bankReference ?? null,
        sellerNote: state.sellerNote ?? null,
        ...proof,
        confirmedBy: state.confirmedDaysAgo !== undefined ? SELLER : null,
        confirmedAt: state.confirmedDaysAgo !== undefined ? at(state.confirmedDaysAgo) : null,
        createdAt: created,
        updatedAt: Number.isFinite(touched) ? at(touched) : created,
      })
    }
  }
  await tx.insert(orderMilestones).values(rows)
  return files
}
