/**
 * The guides of /guides, in page order, with the anchor id of each: other pages link to these anchors
 * (RICH_LINKS' guide* entries are made from them), so keep them stable.
 */
export const GUIDE_ANCHORS = {
  spices: 'exporting-spices',
  eac: 'eac-certification',
  incoterms: 'choosing-incoterms',
  payments: 'rupees-and-roubles',
  rfq: 'writing-an-rfq',
  kyc: 'seller-kyc',
} as const

export type GuideKey = keyof typeof GUIDE_ANCHORS

export const GUIDE_KEYS = Object.keys(GUIDE_ANCHORS) as GuideKey[]
