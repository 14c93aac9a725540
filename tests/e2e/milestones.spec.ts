import { expect, test } from '@playwright/test'
import { axeViolations } from './support/axe'
import { createMilestoneOrder } from './support/factories'
import { logIn } from './support/sign-in'
import { changeOrderStatus, confirmReceipt, openOrderAs, uploadProof } from './support/trade-flow'

// Issue 29 items 2 and 3, as the two parties go: an order with 30 % due on acceptance and 70 % fourteen
// days after shipment. The seller accepts and may not ship before the advance is confirmed; the buyer
// uploads the proof; the seller confirms and ships; the balance falls due, is proven and confirmed, and
// the order reads Paid. Every step is on the order's timeline.

test('an advance and a balance are proven by the buyer and confirmed by the seller; shipping waits for the advance; the order reads Paid', async ({ page }) => {
  test.setTimeout(180_000)
  const { buyer, seller, orderId, shortOrderId } = await createMilestoneOrder()
  const orderPath = `/orders/${orderId}`

  // The seller accepts: the advance falls due; shipping is refused until it is confirmed.
  await logIn(page, seller)
  await page.goto(orderPath)
  await expect(page.getByTestId('milestone-status-1')).toHaveText('Upcoming')
  await page.waitForLoadState('networkidle')
  await changeOrderStatus(page, shortOrderId, 'Accepted')
  await expect(page.getByTestId('milestone-status-1')).toHaveText('Due')
  await expect(page.getByTestId('milestone-status-2')).toHaveText('Upcoming')
  await page.getByRole('button', { name: 'Change status' }).click()
  const statusDialog = page.getByRole('dialog', { name: `Update order ${shortOrderId}` })
  await statusDialog.getByLabel('New status').selectOption('Shipped')
  await statusDialog.getByRole('button', { name: 'Update status' }).click()
  await expect(page.getByText('payment milestone 1 is due before shipment and not confirmed')).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveText('Accepted')

  // The buyer uploads the proof of the advance.
  await openOrderAs(page, buyer, orderPath)
  await expect(page.getByTestId('milestone-1')).toContainText('1,500.00')
  await uploadProof(page, 1, 'swift-advance.pdf', 'SBININBB 0042')
  expect(await axeViolations(page, page.url())).toEqual([])

  // The seller sees the proof, confirms the advance and ships: the balance falls due.
  await openOrderAs(page, seller, orderPath)
  await expect(page.getByTestId('milestone-proof-link-1')).toHaveText('swift-advance.pdf')
  await expect(page.getByTestId('milestone-1')).toContainText('SBININBB 0042')
  await confirmReceipt(page, 1)
  await changeOrderStatus(page, shortOrderId, 'Shipped')
  await expect(page.getByTestId('milestone-status-2')).toHaveText('Due')
  await changeOrderStatus(page, shortOrderId, 'Delivered')

  // The buyer proves the balance; the seller confirms it; the order reads Paid for both.
  await openOrderAs(page, buyer, orderPath)
  await uploadProof(page, 2, 'swift-balance.pdf', 'SBININBB 0043')
  await openOrderAs(page, seller, orderPath)
  await confirmReceipt(page, 2)
  await expect(page.getByTestId('order-paid')).toHaveText('Paid')
  const timeline = page.getByTestId('order-timeline')
  await expect(timeline.getByText('Proof of payment for milestone 1')).toBeVisible()
  await expect(timeline.getByText('Receipt of milestone 2 confirmed')).toBeVisible()
  await logIn(page, buyer)
  await page.goto(orderPath)
  await expect(page.getByTestId('order-paid')).toHaveText('Paid')
})
