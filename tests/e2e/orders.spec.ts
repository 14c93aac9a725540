import { expect, test } from '@playwright/test'
import { logIn } from './support/sign-in'
import { expectOrderTimeline, openOrderFromList, placeOrderThroughRfq as placeOrder } from './support/trade-flow'

// Order status flow and timeline (issue 8 item 9). Each test makes its own order through the UI, as
// negotiation.spec.ts does, between a buyer and a seller made for it: the buyer asks, the seller
// quotes, the buyer accepts.

test('the seller moves an order Accepted → Shipped (with a note) → Delivered; the buyer sees the timeline', async ({ page }) => {
  // Five sign-ins and a dozen forms: on a busy two-core machine this takes over the default minute.
  test.setTimeout(120_000)
  const { orderId, title, buyer, seller } = await placeOrder(page, 'flow', undefined, { shipBeforePaid: true })

  // From the Orders tab, with the keyboard: Pending → Accepted.
  await logIn(page, seller)
  await page.goto('/dashboard/orders')
  await page.waitForLoadState('networkidle')
  const row = page.getByTestId('order-table').getByRole('row').filter({ hasText: title })
  await expect(row).toContainText('Pending')
  await row.getByRole('button', { name: `Change status of order ${orderId}` }).focus()
  await page.keyboard.press('Enter')
  let dialog = page.getByRole('dialog', { name: `Update order ${orderId}` })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Update status' })).toBeDisabled()
  // Only the next step and cancelling are offered.
  await expect(dialog.getByLabel('New status').locator('option')).toHaveText(['Choose a status', 'Accepted', 'Cancelled'])
  await dialog.getByLabel('New status').selectOption('Accepted')
  await dialog.getByRole('button', { name: 'Update status' }).click()
  await expect(page.getByText('Order status updated successfully')).toBeVisible()
  await expect(row).toContainText('Accepted')

  // On the order page: Accepted → Shipped with a note, then Delivered.
  await row.getByRole('link', { name: orderId }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Change status' }).click()
  dialog = page.getByRole('dialog', { name: `Update order ${orderId}` })
  await dialog.getByLabel('New status').selectOption('Shipped')
  await dialog.getByLabel('Note (optional)').fill('Container MSCU 123456-7, ETA Novorossiysk 12 days.')
  await dialog.getByRole('button', { name: 'Update status' }).click()
  await expect(page.getByText('Order status updated successfully')).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveText('Shipped')
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Change status' }).click()
  dialog = page.getByRole('dialog', { name: `Update order ${orderId}` })
  await expect(dialog.getByLabel('New status').locator('option')).toHaveText(['Choose a status', 'Delivered'])
  await dialog.getByLabel('New status').selectOption('Delivered')
  await dialog.getByRole('button', { name: 'Update status' }).click()
  await expect(page.getByTestId('order-status')).toHaveText('Delivered')
  // A delivered order is finished: no dialog any more.
  await expect(page.getByRole('button', { name: 'Change status' })).toHaveCount(0)

  // The buyer opens it from My orders and sees every step.
  await logIn(page, buyer)
  await openOrderFromList(page, '/orders', { orderId, title })
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible()
  await expect(page.getByTestId('order-terms')).toContainText('$6,300.75')
  await expect(page.getByRole('link', { name: title })).toBeVisible()
  await expectOrderTimeline(page, [['Pending'], ['Accepted'], ['Shipped', 'Container MSCU 123456-7, ETA Novorossiysk 12 days.'], ['Delivered']])
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0)
})

test('the buyer cancels a Pending order with a reason', async ({ page }) => {
  const { orderId, title } = await placeOrder(page, 'cancel')
  await openOrderFromList(page, '/orders', { orderId, title })
  await expect(page.getByTestId('order-status')).toHaveText('Pending')
  // The order says which exchange rates held when it was made (issue 28 item 5): the demo data's dollar
  // rates, each with its source and date; a cancellation leaves them as they were.
  const rates = page.getByTestId('order-rates')
  await expect(rates).toContainText(/^Exchange rates at the time of the order: 1 USD = ₹\d+\.\d+ \(RBI reference rate \(demo figure\), \d{1,2} \w{3} \d{4}\); ₽\d+\.\d+ \(CBR official rate \(demo figure\), /)
  const stamped = await rates.textContent()
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Cancel order' }).click()
  const confirm = page.getByRole('dialog', { name: 'Cancel this order?' })
  await confirm.getByLabel('Reason (optional)').fill('Budget moved to next quarter.')
  await confirm.getByRole('button', { name: 'Cancel order' }).click()
  await expect(page.getByText('Order cancelled.')).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled')
  await expectOrderTimeline(page, [[], ['Cancelled', 'Budget moved to next quarter.']])
  await expect(page.getByTestId('order-rates')).toHaveText(stamped!)
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0)
})
