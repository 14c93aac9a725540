// "Paid versus due" (issue 29 item 6): the payment milestones of orders (not Cancelled) whose due date falls
// in the range, per UTC month of that date and per currency: the amounts confirmed (paid) beside the
// amounts still owed (due, overdue or with a proof waiting for the seller). Summed by the database as
// numeric, so the figures are exact decimal strings; an upcoming milestone has no due date yet and a
// disputed one is in neither column.
import { sql } from 'drizzle-orm'
import { orderMilestones, orders } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { CURRENCIES, type Currency } from '~/domain'
import { DUE_MILESTONE_STATUSES, PAID_MILESTONE_STATUSES, type DateRange } from './schemas'

/** One month × currency: milestones paid and owed, with their exact sums ("1234.50"). */
export type PaidVsDueDto = { month: string; currency: Currency; paid: string; paidCount: number; due: string; dueCount: number }

const inList = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `)

/** Every month of the range × every currency, in CURRENCIES' order ("0.00" and 0 when none). */
export async function getPaidVsDueByMonth(r: DateRange): Promise<PaidVsDueDto[]> {
  const currencies = sql.join(
    CURRENCIES.map((c, i) => sql`(${c}::text, ${i}::int)`),
    sql`, `,
  )
  const result = await getDb().execute(sql`
    with m as (
      select date_trunc('month', om.due_on::timestamp) as mo, om.currency,
        sum(om.amount) filter (where om.status in (${inList(PAID_MILESTONE_STATUSES)})) as paid,
        (count(*) filter (where om.status in (${inList(PAID_MILESTONE_STATUSES)})))::int as paid_count,
        sum(om.amount) filter (where om.status in (${inList(DUE_MILESTONE_STATUSES)})) as due,
        (count(*) filter (where om.status in (${inList(DUE_MILESTONE_STATUSES)})))::int as due_count
      from ${orderMilestones} om
      join ${orders} o on o.id = om.order_id
      where o.status <> 'Cancelled' and om.due_on between ${r.from}::date and ${r.to}::date
      group by 1, 2
    )
    select to_char(g, 'YYYY-MM') as month, c.currency,
      round(coalesce(m.paid, 0), 2)::text as paid, coalesce(m.paid_count, 0)::int as "paidCount",
      round(coalesce(m.due, 0), 2)::text as due, coalesce(m.due_count, 0)::int as "dueCount"
    from generate_series(date_trunc('month', (${r.from}::date)::timestamp), (${r.to}::date)::timestamp, interval '1 month') g
    cross join (values ${currencies}) as c(currency, ord)
    left join m on m.mo = g and m.currency = c.currency
    order by g, c.ord`)
  return (result as unknown as { rows: PaidVsDueDto[] }).rows
}
