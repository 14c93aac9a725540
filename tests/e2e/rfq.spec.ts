import { expect, test } from '@playwright/test'
import { createBuyer } from './support/factories'
import { logIn } from './support/sign-in'

// A buyer's request for quote from the header to closing it (issue 8 items 1 and 3), by a buyer of its own.

test('a buyer creates an RFQ from the header, sees it listed with the toast, and closes it', async ({ page }) => {
  const title = `Basmati rice 1121 ${Date.now().toString(36)}`
  await logIn(page, await createBuyer())
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Create RFQ' }).click()
  await expect(page).toHaveURL(/\/create-rfq$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Create Request for Quote' })).toBeVisible()
  await page.waitForLoadState('networkidle')

  // An empty submit shows the spec's messages before anything is sent.
  await page.getByRole('button', { name: 'Create RFQ' }).click()
  await expect(page.getByText('Title must be at least 5 characters')).toBeVisible()
  await expect(page.getByText('Description must be at least 20 characters')).toBeVisible()
  await expect(page.getByLabel('Title')).toBeFocused()

  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Description').fill('Steam basmati 1121, moisture 12% max, 25 kg PP bags, SGS inspection.')
  await page.getByLabel('Category (optional)').selectOption('agriculture')
  await page.getByLabel('Quantity').fill('20')
  await page.getByLabel('Unit').selectOption('tonnes')
  await page.getByLabel('Currency', { exact: true }).selectOption('USD')
  await page.getByLabel('Minimum budget (optional)').fill('20000')
  await page.getByLabel('Maximum budget (optional)').fill('10000')
  await page.getByRole('button', { name: 'Create RFQ' }).click()
  await expect(page.getByText('Maximum budget must be greater than or equal to minimum budget')).toBeVisible()
  await page.getByLabel('Maximum budget (optional)').fill('24500.50')
  await page.getByLabel('Incoterms® 2020 rule').selectOption('FOB')
  await page.getByLabel('Named place').fill('Nhava Sheva')
  await page.getByLabel('Destination').fill('Saint Petersburg')
  await page.getByRole('button', { name: 'Create RFQ' }).click()

  await expect(page).toHaveURL(/\/rfqs$/)
  await expect(page.getByText('RFQ created successfully! Sellers will be able to view and respond to your request.')).toBeVisible()
  const card = page.getByTestId('rfq-card').filter({ hasText: title })
  await expect(card).toHaveCount(1)
  await expect(card).toContainText('Open')
  await expect(card).toContainText(/20 t(?!onnes)/)
  await expect(card).toContainText('FOB Nhava Sheva')
  await expect(card).toContainText('$20,000.00 to $24,500.50')
  await expect(card).toContainText("No quotes yet — sellers' quotes will appear here.")

  // Close it, with the keyboard, through the confirm dialog.
  await card.getByRole('button', { name: /Close RFQ/ }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Close this RFQ?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Close RFQ' }).click()
  await expect(page.getByText('RFQ closed.')).toBeVisible()
  await expect(card).toContainText('Closed')
  await expect(card.getByRole('button', { name: /Close RFQ/ })).toHaveCount(0)

  // My RFQs is also in the user menu.
  await page.goto('/')
  // The header menus open once the page has hydrated (its modules start after the first paint).
  await page.waitForLoadState('networkidle')
  await page.getByTestId('user-menu').click()
  await page.getByRole('menuitem', { name: 'My RFQs' }).click()
  await expect(page).toHaveURL(/\/rfqs$/)
})

test("a visitor sees 'Login Required' on Create RFQ and is sent to sign in from My RFQs", async ({ page }) => {
  await page.goto('/create-rfq')
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible()
  await expect(page.getByText('Please log in to create an RFQ.')).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login?redirectTo=%2Fcreate-rfq')
  await page.goto('/rfqs')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Frfqs$/)
})
