import { expect, test } from '@playwright/test'
import { createAdmin } from './support/factories'
import { adminLogIn } from './support/sign-in'
import { axeViolations } from './support/axe'

// Issue 28 item 3: an admin opens Exchange Rates from the menu, adds a rate with the keyboard and sees it
// at the top of the history; a CSV with a bad row is refused with that row named and nothing imported.
test('an admin adds a rate and sees it in the history; a bad CSV row is named', async ({ page }) => {
  test.setTimeout(90_000)
  const stamp = `e2e ${Date.now().toString(36)}`
  await adminLogIn(page, await createAdmin({ role: 'admin' }))
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Exchange Rates' }).click()
  await expect(page).toHaveURL(/\/admin\/rates$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Exchange Rates' })).toBeVisible()
  expect(await axeViolations(page, 'rates')).toEqual([])

  // The demo data's rates are in the history already.
  await expect(page.getByTestId('rate-row').first()).toBeVisible()

  const form = page.getByTestId('rate-form')
  await form.getByLabel('From currency').selectOption('EUR')
  await form.getByLabel('To currency').selectOption('INR')
  // A typo first: the same message the server would give, shown before anything is sent.
  await form.getByLabel('Rate').fill('0')
  await form.getByLabel('Source note').fill(`RBI reference rate (${stamp})`)
  await form.getByLabel('Source note').press('Enter')
  await expect(form.getByText('The rate must be more than zero.')).toBeVisible()
  await expect(form.getByLabel('Rate')).toBeFocused()
  await form.getByLabel('Rate').fill('89.3525')
  await form.getByLabel('Rate').press('Enter')

  await expect(page.getByText('The EUR → INR rate has been added.')).toBeVisible()
  const newest = page.getByTestId('rate-row').first()
  await expect(newest).toContainText('1 EUR → INR')
  await expect(newest).toContainText('89.3525')
  await expect(newest).toContainText(`RBI reference rate (${stamp})`)

  // A CSV whose third line has a rate of zero: nothing imported, the row and field named.
  const before = await page.getByText(/\d+ rates entered/).textContent()
  const csv = ['from,to,rate,effective_date,source', `USD,INR,84.5,2026-01-05,${stamp}`, `USD,RUB,0,2026-01-05,${stamp}`].join('\n')
  const importForm = page.getByTestId('rates-csv-form')
  await importForm.getByLabel('CSV file').setInputFiles({ name: 'rates.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await importForm.getByRole('button', { name: 'Import CSV' }).click()
  await expect(page.getByTestId('rates-csv-error')).toHaveText('Row 3, Rate: The rate must be more than zero. Nothing was imported.')
  await expect(page.getByText(/\d+ rates entered/)).toHaveText(before!)
  await expect(page.getByTestId('rate-row').first()).toContainText('89.3525')
})
