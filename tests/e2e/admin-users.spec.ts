import { expect, test } from '@playwright/test'
import { createAdmin } from './support/factories'
import { adminLogIn, logIn } from './support/sign-in'
import { registerVerified } from './support/register'
import { uniquePhone } from '../support/phone'
import { axeViolations } from './support/axe'

// Issue 10 item 4: an admin finds a user they just saw register, suspends them (their open
// session stops working at once), activates them again and keeps a note; a moderator has no User
// Management. The pages pass axe in en, ru and hi. The admins are each test's own.
const PASSWORD = 'Harbour-Lantern-2026'

test('an admin suspends a new user, whose session stops working, then activates them and keeps a note', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const stamp = Date.now().toString(36)
  const email = `managed-${stamp}@example.com`
  const name = `Kavya Menon ${stamp}`

  // A buyer registers, verifies the email and signs in, in their own browser.
  const user = await browser.newContext()
  const up = await user.newPage()
  const phone = uniquePhone()
  await registerVerified(up, { email, password: PASSWORD, userType: 'Buyer', name, company: `Menon Traders ${stamp}`, phone })
  await logIn(up, { email, password: PASSWORD })
  await up.goto('/profile')
  await expect(up).toHaveURL(/\/profile$/)

  // The admin opens User Management from the menu and searches for them.
  const admin = await createAdmin({ role: 'admin' })
  await adminLogIn(page, admin)
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'User Management' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible()
  await expect(page.getByTestId('users-count')).toHaveText(/^All Users \(\d[\d,]*\)$/)
  await page.getByPlaceholder('Search by name, email, or company...').fill(stamp.toUpperCase())
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(new RegExp(`q=${stamp.toUpperCase()}`))
  await expect(page.getByTestId('users-count')).toHaveText('All Users (1)')
  const row = page.getByTestId('user-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(name)
  await expect(row).toContainText(email)
  await expect(row).toContainText(`Menon Traders ${stamp}`)
  await expect(row).toContainText('Buyer')
  await expect(row).toContainText('India')
  await expect(row).toContainText('Active')

  // The detail dialog, opened from the keyboard.
  await row.getByRole('link', { name: /^View/ }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'User Details' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('View and manage user account')).toBeVisible()
  await expect(dialog).toContainText(email)
  await expect(dialog).toContainText(phone)
  await expect(dialog.getByRole('button', { name: 'Activate' })).toBeDisabled()

  await dialog.getByRole('button', { name: 'Suspend' }).click()
  await expect(page.getByTestId('toast')).toHaveText('The account is suspended and the user is signed out everywhere.')
  await expect(dialog.getByRole('button', { name: 'Suspend' })).toBeDisabled()
  await expect(dialog.getByRole('button', { name: 'Activate' })).toBeEnabled()
  await expect(dialog).toContainText('Suspended')

  // The user's next page finds them signed out.
  await up.goto('/profile')
  await expect(up).toHaveURL(/\/login\?redirectTo=%2Fprofile$/)

  await dialog.getByRole('button', { name: 'Activate' }).click()
  await expect(page.getByTestId('toast')).toHaveText('The account is active again.')
  await expect(dialog.getByRole('button', { name: 'Activate' })).toBeDisabled()

  // Notes: Save Notes waits for a change, the counter follows the text.
  const notes = dialog.getByLabel('Admin Notes')
  await expect(notes).toHaveAttribute('placeholder', 'Add notes about this user...')
  const save = dialog.getByRole('button', { name: 'Save Notes' })
  await expect(save).toBeDisabled()
  await notes.fill('Suspended by mistake; reactivated the same day.')
  await expect(dialog.getByText('47 / 5000 characters')).toBeVisible()
  await expect(save).toBeEnabled()
  await save.click()
  await expect(page.getByTestId('toast')).toHaveText('Notes saved.')
  await expect(save).toBeDisabled()
  await expect(notes).toHaveValue('Suspended by mistake; reactivated the same day.')

  // Escape closes the dialog and returns the focus to the row's View link.
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page).not.toHaveURL(/user=/)
  await expect(row.getByRole('link', { name: /^View/ })).toBeFocused()

  // Active again: the user signs in anew.
  await logIn(up, { email, password: PASSWORD })

  // The acts are in the audit log.
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Audit Log' }).click()
  await page.getByLabel('Action').selectOption('user_status_change')
  await page.getByRole('button', { name: 'Filter' }).click()
  const latest = page.getByTestId('audit-table').locator('tbody tr').first()
  await expect(latest).toContainText('User status change')
  await expect(latest).toContainText(admin.email)
  await user.close()
})

test('a moderator has no User Management: no menu entry, and the page says Access Denied', async ({ page }) => {
  await adminLogIn(page, await createAdmin({ role: 'moderator' }))
  await expect(page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'User Management' })).toHaveCount(0)
  const response = await page.goto('/admin/users')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible()
  await expect(page.getByText("You don't have permission to access this resource.")).toBeVisible()
})

test('User Management meets WCAG 2.2 AA in en, ru and hi with the detail dialog open, and shows the details without JavaScript', async ({ page, browser }) => {
  test.setTimeout(180_000)
  const found: string[] = []
  const check = async (label: string) => found.push(...(await axeViolations(page, label)))
  await adminLogIn(page, await createAdmin({ role: 'super_admin' }))
  for (const lng of ['en', 'ru', 'hi']) {
    await page.goto(`/admin/users?lng=${lng}`)
    await expect(page.getByTestId('users-table')).toBeVisible()
    await check(`/admin/users (${lng})`)
    await page.getByTestId('user-view').first().click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await check(`/admin/users dialog (${lng})`)
  }
  await page.goto('/admin/users?q=no-such-user-anywhere&lng=en')
  await expect(page.getByText('No users found matching your criteria')).toBeVisible()
  await check('/admin/users empty (en)')

  // Without JavaScript a View link shows the same details in the page.
  const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() })
  const np = await noJs.newPage()
  await np.goto('/admin/users?lng=en')
  const href = await np.getByTestId('user-view').first().getAttribute('href')
  await np.goto(href!)
  await expect(np.getByRole('region', { name: 'User Details' })).toBeVisible()
  // Nothing could enable a disabled Save Notes without JavaScript, so it starts enabled.
  await expect(np.getByRole('button', { name: 'Save Notes' })).toBeEnabled()
  await noJs.close()
  expect(found).toEqual([])
})
