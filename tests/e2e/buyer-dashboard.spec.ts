import { expect, test, type Page } from '@playwright/test'
import { registerVerified } from './support/register'
import { logIn } from './support/sign-in'
import { submitRfqForm } from './support/trade-flow'

// A buyer's dashboard (issue 26 item 6): a new buyer, registered here, opens "Dashboard" from the account
// menu and finds their overview (not "Seller Account Required"); an RFQ they create shows on it, and
// every counter leads to its list. The buyer is this test's own: no demo account, no shared data.

const PASSWORD = 'Trade-Bridge-42'

async function registerBuyer(page: Page): Promise<string> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
  const email = `dashboard-buyer-${stamp}@example.com`
  await registerVerified(page, { email, password: PASSWORD, userType: 'Buyer', name: 'Meera Iyer', company: `Iyer Foods ${stamp}` })
  await logIn(page, { email, password: PASSWORD }, { hydrated: true })
  return email
}

/** Opens the account menu from the keyboard and chooses Dashboard. */
async function openDashboardFromMenu(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.getByTestId('user-menu').focus()
  await page.keyboard.press('Enter')
  await page.getByRole('menu').getByRole('menuitem', { name: 'Dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
}

test("a new buyer's Dashboard shows their RFQ, their counts and a way to each list", async ({ page }) => {
  test.setTimeout(120_000)
  await registerBuyer(page)

  await openDashboardFromMenu(page)
  await expect(page.getByText('Seller Account Required')).toHaveCount(0)
  await expect(page.getByTestId('buyer-open-rfqs')).toHaveText('0')
  await expect(page.getByTestId('buyer-awaiting-quotes')).toHaveText('0')
  await expect(page.getByTestId('buyer-unread-messages')).toHaveText('0')
  await expect(page.getByTestId('buyer-unread-notifications')).toHaveText('0')
  await expect(page.getByText('You have no open RFQ.')).toBeVisible()
  await expect(page.getByText('You have placed no order yet.')).toBeVisible()

  // Create an RFQ from the dashboard's own button.
  const title = `Cold-pressed coconut oil ${Date.now().toString(36)}`
  await page.getByRole('main').getByRole('link', { name: 'Create RFQ' }).first().click()
  await expect(page).toHaveURL(/\/create-rfq$/)
  await submitRfqForm(page, { title, description: 'Virgin coconut oil, cold pressed, 200 litre drums, FSSAI certified.', quantity: 12 })

  // Back on the dashboard: the RFQ is counted and listed.
  await openDashboardFromMenu(page)
  await expect(page.getByTestId('buyer-open-rfqs')).toHaveText('1')
  const listed = page.getByTestId('buyer-rfq-list').getByRole('listitem')
  await expect(listed).toHaveCount(1)
  await expect(listed).toContainText(title)
  await expect(listed).toContainText(/12 t(?!onnes)/)
  await expect(listed).toContainText('No quotes yet')

  // Each counter's link opens its list.
  await page.getByTestId('buyer-open-rfqs-link').click()
  await expect(page).toHaveURL(/\/rfqs$/)
  await expect(page.getByTestId('rfq-card').filter({ hasText: title })).toHaveCount(1)
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()

  for (const [testId, url, heading] of [
    ['buyer-unread-messages-link', /\/messages$/, 'Messages'],
    ['buyer-unread-notifications-link', /\/notifications$/, 'Notifications'],
  ] as const) {
    await page.getByTestId(testId).click()
    await expect(page).toHaveURL(url)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
  }
  await page.getByRole('region', { name: 'Your orders by status' }).getByRole('link', { name: 'My orders' }).click()
  await expect(page).toHaveURL(/\/orders$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible()

  // The seller-only tabs send a buyer back to their dashboard.
  await page.goto('/dashboard/products')
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Account Required' })).toBeVisible()
  await page.getByRole('link', { name: 'My dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()

  // On a phone's width the overview fits: nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(page.getByTestId('buyer-rfq-list')).toContainText(title)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})
