// Milestone reminders (issue 29 item 3): a scheduled sweep marks the milestones whose due date has passed
// overdue (with their timeline entry), reminds the buyer MILESTONE_REMINDER_DAYS_BEFORE days before a
// milestone falls due, and tells both parties once it is overdue. Each reminder is claimed by inserting
// its (milestone, stage) row in the transaction that writes the notices: of two runs at once (two
// processes, a retry) only the insert that wins sends, so a reminder goes out once per milestone and stage.
import { and, asc, eq, gte, inArray, lt, lte, ne, notExists, sql } from 'drizzle-orm'
import { milestoneEvents, milestoneReminders, orderMilestones, orders } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import type { JobDefinition } from '~/lib/jobs.server'
import { notify, type NotifyInput } from '~/modules/notifications/index.server'
import { MILESTONE_REMINDER_DAYS_BEFORE, shiftDay, utcDay, type MilestoneReminderStage, type MilestoneStatus, type TradeParty } from '~/domain'
import { milestoneNotice } from './commands.server'
import { MILESTONE_MOVES } from './policy'

export const MILESTONE_REMINDER_QUEUE = 'payments.reminders'
/** Milestones looked at per stage and run; the next run takes the rest. */
const REMINDER_BATCH = 200

/** The state machine's 'due date passed' move (due → overdue). */
const DUE_PASSED = MILESTONE_MOVES.filter((m) => m.action === 'due_date_passed' && m.actors.includes('system'))

/** Each stage: the status a milestone is in, which days it covers, who is told and with what notice. */
const STAGES: Record<MilestoneReminderStage, { status: MilestoneStatus; to: readonly TradeParty[]; kind: NotifyInput['kind'] }> = {
  due_soon: { status: 'due', to: ['buyer'], kind: 'milestone_due_soon' },
  overdue: { status: 'overdue', to: ['buyer', 'seller'], kind: 'milestone_overdue' },
}

/** An order still running (orderMilestonesOpen, in SQL): a cancelled order's milestones are neither marked nor reminded. */
const orderOpen = ne(orders.status, 'Cancelled')

/**
 * Marks the milestones whose due date passed before `today` overdue, each with its timeline entry (no
 * actor: the system). A conditional update (… AND status = 'due'), so two runs mark each one once.
 */
async function markOverdue(today: string): Promise<number> {
  let marked = 0
  for (const move of DUE_PASSED) {
    marked += await getDb().transaction(async (tx) => {
      const now = new Date()
      const rows = await tx
        .update(orderMilestones)
        .set({ status: move.to as MilestoneStatus, updatedAt: now })
        .where(
          and(
            eq(orderMilestones.status, move.from),
            lt(orderMilestones.dueOn, today),
            inArray(orderMilestones.orderId, tx.select({ id: orders.id }).from(orders).where(orderOpen)),
          ),
        )
        .returning({ id: orderMilestones.id, orderId: orderMilestones.orderId })
      if (rows.length > 0) {
        await tx.insert(milestoneEvents).values(rows.map((r) => ({ orderId: r.orderId, milestoneId: r.id, action: 'due_date_passed' as const, status: move.to as MilestoneStatus, actorId: null, createdAt: now })))
      }
      return rows.length
    })
  }
  return marked
}

/** Sends the stage's reminder for every milestone that needs it and has not had it; returns how many milestones were reminded. */
async function remind(stage: MilestoneReminderStage, today: string): Promise<number> {
  const { status, to, kind } = STAGES[stage]
  const db = getDb()
  const window =
    stage === 'due_soon' ? and(gte(orderMilestones.dueOn, today), lte(orderMilestones.dueOn, shiftDay(today, MILESTONE_REMINDER_DAYS_BEFORE))) : undefined
  const due = await db
    .select({
      id: orderMilestones.id,
      orderId: orderMilestones.orderId,
      position: orderMilestones.position,
      amount: orderMilestones.amount,
      currency: orderMilestones.currency,
      dueOn: orderMilestones.dueOn,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
    })
    .from(orderMilestones)
    .innerJoin(orders, eq(orders.id, orderMilestones.orderId))
    .where(
      and(
        eq(orderMilestones.status, status),
        orderOpen,
        window,
        notExists(db.select({ one: sql`1` }).from(milestoneReminders).where(and(eq(milestoneReminders.milestoneId, orderMilestones.id), eq(milestoneReminders.stage, stage)))),
      ),
    )
    .orderBy(asc(orderMilestones.dueOn))
    .limit(REMINDER_BATCH)
  let sent = 0
  for (const row of due) {
    const claimed = await db.transaction(async (tx) => {
      // The claim: the first run's insert wins; a second run's does nothing (it waits for the first to commit) and sends nothing.
      const [claim] = await tx.insert(milestoneReminders).values({ milestoneId: row.id, stage }).onConflictDoNothing().returning({ id: milestoneReminders.milestoneId })
      if (!claim) return false
      // Still in the stage's status now (a proof or a confirmation may have come in since the read).
      const [still] = await tx.select({ status: orderMilestones.status }).from(orderMilestones).where(eq(orderMilestones.id, row.id)).for('update')
      if (still?.status !== status) throw new Unclaimed()
      await notify(
        tx,
        to.map((side) => milestoneNotice(row, row, side, null, kind)),
      )
      return true
    }).catch((err: unknown) => {
      if (err instanceof Unclaimed) return false
      throw err
    })
    if (claimed) sent++
  }
  return sent
}

/** Undoes a claim whose milestone moved on meanwhile (no reminder, and none recorded). */
class Unclaimed extends Error {}

export type ReminderRun = { overdue: number; dueSoon: number; overdueReminded: number }

/** One run of the sweep for `now`'s UTC day: mark overdue, then the two kinds of reminders. */
export async function runMilestoneReminders(now: Date = new Date()): Promise<ReminderRun> {
  const today = utcDay(now)
  const overdue = await markOverdue(today)
  const dueSoon = await remind('due_soon', today)
  const overdueReminded = await remind('overdue', today)
  return { overdue, dueSoon, overdueReminded }
}

export const PAYMENT_JOBS: JobDefinition[] = [
  {
    name: MILESTONE_REMINDER_QUEUE,
    queue: { policy: 'short', retryLimit: 2, retryDelay: 60, expireInSeconds: 600 },
    // Every hour (due dates are days: the first run after midnight UTC marks and reminds), and at start.
    cron: '7 * * * *',
    runAtStart: true,
    handler: async () => {
      await runMilestoneReminders()
    },
  },
]
