import type { SeedCategory } from './types'
import categories from './categories.json'

/** The seven top-level categories, in display order. Wellness, Gems & Jewelry and Agriculture are featured on the home page. */
export const TOP_LEVEL_CATEGORY_IDS = [
  'wellness',
  'gems-jewelry',
  'agriculture',
  'technology',
  'industrial',
  'textiles',
  'beverages',
] as const

export const FEATURED_CATEGORY_IDS = ['wellness', 'gems-jewelry', 'agriculture'] as const

/**
 * The category tree, top level first, in display order within each parent; names and descriptions in
 * each language. The data is in categories.json, next to this file.
 */
export const demoCategories: SeedCategory[] = categories as SeedCategory[]
