// What a trade document prints (issue 29 item 4): a plain, typed object, read from the order by
// data.server.ts and rendered to PDF by render.server.ts. Money is exact decimal strings throughout.
import type { Currency, IncotermCode, PaymentTerms, QuantityUnit, ShippingMethod, TradeDocumentKind, TradingCountry } from '~/domain'

export type DocumentParty = {
  /** The registered (company) name; the person's name when the profile has no company. */
  registeredName: string
  address: string | null
  country: TradingCountry
  email: string
}

export type DocumentLine = {
  description: string
  hsCode: string | null
  /** ISO 3166-1 alpha-2 code of the country of origin. */
  origin: string | null
  quantity: number
  unit: QuantityUnit
  /** Exact decimal strings, as stored (numeric). */
  unitPrice: string
  total: string
}

/**
 * A payment milestone as a document prints it: its place in the terms (the wording comes from the terms)
 * and its exact amount. Due dates are not printed: they follow events after the document is issued, and
 * the order page shows them.
 */
export type DocumentMilestone = { position: number; amount: string }

export type DocumentBankDetails = {
  bankName: string
  accountName: string | null
  accountNumber: string
  swift: string | null
  ifsc: string | null
  bik: string | null
  correspondentAccount: string | null
}

export type DocumentShipment = {
  mode: ShippingMethod | null
  carrier: string | null
  loading: string | null
  discharge: string | null
  waybill: string | null
  containers: string[]
}

/** Everything that is printed, except the number, the version and the date the issue adds. */
export type TradeDocumentContent = {
  /** The order's short reference ("3f2a9c1d"). */
  orderRef: string
  seller: DocumentParty
  buyer: DocumentParty
  lines: DocumentLine[]
  currency: Currency
  total: string
  incoterm: IncotermCode | null
  incotermPlace: string | null
  /** The free-text terms of an order made before structured terms (migration 0028); null on newer orders. */
  paymentTerms: string | null
  /** The structured terms locked into the order (issue 29 item 1), null on older orders. */
  paymentSchedule: PaymentTerms | null
  milestones: DocumentMilestone[]
  bank: DocumentBankDetails | null
  shipment: DocumentShipment | null
}

export type TradeDocumentData = TradeDocumentContent & {
  kind: TradeDocumentKind
  /** "PI-2026-0001". */
  number: string
  version: number
  /** The issue date, YYYY-MM-DD (UTC). */
  date: string
}
