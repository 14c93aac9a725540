// The category tree as the public pages show it: summaries with counts, one category, the filter options.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { categories } from '../../../db/schema'
import type { LanguageCode } from '~/domain'
import type { CategoryDetailDto, CategoryOptionDto, CategorySummaryDto } from './types'
import { getDb } from '~/lib/db.server'
import { COUNT_CAP, isCategoryId } from './schemas'
import { categoryImage, categoryIndex, categoryName, cte, ctl, publicProductCount } from './sql.server'

// Categories

function categorySelect() {
  return {
    id: categories.id,
    parentId: categories.parentId,
    icon: categories.icon,
    name: categoryName(categories.id),
    description: sql<string>`coalesce(nullif(${ctl.description}, ''), ${cte.description}, '')`,
    productCount: publicProductCount(categories.id),
  }
}

function categoryRows(locale: LanguageCode) {
  return getDb()
    .select(categorySelect())
    .from(categories)
    .leftJoin(ctl, and(eq(ctl.categoryId, categories.id), eq(ctl.languageCode, locale)))
    .leftJoin(cte, and(eq(cte.categoryId, categories.id), eq(cte.languageCode, 'en')))
    .$dynamic()
}

type CategoryRow = { id: string; parentId: string | null; icon: string; name: string; description: string; productCount: number }

const toCategorySummary = (r: CategoryRow): CategorySummaryDto => ({
  id: r.id,
  name: r.name,
  description: r.description,
  icon: r.icon,
  image: categoryImage(r.id),
  productCount: Math.min(Number(r.productCount), COUNT_CAP),
  productCountCapped: Number(r.productCount) > COUNT_CAP,
})

/** All top-level categories with public product counts, in display order. */
export async function listCategories(locale: LanguageCode): Promise<CategorySummaryDto[]> {
  const rows = await categoryRows(locale).where(isNull(categories.parentId)).orderBy(asc(categories.sortOrder), asc(categories.id))
  return rows.map(toCategorySummary)
}

/** The given top-level categories in the given order (missing ids are skipped). */
export async function listFeaturedCategories(ids: readonly string[], locale: LanguageCode): Promise<CategorySummaryDto[]> {
  if (ids.length === 0) return []
  const rows = await categoryRows(locale).where(inArray(categories.id, [...ids]))
  const byId = new Map(rows.map((r) => [r.id, toCategorySummary(r)]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** A category with its parent and subcategories, or null for an unknown id. */
export async function getCategory(id: string, locale: LanguageCode): Promise<CategoryDetailDto | null> {
  if (!isCategoryId(id)) return null
  const [row] = await categoryRows(locale).where(eq(categories.id, id)).limit(1)
  if (!row) return null
  const children = await categoryRows(locale)
    .where(eq(categories.parentId, id))
    .orderBy(asc(categories.sortOrder), asc(categories.id))
  let parent: CategoryDetailDto['parent'] = null
  if (row.parentId) {
    const [p] = await categoryRows(locale).where(eq(categories.id, row.parentId)).limit(1)
    if (p) parent = { id: p.id, name: p.name }
  }
  return { ...toCategorySummary(row), parent, subcategories: children.map(toCategorySummary) }
}

/** Categories for the filter select: top level with their subcategories. */
export async function listCategoryOptions(locale: LanguageCode): Promise<CategoryOptionDto[]> {
  const { names, children, top } = await categoryIndex(locale)
  return top.map((id) => ({
    id,
    name: names[id],
    children: (children[id] ?? []).map((c) => ({ id: c, name: names[c] })),
  }))
}

/** True when a category with this id exists. */
export async function categoryExists(id: string): Promise<boolean> {
  if (!isCategoryId(id)) return false
  const [row] = await getDb().select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1)
  return !!row
}
