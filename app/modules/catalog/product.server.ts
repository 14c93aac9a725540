// One public product (its page) and one public seller.
import { and, eq, or, sql } from 'drizzle-orm'
import { products, productTranslations, profiles, type Specification } from '../../../db/schema'
import { CATALOG_CURRENCIES, type CatalogCurrency, type LanguageCode, SHIPPING_METHODS, type ShippingMethod, UNIT_RULES } from '~/domain'
import type { ProductDetailDto, ProductPageDto, SellerPublicDto, ShippingOptionDto, TradeAttributesDto } from './types'
import { getDb } from '~/lib/db.server'
import { INTL_LOCALES } from '~/lib/i18n'
import { toCents } from './money'
import { EMPTY_MARKETPLACE_QUERY, isProductId, isSellerId } from './schemas'
import { listProducts } from './listing.server'
import { categoryIndex, isNewSql, listedProduct, publicSeller } from './sql.server'

function cleanShippingOptions(value: unknown): ShippingOptionDto[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((o): ShippingOptionDto[] => {
    if (!o || typeof o !== 'object') return []
    const { method, price, currency, estimatedDays } = o as Record<string, unknown>
    const priceText = typeof price === 'number' ? String(price) : price
    if (!SHIPPING_METHODS.includes(method as ShippingMethod)) return []
    if (typeof priceText !== 'string' || toCents(priceText) === null) return []
    if (!CATALOG_CURRENCIES.includes(currency as CatalogCurrency)) return []
    return [
      {
        method: method as ShippingMethod,
        price: priceText.trim(),
        currency: currency as CatalogCurrency,
        estimatedDays: typeof estimatedDays === 'string' ? estimatedDays.slice(0, 20) : '',
      },
    ]
  })
}

const HS_CODE = /^\d{4,10}$/
const regionNames = new Map<LanguageCode, Intl.DisplayNames>()

/** "100630" → "1006.30", "10063010" → "1006.30.10": heading, subheading, national digits. */
function formatHsCode(digits: string): string {
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6)].filter(Boolean).join('.')
}

/**
 * HS code and country of origin from products.attributes (seed data writes "0902.40", the product
 * form "090240"); anything malformed is left out rather than shown. The country name is made here, on
 * the server, so the page shows the same words before and after hydration.
 */
function tradeAttributes(value: unknown, locale: LanguageCode): TradeAttributesDto {
  const attrs = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  const hsCode = typeof attrs.hsCode === 'string' ? attrs.hsCode.replace(/[\s.]/g, '') : ''
  const origin = typeof attrs.origin === 'string' ? attrs.origin.trim().toUpperCase() : ''
  let names = regionNames.get(locale)
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([INTL_LOCALES[locale]], { type: 'region', fallback: 'code' })))
  return {
    hsCode: HS_CODE.test(hsCode) ? formatHsCode(hsCode) : null,
    origin: /^[A-Z]{2}$/.test(origin) ? { code: origin, name: names.of(origin) ?? origin } : null,
  }
}

function cleanSpecifications(value: unknown): Specification[] {
  if (!Array.isArray(value)) return []
  return value.filter(
    (s): s is Specification => !!s && typeof s === 'object' && typeof s.name === 'string' && typeof s.value === 'string',
  )
}

/** A public product with its text in `locale` (English per missing field), or null (unknown, inactive, bad id). */
export async function getProduct(id: string, locale: LanguageCode, viewerSellerId: string | null = null): Promise<ProductDetailDto | null> {
  if (!isProductId(id)) return null
  type DetailText = { languageCode: LanguageCode; name: string | null; description: string | null; longDescription: string | null; specifications: unknown }
  const productRow = getDb()
    .select({
      id: products.id,
      sku: products.sku,
      price: products.price,
      currency: products.currency,
      unit: products.unit,
      stockQuantity: products.stockQuantity,
      minimumOrderQuantity: products.minimumOrderQuantity,
      mediaFiles: products.mediaFiles,
      shippingOptions: products.shippingOptions,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
      isNew: isNewSql,
      categoryId: products.categoryId,
      subcategoryId: products.subcategoryId,
      attributes: products.attributes,
      sellerId: profiles.id,
      sellerName: profiles.name,
      sellerCompany: profiles.companyName,
      sellerCountry: profiles.country,
      sellerKyc: profiles.kycStatus,
      isActive: products.isActive,
      sellerActive: sql<boolean>`${profiles.accountStatus} = 'active'`,
      // Its texts in the same statement; category names come from the reference data (categoryIndex).
      texts: sql<DetailText[] | string | null>`(select json_agg(json_build_object('languageCode', x.language_code, 'name', x.name,
        'description', x.description, 'longDescription', x.long_description, 'specifications', x.specifications))
        from ${productTranslations} x where x.product_id = ${products.id})`,
    })
    .from(products)
    .innerJoin(profiles, eq(profiles.id, products.sellerId))
    // The owner also sees a product the public does not (inactive, or KYC not approved yet).
    .where(and(eq(products.id, id), viewerSellerId ? or(listedProduct, eq(products.sellerId, viewerSellerId)) : listedProduct))
    .limit(1)
  const [[row], { names: categoryNames }] = await Promise.all([productRow, categoryIndex(locale)])
  if (!row) return null
  const visibility: ProductDetailDto['visibility'] = !row.isActive ? 'hiddenInactive' : row.sellerKyc !== 'Approved' || !row.sellerActive ? 'hiddenKyc' : 'public'
  const translations: DetailText[] = (typeof row.texts === 'string' ? JSON.parse(row.texts) : row.texts) ?? []
  // Per field: the visitor's language, then English, then any language that has it.
  const ordered = [
    ...translations.filter((t) => t.languageCode === locale),
    ...translations.filter((t) => t.languageCode === 'en' && locale !== 'en'),
    ...translations.filter((t) => t.languageCode !== locale && t.languageCode !== 'en'),
  ]
  // Each text says which language it is in (the page marks fallbacks with `lang`).
  const pick = (field: 'name' | 'description' | 'longDescription') => {
    const found = ordered.find((t) => t[field]?.trim())
    return { text: found?.[field]?.trim() ?? '', lang: found?.languageCode ?? locale }
  }
  const [name, description, longDescription] = [pick('name'), pick('description'), pick('longDescription')]
  const specsFrom = ordered.find((t) => cleanSpecifications(t.specifications).length > 0)

  return {
    id: row.id,
    sku: row.sku,
    name: name.text,
    description: description.text,
    longDescription: longDescription.text,
    specifications: specsFrom ? cleanSpecifications(specsFrom.specifications) : [],
    lang: { name: name.lang, description: description.lang, longDescription: longDescription.lang, specifications: specsFrom?.languageCode ?? locale },
    trade: tradeAttributes(row.attributes, locale),
    price: row.price,
    currency: row.currency,
    unit: row.unit,
    unitDecimals: UNIT_RULES[row.unit].decimals,
    stockQuantity: row.stockQuantity,
    minimumOrderQuantity: row.minimumOrderQuantity,
    images: Array.isArray(row.mediaFiles) ? row.mediaFiles.filter((f): f is string => typeof f === 'string') : [],
    shippingOptions: cleanShippingOptions(row.shippingOptions),
    category: { id: row.categoryId, name: categoryNames[row.categoryId] ?? row.categoryId },
    subcategory: row.subcategoryId ? { id: row.subcategoryId, name: categoryNames[row.subcategoryId] ?? row.subcategoryId } : null,
    seller: {
      id: row.sellerId,
      name: row.sellerName,
      companyName: row.sellerCompany,
      country: row.sellerCountry,
      verified: row.sellerKyc === 'Approved',
      publicPage: row.sellerKyc === 'Approved' && row.sellerActive,
    },
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    isNew: Boolean(row.isNew),
    visibility,
  }
}

// ---------------------------------------------------------------------------------------------
// Sellers

/** A seller's public profile, or null unless the id is a seller whose account is active and KYC approved. */
export async function getSeller(id: string): Promise<SellerPublicDto | null> {
  if (!isSellerId(id)) return null
  const [row] = await getDb()
    .select({ id: profiles.id, name: profiles.name, companyName: profiles.companyName, country: profiles.country, createdAt: profiles.createdAt })
    .from(profiles)
    .where(and(eq(profiles.id, id), publicSeller))
    .limit(1)
  if (!row) return null
  const company = row.companyName?.trim() || null
  return {
    id: row.id,
    displayName: company ?? row.name,
    contactName: company ? row.name : null,
    country: row.country,
    verified: true,
    memberSince: new Date(row.createdAt).toISOString(),
  }
}

/** One page (newest first) of a seller's public products; an out-of-range page is clamped to the last. */
export async function listSellerProducts(sellerId: string, page: number, locale: LanguageCode): Promise<ProductPageDto> {
  return listProducts({ ...EMPTY_MARKETPLACE_QUERY, page }, locale, { sellerId })
}
