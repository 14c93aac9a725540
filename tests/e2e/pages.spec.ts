import { expect, test } from '@playwright/test'

// The informational pages: each renders with its h1, switches language, and the FAQ accordion works by keyboard.

const PAGES = [
  ['/about', 'Building a trusted bridge for India–Russia trade'],
  ['/contact', 'Contact Setu'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/faq', 'Frequently asked questions'],
  ['/logistics', 'Shipping between India and Russia'],
  ['/guides', 'Trade guides'],
] as const

for (const [path, h1] of PAGES) {
  test(`${path} responds 200 with its English heading`, async ({ page }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1)
    await expect(page.locator('h1')).toHaveCount(1)
  })
}

test('the about page speaks Russian with ?lng=ru and links to registration and the marketplace', async ({ page }) => {
  await page.goto('/about?lng=ru')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Надёжный мост для торговли между Индией и Россией')
  await expect(page.getByRole('heading', { level: 2, name: 'Наша миссия' })).toBeVisible()
  await expect(page).toHaveTitle('О Setu | Setu')
  await expect(page.getByRole('link', { name: 'Создать бесплатный аккаунт' }).first()).toHaveAttribute('href', '/register')
  await expect(page.getByRole('link', { name: 'Перейти в каталог' }).first()).toHaveAttribute('href', '/marketplace')
})

test('the FAQ speaks Hindi with ?lng=hi', async ({ page }) => {
  await page.goto('/faq?lng=hi')
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('अक्सर पूछे जाने वाले प्रश्न')
  await expect(page.getByRole('heading', { level: 2, name: 'बिक्री और KYC' })).toBeVisible()
  await expect(page.getByText('Setu क्या है?')).toBeVisible()
})

test('an FAQ answer opens and closes from the keyboard', async ({ page }) => {
  await page.goto('/faq')
  await page.waitForLoadState('networkidle')
  const item = page.locator('details', { hasText: 'Which documents are accepted for KYC?' })
  const answer = item.getByText(/One clear document proving your business registration/)
  await expect(answer).toBeHidden()

  await item.locator('summary').focus()
  await page.keyboard.press('Enter')
  await expect(item).toHaveAttribute('open', '')
  await expect(answer).toBeVisible()
  await expect(item.getByRole('link', { name: 'KYC page' })).toHaveAttribute('href', '/kyc-upload')

  await page.keyboard.press('Enter')
  await expect(item).not.toHaveAttribute('open')
  await expect(answer).toBeHidden()
})

test('the guides list jumps to each guide on the same page', async ({ page }) => {
  await page.goto('/guides')
  await expect(page.getByTestId('guide-cards').getByRole('link')).toHaveCount(6)
  await page.getByTestId('guide-cards').getByRole('link', { name: /Choosing Incoterms/ }).click()
  await expect(page).toHaveURL(/\/guides#choosing-incoterms$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Choosing Incoterms' })).toBeInViewport()
})

test('contact and logistics show the facts a trader needs', async ({ page }) => {
  // The browser tests' server runs with demo data and no CONTACT_* settings: marked demo stand-ins only.
  await page.goto('/contact')
  await expect(page.getByTestId('contact-demo-notice')).toContainText('Demo contact details')
  await expect(page.getByRole('link', { name: 'support@setu.example' })).toHaveAttribute('href', 'mailto:support@setu.example')
  await expect(page.getByText(/business day|Opening hours/)).toHaveCount(0)
  await expect(page.getByRole('link', { name: /dispute resolution section/ })).toHaveAttribute('href', '/trade-instructions?tab=payment-legal')

  await page.goto('/logistics')
  const table = page.getByTestId('transport-modes')
  await expect(table.getByRole('row', { name: /^Sea / })).toContainText('30-45 days')
  await expect(table.getByRole('row', { name: /^Air / })).toContainText('3-7 days')
  await expect(table.getByRole('row', { name: /^Rail / })).toContainText('15-20 days')
  await expect(page.getByRole('link', { name: 'Read the customs and logistics guide' })).toHaveAttribute('href', '/trade-instructions/logistics')
})
