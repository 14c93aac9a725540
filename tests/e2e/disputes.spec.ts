import { expect, test, type Page } from '@playwright/test'
import { createAdmin } from './support/factories'
import { tinyPdf } from './support/files'
import { adminLogIn, logIn } from './support/sign-in'
import { changeOrderStatus, openOrderFromList, placeOrderThroughRfq } from './support/trade-flow'
import { axeViolations } from './support/axe'

// Issue 10 item 7, as people would go: a buyer's order is delivered, the buyer opens a dispute with
// a PDF, the seller answers, a moderator finds it in the queue (all three made for the test), messages both parties and
// decides with a written resolution, and the buyer reads the decision on the order page.

async function axeClean(page: Page) {
  expect(await axeViolations(page, page.url())).toEqual([])
}

test('a delivered order is disputed, answered, moderated and decided; both parties read the decision', async ({ page }) => {
  test.setTimeout(180_000)
  const { orderId, title, buyer, seller } = await placeOrderThroughRfq(page, 'dispute', undefined, { shipBeforePaid: true })
  const moderator = await createAdmin({ role: 'moderator' })

  // The seller accepts, ships and delivers it.
  await logIn(page, seller)
  await openOrderFromList(page, '/dashboard/orders', { orderId, title })
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible()
  await page.waitForLoadState('networkidle')
  for (const status of ['Accepted', 'Shipped', 'Delivered']) {
    await changeOrderStatus(page, orderId, status)
    await page.waitForLoadState('networkidle')
  }
  const orderPath = new URL(page.url()).pathname

  // The buyer opens a dispute with a PDF.
  await logIn(page, buyer)
  await page.goto(orderPath)
  await page.getByRole('link', { name: 'Open a dispute' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Dispute on order ${orderId}` })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await axeClean(page)
  // The form checks itself before it is sent.
  await page.getByRole('button', { name: 'Open dispute' }).click()
  await expect(page.getByText('Choose a reason from the list.')).toBeVisible()
  await page.getByLabel('Reason').selectOption({ label: 'Damaged goods' })
  await page.getByLabel('What happened').fill('Three of the ten tea chests arrived crushed and wet.')
  await page.getByLabel('Evidence (optional)').setInputFiles({ name: 'damage-report.pdf', mimeType: 'application/pdf', buffer: tinyPdf() })
  await page.getByRole('button', { name: 'Open dispute' }).click()
  await expect(page.getByText('Dispute opened. The other party has been notified.')).toBeVisible()
  await expect(page.getByTestId('dispute-status')).toHaveText('Open')
  await expect(page.getByRole('link', { name: /damage-report\.pdf/ })).toBeVisible()
  const disputePath = new URL(page.url()).pathname
  // The order shows Disputed.
  await page.goto(orderPath)
  await expect(page.getByTestId('order-disputed')).toHaveText('Disputed')

  // The seller answers (the order's status dialog is gone while the dispute is open).
  await logIn(page, seller)
  await page.goto(orderPath)
  await expect(page.getByTestId('order-disputed')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Change status' })).toHaveCount(0)
  await page.getByRole('link', { name: 'View dispute' }).click()
  await expect(page).toHaveURL(disputePath)
  await page.waitForLoadState('networkidle')
  await page.getByLabel('Your message').fill('The chests left our warehouse dry; the carrier signed for them in good order.')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByText('Your message was added to the dispute.')).toBeVisible()
  await expect(page.getByTestId('dispute-message')).toHaveCount(1)
  await expect(page.getByTestId('dispute-message').first()).toContainText('Seller')

  // The moderator finds it in the queue, messages both parties and decides.
  await adminLogIn(page, moderator, { path: '/admin/disputes?lng=en', waitForSignedIn: false })
  await expect(page.getByRole('heading', { level: 1, name: 'Dispute Resolution' })).toBeVisible()
  // The demo data's idle dispute (db/seed/trade.ts), only read, is flagged Overdue.
  await expect(page.getByTestId('dispute-overdue').first()).toBeVisible()
  const row = page.getByTestId('dispute-queue-row').filter({ hasText: orderId })
  await expect(row).toContainText('Damaged goods')
  await row.getByRole('link', { name: new RegExp(orderId) }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Dispute on order ${orderId}` })).toBeVisible()
  await expect(page.getByTestId('dispute-description')).toHaveText('Three of the ten tea chests arrived crushed and wet.')
  await expect(page.getByRole('link', { name: /damage-report\.pdf/ })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await axeClean(page)
  await page.getByLabel('Message to both parties').fill('Please both send the carrier’s delivery receipt.')
  await page.getByRole('button', { name: 'Send to both parties' }).click()
  await expect(page.getByText('Message sent to both parties.')).toBeVisible()
  await expect(page.getByTestId('dispute-message')).toHaveCount(2)
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Decide the dispute' }).click()
  const dialog = page.getByRole('dialog', { name: 'Decide the dispute' })
  await dialog.getByLabel('Decision').selectOption({ label: 'Partial settlement' })
  await dialog.getByLabel('Written resolution').fill('The receipt shows water damage in transit: the seller credits three chests against the next order.')
  await dialog.getByRole('button', { name: 'Record decision' }).click()
  await expect(page.getByText('Decision recorded. Both parties have been notified.')).toBeVisible()
  await expect(page.getByTestId('dispute-status')).toHaveText('Resolved')
  await expect(page.getByRole('button', { name: 'Decide the dispute' })).toHaveCount(0)

  // The buyer reads the decision on the order page; the order is no longer Disputed.
  await logIn(page, buyer)
  await page.goto(orderPath)
  await expect(page.getByTestId('order-dispute-decision')).toContainText('Partial settlement')
  await expect(page.getByTestId('order-dispute-decision')).toContainText('the seller credits three chests against the next order.')
  await expect(page.getByTestId('order-disputed')).toHaveCount(0)
  await expect(page.getByTestId('order-status')).toHaveText('Delivered')
})
