import { expect, test, type Page } from '@playwright/test'
import { createBuyer, createSeller, type E2eProduct, type E2eUser } from './support/factories'
import { logIn } from './support/sign-in'
import { uniqueToken } from './support/trade-flow'

// "Request a quote" from a product page (issue 8 item 2): a buyer asks a seller (Volkov Trading) for a
// quote on their milling wheat; the request waits as Pending on My RFQs; the seller finds it among
// "Requests for my products", quotes with the product's price prefilled, and the buyer sees the quote.
// A second request is rejected with a reason the buyer reads. Each test makes its buyer and seller.

const WHEAT_NAME = 'Russian Milling Wheat, Class 3 (12.5% Protein)'

type Parties = { buyer: E2eUser; seller: E2eUser; wheat: E2eProduct }

/** A buyer, and a seller whose milling wheat is sold from 500 tonnes at 245.00 USD. */
async function parties(): Promise<Parties> {
  const [buyer, seller] = await Promise.all([
    createBuyer(),
    createSeller({
      country: 'Russia',
      companyName: 'Volkov Trading LLC',
      products: [{ name: WHEAT_NAME, price: '245.00', currency: 'USD', minimumOrderQuantity: 500, stockQuantity: 20_000, unit: 'tonnes' }],
    }),
  ])
  return { buyer, seller, wheat: seller.products[0]! }
}

/** The buyer requests a quote through the product page's dialog, by keyboard, and lands on My RFQs. */
async function requestQuote(page: Page, { buyer, wheat }: Parties, message: string, quantity: string) {
  await logIn(page, buyer)
  await page.goto(`/products/${wheat.id}`)
  await page.waitForLoadState('networkidle')
  await page.getByTestId('request-quote').focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Request a quote' })
  await expect(dialog).toBeVisible()
  const qty = dialog.getByLabel('Quantity')
  // The quantity starts at the minimum order; the currency is the product's.
  await expect(qty).toHaveValue('500')
  await expect(dialog.getByLabel('Currency')).toHaveValue('USD')
  // Below the minimum order: refused in the dialog with the reason, focus on the field.
  await qty.fill('20')
  await dialog.getByRole('button', { name: 'Send request' }).click()
  await expect(dialog.getByText('The minimum order is 500 t')).toBeVisible()
  await expect(qty).toBeFocused()
  await qty.fill(quantity)
  await dialog.getByLabel('Message to the seller (optional)').fill(message)
  await dialog.getByRole('button', { name: 'Send request' }).click()
  await expect(page).toHaveURL(/\/rfqs$/)
  await expect(page.getByText('Quote request sent. The seller has been notified.')).toBeVisible()
}

/** The seller opens "Requests for my products" searched by the request's token. */
async function findOnBoard(page: Page, { seller }: Parties, token: string) {
  await logIn(page, seller)
  await page.goto('/dashboard/rfqs')
  await page.waitForLoadState('networkidle')
  await page.getByRole('searchbox', { name: 'Search RFQs' }).fill(token)
  await page.getByRole('checkbox', { name: 'Requests for my products' }).check()
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/mine=1/)
  const card = page.getByTestId('board-rfq').filter({ hasText: token })
  await expect(card).toHaveCount(1)
  await expect(card.getByTestId('product-request')).toHaveText(`Request for your product ${WHEAT_NAME}`)
  await page.waitForLoadState('networkidle')
  return card
}

test('a buyer requests a quote from a product page; the seller quotes it with the price prefilled; the buyer sees the quote', async ({ page }) => {
  const token = uniqueToken('wheat')
  const trade = await parties()
  await requestQuote(page, trade, `Delivery CIF Mumbai, ref ${token}`, '600')
  const mine = page.getByTestId('rfq-card').filter({ hasText: token })
  await expect(mine.getByTestId('request-status')).toHaveText('Pending')
  await expect(mine.getByTestId('request-product').getByRole('link', { name: WHEAT_NAME })).toHaveAttribute('href', `/products/${trade.wheat.id}`)
  await expect(mine.getByTestId('request-seller')).toHaveText('Volkov Trading LLC')
  await expect(mine).toContainText(/600 t(?!onnes)/)

  const card = await findOnBoard(page, trade, token)
  await card.getByRole('button', { name: /Submit quote/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Submit a quote' })
  await expect(dialog.getByLabel('Unit price')).toHaveValue('245.00')
  await expect(dialog.getByLabel('Currency')).toHaveValue('USD')
  await expect(dialog.getByLabel('Minimum order quantity')).toHaveValue('500')
  await dialog.getByLabel('Lead time (days)').fill('30')
  await dialog.getByLabel('Incoterms® 2020 rule').selectOption('CIF')
  await dialog.getByLabel('Named place').fill('Mumbai')
  await dialog.getByRole('button', { name: 'Submit quote' }).click()
  await expect(page.getByText('Quote submitted successfully')).toBeVisible()

  await logIn(page, trade.buyer)
  await page.goto('/rfqs')
  const quoted = page.getByTestId('rfq-card').filter({ hasText: token })
  await expect(quoted.getByTestId('request-status')).toHaveText('Quoted')
  await expect(quoted).toContainText('Volkov Trading LLC')
  await expect(quoted).toContainText('$245.00')
})

test('the seller rejects a product request with a reason; the buyer reads it', async ({ page }) => {
  const token = uniqueToken('reject')
  const trade = await parties()
  await requestQuote(page, trade, `Urgent, ref ${token}`, '500')

  const card = await findOnBoard(page, trade, token)
  await card.getByRole('button', { name: /^Reject/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Reject this request' })
  // The reason is required.
  await dialog.getByRole('button', { name: 'Reject request' }).click()
  await expect(dialog.getByText('Please give a reason for rejecting')).toBeVisible()
  await expect(dialog.getByLabel('Reason')).toBeFocused()
  await dialog.getByLabel('Reason').fill(`No free capacity this season (${token})`)
  await dialog.getByRole('button', { name: 'Reject request' }).click()
  await expect(page.getByText('RFQ rejected')).toBeVisible()
  await expect(page.getByTestId('board-rfq').filter({ hasText: token })).toHaveCount(0)

  await logIn(page, trade.buyer)
  await page.goto('/rfqs')
  const rejected = page.getByTestId('rfq-card').filter({ hasText: token })
  await expect(rejected.getByTestId('request-status')).toHaveText('Rejected')
  await expect(rejected.getByTestId('rejection-reason')).toContainText('Volkov Trading LLC rejected this request:')
  await expect(rejected.getByTestId('rejection-reason')).toContainText(`No free capacity this season (${token})`)
})
