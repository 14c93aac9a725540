import type { CatalogCurrency, LanguageCode } from '../../app/domain'
import type {
  ShippingOption,
  Specification,
  categories,
  categoryTranslations,
  productTranslations,
  products,
  profiles,
} from '../schema'

type CategoryRow = typeof categories.$inferInsert
type ProductRow = typeof products.$inferInsert

export type SeedCategory = Required<Pick<CategoryRow, 'id' | 'parentId' | 'icon' | 'sortOrder'>> & {
  translations: Record<LanguageCode, Pick<typeof categoryTranslations.$inferInsert, 'name' | 'description'>>
}

/** A catalog seller. Only the demo seller login (accounts.ts) is linked to a user. */
export type SeedSeller = Required<
  Pick<
    typeof profiles.$inferInsert,
    'id' | 'name' | 'email' | 'country' | 'phoneNumber' | 'companyName' | 'kycStatus' | 'preferredLanguage'
  >
> & {
  userType: 'Seller'
  /** Days before seeding the seller joined. */
  joinedDaysAgo: number
}

export type SeedProductTranslation = Required<
  Pick<typeof productTranslations.$inferInsert, 'name' | 'slug' | 'description' | 'longDescription'>
> & { specifications: Specification[] }

export type SeedProduct = Required<
  Pick<
    ProductRow,
    | 'id'
    | 'sellerId'
    | 'categoryId'
    | 'subcategoryId'
    | 'sku'
    | 'price'
    | 'currency'
    | 'stockQuantity'
    | 'minimumOrderQuantity'
    | 'unit'
    | 'attributes'
    | 'shippingOptions'
    | 'mediaFiles'
  >
> & {
  /** Defaults to true; inactive listings must never appear publicly. */
  isActive?: boolean
  /**
   * Days before seeding the listing was created. created_at is computed from it at seed time so
   * "newest first" (New Launches) means the same thing whenever the demo is installed.
   */
  ageDays: number
  translations: Record<LanguageCode, SeedProductTranslation>
}

/** One language's texts; specifications given as [name, value] pairs. */
export function text(
  name: string,
  slug: string,
  description: string,
  longDescription: string,
  specifications: [string, string][],
): SeedProductTranslation {
  return {
    name,
    slug,
    description,
    longDescription,
    specifications: specifications.map(([n, value]) => ({ name: n, value })),
  }
}

/** Transit times as published in the trade guide (spec §9). */
const TRANSIT_DAYS: Record<ShippingOption['method'], string> = {
  sea: '30-45',
  air: '3-7',
  rail: '15-20',
  road: '20-25',
  express: '2-4',
}

/** A shipping option with the standard transit time for its method; price is a flat charge per shipment. */
export function ship(method: ShippingOption['method'], price: string, currency: CatalogCurrency): ShippingOption {
  return { method, price, currency, estimatedDays: TRANSIT_DAYS[method] }
}

/** Public path of a product illustration in public/images/products. */
export const img = (name: string) => `/images/products/${name}.svg`
