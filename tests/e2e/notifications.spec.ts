import { expect, test } from '@playwright/test'
import { logIn } from './support/sign-in'
import { createRfq, createTradeParties, openNegotiationAsBuyer, quoteFromBoard, sendCounter, uniqueToken } from './support/trade-flow'

// Notices (issue 8 item 10): after the buyer counters, the seller's header shows an unread badge, the
// notice is listed on /notifications, opening it leads to the negotiation and marks it read, and the
// email reaches the seller through the job queue (the dev outbox of the e2e server).
test('the seller is told about the buyer’s counter-offer: badge, list, email', async ({ page }) => {
  const token = uniqueToken('nt')
  const title = `Kashmir saffron notice ${token}`
  const { buyer, seller } = await createTradeParties()
  await createRfq(page, buyer, { title, description: 'Kashmir saffron, grade A Mongra, ISO 3632 category I, 100 g tins, lab report per lot.', quantity: 2, unit: 'kg' })
  await quoteFromBoard(page, seller, { token, title }, { unitPrice: '1850.00', leadTimeDays: 14 })
  await openNegotiationAsBuyer(page, buyer, title)
  await sendCounter(page, { unitPrice: '1700.00', quantity: 2, message: 'Two kilograms at this price.' })
  const negotiationPath = new URL(page.url()).pathname

  await logIn(page, seller)
  const bell = page.getByTestId('notification-bell')
  await expect(bell).toHaveAttribute('aria-label', /^\d+ unread notifications?$/)
  await expect(page.getByTestId('notification-badge')).toHaveText(/^(\d+|99\+)$/)
  await bell.click()
  await expect(page).toHaveURL(/\/notifications$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  const notice = page.getByTestId('notification').filter({ hasText: `Counter-offer on “${title}”` })
  await expect(notice).toHaveCount(1)
  await expect(notice).toHaveAttribute('data-unread', 'true')
  await expect(notice).toContainText('The other party proposes $1,700.00 per kilogram for 2 kg.')

  // Opening it goes to the negotiation and marks it read.
  await page.waitForLoadState('networkidle')
  await notice.getByRole('button').click()
  await expect(page).toHaveURL(negotiationPath)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await page.goto('/notifications')
  await expect(page.getByTestId('notification').filter({ hasText: `Counter-offer on “${title}”` })).not.toHaveAttribute('data-unread', 'true')

  // The email went through the job queue to the seller's inbox (the dev outbox).
  await expect
    .poll(async () => (await (await page.request.get(`/dev/outbox?to=${encodeURIComponent(seller.email)}`)).text()).includes(title), { timeout: 20_000 })
    .toBe(true)
})
