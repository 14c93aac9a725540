import { expect, test } from '@playwright/test'
import { createAdmin, createDisputedOrder, createPendingSeller } from './support/factories'
import { tinyPdf } from './support/files'
import { registerVerified } from './support/register'
import { adminLogIn, logIn } from './support/sign-in'
import { axeViolations } from './support/axe'
import { gstinCheckCharacter } from '~/domain'

/** Three capital letters from a base-36 stamp (a PAN unique to this run). */
const stampLetters = (stamp: string) => [...stamp.slice(-3)].map((c) => String.fromCharCode(65 + (parseInt(c, 36) % 26))).join('')

// Issue 10, first increment: an admin signs in to the separate admin panel, sees the overview
// counted from the database and their own sign-in in the audit log, and signs out; a visitor who
// opens an admin page is sent to the admin login and comes back after signing in. The admins, sellers
// and disputes are each test's own; the demo data is only counted.
const PASSWORD = 'Harbour-Lantern-2026'

test('an admin signs in, sees the overview and the audit log, and logs out', async ({ page }) => {
  const admin = await createAdmin({ role: 'admin', fullName: 'Rohan Kapoor' })
  await page.goto('/admin?lng=en')
  await expect(page).toHaveURL(/\/admin\/login$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible()
  await expect(page.getByText('Access the administration panel')).toBeVisible()

  // Wrong password first: the spec's message, and the attempt is audited.
  await adminLogIn(page, { email: admin.email, password: 'not-the-password' }, { path: null, keepCookies: true, waitForSignedIn: false })
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password')

  await adminLogIn(page, admin, { path: null, keepCookies: true })
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
  await expect(firstRow).toContainText(admin.email)
  await expect(firstRow).toContainText('Login')

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  await page.goto('/admin/dashboard')
  await expect(page).toHaveURL(/\/admin\/login$/)
})

test('a visitor to /admin/audit lands on the admin login and returns there after signing in; a moderator is refused', async ({ page }) => {
  await page.goto('/admin/audit?lng=en')
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Faudit/)
  const [superAdmin, moderator] = await Promise.all([createAdmin({ role: 'super_admin' }), createAdmin({ role: 'moderator' })])
  await adminLogIn(page, superAdmin, { path: null, keepCookies: true, waitForSignedIn: false })
  await expect(page).toHaveURL(/\/admin\/audit/)
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible()
  await expect(page.getByTestId('admin-role')).toHaveText('SUPER ADMIN')
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)

  // A moderator has no audit:read and no user management: no menu entries, and the pages say Access Denied.
  await adminLogIn(page, moderator, { path: null, keepCookies: true })
  await expect(page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Audit Log' })).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'User Management' })).toHaveCount(0)
  expect((await page.goto('/admin/users'))?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible()
  const response = await page.goto('/admin/audit')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible()
  await expect(page.getByText("You don't have permission to access this resource.")).toBeVisible()
})

test('the admin pages meet WCAG 2.2 AA in en, ru and hi', async ({ page }) => {
  test.setTimeout(180_000)
  const found: string[] = []
  const check = async (label: string) => found.push(...(await axeViolations(page, label)))
  await adminLogIn(page, await createAdmin({ role: 'super_admin' }))
  for (const lng of ['en', 'ru', 'hi']) {
    for (const path of ['/admin/dashboard', '/admin/audit', '/admin/kyc']) {
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

// Issue 10 item 5. The approval is done on a seller this test registers itself; a second pending
// seller (made by the factory, with its PDF) shows the signed links.
test('an admin reviews KYC documents through signed links, approves a new seller, and their product goes public', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const stamp = Date.now().toString(36)
  const email = `kyc-seller-${stamp}@example.com`
  const sellerName = `Anil Desai ${stamp}`
  const productName = `Kashmir saffron ${stamp}`

  // A new seller registers with a KYC document, verifies the email and lists a product (hidden for now).
  const seller = await browser.newContext()
  const sp = await seller.newPage()
  await registerVerified(sp, {
    email,
    password: PASSWORD,
    userType: 'Seller',
    name: sellerName,
    company: 'Desai Saffron Co',
    kycDocument: { name: 'registration.pdf', mimeType: 'application/pdf', buffer: tinyPdf() },
  })
  await logIn(sp, { email, password: PASSWORD })
  await sp.goto('/dashboard/products/new')
  await sp.waitForLoadState('networkidle')
  await sp.getByLabel('Category', { exact: true }).selectOption('agriculture')
  await sp.getByLabel('Price per unit').fill('42.00')
  await sp.getByLabel('Unit of sale').selectOption('pieces')
  await sp.getByLabel('Stock quantity').fill('200')
  await sp.getByLabel('Minimum order quantity').fill('5')
  await sp.locator('#product-en-name').fill(productName)
  await sp.getByRole('button', { name: 'Create Product' }).click()
  await expect(sp).toHaveURL(/\/products\/[0-9a-f-]{36}$/)

  // Issue 30 item 1: the seller gives the registry numbers KYC approval waits for. A GSTIN with a wrong
  // check character is refused with the reason; corrected, the numbers are saved.
  const pan = `${stampLetters(stamp)}C${stampLetters(stamp).slice(0, 1)}${String(Date.now() % 10_000).padStart(4, '0')}K`
  const gstin = `27${pan}1Z${gstinCheckCharacter(`27${pan}1Z`)}`
  await sp.goto('/profile')
  const trade = sp.getByRole('form', { name: 'Trade details' })
  await trade.getByLabel('IEC (Importer-Exporter Code)').fill(pan)
  await trade.getByLabel('PAN', { exact: true }).fill(pan)
  await trade.getByLabel('GSTIN').fill(gstin.slice(0, 14) + (gstin[14] === 'A' ? 'B' : 'A'))
  await trade.getByRole('button', { name: 'Save trade details' }).click()
  await expect(trade.getByText('The last character of this GSTIN is not its check character: check each character for a typing mistake.')).toBeVisible()
  await trade.getByLabel('GSTIN').fill(gstin)
  await trade.getByRole('button', { name: 'Save trade details' }).click()
  await expect(sp.getByTestId('toast')).toHaveText('Trade details saved. Documents issued from now on print them.')

  const visitor = await browser.newContext()
  const vp = await visitor.newPage()
  await vp.goto(`/marketplace?q=${encodeURIComponent(stamp)}&lng=en`)
  await expect(vp.getByRole('link', { name: productName })).toHaveCount(0)

  // The admin opens KYC Review from the menu.
  const [admin, pending] = await Promise.all([
    createAdmin({ role: 'admin' }),
    createPendingSeller({ name: `Meera Joshi ${stamp}`, companyName: `Joshi Handicraft Exports ${stamp}` }),
  ])
  await adminLogIn(page, admin)
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'KYC Review' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /^KYC Pending Review \(\d+\)$/ })).toBeVisible()

  // The pending seller's document opens as a PDF through its signed link; the link is refused once altered.
  const pendingRow = page.getByTestId('kyc-queue-row').filter({ hasText: pending.email })
  await expect(pendingRow).toContainText(`Meera Joshi ${stamp}`)
  await expect(pendingRow).toContainText(`Joshi Handicraft Exports ${stamp}`)
  const pendingLink = await pendingRow.getByTestId('kyc-view').getAttribute('href')
  const opened = await page.request.get(pendingLink!)
  expect(opened.status()).toBe(200)
  expect(opened.headers()['cache-control']).toBe('private, no-store')
  expect(opened.headers()['content-type']).toBe('application/pdf')
  expect((await opened.body()).subarray(0, 5).toString()).toBe('%PDF-')
  // A different first character of the signature (one that starts with Z would otherwise be left as it was).
  const tampered = await page.request.get(pendingLink!.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'Z' ? 'Y' : 'Z'}`))
  expect(tampered.status()).toBe(403)
  expect(await tampered.text()).toContain('Failed to open KYC document')

  // The new seller's document opens in a new tab, then the admin approves.
  const row = page.getByTestId('kyc-queue-row').filter({ hasText: email })
  await expect(row).toContainText('Desai Saffron Co')
  const [tab] = await Promise.all([page.waitForEvent('popup'), row.getByTestId('kyc-view').click()])
  await tab.waitForLoadState()
  expect(new URL(tab.url()).pathname).toMatch(/^\/admin\/kyc\/[0-9a-f-]{36}\/document$/)
  const doc = await page.request.get((await row.getByTestId('kyc-view').getAttribute('href'))!)
  expect(doc.status()).toBe(200)
  expect(doc.headers()['content-type']).toBe('application/pdf')
  await tab.close()
  await row.getByTestId('kyc-approve').click()
  await expect(page.getByTestId('toast')).toHaveText("KYC approved. The seller's listings are now public.")
  await expect(page.getByTestId('kyc-queue-row').filter({ hasText: email })).toHaveCount(0)

  // The product is now in the marketplace for everyone.
  await vp.goto(`/marketplace?q=${encodeURIComponent(stamp)}&lng=en`)
  await expect(vp.getByRole('link', { name: productName }).first()).toBeVisible()
  // With its "GSTIN verified" badge: the number only for signed-in viewers (the seller here).
  await vp.getByRole('link', { name: productName }).first().click()
  await expect(vp.getByTestId('registry-badge')).toHaveText('GSTIN verified')
  await sp.goto(vp.url())
  await expect(sp.getByTestId('registry-badge')).toHaveText(`GSTIN verified: ${gstin}`)

  // And the act is in the audit log.
  const menu = page.getByRole('navigation', { name: 'Admin menu' })
  await menu.getByRole('link', { name: 'Audit Log' }).click()
  await page.getByLabel('Action').selectOption('kyc_status_change')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page.getByTestId('audit-table').locator('tbody tr').first()).toContainText('Approved')

  // The whole round of issue 10: the same admin suspends the seller in User Management; the seller's
  // open session stops working at once and the listing leaves the marketplace; activating brings it back.
  await sp.goto('/dashboard')
  await expect(sp).toHaveURL(/\/dashboard$/)
  await menu.getByRole('link', { name: 'User Management' }).click()
  await page.getByPlaceholder('Search by name, email, or company...').fill(email)
  await page.getByRole('button', { name: 'Filter' }).click()
  const userRow = page.getByTestId('user-row')
  await expect(userRow).toHaveCount(1)
  await expect(userRow).toContainText('Approved')
  await userRow.getByRole('link', { name: /^View/ }).click()
  const details = page.getByRole('dialog', { name: 'User Details' })
  await details.getByRole('button', { name: 'Suspend' }).click()
  await expect(page.getByTestId('toast')).toHaveText('The account is suspended and the user is signed out everywhere.')
  await sp.goto('/dashboard')
  await expect(sp).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
  await vp.goto(`/marketplace?q=${encodeURIComponent(stamp)}&lng=en`)
  await expect(vp.getByRole('link', { name: productName })).toHaveCount(0)
  await details.getByRole('button', { name: 'Activate' }).click()
  await expect(page.getByTestId('toast')).toHaveText('The account is active again.')
  await vp.goto(`/marketplace?q=${encodeURIComponent(stamp)}&lng=en`)
  await expect(vp.getByRole('link', { name: productName }).first()).toBeVisible()
  await page.keyboard.press('Escape')

  // Then resolves a dispute over a consignment that did not arrive (an order and dispute of the test's own).
  const { shortOrderId } = await createDisputedOrder({ description: 'The rail consignment is three weeks late and the wagons are held at the border.' })
  await menu.getByRole('link', { name: 'Dispute Resolution' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dispute Resolution' })).toBeVisible()
  await page.getByTestId('dispute-queue-row').filter({ hasText: shortOrderId }).getByRole('link', { name: new RegExp(shortOrderId) }).click()
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Dispute on order ${shortOrderId}`) })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Decide the dispute' }).click()
  const decide = page.getByRole('dialog', { name: 'Decide the dispute' })
  await decide.getByLabel('Decision').selectOption({ label: 'Release to the seller' })
  await decide.getByLabel('Written resolution').fill('The railway confirmed the wagons were released at the border; delivery is on its way, so the payment goes to the seller.')
  await decide.getByRole('button', { name: 'Record decision' }).click()
  await expect(page.getByText('Decision recorded. Both parties have been notified.')).toBeVisible()
  await expect(page.getByTestId('dispute-status')).toHaveText('Resolved')

  // Every act of the round is in the audit log, newest first, under this admin.
  await menu.getByRole('link', { name: 'Audit Log' }).click()
  const rows = page.getByTestId('audit-table').locator('tbody tr')
  await expect(rows.nth(0)).toContainText('Dispute decision')
  await expect(rows.filter({ hasText: 'User status change' }).first()).toContainText(admin.email)
  await expect(rows.filter({ hasText: 'KYC status change' }).first()).toContainText(admin.email)
  await seller.close()
  await visitor.close()
})
