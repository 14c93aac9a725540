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
  guideSpices: '/guides#exporting-spices',
  guideEac: '/guides#eac-certification',
  guideIncoterms: '/guides#choosing-incoterms',
  guidePayments: '/guides#rupees-and-roubles',
  guideRfq: '/guides#writing-an-rfq',
  guideKyc: '/guides#seller-kyc',
} as const satisfies Record<string, string>

export type RichLink = keyof typeof RICH_LINKS

/** Inline tags that are formatting rather than links. */
export const RICH_FORMATS = ['strong'] as const
