import { expect, test } from '@playwright/test'
import { createBuyer, createSeller } from './support/factories'
import { logIn } from './support/sign-in'

// Issue 26 item 4: the quantity a buyer typed is the quantity ordered, or the order is refused with a
// message; it is never silently changed. A seller made for the test lists a product (2.50 USD, 2,975
// in stock, minimum order 20, no shipping options: as the product form makes it with none added); a
// buyer made for the test orders it.

test('2,976 typed with 2,975 in stock is refused with a message and orders nothing; 25 typed orders exactly 25', async ({ page, baseURL }) => {
  const name = `Basmati rice 1121 sella ${Date.now().toString(36)}`
  const buyer = await createBuyer()
  const seller = await createSeller({
    products: [{ name, price: '2.50', currency: 'USD', stockQuantity: 2975, minimumOrderQuantity: 20, shippingOptions: [] }],
  })
  const productPath = `/products/${seller.products[0]!.id}`

  await logIn(page, buyer)
  await page.goto(productPath)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await page.waitForLoadState('networkidle')

  // Typed, then the field is left: the text stays as typed and the refusal shows under it.
  const quantity = page.getByLabel('Quantity', { exact: true })
  await quantity.fill('2976')
  await quantity.press('Tab')
  await expect(quantity).toHaveValue('2976')
  await expect(page.getByTestId('quantity-error')).toHaveText('Only 2,975 pcs left in stock')
  await expect(quantity).toHaveAttribute('aria-invalid', 'true')

  // Place order: refused on the page, nothing sent, the quantity still what the buyer typed.
  let posted = 0
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/orders/new')) posted++
  })
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page.getByTestId('quantity-error')).toHaveText('Only 2,975 pcs left in stock')
  await expect(quantity).toBeFocused()
  await expect(quantity).toHaveValue('2976')
  await expect(page).toHaveURL(new RegExp(`${productPath}$`))
  expect(posted).toBe(0)

  // The server refuses the same quantity on its own (a form sent without the page's check).
  const token = await page.locator('input[name="submissionKey"]').inputValue()
  // With the payment terms the form holds (30 % on the proforma, 70 % on shipment): only the quantity is wrong.
  const terms = await page.locator('[name^="terms."]').evaluateAll((els) =>
    Object.fromEntries(els.filter((el) => !(el instanceof HTMLInputElement && el.type === 'checkbox' && !el.checked)).map((el) => [(el as HTMLInputElement).name, (el as HTMLInputElement).value])),
  )
  expect(terms['terms.method']).toBe('bank_transfer')
  const direct = await page.request.post('/orders/new', {
    form: { productId: productPath.split('/').pop()!, quantity: '2976', submissionKey: token, ...terms },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  })
  expect(direct.status()).toBe(409)

  // No order was made: the buyer's orders do not list the product, and the stock is whole.
  await page.goto('/orders')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText(name)).toHaveCount(0)
  await page.goto(productPath)
  await expect(page.getByTestId('availability')).toHaveText('In stock: 2,975 pcs')
  await page.waitForLoadState('networkidle')

  // Below the minimum order: refused the same way.
  await quantity.fill('19')
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page.getByTestId('quantity-error')).toHaveText('The minimum order is 20 pcs')
  await expect(quantity).toHaveValue('19')

  // A valid amount orders exactly that.
  await quantity.fill('25')
  await expect(page.getByTestId('quantity-error')).toHaveCount(0)
  await expect(page.getByTestId('cost-quantity')).toHaveText('25\u00a0pcs')
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('order-product')).toHaveText(name)
  await expect(page.getByTestId('order-terms')).toContainText('25')
  await expect(page.getByTestId('order-terms')).toContainText('62.50')
  await page.goto(productPath)
  await expect(page.getByTestId('availability')).toHaveText('In stock: 2,950 pcs')
})

// Issue 28 item 2: a quantity in tonnes takes decimals. 12.5 t typed is 12.5 t ordered, + and − step it by
// one tonne exactly, the cost summary multiplies exactly (245.55 × 12.5 = 3,069.375 → 3,069.38, the order's
// total too) and the stock goes down by 12.5; a third decimal of a carat-like unit is never needed here.
test('12.5 t typed orders exactly 12.5 t at the exact total, and the stock goes down by 12.5', async ({ page }) => {
  const name = `Milling wheat class 3 ${Date.now().toString(36)}`
  const buyer = await createBuyer()
  const seller = await createSeller({
    products: [{ name, price: '245.55', currency: 'USD', unit: 'tonnes', stockQuantity: 3000, minimumOrderQuantity: 0.5, shippingOptions: [] }],
  })
  const productPath = `/products/${seller.products[0]!.id}`

  await logIn(page, buyer)
  await page.goto(productPath)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await page.waitForLoadState('networkidle')

  const quantity = page.getByLabel('Quantity', { exact: true })
  await expect(quantity).toHaveAttribute('inputmode', 'decimal')
  await quantity.fill('12.5')
  await expect(page.getByTestId('quantity-error')).toHaveCount(0)
  await expect(page.getByTestId('cost-quantity')).toHaveText('12.5\u00a0t')
  // The buyer reads rupees: the dollar total first, its approximate rupee figure beside it (issue 28).
  await expect(page.getByTestId('cost-total')).toHaveText(/^\$3,069\.38≈ ₹[\d,]+\.\d{2}/)
  // + and − move by one tonne, exactly.
  await page.getByRole('button', { name: 'Increase quantity' }).click()
  await expect(quantity).toHaveValue('13.5')
  await page.getByRole('button', { name: 'Decrease quantity' }).click()
  await expect(quantity).toHaveValue('12.5')

  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('order-product')).toHaveText(name)
  await expect(page.getByTestId('order-terms')).toContainText('12.5')
  await expect(page.getByTestId('order-terms')).toContainText('3,069.38')
  await page.goto(productPath)
  await expect(page.getByTestId('availability')).toHaveText('In stock: 2,987.5 t')
  // Russian groups and marks decimals its own way (issue 28 item 6).
  await page.goto(`${productPath}?lng=ru`)
  await expect(page.getByTestId('availability')).toHaveText('В наличии: 2\u00a0987,5 т')
})
