import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

// Issue 10, first increment: the demo admin signs in to the separate admin panel, sees the overview
// counted from the database and their own sign-in in the audit log, and signs out; a visitor who
// opens an admin page is sent to the admin login and comes back after signing in.
const PASSWORD = 'SetuDemo2026!'

async function signIn(page: Page, email: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible()
  await expect(page.getByText('Access the administration panel')).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

test('the demo admin signs in, sees the overview and the audit log, and logs out', async ({ page }) => {
  await page.goto('/admin?lng=en')
  await expect(page).toHaveURL(/\/admin\/login$/)

  // Wrong password first: the spec's message, and the attempt is audited.
  await page.getByLabel('Email').fill('admin@setu.example')
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password')

  await signIn(page, 'admin@setu.example')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByText('Setu Admin Panel')).toBeVisible()
  await expect(page.getByTestId('admin-name')).toHaveText('Rohan Kapoor')
  await expect(page.getByTestId('admin-role')).toHaveText('ADMIN')
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
  // Real counts: the demo data alone has more than ten profiles and some public products.
  const totalUsers = Number((await page.getByTestId('stat-total-users').innerText()).replace(/\D/g, ''))
  expect(totalUsers).toBeGreaterThan(10)
  await expect(page.getByTestId('stat-pending-kyc')).toHaveText(/^\d[\d,]*$/)
  const activeProducts = Number((await page.getByTestId('stat-active-products').innerText()).replace(/\D/g, ''))
  expect(activeProducts).toBeGreaterThan(0)
  // The marketplace header is not part of the panel.
  await expect(page.getByTestId('user-menu')).toHaveCount(0)

  const menu = page.getByRole('navigation', { name: 'Admin menu' })
  await menu.getByRole('link', { name: 'Audit Log' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible()
  await page.getByLabel('Action').selectOption('login')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/action=login/)
  const firstRow = page.getByTestId('audit-table').locator('tbody tr').first()
  await expect(firstRow).toContainText('admin@setu.example')
  await expect(firstRow).toContainText('Login')

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  await page.goto('/admin/dashboard')
  await expect(page).toHaveURL(/\/admin\/login$/)
})

test('a visitor to /admin/audit lands on the admin login and returns there after signing in; a moderator is refused', async ({ page }) => {
  await page.goto('/admin/audit?lng=en')
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Faudit/)
  await signIn(page, 'superadmin@setu.example')
  await expect(page).toHaveURL(/\/admin\/audit/)
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible()
  await expect(page.getByTestId('admin-role')).toHaveText('SUPER ADMIN')
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)

  // A moderator has no audit:read: no menu entry, and the page itself says Access Denied.
  await signIn(page, 'moderator@setu.example')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Audit Log' })).toHaveCount(0)
  const response = await page.goto('/admin/audit')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible()
  await expect(page.getByText("You don't have permission to access this resource.")).toBeVisible()
})

test('the admin pages meet WCAG 2.2 AA in en, ru and hi', async ({ page }) => {
  test.setTimeout(180_000)
  const found: string[] = []
  const check = async (label: string) => {
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode().analyze()
    found.push(...violations.map((v) => `${label}: ${v.id} ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`))
  }
  await page.goto('/admin/login?lng=en')
  await signIn(page, 'superadmin@setu.example')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  for (const lng of ['en', 'ru', 'hi']) {
    for (const path of ['/admin/dashboard', '/admin/audit']) {
      await page.goto(`${path}?lng=${lng}`)
      await check(`${path} (${lng})`)
    }
  }
  await page.getByRole('button', { name: 'लॉग आउट' }).click()
  for (const lng of ['en', 'ru', 'hi']) {
    await page.goto(`/admin/login?lng=${lng}`)
    await check(`/admin/login (${lng})`)
  }
  expect(found).toEqual([])
})
