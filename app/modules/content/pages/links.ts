import { GUIDE_ANCHORS } from './guides'

/** Where each inline tag used in pages.json points. A test checks every tag in every language against this map. */
export const RICH_LINKS = {
  about: '/about',
  contact: '/contact',
  faq: '/faq',
  terms: '/terms',
  privacy: '/privacy',
  logistics: '/logistics',
  guides: '/guides',
  register: '/register',
  marketplace: '/marketplace',
  kycUpload: '/kyc-upload',
  tradeInstructions: '/trade-instructions',
  tradeDocs: '/trade-instructions/documentation',
  tradePayment: '/trade-instructions/payment',
  tradeLogistics: '/trade-instructions/logistics',
  prohibited: '/trade-instructions?tab=product-guidelines',
  disputes: '/trade-instructions?tab=payment-legal',
  guideSpices: `/guides#${GUIDE_ANCHORS.spices}`,
  guideEac: `/guides#${GUIDE_ANCHORS.eac}`,
  guideIncoterms: `/guides#${GUIDE_ANCHORS.incoterms}`,
  guidePayments: `/guides#${GUIDE_ANCHORS.payments}`,
  guideRfq: `/guides#${GUIDE_ANCHORS.rfq}`,
  guideKyc: `/guides#${GUIDE_ANCHORS.kyc}`,
} as const satisfies Record<string, string>

export type RichLink = keyof typeof RICH_LINKS

/** Inline tags that are formatting rather than links. */
export const RICH_FORMATS = ['strong'] as const
