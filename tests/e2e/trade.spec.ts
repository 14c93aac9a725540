import { test, expect } from '@playwright/test'

// The trade instructions section: linkable tabs driven by the keyboard, the three sub-pages, and languages.

const TABS = ['Getting Started', 'Product Guidelines', 'Documentation', 'Customs & Logistics', 'Payment & Legal']

test('the five tabs switch by keyboard and keep the active tab in the URL without reloading', async ({ page }) => {
  const response = await page.goto('/trade-instructions')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trade Instructions')
  await expect(page.locator('h1')).toHaveCount(1)
  await expect(page).toHaveTitle('Trade Instructions | Setu')

  const tablist = page.getByRole('tablist', { name: 'Trade instruction topics' })
  await expect(tablist.getByRole('tab')).toHaveText(TABS)
  await expect(tablist.getByRole('tab', { name: 'Getting Started' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel')).toContainText('Importer-Exporter Code (IEC)')
  await expect(page.getByRole('link', { name: 'Browse Marketplace' }).first()).toHaveAttribute('href', '/marketplace')
  await page.waitForLoadState('networkidle')

  // A marker on window survives client-side navigation but not a full page load.
  await page.evaluate(() => Object.assign(window, { __tradeMarker: 'still here' }))

  // Arrow keys move along the tabs and select each one (Radix moves focus asynchronously, so wait for each step).
  await tablist.getByRole('tab', { name: 'Getting Started' }).focus()
  for (const name of ['Product Guidelines', 'Documentation', 'Customs & Logistics']) {
    await page.keyboard.press('ArrowRight')
    await expect(tablist.getByRole('tab', { name })).toBeFocused()
    await expect(tablist.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true')
  }
  const panel = page.getByRole('tabpanel')
  await expect(panel).toHaveCount(1)
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText('Customs & logistics')
  await expect(panel.getByTestId('transit-sea')).toHaveText('30-45 days')
  await expect(panel.getByTestId('transit-air')).toHaveText('3-7 days')
  await expect(panel.getByTestId('transit-rail')).toHaveText('15-20 days')
  await expect(panel.getByRole('link', { name: 'ICEGATE' })).toHaveAttribute('href', 'https://www.icegate.gov.in/')
  await expect(tablist.getByRole('tab', { selected: true })).toHaveCount(1)
  await expect(page).toHaveURL(/\/trade-instructions\?tab=customs-logistics$/)
  expect(await page.evaluate(() => (window as unknown as { __tradeMarker?: string }).__tradeMarker)).toBe('still here')

  // Payment & Legal is one step further; Home goes back to the first tab and drops ?tab=.
  await page.keyboard.press('ArrowRight')
  await expect(tablist.getByRole('tab', { name: 'Payment & Legal' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel')).toContainText('Special Rupee Vostro Account (SRVA)')
  await expect(page).toHaveURL(/\?tab=payment-legal$/)
  await page.keyboard.press('Home')
  await expect(tablist.getByRole('tab', { name: 'Getting Started' })).toHaveAttribute('aria-selected', 'true')
  await expect(page).toHaveURL(/\/trade-instructions$/)

  // The address is shareable: loading it opens the same tab.
  await page.goto('/trade-instructions?tab=payment-legal')
  await expect(page.getByRole('tab', { name: 'Payment & Legal' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 3, name: 'Dispute resolution' })).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the server renders the tab named in the link', async ({ page }) => {
    await page.goto('/trade-instructions?tab=documentation')
    await expect(page.getByRole('tab', { name: 'Documentation' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel')).toHaveCount(1)
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 3, name: 'Commercial invoice' })).toBeVisible()
  })
})

test('an FAQ answer opens from the keyboard', async ({ page }) => {
  await page.goto('/trade-instructions')
  const item = page.getByTestId('trade-faq-item').filter({ hasText: 'Does Setu hold payments or act as escrow?' })
  const answer = item.getByText(/never holds or transfers funds/)
  await expect(answer).toBeHidden()
  await item.locator('summary').focus()
  await page.keyboard.press('Enter')
  await expect(item).toHaveAttribute('open', '')
  await expect(answer).toBeVisible()
})

test('the payment page speaks Russian with ?lng=ru and compares the methods', async ({ page }) => {
  await page.goto('/trade-instructions/payment?lng=ru')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Платежи и валюты')
  await expect(page.locator('h1')).toHaveCount(1)
  await expect(page).toHaveTitle('Платежи и валюты в торговле Индия — Россия | Setu')

  const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' })
  await expect(crumbs.getByRole('link', { name: 'Инструкции по торговле' })).toHaveAttribute('href', '/trade-instructions')
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Платежи и валюты')

  const table = page.getByTestId('trade-payment-methods')
  await expect(table.getByRole('columnheader')).toHaveText(['Способ', 'Риск покупателя', 'Риск продавца', 'Типичная стоимость', 'Скорость', 'Когда подходит'])
  const advance = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Предоплата (банковский перевод)' }) })
  await expect(advance.getByRole('cell').nth(0)).toHaveText('Высокий')
  await expect(advance.getByRole('cell').nth(1)).toHaveText('Низкий')
  await expect(page.getByRole('heading', { level: 2, name: 'Как работают расчёты в рупиях' })).toBeVisible()
})

test('the logistics page speaks Hindi with ?lng=hi and lists routes and Incoterms', async ({ page }) => {
  await page.goto('/trade-instructions/logistics?lng=hi')
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('मार्ग, पारगमन समय और Incoterms')
  const routes = page.getByTestId('trade-routes')
  const route = (mode: string) => routes.getByRole('row').filter({ has: page.getByRole('rowheader', { name: mode, exact: true }) })
  await expect(route('समुद्री')).toContainText('30-45 दिन')
  await expect(route('हवाई')).toContainText('3-7 दिन')
  await expect(route('रेल और मल्टीमोडल (INSTC)')).toContainText('15-20 दिन')
  const incoterms = page.getByTestId('trade-incoterms')
  await expect(incoterms.getByRole('rowheader')).toHaveCount(7)
  // DDP is the only rule where the seller clears import customs.
  const ddp = incoterms.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^DDP/ }) })
  await expect(ddp.getByRole('cell').nth(4)).toHaveText('विक्रेता')
  const fca = incoterms.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^FCA/ }) })
  await expect(fca.getByRole('cell').nth(4)).toHaveText('खरीदार')
})

test('the documentation checklist covers both directions and leads back to the guide', async ({ page }) => {
  await page.goto('/trade-instructions/documentation')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Documentation checklist')
  for (const name of ['Export from India', 'Import into Russia', 'Export from Russia', 'Import into India']) {
    await expect(page.getByRole('heading', { level: 3, name })).toBeVisible()
    await expect(page.getByRole('table', { name })).toBeVisible()
  }
  await expect(page.getByRole('table', { name: 'Export from India' }).getByRole('rowheader', { name: 'Shipping bill' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Import into Russia' })).toContainText('EAC declaration or certificate of conformity')

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Trade Instructions' }).click()
  await expect(page).toHaveURL(/\/trade-instructions$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trade Instructions')
})
