// The catalog's shared SQL pieces: what makes a product or a seller public, the listing fields filters
// and sorts read, and the cached category index. Private to the catalog module's query files.
import { and, type AnyColumn, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { categories, categoryTranslations, products, productTranslations, profiles } from '../../../db/schema'
import type { LanguageCode } from '~/domain'
import { getDb } from '~/lib/db.server'
import { referenceData } from '~/lib/reference-cache.server'
import { COUNT_CAP, NEW_LISTING_DAYS } from './schemas'

// Shared SQL pieces

/** Category name in the visitor's language, then English. */
export const ctl = alias(categoryTranslations, 'ctl')
export const cte = alias(categoryTranslations, 'cte')

export const categoryImage = (id: string) => `/images/categories/${id}.svg`

/**
 * A product is public when it is active and its seller's account is active and KYC-approved
 * (suspended sellers disappear; a pending seller's products wait for approval).
 */
export const publicProduct = and(eq(products.isActive, true), eq(profiles.accountStatus, 'active'), eq(profiles.kycStatus, 'Approved'))
/**
 * The same rule as publicProduct, as the triggers of migration 0018 keep it on the product row:
 * reads no seller, and is the predicate of the listing indexes (migration 0019).
 */
export const listedProduct = sql`${products.isListed}`

/** A seller has a public page (/sellers/:id) on the same terms: account active, KYC approved. */
export const publicSeller = and(eq(profiles.userType, 'Seller'), eq(profiles.accountStatus, 'active'), eq(profiles.kycStatus, 'Approved'))

export const categoryName = (idColumn: AnyPgColumn | SQL) => sql<string>`coalesce(${ctl.name}, ${cte.name}, ${idColumn})`
export const isNewSql = sql<boolean>`(${products.createdAt} >= now() - make_interval(days => ${NEW_LISTING_DAYS}))`

/**
 * Count of public products in a category, its subcategories, or (for a subcategory) itself, up to
 * COUNT_CAP + 1 (more reads as "1,000+"; an exact count would read the whole category). Two capped
 * counts over products.is_listed (kept by triggers, migration 0018), each an index-only scan of one
 * partial index that stops at the cap: products filed under the category or one of its children, and
 * products whose subcategory it is that are filed elsewhere (so no product is counted twice). No seller
 * is looked up (ADR 017 fourth step).
 */
export const publicProductCount = (categoryId: AnyPgColumn) => {
  const ids = sql`array(select ${categoryId} union all select cc.id from ${categories} cc where cc.parent_id = ${categoryId})`
  return sql<number>`(
  (select count(*)::int from (select 1 from ${products} p where p.is_listed and p.category_id = any(${ids}) limit ${COUNT_CAP + 1}) filed)
  + (select count(*)::int from (select 1 from ${products} p where p.is_listed and p.subcategory_id = ${categoryId}
      and p.category_id <> all(${ids}) limit ${COUNT_CAP + 1}) elsewhere))`
}

/**
 * The listing fields that filters and sorts read: on a product and its seller (a listing), or their
 * copies on a product text (`t`, a search; kept by the triggers of migration 0017, ADR 017).
 */
export type ListingFields = {
  isPublic: SQL
  sellerId: AnyColumn
  sellerCountry: AnyColumn
  categoryId: AnyColumn
  subcategoryId: AnyColumn
  /** Products only: a text has the rank, which names the currency as well. */
  currency?: AnyColumn
  currencyRank: AnyColumn
  price: AnyColumn
  minimumOrderQuantity: AnyColumn
  /** What the price is per and the minimum order counts (a text reads its product's). */
  unit: AnyColumn | SQL
  createdAt: AnyColumn
}
export const productFields: ListingFields = {
  isPublic: listedProduct,
  sellerId: products.sellerId,
  sellerCountry: profiles.country,
  categoryId: products.categoryId,
  subcategoryId: products.subcategoryId,
  currency: products.currency,
  currencyRank: products.currencyRank,
  price: products.price,
  minimumOrderQuantity: products.minimumOrderQuantity,
  unit: products.unit,
  createdAt: products.createdAt,
}
/** A product text as a search reads it (`from product_translations t`). */
const st = alias(productTranslations, 't')
export const textFields: ListingFields = {
  isPublic: sql`${st.isPublic}`,
  sellerId: st.sellerId,
  sellerCountry: st.sellerCountry,
  categoryId: st.categoryId,
  subcategoryId: st.subcategoryId,
  currencyRank: st.currencyRank,
  price: st.price,
  minimumOrderQuantity: st.minimumOrderQuantity,
  // Only the minimum order filter reads it: one lookup by primary key per text it keeps.
  unit: sql`(select u.unit from ${products} u where u.id = ${st.productId})`,
  createdAt: st.productCreatedAt,
}

/**
 * Products in a category: directly, through a subcategory, or filed under one of its children
 * (`childIds`). The ids are literal values, not a subquery, so the planner can estimate each branch
 * from its statistics and pick the category or subcategory index for a small category.
 */
export function inCategory(f: ListingFields, categoryId: string, childIds: string[]): SQL {
  return or(inArray(f.categoryId, [categoryId, ...childIds]), eq(f.subcategoryId, categoryId))!
}

export type CategoryIndex = {
  /** Every category's name in the language (then English, then its id), by id. */
  names: Readonly<Record<string, string>>
  /** The ids of each top-level category's subcategories, by id, in display order. */
  children: Readonly<Record<string, readonly string[]>>
  /** The top-level categories' ids, in display order. */
  top: readonly string[]
}

/**
 * Names and subcategories of every category: reference data, kept per language with the other
 * reference data (ADR 016), so that listings and the product page join no category tables.
 */
export function categoryIndex(locale: LanguageCode): Promise<CategoryIndex> {
  return referenceData(`category-index:${locale}`, async () => {
    const rows = await getDb()
      .select({ id: categories.id, parentId: categories.parentId, name: categoryName(categories.id) })
      .from(categories)
      .leftJoin(ctl, and(eq(ctl.categoryId, categories.id), eq(ctl.languageCode, locale)))
      .leftJoin(cte, and(eq(cte.categoryId, categories.id), eq(cte.languageCode, 'en')))
      .orderBy(asc(categories.sortOrder), asc(categories.id))
    const names: Record<string, string> = {}
    const children: Record<string, string[]> = {}
    const top: string[] = []
    for (const r of rows) {
      names[r.id] = r.name
      if (r.parentId) (children[r.parentId] ??= []).push(r.id)
      else top.push(r.id)
    }
    return { names, children, top }
  })
}

/** The ids of a category's subcategories. */
export async function childCategoryIds(categoryId: string, locale: LanguageCode): Promise<string[]> {
  return [...((await categoryIndex(locale)).children[categoryId] ?? [])]
}
