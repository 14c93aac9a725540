import { CATALOG_CURRENCIES, isQuantityUnit, SHIPPING_METHODS, type CatalogCurrency, type LanguageCode, type QuantityUnit } from '../../../app/domain'
import { SELLER_IDS } from '../sellers'
import { img, ship, text, type SeedProduct } from '../types'
import agriculture from './agriculture.json'
import beverages from './beverages.json'
import gemsJewelry from './gems-jewelry.json'
import industrial from './industrial.json'
import technology from './technology.json'
import textiles from './textiles.json'
import wellness from './wellness.json'

/**
 * A product as the JSON files of this folder write it: the seller by its key in SELLER_IDS, shipping
 * options as [method, flat price, currency] (the transit time is the method's, types.ts), images by
 * their name in public/images/products, specifications as [name, value] pairs, and an optional note
 * on why the listing is as it is.
 */
type ProductData = Omit<SeedProduct, 'sellerId' | 'currency' | 'unit' | 'attributes' | 'shippingOptions' | 'mediaFiles' | 'translations'> & {
  note?: string
  currency: string
  unit: string
  attributes: Record<string, string | undefined>
  seller: string
  shipping: string[][]
  images: string[]
  translations: Record<LanguageCode, { name: string; slug: string; description: string; longDescription: string; specifications: string[][] }>
}

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value)

function catalogCurrency(value: string, id: string): CatalogCurrency {
  if (!isOneOf(CATALOG_CURRENCIES, value)) throw new Error(`Demo product ${id} is priced in an unknown currency "${value}"`)
  return value
}

function quantityUnit(value: string, id: string): QuantityUnit {
  if (!isQuantityUnit(value)) throw new Error(`Demo product ${id} is sold by an unknown unit "${value}"`)
  return value
}

function product({ note: _note, seller, shipping, images, translations, ...rest }: ProductData): SeedProduct {
  const sellerId = SELLER_IDS[seller as keyof typeof SELLER_IDS]
  if (!sellerId) throw new Error(`Demo product ${rest.id} names an unknown seller "${seller}"`)
  return {
    ...rest,
    sellerId,
    currency: catalogCurrency(rest.currency, rest.id),
    unit: quantityUnit(rest.unit, rest.id),
    attributes: Object.fromEntries(Object.entries(rest.attributes).filter((e): e is [string, string] => e[1] !== undefined)),
    shippingOptions: shipping.map(([method = '', price = '', currency = '']) => {
      if (!isOneOf(SHIPPING_METHODS, method)) throw new Error(`Demo product ${rest.id} ships by an unknown method "${method}"`)
      return ship(method, price, catalogCurrency(currency, rest.id))
    }),
    mediaFiles: images.map(img),
    translations: Object.fromEntries(
      Object.entries(translations).map(([lng, t]) => [lng, text(t.name, t.slug, t.description, t.longDescription, t.specifications.map(([name = '', value = '']) => [name, value]))]),
    ) as SeedProduct['translations'],
  }
}

/** Every demo product, grouped by top-level category in the JSON files of this folder. */
export const demoProducts: SeedProduct[] = [wellness, gemsJewelry, agriculture, technology, industrial, textiles, beverages].flatMap((file) =>
  (file satisfies ProductData[]).map(product),
)

/**
 * The home page's "New Launches": the eight newest active products, newest first (all listed
 * within the last 7 days). A newer inactive draft (Triphala churna) sits among them on purpose;
 * it must never appear.
 */
export const NEW_LAUNCH_PRODUCT_IDS = [
  'bdcad1da-1490-4112-8cb2-d3a822e600fa', // Ashwagandha root extract
  '1f92d678-854f-4c35-9dd3-6af61bdae825', // Darjeeling estate tea
  '8fb2b78b-c50f-41ee-a6f0-90973bf3a54d', // Ural malachite pendant
  'e85a9a26-6795-4c71-be9d-8d6c698dde63', // Kanchipuram silk saree
  '94d7fc0e-fe15-444f-89ee-003f12b0fa0d', // LoRaWAN sensor
  '9da3be9a-4942-4880-bc92-2310b27da14f', // Ivan-chai
  '8f1d3ad2-0e53-4868-9641-90f5c6359b4c', // Altai honey
  '3ed56e15-e3b3-4e2a-8126-a2a9c79f44d9', // Baltic amber necklace
] as const
