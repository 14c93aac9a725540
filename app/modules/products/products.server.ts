// A seller's own products: create, read for editing, update, activate/deactivate, delete and the
// My Products list. Every function takes the seller's profile id and touches only that seller's
// rows; a product of someone else is "not found", never an error that says it exists.
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import { categories, products, productTranslations, type ShippingOption, type Specification } from '../../../db/schema'
import { getDb, type Db } from '~/lib/db.server'
import { resources } from '~/lib/i18next.server'
import { invalidatePublicPages } from '~/lib/page-cache.server'
import { pageCountOf, pageOffset } from '~/lib/paging'
import { canUseProductImage } from './images.server'
import { type LanguageCode, LANGUAGES, ORIGIN_COUNTRIES, type QuantityUnit, UUID_PATTERN } from '~/domain'
import { productImageThumb, SELLER_PAGE_SIZE, type ProductFieldErrors, type ProductInput, type ProductListQuery } from './schemas'

/** One choice of the product form's country of origin. */
export type CountryOptionDto = { code: string; name: string }
const countryOptions = new Map<LanguageCode, CountryOptionDto[]>()

/**
 * The country-of-origin choices, named (the countries namespace of public/locales) and sorted here on the
 * server, in the page's language: the form renders the same list before and after hydration, so
 * React never renders the page anew and wipes what the seller typed (issue 26 item 5).
 */
export function originCountryOptions(locale: LanguageCode): CountryOptionDto[] {
  let list = countryOptions.get(locale)
  if (!list) {
    const names = resources[locale].countries as Record<string, string>
    const collator = new Intl.Collator(locale)
    list = ORIGIN_COUNTRIES.map((code) => ({ code, name: names[code] ?? code })).sort((a, b) => collator.compare(a.name, b.name))
    countryOptions.set(locale, list)
  }
  return list
}

export type SaveResult = { ok: true; id: string } | { ok: false; fieldErrors: ProductFieldErrors }

/** The form as the edit page fills it (and the DTO the edit loader returns). */
export type EditableProductDto = {
  id: string
  categoryId: string
  subcategoryId: string | null
  price: string
  currency: string
  unit: QuantityUnit
  stockQuantity: number
  minimumOrderQuantity: number
  sku: string | null
  isActive: boolean
  hsCode: string | null
  originCountry: string | null
  translations: Partial<Record<LanguageCode, { name: string; slug: string; description: string; longDescription: string; specifications: Specification[] }>>
  shippingOptions: ShippingOption[]
  /** Image paths in display order, the cover first. */
  images: string[]
}

async function checkCategories(tx: Db, input: ProductInput): Promise<ProductFieldErrors> {
  const ids = [input.categoryId, ...(input.subcategoryId ? [input.subcategoryId] : [])]
  const rows = await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories).where(inArray(categories.id, ids))
  const category = rows.find((r) => r.id === input.categoryId)
  if (!category) return { categoryId: 'products:form.errors.category' }
  if (input.subcategoryId) {
    const sub = rows.find((r) => r.id === input.subcategoryId)
    if (!sub || sub.parentId !== input.categoryId) return { subcategoryId: 'products:form.errors.subcategory' }
  }
  return {}
}

/** Field errors for a SKU or slugs another product already uses (checked in the saving transaction). */
async function checkUnique(tx: Db, sellerId: string, input: ProductInput, productId: string | null): Promise<ProductFieldErrors> {
  const errors: ProductFieldErrors = {}
  const notThis = productId ? ne(products.id, productId) : undefined
  if (input.sku) {
    const [taken] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.sellerId, sellerId), eq(products.sku, input.sku), notThis))
      .limit(1)
    if (taken) errors.sku = 'products:form.errors.skuTaken'
  }
  const slugs = LANGUAGES.flatMap((lng) => (input.translations[lng] ? [[lng, input.translations[lng]!.slug] as const] : []))
  if (slugs.length > 0) {
    const taken = await tx
      .select({ languageCode: productTranslations.languageCode })
      .from(productTranslations)
      .where(
        and(
          or(...slugs.map(([lng, slug]) => and(eq(productTranslations.languageCode, lng), eq(productTranslations.slug, slug)))),
          productId ? ne(productTranslations.productId, productId) : undefined,
        ),
      )
    for (const row of taken) errors[`${row.languageCode}.slug`] = 'products:form.errors.slugTaken'
  }
  return errors
}

/** A field error unless every image is one this seller uploaded, or a static one the product already has. */
async function checkImages(sellerId: string, input: ProductInput, current: readonly string[]): Promise<ProductFieldErrors> {
  for (const path of input.images) {
    if (!(await canUseProductImage(sellerId, path, current))) return { images: 'products:form.errors.imageUnknown' }
  }
  return {}
}

/** The attributes the form edits; others a product has (a certification, an Incoterm) are kept as they are. */
const FORM_ATTRIBUTES = ['hsCode', 'origin'] as const

function productValues(input: ProductInput, kept: Record<string, string> = {}) {
  const attributes = Object.fromEntries(Object.entries(kept).filter(([key]) => !(FORM_ATTRIBUTES as readonly string[]).includes(key)))
  if (input.hsCode) attributes.hsCode = input.hsCode
  if (input.originCountry) attributes.origin = input.originCountry
  return {
    categoryId: input.categoryId,
    subcategoryId: input.subcategoryId,
    price: input.price,
    currency: input.currency,
    unit: input.unit,
    stockQuantity: input.stockQuantity,
    minimumOrderQuantity: input.minimumOrderQuantity,
    sku: input.sku,
    isActive: input.isActive,
    attributes,
    shippingOptions: input.shippingOptions,
    mediaFiles: input.images,
  }
}

function translationRows(productId: string, input: ProductInput) {
  return LANGUAGES.flatMap((lng) => {
    const t = input.translations[lng]
    return t ? [{ productId, languageCode: lng, name: t.name, slug: t.slug, description: t.description, longDescription: t.longDescription, specifications: t.specifications }] : []
  })
}

/** Two saves racing for the same SKU or slug: the loser gets the same field error as a plain clash. */
function uniqueViolation(error: unknown): ProductFieldErrors | null {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } }
  const code = e.code ?? e.cause?.code
  const constraint = e.constraint ?? e.cause?.constraint ?? ''
  if (code !== '23505') return null
  if (constraint.includes('sku')) return { sku: 'products:form.errors.skuTaken' }
  return { form: 'products:form.errors.slugTakenRetry' }
}

/**
 * Runs one save of a product form in a transaction (`work` answers the form's field errors, or null for
 * someone else's product); a saved product refreshes the public pages, and a name or SKU taken meanwhile
 * (the unique index) answers as a field error rather than a failure.
 */
async function saveProduct<T extends SaveResult | null>(work: (tx: Db) => Promise<T>): Promise<T | SaveResult> {
  try {
    const result = await getDb().transaction(work)
    if (result?.ok) await invalidatePublicPages()
    return result
  } catch (error) {
    const fieldErrors = uniqueViolation(error)
    if (fieldErrors) return { ok: false, fieldErrors }
    throw error
  }
}

/** Creates a product with its translations in one transaction. */
export async function createProduct(sellerId: string, input: ProductInput): Promise<SaveResult> {
  return saveProduct(async (tx) => {
    const errors = { ...(await checkCategories(tx, input)), ...(await checkUnique(tx, sellerId, input, null)), ...(await checkImages(sellerId, input, [])) }
    if (Object.keys(errors).length > 0) return { ok: false as const, fieldErrors: errors }
    const [row] = await tx
      .insert(products)
      .values({ sellerId, ...productValues(input) })
      .returning({ id: products.id })
    await tx.insert(productTranslations).values(translationRows(row!.id, input))
    return { ok: true as const, id: row!.id }
  })
}

/** Replaces a product's fields and translations; null when it is not this seller's product. */
export async function updateProduct(sellerId: string, productId: string, input: ProductInput): Promise<SaveResult | null> {
  if (!UUID_PATTERN.test(productId)) return null
  return saveProduct(async (tx) => {
    const [own] = await tx
      .select({ id: products.id, mediaFiles: products.mediaFiles, attributes: products.attributes })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.sellerId, sellerId)))
      .for('update')
    if (!own) return null
    const current = Array.isArray(own.mediaFiles) ? own.mediaFiles : []
    const errors = { ...(await checkCategories(tx, input)), ...(await checkUnique(tx, sellerId, input, productId)), ...(await checkImages(sellerId, input, current)) }
    if (Object.keys(errors).length > 0) return { ok: false as const, fieldErrors: errors }
    await tx
      .update(products)
      .set({ ...productValues(input, own.attributes ?? {}), updatedAt: new Date() })
      .where(eq(products.id, productId))
    await tx.delete(productTranslations).where(eq(productTranslations.productId, productId))
    await tx.insert(productTranslations).values(translationRows(productId, input))
    return { ok: true as const, id: productId }
  })
}

/** Activates or deactivates one of the seller's products; false when it is not theirs. */
export async function setProductActive(sellerId: string, productId: string, isActive: boolean): Promise<boolean> {
  if (!UUID_PATTERN.test(productId)) return false
  const rows = await getDb()
    .update(products)
    .set({ isActive, updatedAt: new Date() })
    .where(and(eq(products.id, productId), eq(products.sellerId, sellerId)))
    .returning({ id: products.id })
  if (rows.length === 1) await invalidatePublicPages()
  return rows.length === 1
}

/** Deletes one of the seller's products (translations and view rows go with it); false when it is not theirs. */
export async function deleteProduct(sellerId: string, productId: string): Promise<boolean> {
  if (!UUID_PATTERN.test(productId)) return false
  const rows = await getDb()
    .delete(products)
    .where(and(eq(products.id, productId), eq(products.sellerId, sellerId)))
    .returning({ id: products.id })
  if (rows.length === 1) await invalidatePublicPages()
  return rows.length === 1
}

/** The product as the edit form shows it, or null when it is not this seller's. */
export async function getEditableProduct(sellerId: string, productId: string): Promise<EditableProductDto | null> {
  if (!UUID_PATTERN.test(productId)) return null
  const db = getDb()
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.sellerId, sellerId)))
    .limit(1)
  if (!row) return null
  const texts = await db.select().from(productTranslations).where(eq(productTranslations.productId, productId))
  const translations: EditableProductDto['translations'] = {}
  for (const t of texts) {
    if ((LANGUAGES as readonly string[]).includes(t.languageCode)) {
      translations[t.languageCode as LanguageCode] = {
        name: t.name,
        slug: t.slug,
        description: t.description,
        longDescription: t.longDescription,
        specifications: Array.isArray(t.specifications) ? t.specifications : [],
      }
    }
  }
  return {
    id: row.id,
    categoryId: row.categoryId,
    subcategoryId: row.subcategoryId,
    price: row.price,
    currency: row.currency,
    unit: row.unit,
    stockQuantity: row.stockQuantity,
    minimumOrderQuantity: row.minimumOrderQuantity,
    sku: row.sku,
    isActive: row.isActive,
    hsCode: row.attributes?.hsCode?.replace(/\D/g, '') || null,
    originCountry: row.attributes?.origin ?? null,
    translations,
    shippingOptions: Array.isArray(row.shippingOptions) ? row.shippingOptions : [],
    images: Array.isArray(row.mediaFiles) ? row.mediaFiles.filter((f): f is string => typeof f === 'string') : [],
  }
}

const productImageThumbOrNull = (path: string | undefined) => (path ? productImageThumb(path) : null)

export type SellerProductRowDto = {
  id: string
  name: string
  /** Language the name is in (the viewer's, or another the product has). */
  nameLanguage: string
  image: string | null
  price: string
  currency: string
  /** What the price is per and the stock and minimum order count. */
  unit: QuantityUnit
  stockQuantity: number
  minimumOrderQuantity: number
  isActive: boolean
  viewCount: number
  createdAt: string
}

export type SellerProductPageDto = { items: SellerProductRowDto[]; total: number; page: number; pageCount: number }

/** The seller's products for My Products: searched, filtered, sorted and paginated in the database. */
export async function listSellerProducts(sellerId: string, locale: LanguageCode, query: ProductListQuery): Promise<SellerProductPageDto> {
  const db = getDb()
  // Name in the viewer's language, else English, else any language the product has.
  const nameRow = sql`(select x.name || chr(31) || x.language_code from ${productTranslations} x where x.product_id = ${products.id}
    order by (x.language_code = ${locale}) desc, (x.language_code = 'en') desc, x.language_code limit 1)`
  const conditions: SQL[] = [eq(products.sellerId, sellerId)]
  if (query.status === 'active') conditions.push(eq(products.isActive, true))
  if (query.status === 'inactive') conditions.push(eq(products.isActive, false))
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    conditions.push(
      or(
        sql`${products.sku} ilike ${like}`,
        sql`exists (select 1 from ${productTranslations} s where s.product_id = ${products.id} and s.name ilike ${like})`,
      )!,
    )
  }
  const where = and(...conditions)
  const order = {
    newest: [desc(products.createdAt), desc(products.id)],
    oldest: [asc(products.createdAt), asc(products.id)],
    name: [sql`lower(${nameRow}) asc`, asc(products.id)],
    price_asc: [asc(products.currency), asc(products.price), asc(products.id)],
    price_desc: [asc(products.currency), desc(products.price), asc(products.id)],
    stock: [asc(products.stockQuantity), asc(products.id)],
    views: [desc(products.viewCount), desc(products.id)],
  }[query.sort]
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(products).where(where),
    db
      .select({
        id: products.id,
        nameRow: sql<string | null>`${nameRow}`,
        mediaFiles: products.mediaFiles,
        price: products.price,
        currency: products.currency,
        unit: products.unit,
        stockQuantity: products.stockQuantity,
        minimumOrderQuantity: products.minimumOrderQuantity,
        isActive: products.isActive,
        viewCount: products.viewCount,
        createdAt: products.createdAt,
      })
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(SELLER_PAGE_SIZE)
      .offset(pageOffset(query.page, SELLER_PAGE_SIZE)),
  ])
  return {
    total,
    page: query.page,
    pageCount: pageCountOf(total, SELLER_PAGE_SIZE),
    items: rows.map((r) => {
      const [name = '', nameLanguage = locale] = (r.nameRow ?? '').split('\u001f')
      return {
        id: r.id,
        name,
        nameLanguage,
        image: Array.isArray(r.mediaFiles) ? productImageThumbOrNull(r.mediaFiles.find((f) => typeof f === 'string')) : null,
        price: r.price,
        currency: r.currency,
        unit: r.unit,
        stockQuantity: r.stockQuantity,
        minimumOrderQuantity: r.minimumOrderQuantity,
        isActive: r.isActive,
        viewCount: r.viewCount,
        createdAt: r.createdAt.toISOString(),
      }
    }),
  }
}

export type SellerDashboardStatsDto = { totalProducts: number; activeListings: number; productViews: number }

/** The product counters of the dashboard (orders and RFQs are counted by their own modules). */
export async function getSellerDashboardStats(sellerId: string): Promise<SellerDashboardStatsDto> {
  const [row] = await getDb()
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${products.isActive})`,
      views: sql<number>`coalesce(sum(${products.viewCount}), 0)`,
    })
    .from(products)
    .where(eq(products.sellerId, sellerId))
  return { totalProducts: Number(row?.total ?? 0), activeListings: Number(row?.active ?? 0), productViews: Number(row?.views ?? 0) }
}
