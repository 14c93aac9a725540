// Trade documents (issue 29 item 4): the kinds an order gets as PDFs, their number prefixes, and when
// each is due. The Drizzle schema, the documents module and the tests read these.
import type { LanguageCode } from './languages'
import type { OrderStatus } from './statuses'
import type { TradingCountry } from './countries'

/** A proforma invoice when the order is accepted; a commercial invoice and a packing list when it ships. */
export const TRADE_DOCUMENT_KINDS = ['proforma', 'commercial_invoice', 'packing_list'] as const
export type TradeDocumentKind = (typeof TRADE_DOCUMENT_KINDS)[number]

/** The number prefix of each kind: "PI-2026-0001" (unique per seller, kind and year). */
export const TRADE_DOCUMENT_PREFIXES: Record<TradeDocumentKind, string> = { proforma: 'PI', commercial_invoice: 'CI', packing_list: 'PL' }

/** The order status whose arrival issues each kind (and every status after it on the way). */
export const TRADE_DOCUMENTS_ON_STATUS: Partial<Record<OrderStatus, readonly TradeDocumentKind[]>> = {
  Accepted: ['proforma'],
  Shipped: ['commercial_invoice', 'packing_list'],
}

/** The statuses in which each kind is due (a sweep issues one that is missing). */
export const TRADE_DOCUMENT_DUE_IN: Record<TradeDocumentKind, readonly OrderStatus[]> = {
  proforma: ['Accepted', 'Shipped', 'Delivered'],
  commercial_invoice: ['Shipped', 'Delivered'],
  packing_list: ['Shipped', 'Delivered'],
}

/** Every document is printed in English and the language of the buyer's country (the party it is made out to). */
export const TRADE_DOCUMENT_LANGUAGE: Record<TradingCountry, Exclude<LanguageCode, 'en'>> = { India: 'hi', Russia: 'ru' }

/** Digits of the running number: "0001"; more than 9,999 documents a year simply print longer. */
export const TRADE_DOCUMENT_NUMBER_DIGITS = 4

/** "PI-2026-0001". */
export function tradeDocumentNumber(kind: TradeDocumentKind, year: number, sequence: number): string {
  return `${TRADE_DOCUMENT_PREFIXES[kind]}-${year}-${String(sequence).padStart(TRADE_DOCUMENT_NUMBER_DIGITS, '0')}`
}

export function isTradeDocumentKind(value: unknown): value is TradeDocumentKind {
  return typeof value === 'string' && (TRADE_DOCUMENT_KINDS as readonly string[]).includes(value)
}
