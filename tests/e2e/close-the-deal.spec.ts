import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { logIn } from './support/sign-in'
import { changeOrderStatus, confirmReceipt, openOrderAs, expectOrderDocuments, openOrderFromList, placeOrderThroughRfq, uploadProof } from './support/trade-flow'

// Issue 29 from the quote to the last payment: the quote carries the default terms (30 % on the proforma,
// 70 % on shipment), the buyer accepts it, the seller accepts the order and its proforma invoice is
// issued; the buyer downloads it and proves the advance; the seller confirms it and ships, and the
// commercial invoice and packing list appear; the balance is proven and confirmed, and the order is Paid.
test('a quote with 30/70 terms becomes an order that is invoiced, paid in two steps, shipped and reads Paid', async ({ page }) => {
  test.setTimeout(240_000)
  const { orderId, title, buyer, seller } = await placeOrderThroughRfq(page, 'deal')
  // The accepted terms are the order's: two milestones, both waiting for their events.
  await expect(page.getByTestId('order-summary')).toBeVisible()

  await logIn(page, seller)
  await openOrderFromList(page, '/dashboard/orders', { orderId, title })
  await expect(page.getByTestId('milestone-status-1')).toHaveText('Upcoming')
  await expect(page.getByTestId('milestone-status-2')).toHaveText('Upcoming')
  await page.waitForLoadState('networkidle')
  await changeOrderStatus(page, orderId, 'Accepted')
  // The proforma is issued in the background; the advance falls due with it.
  await expectOrderDocuments(page, ['Proforma invoice'])
  await expect(page.getByTestId('milestone-status-1')).toHaveText('Due')
  const orderPath = new URL(page.url()).pathname

  // The buyer downloads the proforma (a PDF) and proves the advance.
  await openOrderAs(page, buyer, orderPath)
  const proforma = page.getByTestId('order-document').filter({ hasText: 'Proforma invoice' })
  const [download] = await Promise.all([page.waitForEvent('download'), proforma.getByRole('link', { name: /Download Proforma invoice/ }).click()])
  expect(download.suggestedFilename()).toMatch(/\.pdf$/)
  expect(readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-')
  await uploadProof(page, 1, 'swift-advance.pdf', 'UTR SBIN426001234')

  // The seller confirms the advance and ships: the commercial invoice and the packing list appear.
  await openOrderAs(page, seller, orderPath)
  await confirmReceipt(page, 1)
  await changeOrderStatus(page, orderId, 'Shipped')
  await expect(page.getByTestId('milestone-status-2')).toHaveText('Due')
  await expectOrderDocuments(page, ['Proforma invoice', 'Commercial invoice', 'Packing list'])
  await page.waitForLoadState('networkidle')
  await changeOrderStatus(page, orderId, 'Delivered')

  // The balance: proven by the buyer, confirmed by the seller; the order reads Paid for both.
  await openOrderAs(page, buyer, orderPath)
  await uploadProof(page, 2, 'swift-balance.pdf', 'UTR SBIN426005678')
  await openOrderAs(page, seller, orderPath)
  await confirmReceipt(page, 2)
  await expect(page.getByTestId('order-paid')).toHaveText('Paid')
  await logIn(page, buyer)
  await page.goto(orderPath)
  await expect(page.getByTestId('order-paid')).toHaveText('Paid')
})
