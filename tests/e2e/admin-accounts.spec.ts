import { base32 } from '@better-auth/utils/base32'
import { createOTP } from '@better-auth/utils/otp'
import { expect, test, type Page } from '@playwright/test'
import { createAdmin } from './support/factories'
import { adminLogIn } from './support/sign-in'
import { axeViolations } from './support/axe'

// Issue 10 item 1: a super_admin (the test's own) manages admin accounts; a new admin turns on two-factor
// sign-in (TOTP) and signs in with the code. Run with E2E_PORT=3217.
const NEW_PASSWORD = 'Harbour-Lantern-2026'


async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
}

async function createAdminAccount(page: Page, fullName: string, email: string, role: 'moderator' | 'admin') {
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Admin Accounts' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Accounts' })).toBeVisible()
  await page.getByRole('button', { name: 'Add admin' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add an admin account' })
  await dialog.getByLabel('Full name').fill(fullName)
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Role').selectOption(role)
  await dialog.getByLabel('Initial password').fill(NEW_PASSWORD)
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Admin account created.')).toBeVisible()
  await expect(page.locator(`[data-testid="admin-account-row"][data-email="${email}"]`)).toBeVisible()
}

/** The current code of an authenticator app holding the base32 key the page shows: the plugin's own OTP function. */
const totp = (secret: string) => createOTP(base32.decode(secret), { digits: 6, period: 30 }).totp()

async function expectAxeClean(page: Page, label: string) {
  expect(await axeViolations(page, label)).toEqual([])
}

test('a super_admin creates a moderator, who signs in and sees only the moderator menu', async ({ page }) => {
  const email = `moderator.${Date.now()}@e2e.test`
  const superAdmin = await createAdmin({ role: 'super_admin' })
  await adminLogIn(page, superAdmin)
  await createAdminAccount(page, 'Anika Rao', email, 'moderator')
  const row = page.locator(`[data-testid="admin-account-row"][data-email="${email}"]`)
  await expect(row).toContainText('MODERATOR')
  await expect(row).toContainText('Never')
  await expectAxeClean(page, '/admin/admins')

  // A duplicate email is refused in the dialog with a clear message.
  await page.getByRole('button', { name: 'Add admin' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add an admin account' })
  await dialog.getByLabel('Full name').fill('Someone Else')
  await dialog.getByLabel('Email').fill(email.toUpperCase())
  await dialog.getByLabel('Initial password').fill(NEW_PASSWORD)
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(dialog.getByText('An admin account with this email already exists.')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await logOut(page)

  await adminLogIn(page, { email, password: NEW_PASSWORD }, { waitForSignedIn: false })
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByTestId('admin-name')).toHaveText('Anika Rao')
  await expect(page.getByTestId('admin-role')).toHaveText('MODERATOR')
  const menu = page.getByRole('navigation', { name: 'Admin menu' })
  await expect(menu.getByRole('link')).toHaveText(['Overview', 'Dispute Resolution', 'Moderation'])
  const response = await page.goto('/admin/admins')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible()
})

test('a new admin turns on two-factor sign-in and then signs in with the code from the app', async ({ page }) => {
  const email = `twofactor.${Date.now()}@e2e.test`
  const superAdmin = await createAdmin({ role: 'super_admin' })
  await adminLogIn(page, superAdmin)
  await createAdminAccount(page, 'Dev Malhotra', email, 'admin')
  await logOut(page)

  await adminLogIn(page, { email, password: NEW_PASSWORD }, { waitForSignedIn: false })
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await page.getByTestId('admin-security-link').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible()
  await expect(page.getByTestId('two-factor-status')).toHaveText('Off')
  await page.getByLabel('Your password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('img', { name: /QR code for your authenticator app/ })).toBeVisible()
  await expect(page.getByTestId('two-factor-backup-codes').locator('li')).toHaveCount(10)
  const secret = (await page.getByTestId('two-factor-secret').getAttribute('data-secret')) ?? ''
  expect(secret).toMatch(/^[A-Z2-7]+$/)
  // The key is also shown as text for manual entry.
  expect((await page.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '')).toBe(secret)
  await expectAxeClean(page, '/admin/security setup')

  await page.getByLabel('Six-digit code from the app').fill('000000' === (await totp(secret)) ? '111111' : '000000')
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByText('This code is not correct.', { exact: false })).toBeVisible()
  await page.getByLabel('Six-digit code from the app').fill(await totp(secret))
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible()
  await expect(page.getByTestId('two-factor-status')).toHaveText('On')
  await logOut(page)

  // The password alone no longer opens the panel.
  await adminLogIn(page, { email, password: NEW_PASSWORD }, { waitForSignedIn: false })
  await expect(page).toHaveURL(/\/admin\/two-factor$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible()
  await expectAxeClean(page, '/admin/two-factor')
  const direct = await page.goto('/admin/dashboard')
  expect(page.url()).toMatch(/\/admin\/login$/)
  expect(direct?.status()).toBe(200)
  // Back to the code page: the challenge from the password step is still there.
  await page.goto('/admin/two-factor')
  await page.getByLabel('Six-digit code').fill(await totp(secret))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByTestId('admin-name')).toHaveText('Dev Malhotra')

  // The super_admin sees two-factor on in the list, and the sign-in in the audit log.
  await logOut(page)
  await adminLogIn(page, superAdmin)
  await page.goto('/admin/admins')
  await expect(page.locator(`[data-testid="admin-account-row"][data-email="${email}"]`)).toContainText('On')
})
