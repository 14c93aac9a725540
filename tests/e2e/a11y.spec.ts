import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { STATIC_PUBLIC_PATHS } from '../../app/lib/public-pages'
import { createBuyer, createPendingSeller, createSeller } from './support/factories'
import { logIn } from './support/sign-in'
import { WCAG_TAGS } from './support/axe'

// WCAG 2.2 AA on every page, in every language: Russian and Hindi text is longer and can push
// layouts (and with them contrast and target sizes) around. Pages are grouped per language so the
// whole file stays quick; a failure lists every violation of every page at once.
const LANGUAGES = ['en', 'ru', 'hi'] as const
// Each test checks a dozen pages or more; on a busy two-core machine that can outlast the default minute.
test.describe.configure({ timeout: 300_000 })

const isCatalogPath = (path: string) => path === '/' || /^\/(marketplace|categories)(\/|$)/.test(path)
// Every static public page (the sitemap's list) is in one of the two groups.
const INFORMATION_PAGES = STATIC_PUBLIC_PATHS.filter((path) => !isCatalogPath(path))
const CATALOG_AND_ACCOUNT_PAGES: string[] = [
  ...STATIC_PUBLIC_PATHS.filter(isCatalogPath),
  '/categories/wellness',
  '/marketplace?category=wellness&country=India&minPrice=1&maxPrice=5000&sort=price_asc',
  '/marketplace?q=tea',
  '/marketplace?q=zzzzqqqq',
  '/no-such-page',
  '/login',
  '/register',
  '/verify-email?email=someone%40example.com',
  '/forgot-password',
  '/forgot-password?sent=1',
  '/reset-password?token=not-a-real-token',
  '/dashboard',
]

function withLanguage(path: string, lng: string) {
  return `${path}${path.includes('?') ? '&' : '?'}lng=${lng}`
}

/** Axe's findings on the page as it is now, one readable block per violation. */
async function violations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze()
  return violations.map(
    (v) =>
      `${label}: ${v.id} (${v.impact}) ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`).join('\n'),
  )
}

async function checkPages(page: Page, paths: string[], lng: string) {
  const found: string[] = []
  for (const path of paths) {
    const url = withLanguage(path, lng)
    await page.goto(url)
    found.push(...(await violations(page, url)))
  }
  return found
}

for (const lng of LANGUAGES) {
  test(`catalog and sign-in pages have no WCAG 2.2 AA violations in ${lng}`, async ({ page }) => {
    await page.goto('/marketplace')
    const card = page.getByTestId('product-card').first()
    const product = await card.getByRole('link').first().getAttribute('href')
    expect(product).toMatch(/^\/products\//)
    const seller = await card.getByTestId('seller-link').getAttribute('href')
    expect(seller).toMatch(/^\/sellers\//)
    const found = await checkPages(page, [...CATALOG_AND_ACCOUNT_PAGES, product!, seller!], lng)
    expect(found, found.join('\n\n')).toEqual([])
  })

  test(`information pages have no WCAG 2.2 AA violations in ${lng}`, async ({ page }) => {
    const found = await checkPages(page, INFORMATION_PAGES, lng)
    expect(found, found.join('\n\n')).toEqual([])
  })

  test(`signed-in pages and open menus have no WCAG 2.2 AA violations in ${lng}`, async ({ page }) => {
    const found: string[] = []
    // A pending seller and a buyer with a seller to write to, of this test's own; the demo buyer and
    // seller (db/seed) are signed in only to read pages the demo data fills (orders, negotiations).
    const [pending, buyer, seller] = await Promise.all([
      createPendingSeller(),
      createBuyer(),
      createSeller({ products: [{ name: `Durum wheat semolina ${lng}` }] }),
    ])
    await logIn(page, pending)
    found.push(...(await checkPages(page, ['/', '/profile', '/dashboard', '/kyc-upload'], lng)))

    // Radix renders open menus in a portal at the end of <body>.
    await page.goto(withLanguage('/', lng))
    // The menus open once the page has hydrated (in ru and hi after their translation files arrive).
    await page.waitForLoadState('networkidle')
    await page.getByTestId('user-menu').click()
    await expect(page.getByRole('menu')).toBeVisible()
    found.push(...(await violations(page, `user menu open (${lng})`)))
    await page.keyboard.press('Escape')
    await page.getByTestId('language-menu').click()
    await expect(page.getByRole('menu')).toBeVisible()
    found.push(...(await violations(page, `language menu open (${lng})`)))
    await page.keyboard.press('Escape')

    await page.setViewportSize({ width: 360, height: 800 })
    await page.locator('button[aria-controls="mobile-menu"]').click()
    await expect(page.locator('#mobile-menu')).toBeVisible()
    found.push(...(await violations(page, `mobile menu open at 360px (${lng})`)))

    await page.setViewportSize({ width: 1280, height: 720 })
    await logIn(page, 'buyer@setu.example')
    // DEMO_ORDER_IDS.honeyPending (db/seed/trade.ts): a Pending product order the buyer may still cancel.
    found.push(...(await checkPages(page, ['/dashboard', '/profile', '/create-rfq', '/rfqs', '/orders', '/orders/5d3c8944-3b2d-40de-81dc-3f0a3d6ea1cf', '/notifications', '/messages'], lng)))
    // A negotiation where it is the buyer's turn, reached as a buyer would: from My RFQs.
    await page.goto(withLanguage('/rfqs', lng))
    const negotiation = await page.getByTestId('rfq-card').locator('a[href*="/quotes/"]').first().getAttribute('href')
    expect(negotiation).toMatch(/^\/rfqs\/[0-9a-f-]+\/quotes\/[0-9a-f-]+/)
    found.push(...(await checkPages(page, [negotiation!], lng)))
    // A conversation, opened as a buyer would: "Contact seller" on a product page (the test's own buyer
    // and seller, so no demo account gets a conversation).
    await logIn(page, buyer)
    await page.goto(withLanguage(`/products/${seller.products[0]!.id}`, lng))
    await page.waitForLoadState('networkidle')
    await page.getByTestId('product-actions').locator('form[action="/messages/start"] button').click()
    await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}/)
    await page.waitForLoadState('networkidle')
    found.push(...(await violations(page, `conversation (${lng})`)))
    await logIn(page, 'seller@setu.example')
    found.push(...(await checkPages(page, ['/dashboard', '/dashboard/orders', '/dashboard/rfqs', '/dashboard/messages', '/dashboard/products/new', '/kyc-upload', '/notifications'], lng)))
    expect(found, found.join('\n\n')).toEqual([])
  })
}
