// The seller's product form (spec §5 Product form, issue 7): one schema shared by the form (checked
// before submit) and the create/edit actions. Messages are i18n keys in the `products` namespace.
// The form posts flat fields; readProductForm() turns them into the nested shape the schema checks.
import { slugify } from 'transliteration'
import { z } from 'zod'
import { PRODUCT_IMAGE } from '~/domain/uploads'
import { CATALOG_CURRENCIES, isOriginCountry, LANGUAGES, MONEY_PATTERN, QUANTITY_UNITS, SHIPPING_METHODS } from '~/domain'
import { quantityField, refineUnitQuantities } from '~/domain/quantity-field'
import { submissionErrors } from '~/lib/form'
import { STATIC_IMAGE_PATH, UPLOADED_IMAGE_PATH } from './image-paths'


export const NAME_MAX = 200
export const SLUG_MAX = 120
export const SHORT_DESCRIPTION_MAX = 500
export const LONG_DESCRIPTION_MAX = 10_000
export const SPEC_ROWS_MAX = 30
export const SPEC_NAME_MAX = 100
export const SPEC_VALUE_MAX = 500
export const SHIPPING_OPTIONS_MAX = 5
export const SKU_MAX = 64
export const SHIPPING_DAYS_MAX = 365

// Product images (issue 7 item 3; docs/product-images.md). Uploaded ones are served from
// /media/products/<sha-256 of the stored WebP>.webp; demo and older ones are static files.
// The upload rule (types, size, five a product, the picker's accept) is PRODUCT_IMAGE in app/domain/uploads.ts;
// the endpoint's file field is its `field`, and the form's image list travels as repeated `image` fields.
export const PRODUCT_IMAGE_UPLOAD_PATH = '/dashboard/products/images'
export { productImageThumb, STATIC_IMAGE_PATH, UPLOADED_IMAGE_PATH } from './image-paths'

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/

const m = (key: string) => `products:form.errors.${key}`

/** Slug for a product name in any of the three scripts (Cyrillic and Devanagari transliterated). */
export function slugFromName(name: string): string {
  return slugify(name, { lowercase: true, separator: '-', trim: true }).replace(/[^a-z0-9-]+/g, '').replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, SLUG_MAX).replace(/-$/, '')
}

const trimmed = (max: number, key: string) => z.string().trim().max(max, m(key))

// An exact decimal; a comma is read as the decimal point (ru, hi keyboards).
const decimal = (key: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(',', '.').replace(/^\+/, ''))
    .superRefine((v, ctx) => {
      if (v === '') return void ctx.addIssue({ code: 'custom', message: m(`${key}Required`) })
      if (/^-/.test(v) && /^-\d*([.]\d*)?$/.test(v)) return void ctx.addIssue({ code: 'custom', message: m('pricePositive') })
      if (!MONEY_PATTERN.test(v)) return void ctx.addIssue({ code: 'custom', message: m('priceFormat') })
    })
    .transform((v) => (Number(v) === 0 ? '0.00' : v))

// A stock or minimum order in the product's unit (12.5 t, 0.75 ct; whole containers): the unit's rule is
// checked beside the unit field, in the object's check below.
const quantity = (key: 'stock' | 'moq') =>
  quantityField({ required: m(`${key}Required`), format: m(`${key}Format`), zero: m(`${key}Min`), max: m(`${key}Max`) }, { allowZero: key === 'stock' })

const SpecificationSchema = z.object({
  name: trimmed(SPEC_NAME_MAX, 'specNameMax').min(1, m('specNameRequired')),
  value: trimmed(SPEC_VALUE_MAX, 'specValueMax').min(1, m('specValueRequired')),
})

const TranslationSchema = z.object({
  name: trimmed(NAME_MAX, 'nameMax').min(1, m('nameRequired')),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, m('slugRequired'))
    .max(SLUG_MAX, m('slugMax'))
    .regex(SLUG_PATTERN, m('slugFormat')),
  description: trimmed(SHORT_DESCRIPTION_MAX, 'descriptionMax'),
  longDescription: trimmed(LONG_DESCRIPTION_MAX, 'longDescriptionMax'),
  specifications: z.array(SpecificationSchema).max(SPEC_ROWS_MAX, m('specRowsMax')),
})
export type ProductTranslationInput = z.infer<typeof TranslationSchema>

const ShippingOptionSchema = z.object({
  method: z.enum(SHIPPING_METHODS, { message: m('shippingMethod') }),
  price: decimal('shippingPrice'),
  currency: z.enum(CATALOG_CURRENCIES, { message: m('currency') }),
  estimatedDays: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const match = /^(\d{1,3})(?:\s*[-–]\s*(\d{1,3}))?$/.exec(v)
      const from = Number(match?.[1])
      const to = match?.[2] === undefined ? from : Number(match[2])
      if (!match || from < 1 || to < from || to > SHIPPING_DAYS_MAX) ctx.addIssue({ code: 'custom', message: m('shippingDays') })
    })
    .transform((v) => v.replace(/\s*[-–]\s*/, '-')),
})

const categoryId = z.string().trim().max(64).regex(/^[a-z0-9][a-z0-9-]*$/, m('category'))

export const ProductFormSchema = z
  .object({
    categoryId: z.string().trim().min(1, m('categoryRequired')).pipe(categoryId),
    subcategoryId: z.union([z.literal(''), categoryId]).transform((v) => v || null),
    price: decimal('price'),
    currency: z.enum(CATALOG_CURRENCIES, { message: m('currency') }),
    unit: z.enum(QUANTITY_UNITS, { message: m('unit') }),
    stockQuantity: quantity('stock'),
    minimumOrderQuantity: quantity('moq'),
    sku: z
      .string()
      .trim()
      .max(SKU_MAX, m('skuMax'))
      .refine((v) => v === '' || SKU_PATTERN.test(v), m('skuFormat'))
      .transform((v) => v || null),
    isActive: z.boolean(),
    hsCode: z
      .string()
      .transform((v) => v.replace(/[\s.]/g, ''))
      .refine((v) => v === '' || /^\d{4,10}$/.test(v), m('hsCode'))
      .transform((v) => v || null),
    originCountry: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || isOriginCountry(v), m('originCountry'))
      .transform((v) => v || null),
    translations: z.object({ en: TranslationSchema.optional(), ru: TranslationSchema.optional(), hi: TranslationSchema.optional() }),
    shippingOptions: z.array(ShippingOptionSchema).max(SHIPPING_OPTIONS_MAX, m('shippingMax')),
    /** In display order: the first is the cover. The server also checks each was uploaded by this seller. */
    images: z
      .array(z.string().refine((v) => UPLOADED_IMAGE_PATH.test(v) || STATIC_IMAGE_PATH.test(v), m('imageInvalid')))
      .max(PRODUCT_IMAGE.maxCount, m('imagesMax'))
      .refine((list) => new Set(list).size === list.length, m('imagesDuplicate')),
  })
  .superRefine((v, ctx) => {
    if (!v.translations.en && !v.translations.ru && !v.translations.hi) {
      ctx.addIssue({ code: 'custom', path: ['translations'], message: m('translationRequired') })
    }
    if (v.subcategoryId && v.subcategoryId === v.categoryId) ctx.addIssue({ code: 'custom', path: ['subcategoryId'], message: m('subcategory') })
    refineUnitQuantities(v, ['stockQuantity', 'minimumOrderQuantity'], ctx)
  })
export type ProductInput = z.infer<typeof ProductFormSchema>

type Entries = Iterable<[string, FormDataEntryValue]>
type Raw = Map<string, string[]>

function collect(entries: Entries): Raw {
  const raw: Raw = new Map()
  for (const [key, value] of entries) {
    if (typeof value !== 'string') continue
    const list = raw.get(key) ?? []
    list.push(value)
    raw.set(key, list)
  }
  return raw
}

const first = (raw: Raw, key: string) => raw.get(key)?.[0] ?? ''
const all = (raw: Raw, key: string) => raw.get(key) ?? []

/**
 * The form's flat fields in the schema's shape. A language counts as filled in when any of its
 * fields has text; a filled-in language without a slug gets one from its name (the form does the
 * same as the name is typed). Rows whose cells are all empty are left out.
 */
export function productFormShape(entries: Entries) {
  const raw = collect(entries)
  const translations: Record<string, unknown> = {}
  for (const lng of LANGUAGES) {
    const names = all(raw, `${lng}.specName`)
    const values = all(raw, `${lng}.specValue`)
    const specifications = Array.from({ length: Math.max(names.length, values.length) }, (_, i) => ({ name: names[i] ?? '', value: values[i] ?? '' })).filter(
      (row) => row.name.trim() !== '' || row.value.trim() !== '',
    )
    const t = {
      name: first(raw, `${lng}.name`),
      slug: first(raw, `${lng}.slug`),
      description: first(raw, `${lng}.description`),
      longDescription: first(raw, `${lng}.longDescription`),
    }
    const filled = [t.name, t.slug, t.description, t.longDescription].some((x) => x.trim() !== '') || specifications.length > 0
    if (!filled) continue
    if (t.slug.trim() === '' && t.name.trim() !== '') t.slug = slugFromName(t.name)
    translations[lng] = { ...t, specifications }
  }
  const methods = all(raw, 'shippingMethod')
  const prices = all(raw, 'shippingPrice')
  const currencies = all(raw, 'shippingCurrency')
  const days = all(raw, 'shippingDays')
  const shippingOptions = Array.from({ length: Math.max(methods.length, prices.length, days.length) }, (_, i) => ({
    method: methods[i] ?? '',
    price: prices[i] ?? '',
    currency: currencies[i] ?? 'USD',
    estimatedDays: days[i] ?? '',
  })).filter((row) => row.method !== '' || row.price.trim() !== '' || row.estimatedDays.trim() !== '')
  return {
    categoryId: first(raw, 'categoryId'),
    subcategoryId: first(raw, 'subcategoryId'),
    price: first(raw, 'price'),
    currency: first(raw, 'currency') || 'USD',
    unit: first(raw, 'unit'),
    stockQuantity: first(raw, 'stockQuantity'),
    minimumOrderQuantity: first(raw, 'minimumOrderQuantity'),
    sku: first(raw, 'sku'),
    // The form sends a hidden "false" and, when ticked, the checkbox's "true".
    isActive: all(raw, 'isActive').includes('true'),
    hsCode: first(raw, 'hsCode'),
    originCountry: first(raw, 'originCountry'),
    translations,
    shippingOptions,
    images: all(raw, 'image'),
  }
}

/** Errors keyed by form field name: "price", "en.name", "ru.specName.2", "shippingPrice.0", "translations". */
export type ProductFieldErrors = Record<string, string>

const FIELD_OF: Record<string, string> = { method: 'shippingMethod', price: 'shippingPrice', currency: 'shippingCurrency', estimatedDays: 'shippingDays' }

function fieldName(path: readonly PropertyKey[]): string {
  const [head, a, b, c, d] = path.map(String)
  if (head === 'translations' && a) {
    if (b === 'specifications' && c !== undefined) return d ? `${a}.spec${d === 'name' ? 'Name' : 'Value'}.${c}` : `${a}.specifications`
    return b ? `${a}.${b}` : 'translations'
  }
  if (head === 'shippingOptions') return a !== undefined && b ? `${FIELD_OF[b] ?? b}.${a}` : 'shippingOptions'
  return head ?? 'form'
}

export type ProductFormResult = { ok: true; value: ProductInput } | { ok: false; fieldErrors: ProductFieldErrors }

/** Validates the posted form: the same call in the browser (before submit) and in the action. */
export function parseProductForm(entries: Entries): ProductFormResult {
  const result = ProductFormSchema.safeParse(productFormShape(entries))
  if (result.success) return { ok: true, value: result.data }
  return { ok: false, fieldErrors: submissionErrors(result.error, { name: fieldName }) as ProductFieldErrors }
}

export const PRODUCT_LIST_SORTS = ['newest', 'oldest', 'name', 'price_asc', 'price_desc', 'stock', 'views'] as const
export type ProductListSort = (typeof PRODUCT_LIST_SORTS)[number]
export const PRODUCT_LIST_STATUSES = ['all', 'active', 'inactive'] as const
export const SELLER_PAGE_SIZE = 20

/** The My Products list's query string; anything unknown falls back to the default. */
export function parseProductListQuery(params: URLSearchParams) {
  const page = Number(params.get('page'))
  const sort = params.get('sort')
  const status = params.get('status')
  return {
    q: (params.get('q') ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 100),
    sort: (PRODUCT_LIST_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ProductListSort) : 'newest',
    status: (PRODUCT_LIST_STATUSES as readonly string[]).includes(status ?? '') ? (status as (typeof PRODUCT_LIST_STATUSES)[number]) : 'all',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  }
}
export type ProductListQuery = ReturnType<typeof parseProductListQuery>
