import { expect, test } from '@playwright/test'
import { createBuyer, createPendingSeller, createSeller } from './support/factories'
import { logIn } from './support/sign-in'

// Each test makes the buyer or seller it needs (support/factories.ts).

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
  'base64',
)

test('anonymous visitors see "Login Required" on /kyc-upload and are sent from /dashboard to sign in', async ({ page }) => {
  const response = await page.goto('/kyc-upload')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Login Required' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Log In' }).last()).toHaveAttribute('href', '/login?redirectTo=%2Fkyc-upload')
  await expect(page.getByRole('main').getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register')
  await expect(page.locator('input[type=file]')).toHaveCount(0)

  await page.goto('/dashboard/products')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fproducts$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()

  // The document route never serves anything without a session.
  const doc = await page.request.get('/kyc-document', { maxRedirects: 0 })
  expect(doc.status()).toBe(302)
  expect(doc.headers()['location']).toBe('/login?redirectTo=%2Fkyc-document')
})

test('a buyer is told KYC is for sellers and can go back home', async ({ page }) => {
  await logIn(page, await createBuyer())
  await page.goto('/kyc-upload')
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Account Required' })).toBeVisible()
  await expect(page.locator('input[type=file]')).toHaveCount(0)
  await page.getByRole('link', { name: 'Back to Home' }).click()
  await expect(page).toHaveURL(/\/$/)

  // /dashboard is the buyer's own overview (issue 26 item 6); the seller-only tabs keep the gate.
  await page.goto('/dashboard/products')
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Account Required' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Browse Marketplace' })).toBeVisible()
})

test('a pending seller replaces the KYC document and lands on the dashboard', async ({ page }) => {
  // Pending, with the document uploaded at sign-up: the page offers to replace it.
  await logIn(page, await createPendingSeller())
  await page.goto('/kyc-upload')
  await expect(page.getByTestId('kyc-notice')).toContainText('KYC Under Review')
  await expect(page.getByRole('link', { name: /View the uploaded document \(PDF\)/ })).toBeVisible()
  await page.waitForLoadState('networkidle')

  // A web page renamed .pdf is refused from its bytes, and nothing changes.
  await page.getByLabel('Replacement document').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><script>alert(1)</script></html>') })
  await page.getByRole('button', { name: 'Upload Replacement', exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Only PDF, JPG, or PNG files are allowed' })).toBeVisible()
  await expect(page).toHaveURL(/\/kyc-upload$/)

  await page.getByLabel('Replacement document').setInputFiles({ name: 'gst-certificate.png', mimeType: 'image/png', buffer: PNG })
  await page.getByRole('button', { name: 'Upload Replacement', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByTestId('toast')).toHaveText('KYC document uploaded successfully! Your verification is now pending review.')
  await expect(page.getByTestId('kyc-notice')).toContainText('Your KYC is under review; your listings may not be visible until it is approved.')

  // The document is there for its owner only, served as what it is.
  await page.goto('/kyc-upload')
  await expect(page.getByRole('link', { name: /View the uploaded document \(PNG\)/ })).toBeVisible()
  const doc = await page.request.get('/kyc-document')
  expect(doc.status()).toBe(200)
  expect(doc.headers()['content-type']).toBe('image/png')
  expect(doc.headers()['x-content-type-options']).toBe('nosniff')
  expect(Buffer.from(await doc.body()).equals(PNG)).toBe(true)
})

test('an approved seller sees the verified notice and no upload form', async ({ page }) => {
  await logIn(page, await createSeller({ products: [{ name: 'Kashmiri saffron threads' }, { name: 'Nagpur orange marmalade' }] }))
  await page.goto('/kyc-upload')
  await expect(page.getByTestId('kyc-notice')).toContainText('KYC Verified')
  await expect(page.locator('input[type=file]')).toHaveCount(0)
  await page.goto('/dashboard')
  await expect(page.getByTestId('kyc-notice')).toContainText('KYC Verified')
  await expect(page.getByTestId('total-products')).toHaveText('2')
})

test('profile edit round trip, with field errors first', async ({ page }) => {
  await logIn(page, await createBuyer({ companyName: 'Sharma Traders' }))
  await page.goto('/profile')
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  const edit = page.getByRole('form', { name: 'Edit profile' })
  const company = edit.getByLabel('Company name (optional)')
  await expect(company).toHaveValue('Sharma Traders')

  await edit.getByLabel('Full name').fill('P')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(edit.getByText('Name must be at least 2 characters')).toBeVisible()
  await expect(edit.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true')

  await edit.getByLabel('Full name').fill('Priya Sharma')
  await company.fill('Sharma Imports (Mumbai)')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Profile updated successfully')
  await page.reload()
  await expect(page.getByRole('form', { name: 'Edit profile' }).getByLabel('Company name (optional)')).toHaveValue('Sharma Imports (Mumbai)')
  await expect(page.getByText('Sharma Imports (Mumbai)', { exact: true })).toBeVisible()

})
