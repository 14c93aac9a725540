// Reads what a trade document prints from the order, its parties and its RFQ or product. The
// fingerprint of this content decides whether an issue makes a new version (ADR 032).
import { createHash } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { orderMilestones, orders, profiles, products, rfqs } from '../../../db/schema'
import { readPaymentTerms } from '~/modules/payments'
import type { Db } from '~/lib/db.server'
import type { TradingCountry } from '~/domain'
import type { DocumentBankDetails, TradeDocumentContent } from './types'
import { tradeDetailsColumns, type TradeDetails } from '~/modules/accounts/index.server'

const COUNTRY_CODES: Record<TradingCountry, string> = { India: 'IN', Russia: 'RU' }

/** A product's name in English, else any language (the document is made out in English first). */
const productName = sql<string | null>`(select pt.name from product_translations pt where pt.product_id = ${orders.productId} and btrim(pt.name) <> ''
  order by (pt.language_code = 'en') desc, pt.language_code limit 1)`

/** The seller's bank account as a document prints it, or null when the seller has given none. */
function bankOf(d: TradeDetails): DocumentBankDetails | null {
  if (!d.bankName || !d.bankAccountNumber) return null
  return { bankName: d.bankName, accountName: d.bankAccountName, accountNumber: d.bankAccountNumber, swift: d.bankSwift, ifsc: d.bankIfsc, bik: d.bankBik, correspondentAccount: d.bankCorrespondentAccount }
}

/** The order's printable content, or null when there is no such order. Read inside `tx` (the transaction). */
export async function loadDocumentContent(tx: Pick<Db, 'select'>, orderId: string): Promise<(TradeDocumentContent & { sellerId: string }) | null> {
  const seller = alias(profiles, 'seller')
  const buyer = alias(profiles, 'buyer')
  const [row] = await tx
    .select({
      id: orders.id,
      sellerId: orders.sellerId,
      unitPrice: orders.unitPrice,
      quantity: orders.quantity,
      unit: orders.unit,
      currency: orders.currency,
      total: orders.total,
      incoterm: orders.incoterm,
      incotermPlace: orders.incotermPlace,
      paymentTerms: orders.paymentTerms,
      paymentSchedule: orders.paymentSchedule,
      shippingMethod: orders.shippingMethod,
      rfqTitle: rfqs.title,
      rfqHsCode: rfqs.hsCode,
      productName,
      productAttributes: products.attributes,
      sellerName: seller.name,
      sellerCompany: seller.companyName,
      sellerCountry: seller.country,
      sellerEmail: seller.email,
      buyerName: buyer.name,
      buyerCompany: buyer.companyName,
      buyerCountry: buyer.country,
      buyerEmail: buyer.email,
      sellerDetails: tradeDetailsColumns(seller),
      buyerAddress: buyer.registeredAddress,
    })
    .from(orders)
    .innerJoin(seller, eq(seller.id, orders.sellerId))
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .leftJoin(rfqs, eq(rfqs.id, orders.rfqId))
    .leftJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId))
  if (!row) return null
  const attributes = row.productAttributes ?? {}
  const hsCode = row.rfqHsCode ?? (typeof attributes.hsCode === 'string' && attributes.hsCode.trim() ? attributes.hsCode.trim() : null)
  // The country of origin a product states; otherwise the seller's country (the exporter's goods).
  const origin = typeof attributes.origin === 'string' && /^[A-Z]{2}$/.test(attributes.origin) ? attributes.origin : COUNTRY_CODES[row.sellerCountry]
  return {
    sellerId: row.sellerId,
    orderRef: row.id.slice(0, 8),
    seller: { registeredName: row.sellerCompany?.trim() || row.sellerName, address: row.sellerDetails.registeredAddress, country: row.sellerCountry, email: row.sellerEmail },
    buyer: { registeredName: row.buyerCompany?.trim() || row.buyerName, address: row.buyerAddress, country: row.buyerCountry, email: row.buyerEmail },
    lines: [
      {
        description: row.rfqTitle ?? row.productName ?? row.id.slice(0, 8),
        hsCode,
        origin,
        quantity: row.quantity,
        unit: row.unit,
        unitPrice: row.unitPrice,
        total: row.total,
      },
    ],
    currency: row.currency,
    total: row.total,
    incoterm: row.incoterm,
    incotermPlace: row.incotermPlace,
    paymentTerms: row.paymentTerms,
    paymentSchedule: readPaymentTerms(row.paymentSchedule),
    milestones: await tx
      .select({ position: orderMilestones.position, amount: orderMilestones.amount })
      .from(orderMilestones)
      .where(eq(orderMilestones.orderId, row.id))
      .orderBy(asc(orderMilestones.position)),
    bank: bankOf(row.sellerDetails),
    shipment: row.shippingMethod ? { mode: row.shippingMethod, carrier: null, loading: null, discharge: null, waybill: null, containers: [] } : null,
  }
}

/** SHA-256 (hex) of the content, keys in a fixed order: equal content, equal fingerprint. */
export function contentFingerprint(content: TradeDocumentContent): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(canonical) : value && typeof value === 'object' ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])])) : value
  return createHash('sha256').update(JSON.stringify(canonical(content))).digest('hex')
}
