import { expect, test } from '@playwright/test'
import { createBuyer, createPendingSeller, createSeller } from './support/factories'
import { tinyPdf } from './support/files'
import { logIn } from './support/sign-in'
import { uniqueToken } from './support/trade-flow'

// Negotiation messaging (issue 9), in one browser as new users would go, switching accounts: a buyer
// contacts a seller from the seller's product page and writes (both made for the test); the seller finds it in
// the inbox with one unread message, opens it and replies with a PDF; the buyer sees the reply, the
// "Read" receipt on their own message and opens the attachment; a third user gets the 404 page.
// (The live, two-context journey is tests/e2e/messaging-live.spec.ts.)

test('a buyer contacts a seller from a product page, the seller replies with a PDF, only the two can open it', async ({ page }) => {
  const question = `Can you ship 600 t to Mumbai in March? ${uniqueToken('q')}`
  const answer = `Yes, price list attached. ${uniqueToken('a')}`
  const buyer = await createBuyer({ name: 'Priya Sharma' })
  const seller = await createSeller({ name: 'Alexei Volkov', country: 'Russia', products: [{ name: 'Russian Milling Wheat, Class 3' }] })
  const WHEAT = `/products/${seller.products[0]!.id}`

  // The buyer: "Contact seller" on the product page opens the conversation; the message appears in the thread.
  await logIn(page, buyer)
  await page.goto(WHEAT)
  await page.waitForLoadState('networkidle')
  await page.getByTestId('product-actions').getByRole('button', { name: /Contact seller/ }).click()
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/)
  const threadUrl = new URL(page.url()).pathname
  await expect(page.getByRole('heading', { level: 1, name: /Conversation with Alexei Volkov/ })).toBeVisible()
  await expect(page.getByTestId('thread-subject')).toContainText('Russian Milling Wheat')
  await page.waitForLoadState('networkidle')
  // An empty message is refused in the composer, with the reason.
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Write a message or attach a file.')).toBeVisible()
  await page.getByLabel('Message', { exact: true }).fill(question)
  await expect(page.getByTestId('composer-count')).toContainText(`${question.length} / 5,000`)
  await page.getByRole('button', { name: 'Send' }).click()
  const list = page.getByTestId('message-list')
  await expect(list.getByTestId('message').filter({ hasText: question })).toBeVisible()
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')

  // The seller: the inbox lists it with one unread message; opening it and replying with a PDF.
  await logIn(page, seller)
  await page.goto('/messages')
  const item = page.getByTestId('inbox-item').filter({ hasText: question.slice(0, 40) })
  await expect(item).toBeVisible()
  await expect(item).toContainText('Priya')
  await expect(item.getByTestId('unread-count')).toHaveText('1')
  // The dashboard's Messages tab shows the same inbox.
  await page.goto('/dashboard/messages')
  await expect(page.getByTestId('inbox-item').filter({ hasText: question.slice(0, 40) })).toBeVisible()
  await page.getByTestId('inbox-item').filter({ hasText: question.slice(0, 40) }).getByRole('link').click()
  await expect(page).toHaveURL(threadUrl)
  await expect(page.getByTestId('message').filter({ hasText: question })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.getByLabel('Message', { exact: true }).fill(answer)
  // A file the attachment rule does not take is refused in the composer, before anything is sent.
  await page.getByLabel('Attach files').setInputFiles({ name: 'price-list.txt', mimeType: 'text/plain', buffer: Buffer.from('Wheat, class 3: 240 USD/t') })
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Only PDF, JPG and PNG files can be attached.')).toBeVisible()
  await page.getByLabel('Attach files').setInputFiles({ name: 'price-list.pdf', mimeType: 'application/pdf', buffer: tinyPdf() })
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('message').filter({ hasText: answer }).getByTestId('attachment-link')).toHaveText(/price-list\.pdf/)
  // Opening the thread marked the buyer's message read: the seller's inbox shows nothing unread.
  await page.goto('/messages')
  await expect(page.getByTestId('inbox-item').filter({ hasText: answer.slice(0, 20) }).getByTestId('unread-count')).toHaveCount(0)

  // The buyer: the reply with its attachment, "Read" under their own message; the file opens as a PDF.
  await logIn(page, buyer)
  await page.goto(threadUrl)
  const reply = page.getByTestId('message').filter({ hasText: answer })
  await expect(reply).toBeVisible()
  await expect(page.getByTestId('message').filter({ hasText: question }).getByTestId('read-receipt')).toHaveText(/Read/)
  const link = reply.getByTestId('attachment-link')
  const href = await link.getAttribute('href')
  expect(href).toMatch(new RegExp(`^${threadUrl}/attachments/[0-9a-f-]{36}$`))
  const file = await page.request.get(href!)
  expect(file.status()).toBe(200)
  expect(file.headers()['content-type']).toBe('application/pdf')
  expect(file.headers()['content-disposition']).toContain('attachment')
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-')

  // A third user: the conversation and its file are the 404 page.
  await logIn(page, await createPendingSeller())
  const res = await page.goto(threadUrl)
  expect(res?.status()).toBe(404)
  await expect(page.getByText(question)).toHaveCount(0)
  expect((await page.request.get(href!)).status()).toBe(404)
})
