/** How many open RFQs and waiting quotes the buyer's overview lists; the rest are on My RFQs. */
export const BUYER_OVERVIEW_LIST_SIZE = 5
