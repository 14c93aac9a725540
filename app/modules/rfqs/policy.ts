// Who may quote on buyers' RFQs (issue 8 item 4). Pure: the board shows the reason, the command
// refuses with it.

export type QuotingSeller = { kycStatus: 'Pending' | 'Approved' | 'Rejected' | null; accountStatus: 'active' | 'suspended' | 'banned' }

/** Why this seller may not quote yet (an i18n key under rfqs:board.blocked), or null when they may. */
export function quoteBlocker(seller: QuotingSeller): 'inactive' | 'kycMissing' | 'kycPending' | 'kycRejected' | null {
  if (seller.accountStatus !== 'active') return 'inactive'
  if (seller.kycStatus === 'Approved') return null
  if (seller.kycStatus === 'Pending') return 'kycPending'
  if (seller.kycStatus === 'Rejected') return 'kycRejected'
  return 'kycMissing'
}

/** Whether the seller may submit quotes at all (KYC approved, account active). */
export function canQuote(seller: QuotingSeller): boolean {
  return quoteBlocker(seller) === null
}
