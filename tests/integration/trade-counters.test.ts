import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { loader as dashboardLoader } from '~/routes/seller/dashboard'
import { loader as listLoader } from '~/routes/trade/rfqs'
import { createQuote } from '../factories/quotes'
import { createRfq } from '../factories/trade'
import { createSignedInUser } from '../factories/users'
import { callRoute } from './account-support'
import type { TradingCountry } from '~/domain'

// The dashboard counters of issue 8 item 11, as the seller's dashboard and My RFQs load them: RFQs
// awaiting the seller (unquoted on the board + negotiations where it is the seller's turn) and quotes
// awaiting the buyer (Quoted, not expired, on an open RFQ).

const buyer = () => createSignedInUser({ userType: 'Buyer', country: 'India' })
const seller = (country: TradingCountry = 'Russia') => createSignedInUser({ userType: 'Seller', country, kycStatus: 'Approved', companyName: `Seller Co ${randomUUID().slice(0, 4)}` })

type Stats = { openRfqs: number; sellerTurn: number; rfqsAwaiting: number; pendingOrders: number; buying: { rfqs: number; awaitingQuotes: number } | null }
const dashboard = async (cookie: string) => ((await callRoute(dashboardLoader, '/dashboard', { cookie })).data as { stats: Stats }).stats
const myRfqs = async (cookie: string) => ((await callRoute(listLoader, '/rfqs', { cookie })).data as { awaitingQuotes: number }).awaitingQuotes
const past = new Date(Date.now() - 60_000)

describe("the seller's RFQs awaiting a response", () => {
  it('adds the negotiations where the buyer countered (live, on an open RFQ) to the unquoted board RFQs', async () => {
    const b = await buyer()
    const s = await seller()
    const before = await dashboard(s.cookie)
    expect(before.rfqsAwaiting).toBe(before.openRfqs + before.sellerTurn)

    // One new RFQ on the board, not quoted yet.
    await createRfq(b.profileId, { locationPreference: 'Both' })
    // Four RFQs the seller quoted on: only the live Countered one on an open RFQ waits for the seller.
    const countered = await createRfq(b.profileId)
    await createQuote(countered.id, s.profileId, { status: 'Countered' })
    const quoted = await createRfq(b.profileId)
    await createQuote(quoted.id, s.profileId, { status: 'Quoted' })
    const lapsed = await createRfq(b.profileId)
    await createQuote(lapsed.id, s.profileId, { status: 'Countered', expiresAt: past })
    const closed = await createRfq(b.profileId, { status: 'closed', closedAt: new Date() })
    await createQuote(closed.id, s.profileId, { status: 'Countered' })

    const after = await dashboard(s.cookie)
    expect(after.openRfqs).toBe(before.openRfqs + 1)
    expect(after.sellerTurn).toBe(before.sellerTurn + 1)
    expect(after.rfqsAwaiting).toBe(before.rfqsAwaiting + 2)
    // Another seller's Countered quote is not this seller's turn.
    const other = await seller('India')
    expect((await dashboard(other.cookie)).sellerTurn).toBe(0)
  })
})

describe('quotes awaiting the buyer', () => {
  it('counts Quoted, unexpired quotes on the buyer’s open RFQs, on My RFQs and, for a seller who buys, on the dashboard', async () => {
    const b = await buyer()
    const s1 = await seller()
    const s2 = await seller('India')
    expect(await myRfqs(b.cookie)).toBe(0)

    const open = await createRfq(b.profileId)
    await createQuote(open.id, s1.profileId, { status: 'Quoted' })
    await createQuote(open.id, s2.profileId, { status: 'Countered' })
    const second = await createRfq(b.profileId)
    await createQuote(second.id, s1.profileId, { status: 'Quoted' })
    await createQuote(second.id, s2.profileId, { status: 'Quoted', expiresAt: past })
    const closed = await createRfq(b.profileId, { status: 'closed', closedAt: new Date() })
    await createQuote(closed.id, s1.profileId, { status: 'Quoted' })
    const someoneElses = await createRfq((await buyer()).profileId)
    await createQuote(someoneElses.id, s1.profileId, { status: 'Quoted' })
    expect(await myRfqs(b.cookie)).toBe(2)

    // A seller with no RFQs of their own sees no buyer card; once they ask, they do.
    expect((await dashboard(s1.cookie)).buying).toBeNull()
    const asked = await createRfq(s1.profileId)
    expect((await dashboard(s1.cookie)).buying).toEqual({ rfqs: 1, awaitingQuotes: 0 })
    await createQuote(asked.id, s2.profileId, { status: 'Quoted' })
    expect((await dashboard(s1.cookie)).buying).toEqual({ rfqs: 1, awaitingQuotes: 1 })
    expect(await myRfqs(s1.cookie)).toBe(1)
  })
})
