// Issue 29 item 6: "paid versus due" in /admin/analytics and its CSV export. Milestones with due dates in
// 2023 (no other test's rows fall there): amounts confirmed against amounts still owed (due, overdue, proof
// submitted) per currency and UTC month of the due date, summed exactly by the database.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { CURRENCIES, type Currency, type OrderStatus, type PaymentTerms } from '~/domain'
import { orders } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import type { AnalyticsDto } from '~/modules/analytics/queries.server'
import AnalyticsPage, { loader as pageLoader } from '~/routes/admin/analytics'
import { loader as exportLoader } from '~/routes/admin/analytics-export'
import { adminCookie, createAdmin } from '../factories/admins'
import { createMilestones } from '../factories/milestone-states'
import { createOrder } from '../factories/orders'
import { createUser } from '../factories/users'
import { renderPageText } from '../support/render-page'
import { callRoute } from './account-support'

const RANGE = 'from=2023-01-01&to=2023-03-31'
const terms = (...shares: string[]): PaymentTerms => ({ method: 'bank_transfer', methodDays: null, shipBeforePaid: false, milestones: shares.map((share) => ({ share, event: 'order_accepted', offsetDays: 0 })) })
const confirmed = (dueOn: string) => ({ status: 'confirmed' as const, dueOn, confirmedAt: new Date(`${dueOn}T12:00:00Z`) })
const proof = (dueOn: string) => ({
  status: 'proof_submitted' as const,
  dueOn,
  bankReference: 'UTR-1',
  proofStorageKey: 'payments/x/proof.pdf',
  proofFileName: 'proof.pdf',
  proofContentType: 'application/pdf',
  proofSizeBytes: 10,
  proofSubmittedAt: new Date(`${dueOn}T08:00:00Z`),
})

let admin: string
let parties: { buyer: string; seller: string }

async function orderWith(currency: Currency, total: string, status: OrderStatus = 'Accepted') {
  const o = await createOrder(parties.buyer, parties.seller, status)
  await getDb().update(orders).set({ currency, total }).where(eq(orders.id, o.id))
  return { id: o.id, currency, total }
}

beforeAll(async () => {
  const buyer = await createUser({ profile: { userType: 'Buyer' } })
  const seller = await createUser({ profile: { userType: 'Seller', kycStatus: 'Approved' } })
  parties = { buyer: buyer.profileId!, seller: seller.profileId! }
  // 1,000.00 USD as 33.34 / 33.33 / 33.33 % (333.40 / 333.30 / 333.30): paid in January, overdue in January, a proof waiting in February.
  await createMilestones(await orderWith('USD', '1000.00'), terms('33.34', '33.33', '33.33'), [confirmed('2023-01-10'), { status: 'overdue', dueOn: '2023-01-20' }, proof('2023-02-05')])
  // 0.30 USD as 0.10 + 0.20, both paid on 31 January (23:59 UTC is still January): 0.1 + 0.2 must read 0.30.
  await createMilestones(await orderWith('USD', '0.30'), terms('33.34', '66.66'), [confirmed('2023-01-31'), confirmed('2023-01-31')])
  // 150,000.50 RUB, 30 / 70: 45,000.15 due in March; the 105,000.35 disputed is in neither column.
  await createMilestones(await orderWith('RUB', '150000.50'), terms('30', '70'), [{ status: 'due', dueOn: '2023-03-15' }, { status: 'disputed', dueOn: '2023-03-16' }])
  // Left out: a cancelled order's milestone, one due after the range, one due before it, an upcoming one (no due date).
  await createMilestones(await orderWith('INR', '999.99', 'Cancelled'), terms('100'), [{ status: 'due', dueOn: '2023-02-01' }])
  await createMilestones(await orderWith('USD', '500.00'), terms('100'), [confirmed('2023-04-01')])
  await createMilestones(await orderWith('EUR', '70.00'), terms('100'), [{ status: 'overdue', dueOn: '2022-12-31' }])
  await createMilestones(await orderWith('EUR', '80.00'), terms('100'), [{ status: 'upcoming', dueOn: null }])
  const a = await createAdmin({ role: 'admin' })
  admin = await adminCookie(a.email, a.password)
})

/** One month: a row per currency, in the list's order, nothing unless `given`. */
const month = (m: string, given: Partial<Record<Currency, { paid?: string; paidCount?: number; due?: string; dueCount?: number }>> = {}) =>
  CURRENCIES.map((currency) => ({ month: m, currency, paid: '0.00', paidCount: 0, due: '0.00', dueCount: 0, ...given[currency] }))

const page = (qs: string, cookie: string | null = admin) => callRoute(pageLoader, `/admin/analytics?${qs}`, { cookie })
const download = (qs: string, cookie: string | null = admin) => callRoute(exportLoader, `/admin/analytics/export?${qs}`, { cookie })

describe('paid versus due', () => {
  it('sums paid and due per currency and month of the due date, exactly, every month × currency listed', async () => {
    const res = await page(RANGE)
    expect(res.status).toBe(200)
    const { analytics } = res.data as { analytics: AnalyticsDto }
    expect(analytics.paidVsDue).toEqual([
      ...month('2023-01', { USD: { paid: '333.70', paidCount: 3, due: '333.30', dueCount: 1 } }),
      ...month('2023-02', { USD: { due: '333.30', dueCount: 1 } }),
      ...month('2023-03', { RUB: { due: '45000.15', dueCount: 1 } }),
    ])
    // A narrower range keeps only its months.
    const feb = ((await page('from=2023-02-01&to=2023-02-28')).data as { analytics: AnalyticsDto }).analytics.paidVsDue
    expect(feb).toEqual(month('2023-02', { USD: { due: '333.30', dueCount: 1 } }))
  })

  it('shows the table with formatted amounts (rows with nothing left out), in en and ru', async () => {
    const res = await page(RANGE)
    const text = await renderPageText(AnalyticsPage as never, res.data, `/admin/analytics?${RANGE}`)
    expect(text).toContain('Paid versus due by currency and month')
    expect(text).toContain('$333.70')
    expect(text).toContain('₽45,000.15')
    const ru = await renderPageText(AnalyticsPage as never, res.data, `/admin/analytics?${RANGE}`, 'ru')
    expect(ru).toContain('Оплачено и к оплате по валютам и месяцам')
  })

  it('exports the chart as CSV with the same exact figures', async () => {
    const out = await download(`chart=paid-vs-due&${RANGE}`)
    expect(out.status).toBe(200)
    expect(out.response!.headers.get('Content-Disposition')).toBe('attachment; filename="setu-paid-vs-due-2023-01-01-to-2023-03-31.csv"')
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await out.response!.arrayBuffer())
    expect(text).toBe(
      '\uFEFFdue_month_utc,currency,paid,paid_milestones,due,due_milestones\r\n' +
        '2023-01,USD,333.70,3,333.30,1\r\n2023-01,INR,0.00,0,0.00,0\r\n2023-01,RUB,0.00,0,0.00,0\r\n2023-01,EUR,0.00,0,0.00,0\r\n' +
        '2023-02,USD,0.00,0,333.30,1\r\n2023-02,INR,0.00,0,0.00,0\r\n2023-02,RUB,0.00,0,0.00,0\r\n2023-02,EUR,0.00,0,0.00,0\r\n' +
        '2023-03,USD,0.00,0,0.00,0\r\n2023-03,INR,0.00,0,0.00,0\r\n2023-03,RUB,0.00,0,45000.15,1\r\n2023-03,EUR,0.00,0,0.00,0\r\n',
    )
  })

  it('refuses a moderator (no analytics:read) on the page and the export, with no figures', async () => {
    const m = await createAdmin({ role: 'moderator' })
    const cookie = await adminCookie(m.email, m.password)
    const denied = await page(RANGE, cookie)
    expect(denied.status).toBe(403)
    expect(JSON.stringify(denied.data)).not.toContain('333.70')
    const csv = await download(`chart=paid-vs-due&${RANGE}`, cookie)
    expect(csv.status).toBe(403)
    expect(await csv.response!.text()).not.toContain('due_month_utc')
  })
})
