// The buyer's overview (issue 26 item 6): what waits for a buyer across the trade modules, read through
// each module's own queries. Shown on /dashboard to buyers and on the Buying tab to sellers who buy.
import { countUnreadMessages } from '~/modules/messaging/index.server'
import { countUnreadNotifications } from '~/modules/notifications/index.server'
import { countBuyerOrdersByStatus, type OrderCountsDto } from '~/modules/orders/index.server'
import { type AwaitingQuoteDto, getBuyerQuoteCounts, listOpenRfqsForBuyer, listQuotesAwaitingBuyer, type OpenRfqSummaryDto } from '~/modules/rfqs/index.server'
import { BUYER_OVERVIEW_LIST_SIZE } from './limits'

export type BuyerOverviewDto = {
  /** Open RFQs: how many, and the newest few. */
  openRfqs: { total: number; items: OpenRfqSummaryDto[] }
  /** Quotes waiting for the buyer's answer: how many, and those that moved last. */
  awaitingQuotes: { total: number; items: AwaitingQuoteDto[] }
  orders: OrderCountsDto
  unreadMessages: number
  unreadNotifications: number
}

/** Everything the buyer's overview shows for this profile, each list cut to BUYER_OVERVIEW_LIST_SIZE. */
export async function getBuyerOverview(profileId: string): Promise<BuyerOverviewDto> {
  const [openRfqs, quoteCounts, awaiting, orders, unreadMessages, unreadNotifications] = await Promise.all([
    listOpenRfqsForBuyer(profileId, BUYER_OVERVIEW_LIST_SIZE),
    getBuyerQuoteCounts(profileId),
    listQuotesAwaitingBuyer(profileId, BUYER_OVERVIEW_LIST_SIZE),
    countBuyerOrdersByStatus(profileId),
    countUnreadMessages(profileId),
    countUnreadNotifications(profileId),
  ])
  return { openRfqs, awaitingQuotes: { total: quoteCounts.awaitingQuotes, items: awaiting }, orders, unreadMessages, unreadNotifications }
}
