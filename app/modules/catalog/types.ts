import type { CatalogCurrency, LanguageCode, QuantityUnit, ShippingMethod, TradingCountry } from '~/domain'
import type { Specification } from '../../../db/schema'

// ---------------------------------------------------------------------------------------------
// DTOs: what leaves the catalog module. Plain JSON, no rows. Safe to import from browser code.

export type ProductCardDto = {
  id: string
  name: string
  /**
   * The language the name is in: the visitor's, or a fallback (English, then any translation the
   * product has). Components put it in a `lang` attribute so the text is read and hyphenated right.
   * (A card shows no description; the product page has it.)
   */
  lang: { name: LanguageCode }
  image: string | null
  category: { id: string; name: string }
  /** `id` opens /sellers/:id (a card only ever shows a public product, so its seller has a page). */
  seller: { id: string; displayName: string; country: TradingCountry; verified: boolean }
  /** Exact decimal string. */
  price: string
  currency: CatalogCurrency
  /** What the price is per and the quantities count (app/domain/units.ts). */
  unit: QuantityUnit
  minimumOrderQuantity: number
  stockQuantity: number
  createdAt: string
  isNew: boolean
}

export type ProductPageDto = {
  items: ProductCardDto[]
  /** Matching products, counted up to COUNT_CAP. */
  total: number
  /** More than `total` products match (the count stopped at COUNT_CAP); the UI shows "1,000+". */
  totalCapped: boolean
  /** The page actually shown (requested page clamped to 1..totalPages). */
  page: number
  pageSize: number
  totalPages: number
}

export type ShippingOptionDto = {
  method: ShippingMethod
  price: string
  currency: CatalogCurrency
  estimatedDays: string
}

/** Trade data from products.attributes, checked and ready to show; null when absent or malformed. */
export type TradeAttributesDto = {
  /** Harmonized System code, grouped for reading ("1006.30"). */
  hsCode: string | null
  /** ISO 3166-1 alpha-2 code and its name in the page language. */
  origin: { code: string; name: string } | null
}

export type ProductDetailDto = {
  id: string
  sku: string | null
  name: string
  description: string
  longDescription: string
  specifications: Specification[]
  /** The language each text is in (see ProductCardDto.lang); fields are picked one by one. */
  lang: { name: LanguageCode; description: LanguageCode; longDescription: LanguageCode; specifications: LanguageCode }
  trade: TradeAttributesDto
  price: string
  currency: CatalogCurrency
  unit: QuantityUnit
  /** UNIT_RULES[unit].decimals: the product page checks a typed quantity with it and loads no unit table. */
  unitDecimals: number
  stockQuantity: number
  minimumOrderQuantity: number
  images: string[]
  shippingOptions: ShippingOptionDto[]
  category: { id: string; name: string }
  subcategory: { id: string; name: string } | null
  /** `publicPage`: the seller's page /sellers/:id exists (account active and KYC approved). */
  seller: { id: string; name: string; companyName: string | null; country: TradingCountry; verified: boolean; publicPage: boolean }
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
  /** Public products, counted up to COUNT_CAP. */
  productCount: number
  /** More than `productCount` products (the UI shows "1,000+"). */
  productCountCapped: boolean
}

export type CategoryDetailDto = CategorySummaryDto & {
  parent: { id: string; name: string } | null
  subcategories: CategorySummaryDto[]
}

export type CategoryOptionDto = { id: string; name: string; children: { id: string; name: string }[] }

/** Home page counters; an `…Approx` count is an estimate, rounded (shown as "about …"). */
export type CatalogStatsDto = {
  activeProducts: number
  activeProductsApprox: boolean
  verifiedSellers: number
  verifiedSellersApprox: boolean
  categories: number
}

/** A seller's public page (/sellers/:id): only sellers whose account is active and KYC approved. */
export type SellerPublicDto = {
  id: string
  /** Company name, or the person's name when there is none. */
  displayName: string
  /** The person's name when a company name is shown; null otherwise. */
  contactName: string | null
  country: TradingCountry
  verified: boolean
  /** ISO time the profile was created. */
  memberSince: string
}

/** A page generated from data, for the sitemap: its id and when it last changed (ISO time). */
export type SitemapEntryDto = { id: string; lastModified: string }

/** The sitemap index: how many products-N.xml and sellers-N.xml files there are. */
export type SitemapIndexDto = { productFiles: number; sellerFiles: number }
