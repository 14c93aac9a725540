import { expect, test } from '@playwright/test'
import { logIn } from './support/sign-in'
import { createTradeParties } from './support/trade-flow'
import { createSeller } from './support/factories'

// A direct order from the product page (issue 8 item 8), between a buyer and an approved seller made
// for the test: 1120.00 USD, minimum order 20, sea 120.00 USD or air 450.00 USD (tests/factories/catalog.ts).

test('a buyer orders from the product page; the order is Pending and the seller sees it', async ({ page }) => {
  const token = Date.now().toString(36)
  const product = `Refined Sunflower Oil, Bulk in Flexitanks ${token}`
  const { buyer } = await createTradeParties()
  const seller = await createSeller({ country: 'Russia', products: [{ name: product, price: '1120.00', minimumOrderQuantity: 20, stockQuantity: 5000 }] })
  await logIn(page, buyer)
  await page.goto(`/marketplace?q=${encodeURIComponent(token)}`)
  await page.getByRole('link', { name: product }).first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product)
  await page.waitForLoadState('networkidle')

  // 21 units (one above the minimum) by air: 1120.00 × 21 + 450.00 = 23,970.00.
  await page.getByRole('button', { name: 'Increase quantity' }).click()
  await expect(page.getByTestId('cost-quantity')).toHaveText('21\u00a0pcs')
  await page.getByRole('radio').nth(1).check()
  await expect(page.getByTestId('cost-total')).toContainText('23,970.00')

  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/)
  await expect(page.getByText('Order placed successfully')).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveText('Pending')
  await expect(page.getByTestId('order-product')).toHaveText(product)
  await expect(page.getByTestId('order-shipping')).toContainText('Air')
  await expect(page.getByTestId('order-terms')).toContainText('23,970.00')
  const orderId = page.url().split('/orders/')[1]!

  await logIn(page, seller)
  await page.goto('/dashboard/orders')
  const row = page.getByTestId('order-table').getByRole('row').filter({ hasText: orderId.slice(0, 8) })
  await expect(row).toContainText(product)
  await expect(row).toContainText('Pending')
})

// Reads a demo product's page (db/seed/products/agriculture.json): no account is involved.
test('a visitor sees the login panel instead of Place order', async ({ page }) => {
  await page.goto('/products/3ce67871-5a83-4b1b-9e92-6aca276ceae9')
  await expect(page.getByTestId('login-required')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Place order' })).toHaveCount(0)
})
