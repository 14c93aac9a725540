import { expect, test } from '@playwright/test'
import { createBuyer, createSeller } from './support/factories'
import { logIn } from './support/sign-in'
import { uniqueToken } from './support/trade-flow'

// Reporting and blocking from a conversation (issue 9 item 6), by keyboard and mouse, between a buyer
// and a seller made for the test, so the report and the block touch no one else's conversations.

test('a buyer reports a conversation and blocks, then unblocks, the other party', async ({ page }) => {
  const seller = await createSeller({ name: 'Taiga Naturals', country: 'Russia', products: [{ name: 'Sea Buckthorn Oil, Cold-Pressed' }] })
  await logIn(page, await createBuyer())
  await page.goto(`/products/${seller.products[0]!.id}`)
  await page.waitForLoadState('networkidle')
  await page.getByTestId('product-actions').getByRole('button', { name: /Contact seller/ }).click()
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/)
  await page.waitForLoadState('networkidle')

  // Report: the reason is required; the dialog says so and keeps the focus on it.
  await page.getByTestId('report-conversation').click()
  const report = page.getByRole('dialog', { name: 'Report this conversation' })
  await report.getByRole('button', { name: 'Send report' }).click()
  await expect(report.getByText('Tell us why you are reporting this conversation.')).toBeVisible()
  await expect(report.getByLabel('Reason')).toBeFocused()
  await report.getByLabel('Reason').fill(`Asked me to pay outside the platform. ${uniqueToken('r')}`)
  await report.getByRole('button', { name: 'Send report' }).click()
  await expect(report).toBeHidden()
  await expect(page.getByTestId('reported')).toHaveText('You reported this conversation; our moderators will review it.')

  // Block, through the confirmation dialog with the keyboard: the thread says so and offers Unblock.
  await page.getByTestId('block-user').focus()
  await page.keyboard.press('Enter')
  const block = page.getByRole('dialog', { name: /^Block / })
  await expect(block).toBeVisible()
  await block.getByTestId('confirm-block').click()
  await expect(block).toBeHidden()
  const notice = page.getByTestId('blocked-notice')
  await expect(notice).toContainText('Neither of you can send new messages.')
  await expect(page.getByTestId('block-user')).toHaveCount(0)

  // Unblock: the notice goes and writing is possible again.
  await notice.getByTestId('unblock-user').click()
  await expect(page.getByTestId('blocked-notice')).toHaveCount(0)
  const text = `Is the oil CO2-extracted or cold-pressed? ${uniqueToken('m')}`
  await page.getByLabel('Message', { exact: true }).fill(text)
  await page.getByTestId('send-message').click()
  await expect(page.getByTestId('message-list').getByText(text)).toBeVisible()
})
