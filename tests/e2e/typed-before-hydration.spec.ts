import { expect, test, type Page, type Route } from '@playwright/test'
import { createBuyer, createSeller } from './support/factories'
import { logIn } from './support/sign-in'

// Issue 26 item 5: what a person types or chooses before the page is interactive is kept when React
// hydrates, and it is what the form sends. A low-end phone is played with the CPU slowed 8×, and
// "before hydration" is made certain by holding back every script of the page until the form is filled.
// Each test signs in as a buyer or seller of its own (factories.ts), with the products it needs.

/** Holds the page's JavaScript (/assets/*.js) until `release()`; nothing of React runs meanwhile. */
async function holdScripts(page: Page) {
  const held: Route[] = []
  let holding = true
  await page.route(/\/assets\/.*\.js(\?.*)?$/, (route) => {
    if (holding) held.push(route)
    else void route.continue()
  })
  return {
    async release() {
      holding = false
      for (const route of held.splice(0)) await route.continue()
    },
  }
}

/** Waits until React has hydrated `selector` (React's props on the element) and the page is quiet. */
async function hydrated(page: Page, selector: string) {
  await page.waitForFunction((s) => {
    const el = document.querySelector(s)
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactProps$'))
  }, selector)
  await page.waitForLoadState('networkidle')
}

async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 })
}

test('the new-product form keeps the category, price and text typed before hydration, and creates exactly that', async ({ page }) => {
  const stamp = Date.now().toString(36)
  const name = `Darjeeling first flush ${stamp}`
  await logIn(page, await createSeller())
  const scripts = await holdScripts(page)
  await slowCpu(page)
  await page.goto('/dashboard/products/new', { waitUntil: 'domcontentloaded' })
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Product' })).toBeVisible()
  // Not hydrated yet: React has not taken the form over.
  expect(await page.evaluate(() => Object.keys(document.querySelector('form[method="post"]')!).some((k) => k.startsWith('__reactProps$')))).toBe(false)

  await page.getByLabel('Category', { exact: true }).selectOption('agriculture')
  await page.getByLabel('Price per unit').fill('2400.50')
  await page.getByLabel('Currency', { exact: true }).selectOption('INR')
  await page.getByLabel('Unit of sale').selectOption('kg')
  await page.getByLabel('Stock quantity').fill('40')
  await page.getByLabel('Minimum order quantity').fill('2')
  await page.locator('#product-en-name').fill(name)
  await page.locator('#product-en-description').fill('Typed before the page was interactive.')

  await scripts.release()
  await hydrated(page, 'form[method="post"]')
  // Hydrated: the slug is made from the name typed before (the form's own handler took it up) ...
  await expect(page.locator('#product-en-slug')).toHaveValue(`darjeeling-first-flush-${stamp}`)
  // ... and nothing typed or chosen was reset.
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('agriculture')
  await expect(page.getByLabel('Price per unit')).toHaveValue('2400.50')
  await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('INR')
  await expect(page.getByLabel('Unit of sale')).toHaveValue('kg')
  await expect(page.locator('#product-en-name')).toHaveValue(name)
  await expect(page.locator('#product-en-description')).toHaveValue('Typed before the page was interactive.')

  await page.getByRole('button', { name: 'Create Product' }).click()
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  const id = new URL(page.url()).pathname.split('/').pop()!

  // The product holds exactly what was typed: the edit form shows it back.
  await page.goto(`/dashboard/products/${id}/edit`)
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('agriculture')
  await expect(page.getByLabel('Price per unit')).toHaveValue('2400.50')
  await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('INR')
  await expect(page.getByLabel('Unit of sale')).toHaveValue('kg')
  await expect(page.getByLabel('Stock quantity')).toHaveValue('40')
  await expect(page.getByLabel('Minimum order quantity')).toHaveValue('2')
  await expect(page.locator('#product-en-name')).toHaveValue(name)
  await expect(page.locator('#product-en-slug')).toHaveValue(`darjeeling-first-flush-${stamp}`)
  await expect(page.locator('#product-en-description')).toHaveValue('Typed before the page was interactive.')
})

test('the RFQ form keeps what was typed and chosen before hydration, and creates exactly that', async ({ page }) => {
  const title = `Cardamom 8mm bold ${Date.now().toString(36)}`
  await logIn(page, await createBuyer())
  const scripts = await holdScripts(page)
  await slowCpu(page)
  await page.goto('/create-rfq', { waitUntil: 'domcontentloaded' })
  await expect(page.getByRole('heading', { level: 1, name: 'Create Request for Quote' })).toBeVisible()

  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Description').fill('Green cardamom, 8 mm bold, moisture 10% max, 10 kg cartons.')
  await page.getByLabel('Category (optional)').selectOption('agriculture')
  await page.getByLabel('Quantity').fill('37')
  await page.getByLabel('Unit').selectOption('kg')
  await page.getByLabel('Currency', { exact: true }).selectOption('EUR')
  await page.getByLabel('Minimum budget (optional)').fill('1200')
  await page.getByLabel('Maximum budget (optional)').fill('1500.25')
  await page.getByLabel('Incoterms® 2020 rule').selectOption('CIF')
  await page.getByLabel('Named place').fill('Novorossiysk')

  await scripts.release()
  await hydrated(page, 'form[method="post"]')
  await expect(page.getByLabel('Title')).toHaveValue(title)
  await expect(page.getByLabel('Quantity')).toHaveValue('37')
  await expect(page.getByLabel('Unit')).toHaveValue('kg')
  await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('EUR')

  await page.getByRole('button', { name: 'Create RFQ' }).click()
  await expect(page).toHaveURL(/\/rfqs$/, { timeout: 30_000 })
  const card = page.getByTestId('rfq-card').filter({ hasText: title })
  await expect(card).toHaveCount(1)
  await expect(card).toContainText('37 kg')
  await expect(card).toContainText('CIF Novorossiysk')
  await expect(card).toContainText('€1,200.00 to €1,500.25')
})

/**
 * Types into every field of the page's `form` before hydration (text, a choice in each select, each
 * unchecked box or radio checked), hydrates, and expects every field to hold what was put in it, with
 * no hydration error (a mismatch makes React render the page anew and wipe the fields).
 */
async function typedFieldsSurvive(page: Page, path: string, form: string) {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const scripts = await holdScripts(page)
  await slowCpu(page)
  await page.goto(path, { waitUntil: 'domcontentloaded' })
  const fields = page.locator(`${form} :is(input, textarea, select):visible:not([type=hidden]):not([type=file]):not([type=submit]):not([disabled]):not([readonly])`)
  const n = await fields.count()
  expect(n).toBeGreaterThan(0)
  let wanted: { i: number; kind: 'value' | 'checked'; value: string | boolean; radio?: string }[] = []
  for (let i = 0; i < n; i++) {
    const field = fields.nth(i)
    const { tag, type, name } = await field.evaluate((el) => ({ tag: el.tagName.toLowerCase(), type: (el as HTMLInputElement).type, name: (el as HTMLInputElement).name }))
    if (tag === 'select') {
      const last = await field.evaluate((el) => {
        const options = [...(el as HTMLSelectElement).options].filter((o) => !o.disabled && o.value !== '')
        return options[options.length - 1]?.value ?? null
      })
      if (last === null) continue
      await field.selectOption(last)
      wanted.push({ i, kind: 'value', value: last })
    } else if (type === 'checkbox' || type === 'radio') {
      if (await field.isChecked()) continue
      await field.check()
      // Checking a radio unchecks the one checked before in its group: only the last one counts.
      if (type === 'radio') wanted = wanted.filter((w) => w.radio !== name)
      wanted.push({ i, kind: 'checked', value: true, radio: type === 'radio' ? name : undefined })
    } else {
      const text = type === 'email' ? `typed.${i}@example.com` : type === 'date' ? '2030-01-31' : /numeric|decimal/.test((await field.getAttribute('inputmode')) ?? '') ? `4${i}` : `Typed ${i}`
      await field.fill(text)
      wanted.push({ i, kind: 'value', value: text })
    }
  }
  await scripts.release()
  await hydrated(page, form)
  for (const w of wanted) {
    if (w.kind === 'checked') await expect(fields.nth(w.i)).toBeChecked()
    else await expect(fields.nth(w.i)).toHaveValue(w.value as string)
  }
  expect(errors).toEqual([])
}

test('sign-in and registration keep what a visitor typed before hydration', async ({ page }) => {
  await typedFieldsSurvive(page, '/login', 'main form')
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await typedFieldsSurvive(page, '/register', 'main form')
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await typedFieldsSurvive(page, '/admin/login', 'form[method="post"]')
})

test('the message composer keeps a message typed before hydration, and counts it', async ({ page }) => {
  const buyer = await createBuyer()
  const seller = await createSeller({ country: 'Russia', products: [{ name: `Russian Milling Wheat, Class 3 ${Date.now().toString(36)}` }] })
  await logIn(page, buyer)
  // The seller's product page: "Contact seller" opens the conversation.
  await page.goto(`/products/${seller.products[0]!.id}`)
  await page.waitForLoadState('networkidle')
  await page.getByTestId('product-actions').getByRole('button', { name: /Contact seller/ }).click()
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/)
  await typedFieldsSurvive(page, new URL(page.url()).pathname, '[data-testid="composer"]')
  // The composer's state took the text up: its counter counts it ('Typed 0').
  await expect(page.getByTestId('composer-count')).toContainText('7 / 5,000')
})

test("the order form keeps the quantity and shipping a buyer chose before hydration, and the cost follows them", async ({ page }) => {
  // As the demo seller's 'Refined Sunflower Oil, Bulk in Flexitanks': 1120.00 USD, minimum order 20,
  // sea 2900.00 or rail 4200.00 USD; listed by a seller made for the test.
  const buyer = await createBuyer()
  const seller = await createSeller({
    country: 'Russia',
    products: [
      {
        name: `Refined Sunflower Oil, Bulk in Flexitanks ${Date.now().toString(36)}`,
        price: '1120.00',
        currency: 'USD',
        stockQuantity: 3000,
        minimumOrderQuantity: 20,
        unit: 'tonnes',
        shippingOptions: [
          { method: 'sea', price: '2900.00', currency: 'USD', estimatedDays: '30-45' },
          { method: 'rail', price: '4200.00', currency: 'USD', estimatedDays: '18-25' },
        ],
      },
    ],
  })
  await logIn(page, buyer)
  const scripts = await holdScripts(page)
  await slowCpu(page)
  await page.goto(`/products/${seller.products[0]!.id}`, { waitUntil: 'domcontentloaded' })
  await page.getByLabel('Quantity', { exact: true }).fill('23')
  await page.getByRole('radio').nth(1).check()
  await scripts.release()
  await hydrated(page, '[data-testid="place-order-form"]')
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('23')
  await expect(page.getByRole('radio').nth(1)).toBeChecked()
  // React took both up: 1120.00 × 23 + 4200.00 rail = 29,960.00.
  await expect(page.getByTestId('cost-quantity')).toHaveText(/^23\s+t$/)
  await expect(page.getByTestId('cost-total')).toContainText('29,960.00')
})
