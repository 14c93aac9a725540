// The columns every RFQ list reads (the buyer's own RFQs, the sellers' board), written once.
import { and, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { categoryTranslations, rfqs } from '../../../db/schema'
import type { Currency, IncotermCode, LocationPreference, QuantityUnit } from '~/domain'
import { productNameSql } from './product-requests.server'

/** The category name's translations: the reader's language (ctl), then English (cte). */
export const ctl = alias(categoryTranslations, 'ctl')
export const cte = alias(categoryTranslations, 'cte')

/** The join conditions for ctl and cte on an RFQ's category. */
export function rfqCategoryJoins(locale: string) {
  return {
    reader: and(eq(ctl.categoryId, rfqs.categoryId), eq(ctl.languageCode, locale as 'en')),
    english: and(eq(cte.categoryId, rfqs.categoryId), eq(cte.languageCode, 'en')),
  }
}

/** What every RFQ list row shows (rfqListColumns, dates as ISO strings). Money stays an exact decimal string. */
export type RfqListFields = {
  id: string
  title: string
  description: string
  categoryName: string | null
  budgetMin: string | null
  budgetMax: string | null
  currency: Currency
  quantity: number
  unit: QuantityUnit
  deadline: string | null
  locationPreference: LocationPreference
  incoterm: IncotermCode | null
  incotermPlace: string | null
  destination: string | null
  createdAt: string
}

/** An RFQ as a list row shows it, with its category and requested product named in the reader's language. */
export function rfqListColumns(locale: string) {
  return {
    id: rfqs.id,
    title: rfqs.title,
    description: rfqs.description,
    categoryName: sql<string | null>`coalesce(${ctl.name}, ${cte.name}, ${rfqs.categoryId})`,
    budgetMin: rfqs.budgetMin,
    budgetMax: rfqs.budgetMax,
    currency: rfqs.currency,
    quantity: rfqs.quantity,
    unit: rfqs.unit,
    deadline: rfqs.deadline,
    locationPreference: rfqs.locationPreference,
    incoterm: rfqs.incoterm,
    incotermPlace: rfqs.incotermPlace,
    destination: rfqs.destination,
    createdAt: rfqs.createdAt,
    sellerId: rfqs.sellerId,
    productId: rfqs.productId,
    productName: productNameSql(rfqs.productId, locale),
  }
}
