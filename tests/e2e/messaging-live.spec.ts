import { expect, test, type Page } from '@playwright/test'
import { createBuyer, createPendingSeller, createSeller } from './support/factories'
import { tinyPdf } from './support/files'
import { logIn } from './support/sign-in'
import { uniqueToken } from './support/trade-flow'

// Live messages (issue 9 item 4, ADR 011), with two browsers at once: a seller has the inbox
// open; a buyer contacts them from a product page and writes; the seller's inbox and header badge
// show it without a reload; the seller opens it and replies with a PDF; the buyer's open thread shows the reply
// without a reload, with its PDF, which the buyer opens; a third user cannot open the conversation.
// The buyer, the seller and the seller's product are the test's own.

/** The number in the Messages link's label ("3 unread messages"), 0 when it just says "Messages". */
async function unreadMessages(page: Page): Promise<number> {
  const label = (await page.getByTestId('messages-link').getAttribute('aria-label')) ?? ''
  const match = /^(\d+) unread messages?$/.exec(label)
  return match ? Number(match[1]) : 0
}

/** Marks the document, so a reload (which would drop the mark) can be told apart from a live update. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __setuNoReload: boolean }).__setuNoReload = true))
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __setuNoReload?: boolean }).__setuNoReload)).toBe(true)
}

test('a message and its reply arrive live in the other party’s open inbox, badge and thread', async ({ browser }) => {
  // Three browsers and three sign-ins: on a busy two-core machine this takes over the default minute.
  test.setTimeout(120_000)
  const token = uniqueToken('live')
  const question = `Can you ship 40 tonnes in March? (${token})`
  const reply = `Yes, two flexitanks on the 12th. (${token})`
  const PRODUCT = `Refined Sunflower Oil, Bulk in Flexitanks ${token}`
  const [sellerUser, buyerUser, thirdUser] = await Promise.all([
    createSeller({ country: 'Russia', products: [{ name: PRODUCT }] }),
    createBuyer(),
    createPendingSeller(),
  ])

  const sellerContext = await browser.newContext()
  const buyerContext = await browser.newContext()
  const thirdContext = await browser.newContext()
  try {
    const seller = await sellerContext.newPage()
    await logIn(seller, sellerUser)
    await seller.goto('/messages')
    await expect(seller.getByRole('heading', { level: 1 })).toBeVisible()
    // The stream is open once the page has hydrated and the header's link holds it.
    await seller.waitForLoadState('networkidle')
    const before = await unreadMessages(seller)
    await markDocument(seller)

    const buyer = await buyerContext.newPage()
    await logIn(buyer, buyerUser)
    await buyer.goto(`/marketplace?q=${encodeURIComponent(token)}`)
    await buyer.getByRole('link', { name: PRODUCT }).first().click()
    await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(PRODUCT)
    await buyer.getByRole('button', { name: /^Contact seller/ }).click()
    await expect(buyer).toHaveURL(/\/messages\/[0-9a-f-]{36}$/)
    await buyer.getByLabel('Message', { exact: true }).fill(question)
    await buyer.getByTestId('send-message').click()
    await expect(buyer.getByTestId('message-list').getByText(question)).toBeVisible()
    const threadPath = new URL(buyer.url()).pathname
    await buyer.waitForLoadState('networkidle')
    await markDocument(buyer)

    // The seller's open inbox shows it, and the badge counts it, without a reload.
    const row = seller.getByTestId('inbox-item').filter({ hasText: question })
    await expect(row).toBeVisible({ timeout: 15_000 })
    await expect.poll(() => unreadMessages(seller), { timeout: 15_000 }).toBe(before + 1)
    await expect(seller.getByTestId('messages-badge')).toHaveText(String(before + 1))
    await expect(seller.getByTestId('live-announcer')).toContainText(question)
    await expectSameDocument(seller)

    // The seller opens it (reading it takes it off the badge) and replies.
    await row.getByRole('link').first().click()
    await expect(seller).toHaveURL(threadPath)
    await expect(seller.getByTestId('message-list').getByText(question)).toBeVisible()
    await expect.poll(() => unreadMessages(seller), { timeout: 15_000 }).toBe(before)
    await seller.getByLabel('Message', { exact: true }).fill(reply)
    await seller.getByLabel('Attach files').setInputFiles({ name: 'flexitank-schedule.pdf', mimeType: 'application/pdf', buffer: tinyPdf() })
    await seller.getByTestId('send-message').click()
    await expect(seller.getByTestId('message-list').getByText(reply)).toBeVisible()

    // The buyer's open thread shows the reply, once, without a reload.
    const replies = buyer.getByTestId('message').filter({ hasText: reply })
    await expect(replies).toHaveCount(1, { timeout: 15_000 })
    await expect(buyer.getByTestId('live-announcer')).toContainText(reply)
    await expectSameDocument(buyer)
    // The reply's PDF opens for the buyer.
    const link = replies.getByTestId('attachment-link')
    await expect(link).toHaveText(/flexitank-schedule\.pdf/)
    const href = (await link.getAttribute('href'))!
    const file = await buyer.request.get(href)
    expect(file.status()).toBe(200)
    expect(file.headers()['content-type']).toBe('application/pdf')
    const seqs = await buyer.getByTestId('message').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))))
    expect(new Set(seqs).size).toBe(seqs.length)
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs)

    // A third user gets the 404 page for the conversation and its file.
    const third = await thirdContext.newPage()
    await logIn(third, thirdUser)
    expect((await third.goto(threadPath))?.status()).toBe(404)
    await expect(third.getByText(question)).toHaveCount(0)
    expect((await third.request.get(href)).status()).toBe(404)
  } finally {
    await sellerContext.close()
    await buyerContext.close()
    await thirdContext.close()
  }
})
