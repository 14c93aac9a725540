// Demo moderation queue (issue 10): two reported conversations between demo buyers and catalog
// sellers without logins, so the moderator has something to judge and no demo login's inbox changes.
import { randomUUID } from 'node:crypto'
import type { Db } from '~/lib/db.server'
import { conversationReports, conversations, messages } from '../schema'
import { demoProducts } from './products'
import { SELLER_IDS } from './sellers'
import { BUYER_IDS } from './trade'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const HOUR_MS = 60 * 60 * 1000

/** Fixed ids, so tests and the demo walkthrough can name them. */
export const DEMO_REPORT_IDS = {
  offPlatformPayment: '5b0c1f4e-7d2a-4c1e-9a63-2f8d1e4b7a01',
  abusiveBuyer: '5b0c1f4e-7d2a-4c1e-9a63-2f8d1e4b7a02',
} as const

type Line = { from: 'buyer' | 'seller'; body: string; hoursAgo: number }

type DemoReport = {
  id: string
  conversationId: string
  buyerId: string
  sellerId: string
  reporter: 'buyer' | 'seller'
  reason: string
  reportedHoursAgo: number
  lines: Line[]
}

function productOf(sellerId: string): string {
  const product = demoProducts.find((p) => p.sellerId === sellerId && p.isActive !== false)
  if (!product) throw new Error(`demo moderation: seller ${sellerId} has no active product`)
  return product.id
}

export const demoReports: DemoReport[] = [
  {
    id: DEMO_REPORT_IDS.offPlatformPayment,
    conversationId: '5b0c1f4e-7d2a-4c1e-9a63-2f8d1e4b7b01',
    buyerId: BUYER_IDS.kaveriHospitality,
    sellerId: SELLER_IDS.jaipurGems,
    reporter: 'buyer',
    reason: 'The seller insists on payment to a personal crypto wallet outside Setu and says the listed price only holds if I pay today.',
    reportedHoursAgo: 30,
    lines: [
      { from: 'buyer', body: 'Hello, we would like 40 pieces for our hotel boutique. Can you share the certificate for each stone?', hoursAgo: 52 },
      { from: 'seller', body: 'Yes, certificates available. Price is good only if you pay today, outside the platform.', hoursAgo: 50 },
      { from: 'seller', body: 'Send USDT to this wallet and I ship tomorrow. No need for an order on Setu, it only slows things down.', hoursAgo: 49 },
      { from: 'buyer', body: 'We only pay against an order and a proforma invoice. Please quote through Setu.', hoursAgo: 31 },
    ],
  },
  {
    id: DEMO_REPORT_IDS.abusiveBuyer,
    conversationId: '5b0c1f4e-7d2a-4c1e-9a63-2f8d1e4b7b02',
    buyerId: BUYER_IDS.nevaFoods,
    sellerId: SELLER_IDS.taigaNaturals,
    reporter: 'seller',
    reason: 'After we declined a 60% discount the buyer started sending insults and threatened to post fake reviews about our company.',
    reportedHoursAgo: 6,
    lines: [
      { from: 'buyer', body: 'We need 2 tonnes at 60% below your list price, otherwise forget it.', hoursAgo: 20 },
      { from: 'seller', body: 'Thank you for the interest. We can offer 8% for this volume, with lab reports per lot.', hoursAgo: 18 },
      { from: 'buyer', body: 'You are thieves. Accept or I will write reviews everywhere that your goods are fake.', hoursAgo: 8 },
    ],
  },
]

/** Inserts the demo conversations, their messages and the open reports on them. */
export async function insertModerationData(tx: Tx, now: number): Promise<void> {
  const at = (hoursAgo: number) => new Date(now - Math.round(hoursAgo * HOUR_MS))
  for (const r of demoReports) {
    const last = Math.min(...r.lines.map((l) => l.hoursAgo))
    const first = Math.max(...r.lines.map((l) => l.hoursAgo))
    await tx.insert(conversations).values({
      id: r.conversationId,
      buyerId: r.buyerId,
      sellerId: r.sellerId,
      subjectType: 'product',
      subjectId: productOf(r.sellerId),
      // Each side has read everything up to its own last message.
      buyerLastReadAt: at(last),
      sellerLastReadAt: at(last),
      lastMessageAt: at(last),
      createdAt: at(first + 0.1),
    })
    await tx.insert(messages).values(
      r.lines.map((l) => ({
        conversationId: r.conversationId,
        senderId: l.from === 'buyer' ? r.buyerId : r.sellerId,
        body: l.body,
        clientKey: randomUUID(),
        // Demo history: the unread-message mail job has nothing to send for it.
        notifiedAt: at(l.hoursAgo),
        createdAt: at(l.hoursAgo),
      })),
    )
    await tx.insert(conversationReports).values({
      id: r.id,
      conversationId: r.conversationId,
      reporterId: r.reporter === 'buyer' ? r.buyerId : r.sellerId,
      reason: r.reason,
      status: 'open',
      createdAt: at(r.reportedHoursAgo),
    })
  }
}
