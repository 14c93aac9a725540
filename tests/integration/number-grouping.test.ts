// Numbers grouped by the reader's region (issue 27 item 6): a buyer in India reads Indian lakh/crore
// grouping in English and Hindi, a seller in Russia reads international grouping in English and Hindi,
// and both read Russian style in Russian. The order page is rendered through the production build, as
// each party signed in and in each language.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { createOrder } from '../factories/orders'
import { createUser, signInCookie, type CreateUserOptions } from '../factories/users'
import { dispatch } from '../support/app'

const NBSP = '\u00a0'

async function signedIn(profile: CreateUserOptions['profile']) {
  const u = await createUser({ profile })
  return { ...u, profileId: u.profileId!, cookie: await signInCookie(u.email, u.password) }
}

/** What each party should read for a total of 199000 USD and a quantity of 120000, per language. */
const EXPECTED = {
  buyerInIndia: { en: ['$1,99,000.00', '1,20,000'], hi: ['$1,99,000.00', '1,20,000'], ru: [`199${NBSP}000,00${NBSP}$`, `120${NBSP}000`] },
  sellerInRussia: { en: ['$199,000.00', '120,000'], hi: ['$199,000.00', '120,000'], ru: [`199${NBSP}000,00${NBSP}$`, `120${NBSP}000`] },
} as const

describe('the order page groups numbers for its reader', () => {
  let orderId = ''
  const cookies = { buyerInIndia: '', sellerInRussia: '' }

  beforeAll(async () => {
    const buyer = await signedIn({ userType: 'Buyer', country: 'India', companyName: `Buyer Co ${randomUUID().slice(0, 4)}` })
    const seller = await signedIn({ userType: 'Seller', country: 'Russia', kycStatus: 'Approved', companyName: `Seller Co ${randomUUID().slice(0, 4)}` })
    cookies.buyerInIndia = buyer.cookie
    cookies.sellerInRussia = seller.cookie
    const order = await createOrder(buyer.profileId, seller.profileId)
    orderId = order.id
    await getDb().update(orders).set({ quantity: 120000, unitPrice: '1.65', total: '199000.00' }).where(eq(orders.id, orderId))
  })

  for (const reader of ['buyerInIndia', 'sellerInRussia'] as const) {
    for (const lng of ['en', 'hi', 'ru'] as const) {
      it(`for a ${reader === 'buyerInIndia' ? 'buyer in India' : 'seller in Russia'} reading ${lng}`, async () => {
        const res = await dispatch(`/orders/${orderId}?lng=${lng}`, { cookie: cookies[reader] })
        expect(res.status).toBe(200)
        const html = await res.text()
        const [total, quantity] = EXPECTED[reader][lng]
        expect(html).toContain(total)
        expect(html).toContain(quantity)
        // Never the other region's grouping.
        const other = EXPECTED[reader === 'buyerInIndia' ? 'sellerInRussia' : 'buyerInIndia'][lng]
        if (other[0] !== total) expect(html).not.toContain(other[0])
      })
    }
  }
})
