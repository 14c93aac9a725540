import { expect, test, type Page } from '@playwright/test'

// Relies on the demo logins (db/seed/accounts.ts): buyer@, seller@ (KYC Approved) and
// pending.seller@setu.example (KYC Pending), all with the password below.
const PASSWORD = 'SetuDemo2026!'

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
  'base64',
)

/** Signs in through the /login form, as a person would. */
async function logIn(page: Page, email: string) {
  await page.goto('/login')
  await page.getByLabel(/email/i).fill(email)
  await page.getByLabel(/password/i).first().fill(PASSWORD)
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click()
  await expect(page.getByTestId('user-menu')).toContainText(email)
}

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
  await logIn(page, 'buyer@setu.example')
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
  await logIn(page, 'pending.seller@setu.example')
  await page.goto('/kyc-upload')
  await expect(page.getByTestId('kyc-notice')).toContainText('KYC Under Review')
  await page.waitForLoadState('networkidle')

  // A web page renamed .pdf is refused from its bytes, and nothing changes.
  await page.getByLabel(/^(KYC|Replacement) document$/).setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><script>alert(1)</script></html>') })
  await page.getByRole('button', { name: /^Upload (Document|Replacement)$/ }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Only PDF, JPG, or PNG files are allowed' })).toBeVisible()
  await expect(page).toHaveURL(/\/kyc-upload$/)

  await page.getByLabel(/^(KYC|Replacement) document$/).setInputFiles({ name: 'gst-certificate.png', mimeType: 'image/png', buffer: PNG })
  await page.getByRole('button', { name: /^Upload (Document|Replacement)$/ }).click()
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
  await logIn(page, 'seller@setu.example')
  await page.goto('/kyc-upload')
  await expect(page.getByTestId('kyc-notice')).toContainText('KYC Verified')
  await expect(page.locator('input[type=file]')).toHaveCount(0)
  await page.goto('/dashboard')
  await expect(page.getByTestId('kyc-notice')).toContainText('KYC Verified')
  await expect(page.getByTestId('total-products')).toHaveText(/^\d+$/)
})

test('profile edit round trip, with field errors first', async ({ page }) => {
  await logIn(page, 'buyer@setu.example')
  await page.goto('/profile')
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  const edit = page.getByRole('form', { name: 'Edit profile' })
  const company = edit.getByLabel('Company name (optional)')
  const original = await company.inputValue()

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

  // Put the demo data back.
  await page.waitForLoadState('networkidle')
  await page.getByRole('form', { name: 'Edit profile' }).getByLabel('Company name (optional)').fill(original)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Profile updated successfully')
})
