import { expect, test } from '@playwright/test'
import { createPendingSeller } from './support/factories'
import { logIn } from './support/sign-in'

// A seller whose KYC is still pending may list products: they are saved and shown to the seller with
// a notice, but stay out of the marketplace and are a 404 for everyone else (issue 7, item 6).

test('a seller with KYC pending creates a product that stays hidden until approval', async ({ page, browser }) => {
  const stamp = Date.now().toString(36)
  const name = `Darjeeling first flush ${stamp}`
  await logIn(page, await createPendingSeller())
  await page.goto('/dashboard/products/new')
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Product' })).toBeVisible()
  await expect(page.getByText('You can create products now; they appear in the marketplace once your KYC is approved.')).toBeVisible()
  await page.waitForLoadState('networkidle')

  await page.getByLabel('Category', { exact: true }).selectOption('agriculture')
  await page.getByLabel('Price per unit').fill('18.75')
  await page.getByLabel('Unit of sale').selectOption('pieces')
  await page.getByLabel('Stock quantity').fill('500')
  await page.getByLabel('Minimum order quantity').fill('10')
  await page.locator('#product-en-name').fill(name)
  await page.getByRole('button', { name: 'Create Product' }).click()

  // The owner sees the page, with the reason buyers do not.
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/)
  const productUrl = new URL(page.url()).pathname
  await expect(page.getByTestId('toast')).toHaveText('Product created successfully!')
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByTestId('owner-preview')).toContainText('your products appear in the marketplace once your KYC is approved')

  // My Products lists it as hidden until KYC approval.
  await page.goto(`/dashboard/products?q=${encodeURIComponent(stamp)}&lng=en`)
  await expect(page.getByTestId('seller-product-row').filter({ hasText: name })).toContainText('Hidden until KYC approval')

  // Nobody else finds it: not in search, and its page is the 404 page.
  const visitor = await browser.newContext()
  const other = await visitor.newPage()
  await other.goto(`/marketplace?q=${encodeURIComponent(stamp)}`)
  await expect(other.getByRole('link', { name })).toHaveCount(0)
  const response = await other.goto(productUrl)
  expect(response?.status()).toBe(404)
  await expect(other.getByRole('heading', { level: 1, name })).toHaveCount(0)
  await visitor.close()
})
