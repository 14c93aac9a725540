import { tinyPdf } from './files'
import { expect, type Locator, type Page } from '@playwright/test'
import { createBuyer, createSeller } from './factories'
import { logIn, type Credentials } from './sign-in'

// The trade loop's steps as a new user takes them, shared by the RFQ, negotiation, order and notice
// specs. Each step signs in as the user it is given: the spec's own (createTradeParties).

/** A buyer in India and an approved seller in Russia, made for the calling test alone. */
export async function createTradeParties() {
  const [buyer, seller] = await Promise.all([createBuyer({ country: 'India' }), createSeller({ country: 'Russia' })])
  return { buyer, seller }
}

export type TradeParties = Awaited<ReturnType<typeof createTradeParties>>

/** A token that makes this run's RFQ findable by search and unique across retries. */
export function uniqueToken(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
}

export type RfqFields = { title: string; description: string; quantity: number; unit?: string; category?: string }

/** On the open Create RFQ page: fills the form for sellers from both countries, sends it and lands on My RFQs. */
export async function submitRfqForm(page: Page, rfq: RfqFields) {
  await page.waitForLoadState('networkidle')
  await page.getByLabel('Title').fill(rfq.title)
  await page.getByLabel('Description').fill(rfq.description)
  if (rfq.category) await page.getByLabel('Category (optional)').selectOption(rfq.category)
  await page.getByLabel('Quantity').fill(String(rfq.quantity))
  await page.getByLabel('Unit').selectOption(rfq.unit ?? 'tonnes')
  await page.getByLabel('Sellers from').selectOption('Both')
  await page.getByRole('button', { name: 'Create RFQ' }).click()
  await expect(page).toHaveURL(/\/rfqs$/)
}

/** The buyer creates an RFQ open to sellers from both countries and lands on My RFQs. */
export async function createRfq(page: Page, buyer: Credentials, rfq: RfqFields) {
  await logIn(page, buyer)
  await page.goto('/create-rfq')
  await submitRfqForm(page, rfq)
}

/** What a test's quote offers besides the fixed USD, CIF Novorossiysk terms. */
type QuoteTerms = { unitPrice: string; leadTimeDays: number; shares?: readonly string[]; shipBeforePaid?: boolean }

/**
 * In an open quote or counter-offer dialog, the payment milestones' shares (one per row the terms already
 * have, as PaymentTermsFields shows them: 30 / 70 unless the offer said otherwise).
 */
export async function fillShares(dialog: Locator, shares: readonly string[]) {
  const inputs = dialog.getByLabel('Share, %')
  await expect(inputs).toHaveCount(shares.length)
  for (const [i, share] of shares.entries()) await inputs.nth(i).fill(share)
}

/**
 * The seller finds the RFQ on the board by its token and quotes through the dialog (USD, CIF Novorossiysk;
 * payment 30/70 unless `shares`; `shipBeforePaid`: the seller may ship before the advance is confirmed).
 */
export async function quoteFromBoard(page: Page, seller: Credentials, rfq: { token: string; title: string }, quote: QuoteTerms) {
  await logIn(page, seller)
  await page.goto(`/dashboard/rfqs?q=${rfq.token}`)
  const card = page.getByTestId('board-rfq').filter({ hasText: rfq.title })
  await expect(card).toHaveCount(1)
  await page.waitForLoadState('networkidle')
  await card.getByRole('button', { name: /Submit quote/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Submit a quote' })
  await dialog.getByLabel('Unit price').fill(quote.unitPrice)
  await dialog.getByLabel('Currency').selectOption('USD')
  await dialog.getByLabel('Lead time (days)').fill(String(quote.leadTimeDays))
  await dialog.getByLabel('Incoterms® 2020 rule').selectOption('CIF')
  await dialog.getByLabel('Named place').fill('Novorossiysk')
  if (quote.shares) await fillShares(dialog, quote.shares)
  if (quote.shipBeforePaid) await dialog.getByLabel('The seller may ship before the payments due before shipment are confirmed').check()
  await dialog.getByRole('button', { name: 'Submit quote' }).click()
  await expect(page.getByText('Quote submitted successfully')).toBeVisible()
}

/** The buyer opens the negotiation on their RFQ's (only) quote from My RFQs. */
export async function openNegotiationAsBuyer(page: Page, buyer: Credentials, title: string) {
  await logIn(page, buyer)
  await page.goto('/rfqs')
  // The comparison's figures in the reader's currency load after the page: a click made inside a part
  // still loading was once lost (see the session note of 29 November 2026), so the page settles first.
  await page.waitForLoadState('networkidle')
  await page.getByTestId('rfq-card').filter({ hasText: title }).getByRole('link', { name: /Negotiate/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await page.waitForLoadState('networkidle')
}

/** The seller opens the negotiation from the board. */
export async function openNegotiationAsSeller(page: Page, seller: Credentials, rfq: { token: string; title: string }) {
  await logIn(page, seller)
  await page.goto(`/dashboard/rfqs?q=${rfq.token}`)
  await page.getByTestId('board-rfq').filter({ hasText: rfq.title }).getByRole('link', { name: /Open negotiation/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: rfq.title })).toBeVisible()
  await page.waitForLoadState('networkidle')
}

/** On an open negotiation page, whoever's turn it is sends a counter-offer. */
export async function sendCounter(page: Page, counter: { unitPrice: string; quantity?: number; message?: string; shares?: readonly string[] }) {
  await page.getByRole('button', { name: 'Counter-offer' }).click()
  const dialog = page.getByRole('dialog', { name: 'Counter-offer' })
  await dialog.getByLabel(/^Unit price/).fill(counter.unitPrice)
  if (counter.quantity !== undefined) await dialog.getByLabel('Quantity').fill(String(counter.quantity))
  if (counter.message) await dialog.getByLabel('Message (optional)').fill(counter.message)
  if (counter.shares) await fillShares(dialog, counter.shares)
  await dialog.getByRole('button', { name: 'Send counter-offer' }).click()
  await expect(page.getByText('Counter-offer sent.')).toBeVisible()
}

/** On an open negotiation page, whoever's turn it is accepts; returns the new order's short id. */
export async function acceptOffer(page: Page) {
  await page.getByRole('button', { name: 'Accept offer' }).click()
  await page.getByRole('dialog', { name: 'Accept this offer?' }).getByRole('button', { name: 'Accept and create order' }).click()
  await expect(page.getByText('Offer accepted: your order has been created.')).toBeVisible()
  const heading = (await page.getByTestId('order-summary').getByRole('heading').textContent()) ?? ''
  const orderId = heading.replace('Order ', '').trim()
  expect(orderId).toMatch(/^[0-9a-f]{8}$/)
  return orderId
}

/**
 * Buyer's RFQ → seller's quote → buyer accepts, between new parties unless given; returns the order's short
 * id, the RFQ title and the parties. `terms.shipBeforePaid` for a flow that ships without recording payments.
 */
export async function placeOrderThroughRfq(page: Page, label: string, parties?: TradeParties, terms: Pick<QuoteTerms, 'shipBeforePaid'> = {}) {
  const { buyer, seller } = parties ?? (await createTradeParties())
  const token = uniqueToken('o')
  const title = `Darjeeling tea ${label} ${token}`
  await createRfq(page, buyer, { title, description: 'Darjeeling first flush, FTGFOP1 grade, vacuum-packed 10 kg bags, lab report per lot.', quantity: 3 })
  await quoteFromBoard(page, seller, { token, title }, { unitPrice: '2100.25', leadTimeDays: 20, ...terms })
  await openNegotiationAsBuyer(page, buyer, title)
  const orderId = await acceptOffer(page)
  return { orderId, title, buyer, seller }
}

/** On an order page or the Orders tab, the seller moves the order to the next status through the dialog. */
export async function changeOrderStatus(page: Page, orderId: string, status: string, note?: string) {
  await page.getByRole('button', { name: 'Change status' }).click()
  const dialog = page.getByRole('dialog', { name: `Update order ${orderId}` })
  await dialog.getByLabel('New status').selectOption(status)
  if (note) await dialog.getByLabel('Note (optional)').fill(note)
  await dialog.getByRole('button', { name: 'Update status' }).click()
  await expect(page.getByText('Order status updated successfully')).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveText(status)
}

/** From an orders list (the buyer's `/orders` or the seller's `/dashboard/orders`), opens the order on the RFQ titled `title`. */
export async function openOrderFromList(page: Page, list: '/orders' | '/dashboard/orders', order: { orderId: string; title: string }) {
  await page.goto(list)
  await page.getByTestId('order-table').getByRole('row').filter({ hasText: order.title }).getByRole('link', { name: order.orderId }).click()
}

/** The order page's timeline has one entry per item of `entries`, each showing the texts listed for it. */
export async function expectOrderTimeline(page: Page, entries: string[][]) {
  const events = page.getByTestId('order-timeline').getByRole('listitem')
  await expect(events).toHaveCount(entries.length)
  for (const [i, texts] of entries.entries()) for (const text of texts) await expect(events.nth(i)).toContainText(text)
}

/** On the order page, the buyer sends the proof of payment of milestone `n` (after seeing the dialog refuse an empty one). */
export async function uploadProof(page: Page, n: number, file: string, reference: string) {
  await page.getByTestId(`milestone-proof-${n}`).click()
  const dialog = page.getByRole('dialog', { name: `Proof of payment for milestone ${n}` })
  // The dialog checks itself before it is sent.
  await dialog.getByRole('button', { name: 'Send proof' }).click()
  await expect(dialog.getByText('Attach the proof of payment (a bank receipt or SWIFT confirmation).')).toBeVisible()
  await expect(dialog.getByText("Enter the bank's reference of the transfer.")).toBeVisible()
  await dialog.getByLabel('Proof of payment').setInputFiles({ name: file, mimeType: 'application/pdf', buffer: tinyPdf() })
  await dialog.getByLabel('Bank reference').fill(reference)
  await dialog.getByRole('button', { name: 'Send proof' }).click()
  await expect(page.getByText('Proof of payment sent. The seller has been told.')).toBeVisible()
  await expect(page.getByTestId(`milestone-status-${n}`)).toHaveText('Proof submitted')
}

/** On the order page, the seller confirms the receipt of milestone `n`. */
export async function confirmReceipt(page: Page, n: number) {
  await page.getByTestId(`milestone-confirm-${n}`).click()
  await page.getByTestId(`milestone-confirm-submit-${n}`).click()
  await expect(page.getByText('Receipt confirmed. The buyer has been told.')).toBeVisible()
  await expect(page.getByTestId(`milestone-status-${n}`)).toHaveText('Confirmed')
}

/** Reloads the order page until its documents list the kinds given (documents are issued by a background job). */
export async function expectOrderDocuments(page: Page, kinds: string[]) {
  await expect(async () => {
    await page.reload()
    const rows = page.getByTestId('order-documents').getByTestId('order-document')
    for (const kind of kinds) await expect(rows.filter({ hasText: kind })).toHaveCount(1, { timeout: 1_000 })
  }).toPass({ timeout: 60_000 })
}

/** Signs in as `user` and opens the order page at `orderPath`, once it has settled. */
export async function openOrderAs(page: Page, user: Credentials, orderPath: string) {
  await logIn(page, user)
  await page.goto(orderPath)
  await page.waitForLoadState('networkidle')
}
