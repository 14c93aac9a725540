// The facts behind the trade section that do not depend on language: which items exist, in which order,
// official addresses and the Incoterms matrix. Everything a reader sees is translated in trade.json.

export type Party = 'seller' | 'buyer'
export type RiskLevel = 'low' | 'medium' | 'high'

export const TRANSPORT_MODES = ['sea', 'rail', 'air'] as const
export type TransportMode = (typeof TRANSPORT_MODES)[number]

/** Incoterms 2020: who clears export and import, who pays the main carriage, and the insurance duty. */
export const INCOTERMS = [
  { code: 'EXW', modes: 'any', exportClearance: 'buyer', carriage: 'buyer', insurance: 'buyerOptional', importClearance: 'buyer' },
  { code: 'FCA', modes: 'any', exportClearance: 'seller', carriage: 'buyer', insurance: 'buyerOptional', importClearance: 'buyer' },
  { code: 'FOB', modes: 'sea', exportClearance: 'seller', carriage: 'buyer', insurance: 'buyerOptional', importClearance: 'buyer' },
  { code: 'CIF', modes: 'sea', exportClearance: 'seller', carriage: 'seller', insurance: 'sellerMinimum', importClearance: 'buyer' },
  { code: 'CIP', modes: 'any', exportClearance: 'seller', carriage: 'seller', insurance: 'sellerAllRisks', importClearance: 'buyer' },
  { code: 'DAP', modes: 'any', exportClearance: 'seller', carriage: 'seller', insurance: 'sellerOptional', importClearance: 'buyer' },
  { code: 'DDP', modes: 'any', exportClearance: 'seller', carriage: 'seller', insurance: 'sellerOptional', importClearance: 'seller' },
] as const satisfies ReadonlyArray<{
  code: string
  modes: 'any' | 'sea'
  exportClearance: Party
  carriage: Party
  insurance: 'buyerOptional' | 'sellerOptional' | 'sellerMinimum' | 'sellerAllRisks'
  importClearance: Party
}>
export type IncotermCode = (typeof INCOTERMS)[number]['code']

/** Payment methods, ordered from safest for the seller to safest for the buyer, with who carries the risk. */
export const PAYMENT_METHODS = [
  { key: 'advance', buyerRisk: 'high', sellerRisk: 'low' },
  { key: 'partial', buyerRisk: 'medium', sellerRisk: 'medium' },
  { key: 'lc', buyerRisk: 'medium', sellerRisk: 'low' },
  { key: 'collection', buyerRisk: 'low', sellerRisk: 'medium' },
  { key: 'openAccount', buyerRisk: 'low', sellerRisk: 'high' },
  { key: 'escrow', buyerRisk: 'low', sellerRisk: 'low' },
] as const satisfies ReadonlyArray<{ key: string; buyerRisk: RiskLevel; sellerRisk: RiskLevel }>
export type PaymentMethodKey = (typeof PAYMENT_METHODS)[number]['key']

export const CURRENCIES = ['INR', 'RUB', 'USD', 'EUR', 'AED'] as const

export const CERTIFICATIONS = ['eac', 'sgr', 'fssai', 'boards', 'phyto', 'origin', 'gems', 'marking', 'bis'] as const

/** Official online services of each country; names and descriptions are translated, addresses are not. */
export const PORTALS = {
  india: [
    { key: 'icegate', url: 'https://www.icegate.gov.in/' },
    { key: 'dgft', url: 'https://www.dgft.gov.in/' },
    { key: 'cbic', url: 'https://www.cbic.gov.in/' },
  ],
  russia: [
    { key: 'fcs', url: 'https://customs.gov.ru/' },
    { key: 'fcsAccount', url: 'https://lk.customs.gov.ru/' },
    { key: 'fsa', url: 'https://pub.fsa.gov.ru/' },
  ],
} as const satisfies Record<'india' | 'russia', ReadonlyArray<{ key: string; url: string }>>

/** The documentation checklist: two directions of trade, each with an export and an import table. */
export const DOC_FLOWS = ['indiaToRussia', 'russiaToIndia'] as const
export const DOC_SIDES = ['export', 'import'] as const

/** The sub-pages of the trade section. */
export const TRADE_SUBPAGES = [
  { key: 'documentation', path: '/trade-instructions/documentation' },
  { key: 'payment', path: '/trade-instructions/payment' },
  { key: 'logistics', path: '/trade-instructions/logistics' },
] as const
export type TradeSubpage = (typeof TRADE_SUBPAGES)[number]['key']
