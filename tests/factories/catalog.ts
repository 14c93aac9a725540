import { randomUUID } from 'node:crypto'
import type { AccountStatus, CatalogCurrency, KycStatus, LanguageCode, QuantityUnit, TradingCountry } from '~/domain'
import {
  categories,
  categoryTranslations,
  products,
  productTranslations,
  profiles,
  type ShippingOption,
  type Specification,
} from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { ProductFormSchema, type ProductInput } from '~/modules/products/schemas'

let counter = 0
const next = () => ++counter

export type SellerOverrides = {
  name?: string
  email?: string
  companyName?: string | null
  country?: TradingCountry
  kycStatus?: KycStatus | null
  accountStatus?: AccountStatus
}

/** Inserts a seller profile without a login (like the demo sellers); returns its id and display data. */
export async function createSeller(overrides: SellerOverrides = {}) {
  const n = next()
  const values = {
    name: overrides.name ?? `Seller ${n}`,
    email: overrides.email ?? `seller${n}-${randomUUID().slice(0, 8)}@test.example`,
    companyName: overrides.companyName === undefined ? `Company ${n} Ltd` : overrides.companyName,
    country: overrides.country ?? 'India',
    userType: 'Seller' as const,
    kycStatus: overrides.kycStatus === undefined ? 'Approved' : overrides.kycStatus,
    accountStatus: overrides.accountStatus ?? 'active',
  }
  const [row] = await getDb().insert(profiles).values(values).returning({ id: profiles.id })
  return { id: row.id, ...values }
}

export type CategoryText = { name: string; description?: string }

export type CategoryOverrides = {
  id?: string
  parentId?: string | null
  icon?: string
  sortOrder?: number
  /** Defaults to an English row only. */
  translations?: Partial<Record<LanguageCode, CategoryText>>
}

/** Inserts a category (or subcategory with parentId) and its translation rows. */
export async function createCategory(overrides: CategoryOverrides = {}) {
  const n = next()
  const id = overrides.id ?? `category-${n}-${randomUUID().slice(0, 6)}`
  const translations = overrides.translations ?? { en: { name: `Category ${n}`, description: `Products of category ${n}` } }
  const db = getDb()
  await db.insert(categories).values({
    id,
    parentId: overrides.parentId ?? null,
    icon: overrides.icon ?? 'package',
    sortOrder: overrides.sortOrder ?? n,
  })
  const rows = Object.entries(translations).map(([languageCode, t]) => ({
    categoryId: id,
    languageCode: languageCode as LanguageCode,
    name: t!.name,
    description: t!.description ?? '',
  }))
  if (rows.length) await db.insert(categoryTranslations).values(rows)
  return { id, translations }
}

export type ProductText = {
  name: string
  slug?: string
  description?: string
  longDescription?: string
  specifications?: Specification[]
}

export type ProductOverrides = {
  id?: string
  sellerId?: string
  categoryId?: string
  subcategoryId?: string | null
  sku?: string | null
  price?: string
  currency?: CatalogCurrency
  unit?: QuantityUnit
  stockQuantity?: number
  minimumOrderQuantity?: number
  isActive?: boolean
  attributes?: Record<string, string>
  shippingOptions?: ShippingOption[]
  mediaFiles?: string[]
  createdAt?: Date
  /** Defaults to an English row only; pass {} for none. */
  translations?: Partial<Record<LanguageCode, ProductText>>
}

const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '') || 'product'

/** Inserts a product with its translations; creates a seller and a category when none is given. */
export async function createProduct(overrides: ProductOverrides = {}) {
  const n = next()
  const sellerId = overrides.sellerId ?? (await createSeller()).id
  const categoryId = overrides.categoryId ?? (await createCategory()).id
  const id = overrides.id ?? randomUUID()
  const translations = overrides.translations ?? { en: { name: `Product ${n}`, description: `Description of product ${n}` } }
  const db = getDb()
  await db.insert(products).values({
    id,
    sellerId,
    categoryId,
    subcategoryId: overrides.subcategoryId ?? null,
    sku: overrides.sku === undefined ? `SKU-${n}-${id.slice(0, 8)}` : overrides.sku,
    price: overrides.price ?? '100.00',
    currency: overrides.currency ?? 'USD',
    unit: overrides.unit ?? 'pieces',
    stockQuantity: overrides.stockQuantity ?? 500,
    minimumOrderQuantity: overrides.minimumOrderQuantity ?? 10,
    isActive: overrides.isActive ?? true,
    attributes: overrides.attributes ?? {},
    shippingOptions: overrides.shippingOptions ?? [
      { method: 'sea', price: '120.00', currency: overrides.currency ?? 'USD', estimatedDays: '30-45' },
      { method: 'air', price: '450.00', currency: overrides.currency ?? 'USD', estimatedDays: '3-7' },
    ],
    mediaFiles: overrides.mediaFiles ?? [`/images/products/product-${n}.svg`],
    ...(overrides.createdAt ? { createdAt: overrides.createdAt, updatedAt: overrides.createdAt } : {}),
  })
  const rows = Object.entries(translations).map(([languageCode, t]) => ({
    productId: id,
    languageCode: languageCode as LanguageCode,
    name: t!.name,
    slug: t!.slug ?? slugify(t!.name),
    description: t!.description ?? '',
    longDescription: t!.longDescription ?? '',
    specifications: t!.specifications ?? [],
  }))
  if (rows.length) await db.insert(productTranslations).values(rows)
  return { id, sellerId, categoryId, translations }
}

/**
 * What the seller's product form gives the app's own createProduct/updateProduct once parsed: one
 * English text named `name` (its slug made unique), active, 10.00 USD, minimum order 5, no images.
 */
export function productFormInput(name: string, form: { categoryId: string; subcategoryId?: string }, overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    ...ProductFormSchema.parse({
      categoryId: form.categoryId,
      subcategoryId: form.subcategoryId ?? '',
      price: '10.00',
      currency: 'USD',
      unit: 'pieces',
      stockQuantity: '100',
      minimumOrderQuantity: '5',
      sku: '',
      isActive: true,
      hsCode: '',
      originCountry: '',
      translations: { en: { name, slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2, 8)}`, description: 'Whole buds', longDescription: '', specifications: [] } },
      shippingOptions: [],
      images: [],
    }),
    ...overrides,
  }
}
