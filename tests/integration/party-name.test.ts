// A party is named by its company, or by the person when the company name is missing or blank: the same
// rule in every query that names one (app/lib/party-name.server.ts). A profile saved with a company
// name of spaces used to read as a blank name on orders, quotes, negotiations and disputes, while
// messaging already fell back to the person.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { profiles } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { getAdminDispute } from '~/modules/disputes/queries.server'
import { getOrder, listOrders } from '~/modules/orders/queries.server'
import { getNegotiation } from '~/modules/rfqs/negotiation.server'
import { listQuotesForBuyer } from '~/modules/rfqs/quotes.server'
import { createDispute } from '../factories/disputes'
import { createOrder } from '../factories/orders'
import { createUser } from '../factories/users'

describe("a party's display name", () => {
  it('falls back to the person when the company name is blank, and is the company otherwise', async () => {
    const buyer = await createUser({ name: 'Asha Mehta', profile: { userType: 'Buyer', country: 'India', companyName: 'Mehta Foods' } })
    const seller = await createUser({ name: 'Ivan Petrov', profile: { userType: 'Seller', country: 'Russia', kycStatus: 'Approved', companyName: 'Volga Grain' } })
    // Stored blank (older rows, or a direct write): no form stores this today, so it is set here.
    await getDb().update(profiles).set({ companyName: '   ' }).where(eq(profiles.id, seller.profileId!))
    const order = await createOrder(buyer.profileId!, seller.profileId!, 'Delivered')

    expect((await listOrders(buyer.profileId!, 'buyer', 1)).items[0]).toMatchObject({ counterpartyCompany: 'Ivan Petrov' })
    expect((await listOrders(seller.profileId!, 'seller', 1)).items[0]).toMatchObject({ counterpartyCompany: 'Mehta Foods' })
    const detail = (await getOrder(buyer.profileId!, order.id))!
    expect([detail.buyer.company, detail.seller.company]).toEqual(['Mehta Foods', 'Ivan Petrov'])
    expect(detail.events[0]!.actorName).toBe('Mehta Foods')

    const negotiation = (await getNegotiation(buyer.profileId!, order.rfqId, order.quoteId))!
    expect(negotiation).toMatchObject({ rfq: { buyerCompany: 'Mehta Foods' }, quote: { sellerCompany: 'Ivan Petrov' } })
    expect((await listQuotesForBuyer(buyer.profileId!, [order.rfqId]))[order.rfqId]![0]).toMatchObject({ sellerCompany: 'Ivan Petrov' })

    const dispute = await createDispute(order.id)
    const admin = (await getAdminDispute(dispute.id, 'session'))!
    expect([admin.buyer.company, admin.seller.company]).toEqual(['Mehta Foods', 'Ivan Petrov'])
  })
})
