import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { createSeller } from './support/factories'
import { logIn } from './support/sign-in'

// A seller's product from creation to removal from the catalog, as a person would go (issue 7).
// The approved seller is the test's own (support/factories.ts).

test('an approved seller creates a product in English and Russian, finds it in Russian, edits the price and deactivates it', async ({ page }) => {
  const stamp = Date.now().toString(36)
  const en = `Kashmir saffron grade A ${stamp}`
  const ru = `Кашмирский шафран сорт А ${stamp}`
  await logIn(page, await createSeller())
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Dashboard' })).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'Add Product' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Product' })).toBeVisible()
  await page.waitForLoadState('networkidle')

  // Submitting empty shows the spec's messages without a round trip.
  await page.getByRole('button', { name: 'Create Product' }).click()
  await expect(page.getByText('Please choose a category.')).toBeVisible()

  await page.getByLabel('Category', { exact: true }).selectOption('agriculture')
  await page.getByLabel('Price per unit').fill('-3')
  await page.getByLabel('Price per unit').fill('2400.50')
  await page.getByLabel('Currency', { exact: true }).selectOption('USD')
  await page.getByLabel('Unit of sale').selectOption('kg')
  await page.getByLabel('Stock quantity').fill('40')
  await page.getByLabel('Minimum order quantity').fill('2')
  await page.getByLabel('HS code (optional)').fill('0910.20')
  await page.locator('#product-en-name').fill(en)
  await expect(page.locator('#product-en-slug')).toHaveValue(`kashmir-saffron-grade-a-${stamp}`)
  await page.locator('#product-en-description').fill('Hand-picked stigmas, ISO 3632 category I.')
  await page.locator('#product-ru-name').fill(ru)
  await page.getByRole('button', { name: 'Add shipping option' }).click()
  await page.getByLabel('Option 1: method').selectOption('air')
  await page.getByLabel('Option 1: price').fill('35')
  await page.getByLabel('Option 1: estimated days').fill('5-7')

  // Two photos; the answers are held until the progress bar has shown, as it would on a real network.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/dashboard/products/images', async (route) => {
    await held
    await route.continue()
  })
  const photo = (background: string) => sharp({ create: { width: 800, height: 600, channels: 3, background } }).jpeg().toBuffer()
  await page.getByLabel('Add images').setInputFiles([
    { name: 'saffron-1.jpg', mimeType: 'image/jpeg', buffer: await photo('#b5651d') },
    { name: 'saffron-2.jpg', mimeType: 'image/jpeg', buffer: await photo('#8b0000') },
  ])
  await expect(page.getByRole('progressbar').first()).toBeVisible()
  release()
  await expect(page.getByRole('list', { name: 'Product images, in the order buyers see them' }).getByRole('img')).toHaveCount(2, { timeout: 20_000 })
  await page.getByRole('button', { name: 'Create Product' }).click()

  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('toast')).toHaveText('Product created successfully!')
  await expect(page.getByRole('heading', { level: 1, name: en })).toBeVisible()
  await expect(page.locator('main img[src^="/media/products/"]').first()).toBeVisible()

  // Public, in Russian, through search.
  await page.goto(`/marketplace?q=${encodeURIComponent(stamp)}&lng=ru`)
  await expect(page.getByRole('link', { name: ru }).first()).toBeVisible()

  // Edit the price: the update button waits for a change.
  await page.goto(`/dashboard/products?q=${encodeURIComponent(stamp)}&lng=en`)
  const row = page.getByTestId('seller-product-row').filter({ hasText: en })
  await row.getByRole('link', { name: /^Edit/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('button', { name: 'Update Product' })).toBeDisabled()
  await page.getByLabel('Price per unit').fill('2200')
  await expect(page.getByRole('button', { name: 'Update Product' })).toBeEnabled()
  await page.getByRole('button', { name: 'Update Product' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Product updated successfully!')
  await expect(page.getByTestId('seller-product-row').filter({ hasText: en })).toContainText('2,200')

  // Deactivated: gone from the catalog.
  await page.getByTestId('seller-product-row').filter({ hasText: en }).getByRole('button', { name: /^Deactivate/ }).click()
  await expect(page.getByTestId('toast')).toHaveText('Product deactivated')
  await page.goto(`/marketplace?q=${encodeURIComponent(stamp)}`)
  await expect(page.getByRole('link', { name: en })).toHaveCount(0)
})
