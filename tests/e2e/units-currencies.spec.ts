import { expect, test } from '@playwright/test'
import { createAdmin, createBuyer, createSeller } from './support/factories'
import { adminLogIn, logIn } from './support/sign-in'
import { uniqueToken } from './support/trade-flow'

// Issue 28 as the two sides meet it: a Russian seller lists sunflower oil in tonnes priced in roubles; an
// Indian buyer reads it "per tonne" with the rupee figure and its rate's date, orders 12.5 t, and buyer and
// seller read the same stamped rate on the order. Then an admin enters a rate and the catalog converts with it.

test('oil in tonnes priced in roubles: per tonne, the rupee figure, 12.5 t ordered, one stamped rate for both', async ({ browser }) => {
  test.setTimeout(150_000)
  const name = uniqueToken('Refined sunflower oil flexitank')
  const seller = await createSeller({ country: 'Russia' })
  const buyer = await createBuyer({ country: 'India' })

  // The seller lists it through the product form.
  const sellerPage = await (await browser.newContext()).newPage()
  await logIn(sellerPage, seller)
  await sellerPage.goto('/dashboard/products/new?lng=en')
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'Create New Product' })).toBeVisible()
  await sellerPage.waitForLoadState('networkidle')
  await sellerPage.getByLabel('Category', { exact: true }).selectOption('agriculture')
  await sellerPage.getByLabel('Price per unit').fill('98500')
  await sellerPage.getByLabel('Currency', { exact: true }).selectOption('RUB')
  await sellerPage.getByLabel('Unit of sale').selectOption('tonnes')
  await sellerPage.getByLabel('Stock quantity').fill('400')
  await sellerPage.getByLabel('Minimum order quantity').fill('10')
  await sellerPage.locator('#product-en-name').fill(name)
  await sellerPage.locator('#product-en-description').fill('Refined, deodorised, winterised; GOST 1129-2013.')
  await sellerPage.getByRole('button', { name: 'Create Product' }).click()
  await expect(sellerPage).toHaveURL(/\/products\/[0-9a-f-]{36}$/)
  const productPath = new URL(sellerPage.url()).pathname

  // The buyer (India: rupees) reads the price per tonne and its rupee figure, the rate's date on focus.
  const buyerPage = await (await browser.newContext()).newPage()
  await logIn(buyerPage, buyer)
  await buyerPage.goto(`${productPath}?lng=en`)
  const main = buyerPage.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(main.getByText('per tonne').first()).toBeVisible()
  const converted = main.getByTestId('converted-amount').first()
  await expect(converted).toHaveText(/^≈ ₹[\d,]+\.\d{2}$/)
  await converted.focus()
  await expect(converted).toHaveAccessibleDescription(/RUB → INR rate of \d{1,2} \w{3} 2\d{3}/)
  await expect(main.getByTestId('rates-footnote')).toContainText('RUB → INR rate of')

  // 12.5 t ordered: exactly that, at 98,500 × 12.5 = 1,231,250 roubles.
  await buyerPage.waitForLoadState('networkidle')
  await buyerPage.getByLabel('Quantity', { exact: true }).fill('12.5')
  await expect(buyerPage.getByTestId('quantity-error')).toHaveCount(0)
  await buyerPage.getByRole('button', { name: 'Place order' }).click()
  await expect(buyerPage).toHaveURL(/\/orders\/[0-9a-f-]{36}$/)
  const orderPath = new URL(buyerPage.url()).pathname
  await expect(buyerPage.getByTestId('order-terms')).toContainText('12.5 t')
  await expect(buyerPage.getByTestId('order-terms')).toContainText('12,31,250.00')
  const stamp = buyerPage.getByTestId('order-rates')
  await expect(stamp).toContainText(/Exchange rates at the time of the order: 1 RUB = .*₹[\d.]+/)
  const buyerSaw = await stamp.textContent()
  // The total in the buyer's rupees, at the order's stamped rate (not today's).
  await expect(buyerPage.getByTestId('stamped-amount')).toHaveText(/^≈ ₹[\d,]+\.\d{2} at the order's rate of \d{1,2} \w{3} 2\d{3}$/)
  const rupees = /≈ ₹[\d,]+\.\d{2}/.exec((await buyerPage.getByTestId('stamped-amount').textContent()) ?? '')![0]
  // My orders shows the same rupee figure beside the total, its rate on focus.
  await buyerPage.goto('/orders?lng=en')
  const listed = buyerPage.getByTestId('order-table').getByRole('row').filter({ hasText: orderPath.slice(8, 16) }).getByTestId('stamped-amount')
  await expect(listed).toHaveText(rupees)
  await listed.focus()
  await expect(listed).toHaveAccessibleDescription(/^At the RUB → INR rate recorded with the order: \d{1,2} \w{3} 2\d{3} \(/)

  // The seller reads the very same stamped rates on the order.
  await sellerPage.goto(`${orderPath}?lng=en`)
  await expect(sellerPage.getByTestId('order-rates')).toHaveText(buyerSaw!)
  // The seller reads roubles: the total is in them already, nothing converted beside it.
  await expect(sellerPage.getByTestId('order-terms')).toContainText('₽1,231,250.00')
  await expect(sellerPage.getByTestId('stamped-amount')).toHaveCount(0)
})

test('an admin enters a rate and the catalog converts with it', async ({ browser }) => {
  test.setTimeout(120_000)
  const name = uniqueToken('Sunflower meal pellets')
  const seller = await createSeller({ country: 'Russia', products: [{ name, price: '21450.00', currency: 'RUB', unit: 'tonnes' }] })
  const productPath = `/products/${seller.products[0]!.id}?lng=en`

  // A visitor reading euros. RUB → EUR is a pair no other spec enters.
  const visitor = await (await browser.newContext()).newPage()
  await visitor.goto(productPath)
  await expect(visitor.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(name)
  await visitor.context().addCookies([{ name: 'cur', value: 'EUR', url: new URL(visitor.url()).origin }])

  const admin = await (await browser.newContext()).newPage()
  await adminLogIn(admin, await createAdmin({ role: 'admin' }))
  await admin.goto('/admin/rates')
  const form = admin.getByTestId('rate-form')
  await form.getByLabel('From currency').selectOption('RUB')
  await form.getByLabel('To currency').selectOption('EUR')
  await form.getByLabel('Rate').fill('0.0123')
  await form.getByLabel('Source note').fill('ECB reference (e2e)')
  await form.getByLabel('Source note').press('Enter')
  await expect(admin.getByText('The RUB → EUR rate has been added.')).toBeVisible()

  // 21,450 × 0.0123 = 263.835 → €263.84, at the rate just entered (the cached page is not served).
  await visitor.goto(productPath)
  const converted = visitor.getByRole('main').getByTestId('converted-amount').first()
  await expect(converted).toHaveText('≈ €263.84')
  await expect(converted).toHaveAccessibleDescription(/ECB reference \(e2e\)/)
  await visitor.goto(`/marketplace?q=${encodeURIComponent(name)}&lng=en`)
  await expect(visitor.getByTestId('product-card').filter({ hasText: name }).getByTestId('converted-amount')).toHaveText('≈ €263.84')
})
