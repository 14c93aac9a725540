import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { createAdmin } from './support/factories'
import { adminLogIn } from './support/sign-in'
import { axeViolations } from './support/axe'
import { CURRENCIES } from '~/domain'

// Issue 10 item 8: an admin (the test's own) opens Analytics, sees the charts drawn from the demo data, changes
// the range, reads a chart's numbers as a table and downloads its CSV; the page is axe-clean and
// translated in en, ru and hi; a moderator is refused.
const CHARTS = ['signups', 'signups-breakdown', 'kyc-funnel', 'conversion', 'order-value', 'paid-vs-due', 'top-categories', 'top-products']

test('an admin reads the analytics, changes the range and downloads a CSV', async ({ page }) => {
  test.setTimeout(120_000)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })

  await page.goto('/admin/analytics?lng=en')
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fanalytics/)
  // The sign-in form the redirect opened, filled in place.
  await adminLogIn(page, await createAdmin({ role: 'admin' }), { path: null, keepCookies: true, waitForSignedIn: false })
  await expect(page).toHaveURL(/\/admin\/analytics/)
  await expect(page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Last 90 days' })).toHaveAttribute('aria-current', 'page')

  // Every card is there, each with its title and a download link; the demo data fills the charts.
  for (const id of CHARTS) {
    const card = page.getByTestId(`chart-${id}`)
    await expect(card.getByRole('heading', { level: 2 })).toBeVisible()
    await expect(card.getByRole('link', { name: /Download CSV/ })).toHaveAttribute('href', new RegExp(`^/admin/analytics/export\\?chart=${id}&from=\\d{4}-\\d{2}-\\d{2}&to=\\d{4}-\\d{2}-\\d{2}$`))
  }
  // The demo buyer (45 days ago) and the pending seller (3 days) signed up in the last 90 days.
  await expect(page.getByTestId('drawing-signups').locator('.recharts-wrapper')).toBeVisible()
  await expect(page.getByTestId('chart-signups')).toContainText(/\d+ sign-ups? in this range/)
  await expect(page.getByTestId('drawing-kyc-funnel').locator('.recharts-bar-rectangle').first()).toBeVisible()
  await expect(page.getByTestId('drawing-conversion').locator('.recharts-wrapper')).toBeVisible()
  await expect(page.getByTestId('drawing-order-value').locator('.recharts-wrapper').first()).toBeVisible()
  // The demo's payment milestones (issue 29): paid versus due, drawn per currency.
  await expect(page.getByTestId('drawing-paid-vs-due').locator('.recharts-wrapper').first()).toBeVisible()
  await expect(page.getByTestId('drawing-top-categories').locator('.recharts-wrapper').first()).toBeVisible()

  // The numbers behind a chart, as a table on demand (screen readers always have it).
  const conversion = page.getByTestId('chart-conversion')
  const toggle = conversion.getByRole('button', { name: 'Show data table' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  await expect(conversion.getByRole('button', { name: 'Hide data table' })).toHaveAttribute('aria-expanded', 'true')
  const table = conversion.getByRole('table')
  await expect(table).toBeVisible()
  await expect(table.getByRole('row', { name: /RFQs created/ })).toContainText('100.0%')
  const created = Number((await table.getByRole('row', { name: /RFQs created/ }).getByRole('cell').first().innerText()).replace(/\D/g, ''))
  expect(created).toBeGreaterThan(0)

  // A preset, then a range typed into the picker.
  const before = (await page.getByTestId('chart-signups').innerText()).match(/(\d+) sign-ups? in this range/)![1]
  await page.getByRole('link', { name: 'Last 12 months' }).click()
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/)
  await expect(page.getByRole('link', { name: 'Last 12 months' })).toHaveAttribute('aria-current', 'page')
  const after = (await page.getByTestId('chart-signups').innerText()).match(/(\d+) sign-ups? in this range/)![1]
  expect(Number(after)).toBeGreaterThan(Number(before))

  const to = new Date().toISOString().slice(0, 10)
  const from = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10)
  await page.getByLabel('From', { exact: true }).fill(from)
  await page.getByLabel('To', { exact: true }).fill(to)
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`))
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(from)
  await expect(page.getByTestId('range-summary')).toContainText('(UTC)')

  // A reversed range: the message, and the default range instead.
  await page.goto(`/admin/analytics?from=${to}&to=${from}`)
  await expect(page.getByTestId('range-error')).toHaveText('The start date must not be after the end date. Showing the last 90 days instead.')
  await expect(page.getByRole('link', { name: 'Last 90 days' })).toHaveAttribute('aria-current', 'page')

  // Download a chart's CSV: UTF-8 with a BOM, machine-readable headers, exact decimals.
  await page.goto('/admin/analytics')
  // Not while the page is hydrating (its modules start after the first paint): a click then was lost once.
  await page.waitForLoadState('networkidle')
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-order-value').click()])
  expect(download.suggestedFilename()).toMatch(/^setu-order-value-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/)
  const bytes = fs.readFileSync((await download.path())!)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = bytes.subarray(3).toString('utf8').split('\r\n')
  expect(lines[0]).toBe('month_utc,currency,orders,order_value')
  // One row per month and trade currency (EUR too since issue 27: an order can be in any of them).
  const row = new RegExp(String.raw`^\d{4}-\d{2},(${CURRENCIES.join('|')}),\d+,\d+\.\d{2}$`)
  expect(lines.slice(1).filter(Boolean).every((l) => row.test(l))).toBe(true)
  expect(lines.slice(1).some((l) => !/,0,0\.00$/.test(l) && l !== '')).toBe(true)

  expect(errors).toEqual([])
})

test('the analytics page meets WCAG 2.2 AA and is translated in en, ru and hi; a moderator is refused', async ({ page }) => {
  test.setTimeout(120_000)
  const [superAdmin, moderator] = await Promise.all([createAdmin({ role: 'super_admin' }), createAdmin({ role: 'moderator' })])
  await adminLogIn(page, superAdmin)
  const titles = { en: 'Analytics', ru: 'Аналитика', hi: 'विश्लेषण' }
  const found: string[] = []
  for (const [lng, title] of Object.entries(titles)) {
    await page.goto(`/admin/analytics?lng=${lng}`)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByTestId('drawing-signups').locator('.recharts-wrapper')).toBeVisible()
    // A missing key would show as its path ("charts.signups.title").
    const text = await page.locator('main').innerText()
    expect(text, lng).not.toMatch(/\b(charts|range|columns|countries|userTypes|export)\.[A-Za-z]/)
    await page.getByTestId('chart-kyc-funnel').getByRole('button').click()
    found.push(...(await axeViolations(page, lng)))
  }
  expect(found).toEqual([])

  await adminLogIn(page, moderator)
  await expect(page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Analytics' })).toHaveCount(0)
  const response = await page.goto('/admin/analytics')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible()
})
