import { expect, test } from '@playwright/test'
import { logIn } from './support/sign-in'
import { createRfq, createTradeParties, quoteFromBoard } from './support/trade-flow'

// The negotiation in turns and accept → order (issue 8 items 6 and 7): the buyer asks, the approved
// seller quotes from the board, the buyer counters, the seller accepts the counter, and the order
// appears for both. The buyer (India) and the seller (Russia) are the test's own.
test('buyer counters the quote, seller accepts the counter, the order appears for both', async ({ page }) => {
  const token = `n${Date.now().toString(36)}`
  const title = `Salem turmeric negotiation ${token}`
  const { buyer, seller } = await createTradeParties()
  await createRfq(page, buyer, { title, description: 'Salem turmeric fingers, curcumin 3% minimum, 25 kg jute bags, phytosanitary certificate.', quantity: 12 })
  await quoteFromBoard(page, seller, { token, title }, { unitPrice: '1480.50', leadTimeDays: 35 })

  // The buyer opens the negotiation from the comparison table and counters.
  await logIn(page, buyer)
  await page.goto('/rfqs')
  await page.waitForLoadState('networkidle')
  await page.getByTestId('rfq-card').filter({ hasText: title }).getByRole('link', { name: /Negotiate/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByTestId('turn')).toHaveText("Your turn: accept, counter or decline the seller's offer.")
  await expect(page.getByTestId('rounds').locator(':scope > li')).toHaveCount(1)
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Counter-offer' }).click()
  const counter = page.getByRole('dialog', { name: 'Counter-offer' })
  await counter.getByLabel('Unit price (USD)').fill('1234.56')
  await counter.getByLabel('Quantity').fill('7')
  await counter.getByLabel('Message (optional)').fill('Seven tonnes at this price, please.')
  await counter.getByRole('button', { name: 'Send counter-offer' }).click()
  await expect(page.getByText('Counter-offer sent.')).toBeVisible()
  await expect(page.getByTestId('turn')).toHaveText("Waiting for the seller's answer to your counter-offer.")
  await expect(page.getByRole('button', { name: 'Accept offer' })).toHaveCount(0)
  const negotiationUrl = page.url()

  // The seller opens it from the board and accepts the counter, through the confirmation dialog (keyboard).
  await logIn(page, seller)
  await page.goto(`/dashboard/rfqs?q=${token}`)
  await page.getByTestId('board-rfq').filter({ hasText: title }).getByRole('link', { name: /Open negotiation/ }).click()
  await expect(page).toHaveURL(negotiationUrl)
  const rounds = page.getByTestId('rounds').locator(':scope > li')
  await expect(rounds).toHaveCount(2)
  await expect(rounds.nth(1)).toContainText('countered')
  await expect(rounds.nth(1)).toContainText('Seven tonnes at this price, please.')
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Accept offer' }).focus()
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('dialog', { name: 'Accept this offer?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Accept and create order' }).click()
  await expect(page.getByText('Offer accepted: your order has been created.')).toBeVisible()
  const summary = page.getByTestId('order-summary')
  await expect(summary).toContainText('Total: $8,641.92')
  await expect(summary).toContainText('Pending')
  await expect(summary).toContainText('the seller will confirm it')
  await expect(page.getByTestId('negotiation-actions')).toHaveCount(0)
  const orderId = ((await summary.getByRole('heading').textContent()) ?? '').replace('Order ', '').trim()
  expect(orderId).toMatch(/^[0-9a-f]{8}$/)

  await page.goto('/dashboard/orders')
  const sellerRow = page.getByTestId('order-table').getByRole('row').filter({ hasText: title })
  await expect(sellerRow).toContainText(orderId)
  await expect(sellerRow).toContainText('$8,641.92')
  await expect(sellerRow).toContainText('Pending')
  await expect(sellerRow).toContainText('India')

  // The buyer sees the same order.
  await logIn(page, buyer)
  await page.goto('/orders')
  const buyerRow = page.getByTestId('order-table').getByRole('row').filter({ hasText: title })
  await expect(buyerRow).toContainText(orderId)
  await expect(buyerRow).toContainText('$8,641.92')
  await expect(buyerRow).toContainText('Russia')
  await page.goto(negotiationUrl)
  await expect(page.getByTestId('order-summary')).toContainText('Total: $8,641.92')
})
