import { expect, test } from '@playwright/test'
import { logIn } from './support/sign-in'
import {
  acceptOffer,
  changeOrderStatus,
  createRfq,
  createTradeParties,
  expectOrderTimeline,
  openOrderFromList,
  openNegotiationAsBuyer,
  openNegotiationAsSeller,
  quoteFromBoard,
  sendCounter,
  uniqueToken,
} from './support/trade-flow'

// The whole trade loop as two new users take it (issue 8, "Tests that prove it"): the buyer asks, the
// seller quotes from the board, the buyer counters, the seller counters back, the buyer accepts,
// the order appears for both, the seller ships and delivers it, and the buyer reads the timeline.
test('RFQ → quote → counter → counter → accept → order shipped and delivered, seen by both', async ({ page }) => {
  // Seven sign-ins and a dozen forms: on a busy two-core machine this takes over the default minute.
  test.setTimeout(150_000)
  const token = uniqueToken('loop')
  const title = `Cold-pressed mustard oil ${token}`
  const { buyer, seller } = await createTradeParties()
  await createRfq(page, buyer, { title, description: 'Kachi ghani mustard oil, 15 L tins, FSSAI certified, pungency 0.35% minimum.', quantity: 40, unit: 'litres' })
  await quoteFromBoard(page, seller, { token, title }, { unitPrice: '3.40', leadTimeDays: 25, shipBeforePaid: true })

  // Round 2: the buyer asks for a lower price on more litres.
  await openNegotiationAsBuyer(page, buyer, title)
  await sendCounter(page, { unitPrice: '2.95', quantity: 60, message: 'Sixty litres at 2.95, please.' })
  await expect(page.getByTestId('turn')).toHaveText("Waiting for the seller's answer to your counter-offer.")

  // Round 3: the seller meets halfway.
  await openNegotiationAsSeller(page, seller, { token, title })
  await expect(page.getByTestId('turn')).toHaveText("Your turn: accept, counter or decline the buyer's counter-offer.")
  await sendCounter(page, { unitPrice: '3.10', quantity: 60, message: 'Best we can do: 3.10.' })
  await expect(page.getByRole('button', { name: 'Accept offer' })).toHaveCount(0)

  // The buyer sees all three rounds, who made each, and accepts the last one.
  await openNegotiationAsBuyer(page, buyer, title)
  const rounds = page.getByTestId('rounds').locator(':scope > li')
  await expect(rounds).toHaveCount(3)
  await expect(rounds.nth(1)).toContainText('Sixty litres at 2.95, please.')
  await expect(rounds.nth(2)).toContainText('Best we can do: 3.10.')
  // Each offer and counter keeps the exchange rates in force when it was made (issue 28 item 5): the
  // demo data's dollar rates, written compactly under the round.
  await expect(rounds.nth(0).getByTestId('round-rates')).toContainText(/^Exchange rates then: 1 USD = ₹\d+\.\d+ · ₽\d+\.\d+ · €0\.\d+ \(\d{1,2} \w{3} \d{4}\)/)
  const orderId = await acceptOffer(page)
  // 3.10 × 60 = 186.00, exactly.
  await expect(page.getByTestId('order-summary')).toContainText('Total: $186.00')

  // The order is on the buyer's list …
  await page.goto('/orders')
  await expect(page.getByTestId('order-table').getByRole('row').filter({ hasText: title })).toContainText(orderId)

  // … and on the seller's Orders tab, from where the seller moves it along.
  await logIn(page, seller)
  await page.goto('/dashboard/orders')
  const row = page.getByTestId('order-table').getByRole('row').filter({ hasText: title })
  await expect(row).toContainText(orderId)
  await expect(row).toContainText('$186.00')
  await row.getByRole('link', { name: orderId }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible()
  // The order says which rates held when it was made, with each rate's source and date.
  const rates = page.getByTestId('order-rates')
  await expect(rates).toContainText(/^Exchange rates at the time of the order: 1 USD = ₹\d+\.\d+ \(RBI reference rate \(demo figure\), \d{1,2} \w{3} \d{4}\)/)
  await expect(rates).toContainText(/€0\.\d+ \(ECB euro reference rate \(demo figure\), \d{1,2} \w{3} \d{4}\)/)
  const sellerSawRates = await rates.textContent()
  await page.waitForLoadState('networkidle')
  await changeOrderStatus(page, orderId, 'Accepted')
  await changeOrderStatus(page, orderId, 'Shipped', 'Tins palletised, truck to Nhava Sheva tomorrow.')
  await changeOrderStatus(page, orderId, 'Delivered')

  // The buyer reads the whole timeline on the order page.
  await logIn(page, buyer)
  await openOrderFromList(page, '/orders', { orderId, title })
  await expect(page.getByTestId('order-status')).toHaveText('Delivered')
  // The same stamped rates for both parties, whatever happened to the rates since.
  await expect(page.getByTestId('order-rates')).toHaveText(sellerSawRates!)
  await expectOrderTimeline(page, [['Pending'], ['Accepted'], ['Tins palletised, truck to Nhava Sheva tomorrow.'], ['Delivered']])
})
