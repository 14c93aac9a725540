// @no-database: this file runs without the per-file test database (vitest.config.ts)
// Server-rendered product purchase panel: what a visitor and a signed-in user are offered.
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { CostSummary } from './components/cost-summary'
import { ProductImage } from './components/product-image'
import { PurchasePanel } from './components/purchase-panel'
import { stepQuantity } from './components/quantity-stepper'
import type { ProductDetailDto } from './types'
import { createFixedInstance } from '~/lib/i18next.server'
import { readOrderQuantity, typedOrderQuantityError } from '~/modules/orders'

const product: ProductDetailDto = {
  id: '3f2a9c1e-8b7d-4e6f-9a1b-2c3d4e5f6a7b',
  sku: 'SKU-1',
  name: 'Sunflower Oil',
  description: 'Refined',
  longDescription: '',
  specifications: [],
  lang: { name: 'en', description: 'en', longDescription: 'en', specifications: 'en' },
  trade: { hsCode: null, origin: null },
  price: '19.99',
  currency: 'USD',
  unit: 'litres',
  unitDecimals: 3,
  stockQuantity: 100,
  minimumOrderQuantity: 3,
  images: [],
  shippingOptions: [
    { method: 'sea', price: '0.10', currency: 'USD', estimatedDays: '30-45' },
    { method: 'rail', price: '5000.00', currency: 'RUB', estimatedDays: '15-20' },
  ],
  category: { id: 'agriculture', name: 'Agriculture' },
  subcategory: null,
  seller: { id: '7c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5', name: 'Ivan', companyName: 'Volga Agro', country: 'Russia', verified: true, publicPage: true },
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  isNew: true,
  visibility: 'public',
}

async function render(element: React.ReactElement, lng: 'en' | 'ru' = 'en') {
  const i18n = await createFixedInstance(lng)
  return renderToString(h(I18nextProvider, { i18n }, h(MemoryRouter, null, element)))
}

describe('PurchasePanel', () => {
  it('shows visitors the Login Required panel with Log In (back to the product) and Register', async () => {
    const html = await render(h(PurchasePanel, { product, signedIn: false }))
    expect(html).toContain('Login Required')
    expect(html).toContain('Please log in to place an order or contact the seller.')
    expect(html).toContain(`href="/login?redirectTo=%2Fproducts%2F${product.id}"`)
    expect(html).toContain('href="/register"')
    expect(html).not.toContain('/create-rfq')
    // "Request a quote" leads a visitor to sign in (and back), saying why.
    const link = /<a ([^>]*)>(?:<[^>]*>)*Request a quote<\/a>/.exec(html)?.[1] ?? ''
    expect(link).toContain(`href="/login?redirectTo=%2Fproducts%2F${product.id}"`)
    expect(link).toContain('aria-describedby="request-login-required"')
    expect(html).toContain('Please log in to request a quote')
  })

  it('offers signed-in users a quote request (for the chosen quantity) and seller contact, not an order', async () => {
    const html = await render(
      h(PurchasePanel, {
        product,
        signedIn: true,
        requestQuote: (q: number) => h('button', { type: 'button' }, `Request a quote for ${q}`),
        contactSeller: h('button', { type: 'submit' }, 'Contact seller'),
      }),
    )
    expect(html).toContain('Request a quote for 3')
    expect(html).not.toContain('/create-rfq')
    expect(html).toContain('Contact seller')
    expect(html).not.toContain('Login Required')
  })

  it('starts the quantity at the MOQ, says the bounds, and posts it with the order form, with exact totals', async () => {
    const html = await render(h(PurchasePanel, { product, signedIn: false }))
    // A text field, posted as typed with the order form (no browser clamping of a number field).
    expect(html).toMatch(/<input type="text"[^>]*id="quantity"[^>]*form="place-order-form"[^>]*name="quantity" value="3"/)
    expect(html).toContain('From 3 L (minimum order) to 100 L (in stock).')
    expect(html).toMatch(/<input type="radio" form="place-order-form"[^>]*name="shipping" checked="" value="0"/)
    // 19.99 × 3 + 0.10 sea freight, exactly.
    expect(html).toContain('$59.97')
    expect(html).toMatch(/data-testid="cost-total"[^>]*>(<[^>]*>)*\$60\.07</)
  })

  it('disables the stepper when the stock cannot cover the minimum order', async () => {
    const html = await render(h(PurchasePanel, { product: { ...product, stockQuantity: 2 }, signedIn: false }))
    expect(html).toMatch(/<input[^>]*id="quantity"[^>]*disabled=""/)
  })

  it('is translated', async () => {
    const html = await render(h(PurchasePanel, { product, signedIn: false }), 'ru')
    expect(html).toContain('Требуется вход')
    expect(html).toContain('Морская перевозка')
  })
})

describe('CostSummary', () => {
  it('lists shipping in another currency separately instead of adding it', async () => {
    const html = await render(h(CostSummary, { unitPrice: '19.99', currency: 'USD', quantity: 3, unit: 'pcs', shipping: product.shippingOptions[1] }))
    expect(html).toMatch(/data-testid="cost-total"[^>]*>(<[^>]*>)*\$59\.97</)
    expect(html).toContain('Shipping is priced in RUB and is not included in the total.')
  })
  it('multiplies a decimal quantity exactly and shows it with its unit', async () => {
    // 245.55 × 12.5 = 3069.375, rounded half up to the cent as the order's total is in SQL.
    const html = await render(h(CostSummary, { unitPrice: '245.55', currency: 'USD', quantity: 12.5, unit: 't', shipping: null }))
    expect(html).toMatch(/data-testid="cost-quantity"[^>]*>12\.5\u00a0t</)
    expect(html).toMatch(/data-testid="cost-total"[^>]*>(<[^>]*>)*\$3,069\.38</)
  })
})

describe('stepQuantity', () => {
  it('moves one unit per press within MOQ and stock, from what was typed', () => {
    expect(stepQuantity('7', 1, 5, 50)).toBe(8)
    expect(stepQuantity('7', -1, 5, 50)).toBe(6)
    expect(stepQuantity('5', -1, 5, 50)).toBe(5)
    expect(stepQuantity('50', 1, 5, 50)).toBe(50)
    // Out of bounds or unreadable: a press goes to the nearest bound, or the minimum.
    expect(stepQuantity('70', -1, 5, 50)).toBe(50)
    expect(stepQuantity('1', 1, 5, 50)).toBe(5)
    expect(stepQuantity('abc', 1, 5, 50)).toBe(5)
  })
  it('steps a decimal quantity by one unit, exactly', () => {
    expect(stepQuantity('12.5', 1, 0.75, 3000)).toBe(13.5)
    expect(stepQuantity('12.5', -1, 0.75, 3000)).toBe(11.5)
    expect(stepQuantity('1.755', -1, 0.75, 3000)).toBe(0.755)
    expect(stepQuantity('0.1', 1, 0.1, 3000)).toBe(1.1)
    expect(stepQuantity('1.2', -1, 0.75, 3000)).toBe(0.75)
  })
})

describe('the quantity as typed', () => {
  const stock = { unit: 'pieces' as const, unitDecimals: 0, minimumOrderQuantity: 20, stockQuantity: 2975 }
  const tonnes = { unit: 'tonnes' as const, unitDecimals: 3, minimumOrderQuantity: 0.5, stockQuantity: 3000 }
  it('is read only when it is a plain decimal of up to three places, never rounded or clamped', () => {
    expect(readOrderQuantity(' 2976 ')).toBe(2976)
    expect(readOrderQuantity('7.8')).toBe(7.8)
    expect(readOrderQuantity('12,5')).toBe(12.5)
    expect(readOrderQuantity('7.8125')).toBeNull()
    expect(readOrderQuantity('2,976')).toBeNull()
    expect(readOrderQuantity('1e3')).toBeNull()
    expect(readOrderQuantity('0')).toBeNull()
    expect(readOrderQuantity('')).toBeNull()
  })
  it('is refused outside minimum order and stock with the message and its count', () => {
    expect(typedOrderQuantityError('2976', stock)).toEqual({ key: 'catalog:product.order.errors.onlyLeft', count: 2975 })
    expect(typedOrderQuantityError('19', stock)).toEqual({ key: 'catalog:product.order.errors.belowMoq', count: 20 })
    expect(typedOrderQuantityError('12.5', stock)).toEqual({ key: 'units:problems.whole.pieces' })
    expect(typedOrderQuantityError('12.5', tonnes)).toBeNull()
    expect(typedOrderQuantityError('12.5005', tonnes)).toEqual({ key: 'units:problems.decimals.tonnes' })
    expect(typedOrderQuantityError('0.25', tonnes)).toEqual({ key: 'catalog:product.order.errors.belowMoq', count: 0.5 })
    expect(typedOrderQuantityError('2975', stock)).toBeNull()
    expect(typedOrderQuantityError('20', stock)).toBeNull()
  })
})

describe('ProductImage without a picture', () => {
  it('is a named image when it has a text, and hidden decoration when it has none (the name is read beside it)', () => {
    const named = renderToString(h(ProductImage, { src: null, alt: 'Sunflower Oil' }))
    expect(named).toContain('role="img"')
    expect(named).toContain('aria-label="Sunflower Oil"')
    const decoration = renderToString(h(ProductImage, { src: null, alt: '' }))
    expect(decoration).not.toContain('role="img"')
    expect(decoration).toContain('aria-hidden="true"')
  })
})
