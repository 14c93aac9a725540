import { expect, test } from '@playwright/test'
import { createPendingSeller } from './support/factories'
import { logIn } from './support/sign-in'
import { createRfq, createTradeParties, fillShares } from './support/trade-flow'

// Quotes on RFQs (issue 8 items 4 and 5): a buyer's RFQ reaches the approved seller's board, the
// seller quotes through the dialog, the buyer compares it. The buyer and the sellers are each test's own.

test('a buyer asks, the approved seller quotes from the board, the buyer compares the quote', async ({ page }) => {
  const token = Date.now().toString(36)
  const title = `Organic turmeric fingers ${token}`
  const { buyer, seller } = await createTradeParties()
  const description = 'Salem turmeric fingers, curcumin 3% minimum, 25 kg jute bags, phytosanitary certificate.'
  await createRfq(page, buyer, { title, description, category: 'agriculture', quantity: 12 })
  await expect(page.getByTestId('rfq-card').filter({ hasText: title })).toContainText("No quotes yet — sellers' quotes will appear here.")

  // The approved seller (Russia) finds it by searching the board.
  await logIn(page, seller)
  await page.goto('/dashboard/rfqs')
  await expect(page.getByRole('heading', { name: /Open RFQs/ })).toBeVisible()
  await expect(page.getByTestId('quote-blocked')).toHaveCount(0)
  await page.getByRole('searchbox', { name: 'Search RFQs' }).fill(token)
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(new RegExp(`q=${token}`))
  const card = page.getByTestId('board-rfq').filter({ hasText: title })
  await expect(card).toHaveCount(1)
  await expect(page.getByTestId('board-rfq')).toHaveCount(1)
  await page.waitForLoadState('networkidle')

  // The dialog, by keyboard: open it, check the price is required, fill it in.
  await card.getByRole('button', { name: /Submit quote/ }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Submit a quote' })
  await expect(dialog).toBeVisible()
  const submit = dialog.getByRole('button', { name: 'Submit quote' })
  await expect(submit).toBeDisabled()
  await dialog.getByLabel('Unit price').fill('1480.50')
  await dialog.getByLabel('Currency').selectOption('USD')
  await dialog.getByLabel('Minimum order quantity').fill('5')
  await dialog.getByLabel('Lead time (days)').fill('500')
  await dialog.getByLabel('Incoterms® 2020 rule').selectOption('CIF')
  await dialog.getByLabel('Named place').fill('Novorossiysk')
  // Payment terms start at 30 % on the proforma and 70 % on shipment; a share that leaves a gap is shown at once and refused.
  await expect(dialog.getByLabel('Payment method')).toHaveValue('bank_transfer')
  await expect(dialog.getByText('Adds up to 100 %.')).toBeVisible()
  await fillShares(dialog, ['30', '60'])
  await expect(dialog.getByText('Adds up to 90 %: 10 % still to place.')).toBeVisible()
  await submit.click()
  await expect(dialog.getByText('Lead time must be a whole number of days from 1 to 365')).toBeVisible()
  await expect(dialog.getByText('The shares must add up to exactly 100 %.')).toBeVisible()
  await expect(dialog.getByLabel('Lead time (days)')).toBeFocused()
  await dialog.getByLabel('Lead time (days)').fill('35')
  await fillShares(dialog, ['30', '70'])
  await submit.click()
  await expect(page.getByText('Quote submitted successfully')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(card.getByTestId('own-quote')).toContainText('$1,480.50')
  await expect(card.getByTestId('own-quote')).toContainText('Quoted')

  // The buyer sees it in the comparison table.
  await logIn(page, buyer)
  await page.goto('/rfqs')
  const mine = page.getByTestId('rfq-card').filter({ hasText: title })
  await expect(mine.getByTestId('quote-count')).toHaveText('1 quote received')
  const table = mine.getByRole('table')
  await expect(table.getByRole('columnheader')).toHaveText(['Seller', 'Unit price', 'MOQ', 'Incoterms', 'Lead time', 'Valid until', 'Status', 'Negotiate'])
  const row = table.getByRole('row').nth(1)
  await expect(row).toContainText('Verified')
  await expect(row).toContainText('Russia')
  await expect(row).toContainText('$1,480.50')
  await expect(row).toContainText('CIF Novorossiysk')
  await expect(row).toContainText('35 days')
  await expect(row.getByTestId('quote-payment')).toContainText('Bank transfer (T/T)')
  await expect(row.getByTestId('quote-payment').getByRole('listitem')).toHaveText(['30 % on proforma issued', '70 % on shipped'])
  await expect(row).toContainText('Quoted')
})

test('the pending seller sees the board and why they cannot quote yet', async ({ page }) => {
  await logIn(page, await createPendingSeller())
  await page.goto('/dashboard/rfqs')
  await expect(page.getByRole('heading', { name: /Open RFQs/ })).toBeVisible()
  const notice = page.getByTestId('quote-blocked')
  await expect(notice).toContainText('You cannot submit quotes yet')
  await expect(notice).toContainText('Your KYC verification is under review. You can submit quotes once it is approved.')
  await expect(notice.getByRole('link', { name: 'Go to KYC upload' })).toHaveAttribute('href', '/kyc-upload')
  await expect(page.getByRole('button', { name: /Submit quote/ })).toHaveCount(0)
})
