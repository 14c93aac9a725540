// Product texts a visitor may not have in their language: which translation is shown, that it says
// which language it is in (a `lang` attribute on the element), and the trade attributes on the page.
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { createCategory, createProduct, createSeller, type ProductOverrides } from '../../../tests/factories/catalog'
import { ProductCard } from './components/product-card'
import { getProduct } from './product.server'
import { listProducts } from './listing.server'
import { EMPTY_MARKETPLACE_QUERY } from './schemas'
import type { ProductCardDto } from './types'
import { createFixedInstance } from '~/lib/i18next.server'

const cards = async (locale: 'en' | 'ru' | 'hi') => (await listProducts({ ...EMPTY_MARKETPLACE_QUERY, category: 'textiles' }, locale)).items
const card = async (id: string, locale: 'en' | 'ru' | 'hi') => (await cards(locale)).find((c) => c.id === id)!

async function render(product: ProductCardDto, lng: 'en' | 'ru' | 'hi') {
  const i18n = await createFixedInstance(lng)
  return renderToString(h(I18nextProvider, { i18n }, h(MemoryRouter, null, h(ProductCard, { product }))))
}

let sellerId = ''
const ids: Record<string, string> = {}

beforeAll(async () => {
  sellerId = (await createSeller({ companyName: 'Kanchipuram Looms' })).id
  await createCategory({ id: 'textiles', translations: { en: { name: 'Textiles' }, ru: { name: 'Текстиль' } } })
  const make = (translations: ProductOverrides['translations']) => createProduct({ sellerId, categoryId: 'textiles', translations })
  ids.onlyRussian = (await make({ ru: { name: 'Льняная ткань', description: 'Вологодский лён' } })).id
  ids.onlyHindi = (await make({ hi: { name: 'खादी कपड़ा', description: 'हाथ से बुना' } })).id
  ids.blankEnglish = (await make({ en: { name: '  ', description: '' }, ru: { name: 'Лён', description: 'Ткань' } })).id
  ids.bilingual = (await make({ en: { name: 'Silk Saree', description: '' }, ru: { name: 'Шёлковое сари', description: 'Ручная работа' } })).id
  ids.noName = (await make({})).id
})

describe('card texts without the visitor language', () => {
  it('shows another language the product has, and says which', async () => {
    expect(await card(ids.onlyRussian, 'en')).toMatchObject({ name: 'Льняная ткань', lang: { name: 'ru' } })
    expect(await card(ids.onlyHindi, 'ru')).toMatchObject({ name: 'खादी कपड़ा', lang: { name: 'hi' } })
  })

  it('treats a blank translation as missing', async () => {
    expect(await card(ids.blankEnglish, 'en')).toMatchObject({ name: 'Лён', lang: { name: 'ru' } })
  })

  it('carries no description: the card shows none, the product page has it', async () => {
    const bilingual = await card(ids.bilingual, 'hi')
    expect(bilingual).toMatchObject({ name: 'Silk Saree', lang: { name: 'en' } })
    expect(bilingual).not.toHaveProperty('summary')
    expect(JSON.stringify(bilingual)).not.toContain('Ручная работа')
  })

  it('marks the fallback title with lang, and links the seller', async () => {
    const html = await render(await card(ids.onlyRussian, 'en'), 'en')
    expect(html).toMatch(/<h3[^>]* lang="ru"[^>]*><a [^>]*href="\/products\/[^"]+"[^>]*>Льняная ткань<\/a><\/h3>/)
    expect(html).toContain(`href="/sellers/${sellerId}"`)
    expect(html).toContain('Kanchipuram Looms')
  })

  it('marks a title in the page language too (lang always matches the text)', async () => {
    const html = await render(await card(ids.bilingual, 'en'), 'en')
    expect(html).toMatch(/<h3[^>]* lang="en"[^>]*>.*Silk Saree/)
  })

  it('never shows an empty card: a product with no name at all gets a translated placeholder', async () => {
    const noName = await card(ids.noName, 'ru')
    expect(noName).toMatchObject({ name: '', lang: { name: 'ru' } })
    const html = await render(noName, 'ru')
    expect(html).toMatch(/<h3[^>]* lang="ru"[^>]*><a [^>]*>Товар без названия<\/a><\/h3>/)
  })
})

describe('category names', () => {
  it('names the category in the page language, then in English, and a category with no name at all by its id', async () => {
    expect((await card(ids.bilingual, 'ru')).category).toEqual({ id: 'textiles', name: 'Текстиль' })
    expect((await card(ids.bilingual, 'hi')).category).toEqual({ id: 'textiles', name: 'Textiles' })
    await createCategory({ id: 'textiles-silk', parentId: 'textiles', translations: { en: { name: 'Silk' }, hi: { name: 'रेशम' } } })
    await createCategory({ id: 'unnamed-category', translations: {} })
    const silk = await createProduct({ sellerId, categoryId: 'textiles', subcategoryId: 'textiles-silk', translations: { en: { name: 'Mulberry Silk' } } })
    const unnamed = await createProduct({ sellerId, categoryId: 'unnamed-category', translations: { en: { name: 'Loose Thread' } } })
    expect(await getProduct(silk.id, 'hi')).toMatchObject({ category: { id: 'textiles', name: 'Textiles' }, subcategory: { id: 'textiles-silk', name: 'रेशम' } })
    expect(await getProduct(silk.id, 'ru')).toMatchObject({ category: { name: 'Текстиль' }, subcategory: { name: 'Silk' } })
    expect((await getProduct(unnamed.id, 'en'))?.category).toEqual({ id: 'unnamed-category', name: 'unnamed-category' })
    // A top-level category's listing includes the products filed under one of its subcategories.
    const filedUnderChild = await createProduct({ sellerId, categoryId: 'textiles-silk', translations: { en: { name: 'Silk Yarn' } } })
    expect((await cards('en')).find((c) => c.id === filedUnderChild.id)?.category).toEqual({ id: 'textiles-silk', name: 'Silk' })
  })

  it('trims the texts it shows', async () => {
    const padded = await createProduct({ sellerId, categoryId: 'textiles', translations: { en: { name: '  Jute Twine  ', description: '\tStrong\n' } } })
    expect(await card(padded.id, 'en')).toMatchObject({ name: 'Jute Twine', lang: { name: 'en' } })
    // The product page too: the forms trim on save, but data written around them (an import, SQL) may not be.
    expect(await getProduct(padded.id, 'en')).toMatchObject({ name: 'Jute Twine', description: 'Strong', lang: { name: 'en', description: 'en' } })
  })
})

describe('product page texts', () => {
  it('picks each field with its language', async () => {
    expect(await getProduct(ids.bilingual, 'hi')).toMatchObject({
      name: 'Silk Saree',
      description: 'Ручная работа',
      lang: { name: 'en', description: 'ru', longDescription: 'hi', specifications: 'hi' },
    })
  })
})

describe('trade attributes', () => {
  it('reads the HS code and country of origin, named in the page language', async () => {
    const tea = await createProduct({ sellerId, categoryId: 'textiles', unit: 'kg', attributes: { hsCode: '0902.40', origin: 'IN' } })
    const rice = await createProduct({ sellerId, categoryId: 'textiles', attributes: { hsCode: '10063010', origin: 'ru' } })
    const junk = await createProduct({ sellerId, categoryId: 'textiles', attributes: { hsCode: '12<b>', origin: 'India' } })
    const none = await createProduct({ sellerId, categoryId: 'textiles' })
    expect((await getProduct(tea.id, 'en'))?.trade).toEqual({ hsCode: '0902.40', origin: { code: 'IN', name: 'India' } })
    expect((await getProduct(tea.id, 'ru'))?.trade.origin).toEqual({ code: 'IN', name: 'Индия' })
    expect((await getProduct(tea.id, 'hi'))?.trade.origin).toEqual({ code: 'IN', name: 'भारत' })
    // The product form stores digits only; they are grouped for reading.
    expect((await getProduct(rice.id, 'en'))?.trade).toEqual({ hsCode: '1006.30.10', origin: { code: 'RU', name: 'Russia' } })
    expect((await getProduct(junk.id, 'en'))?.trade).toEqual({ hsCode: null, origin: null })
    expect((await getProduct(none.id, 'en'))?.trade).toEqual({ hsCode: null, origin: null })
  })
})
