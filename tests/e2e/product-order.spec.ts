import { expect, test } from '@playwright/test'
import { logIn } from './support/demo-login'

// A direct order from the product page (issue 8 item 8). Relies on the demo logins and the demo seller's
// product 'Refined Sunflower Oil, Bulk in Flexitanks' (db/seed/products/agriculture.ts: 1120.00 USD,
// minimum order 20, sea 2900.00 USD or rail 4200.00 USD).
const PRODUCT = 'Refined Sunflower Oil, Bulk in Flexitanks'

test('the demo buyer orders from the product page; the order is Pending and the demo seller sees it', async ({ page }) => {
  await logIn(page, 'buyer@setu.example')
  await page.goto(`/marketplace?q=${encodeURIComponent('sunflower oil flexitanks')}`)
  await page.getByRole('link', { name: PRODUCT }).first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PRODUCT)
  await page.waitForLoadState('networkidle')

  // 21 units (one above the minimum) by rail: 1120.00 × 21 + 4200.00 = 27,720.00.
  await page.getByRole('button', { name: 'Increase quantity' }).click()
  await expect(page.getByTestId('cost-quantity')).toHaveText('21')
  await page.getByRole('radio').nth(1).check()
  await expect(page.getByTestId('cost-total')).toContainText('27,720.00')

  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/)
  await expect(page.getByText('Order placed successfully')).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveText('Pending')
  await expect(page.getByTestId('order-product')).toHaveText(PRODUCT)
  await expect(page.getByTestId('order-shipping')).toContainText('Rail')
  await expect(page.getByTestId('order-terms')).toContainText('27,720.00')
  const orderId = page.url().split('/orders/')[1]!

  await logIn(page, 'seller@setu.example')
  await page.goto('/dashboard/orders')
  const row = page.getByTestId('order-table').getByRole('row').filter({ hasText: orderId.slice(0, 8) })
  await expect(row).toContainText(PRODUCT)
  await expect(row).toContainText('Pending')
})

test('a visitor sees the login panel instead of Place order', async ({ page }) => {
  await page.goto('/products/3ce67871-5a83-4b1b-9e92-6aca276ceae9')
  await expect(page.getByTestId('login-required')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Place order' })).toHaveCount(0)
})
