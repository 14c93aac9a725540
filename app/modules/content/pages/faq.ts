/** FAQ structure: groups in display order, each with the keys of its questions under pages:faq.items. */
export const FAQ_GROUPS = [
  { id: 'getting-started', key: 'gettingStarted', items: ['whatIsSetu', 'whoCanJoin', 'languages'] },
  { id: 'buying', key: 'buying', items: ['getPrice', 'quoteBinding', 'samples', 'genuineSellers'] },
  { id: 'selling', key: 'selling', items: ['whyKyc', 'kycDocuments', 'kycReview', 'fees'] },
  { id: 'payments-logistics', key: 'payments', items: ['payments', 'shipping', 'disputes'] },
] as const

export const FAQ_ITEM_KEYS = FAQ_GROUPS.flatMap((g) => g.items)
