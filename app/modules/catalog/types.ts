import type { Country, Currency, ShippingMethod, Specification } from '../../../db/schema'

// ---------------------------------------------------------------------------------------------
// DTOs: what leaves the catalog module. Plain JSON, no rows. Safe to import from browser code.

export type ProductCardDto = {
  id: string
  name: string
  summary: string
  image: string | null
  category: { id: string; name: string }
  seller: { displayName: string; country: Country; verified: boolean }
  /** Exact decimal string. */
  price: string
  currency: Currency
  minimumOrderQuantity: number
  stockQuantity: number
  createdAt: string
  isNew: boolean
}

export type ProductPageDto = {
  items: ProductCardDto[]
  total: number
  /** The page actually shown (requested page clamped to 1..totalPages). */
  page: number
  pageSize: number
  totalPages: number
}

export type ShippingOptionDto = {
  method: ShippingMethod
  price: string
  currency: Currency
  estimatedDays: string
}

export type ProductDetailDto = {
  id: string
  sku: string | null
  name: string
  description: string
  longDescription: string
  specifications: Specification[]
  price: string
  currency: Currency
  stockQuantity: number
  minimumOrderQuantity: number
  images: string[]
  shippingOptions: ShippingOptionDto[]
  category: { id: string; name: string }
  subcategory: { id: string; name: string } | null
  seller: { name: string; companyName: string | null; country: Country; verified: boolean }
  createdAt: string
  updatedAt: string
  isNew: boolean
  /** Only the owner ever gets a product that is not public, with the reason it is hidden. */
  visibility: 'public' | 'hiddenInactive' | 'hiddenKyc'
}

export type CategorySummaryDto = {
  id: string
  name: string
  description: string
  icon: string
  image: string
  productCount: number
}

export type CategoryDetailDto = CategorySummaryDto & {
  parent: { id: string; name: string } | null
  subcategories: CategorySummaryDto[]
}

export type CategoryOptionDto = { id: string; name: string; children: { id: string; name: string }[] }

export type CatalogStatsDto = { activeProducts: number; verifiedSellers: number; categories: number }

export type SitemapDataDto = {
  categories: { id: string; lastModified: string }[]
  products: { id: string; lastModified: string }[]
}
