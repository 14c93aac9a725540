import { expect, test, type Page } from '@playwright/test'
import { STATIC_PUBLIC_PATHS } from '../../app/lib/public-pages'
import { createPendingSeller } from './support/factories'
import { logIn } from './support/sign-in'

// On a phone no page may scroll sideways, in any language: Russian and Hindi labels are longer than
// English ones. Wide tables scroll inside their own box, which is allowed.
test.use({ viewport: { width: 360, height: 800 } })

// Every static public page (the sitemap's list), a data page of each kind, the account pages and a 404.
const PUBLIC_PAGES = [...STATIC_PUBLIC_PATHS, '/categories/wellness', '/login', '/register', '/verify-email', '/kyc-upload', '/no-such-page']
const SIGNED_IN_PAGES = ['/', '/profile', '/dashboard', '/kyc-upload']

async function sidewaysPages(page: Page, paths: string[], lng: string) {
  const wide: string[] = []
  for (const path of paths) {
    await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`)
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }))
    if (scroll > client) wide.push(`${path} (${scroll}px wide)`)
  }
  return wide
}

for (const lng of ['en', 'ru', 'hi']) {
  test(`public pages fit a 360px phone in ${lng}`, async ({ page }) => {
    await page.goto('/marketplace')
    const product = await page.getByTestId('product-card').first().getByRole('link').first().getAttribute('href')
    expect(product).toMatch(/^\/products\//)
    expect(await sidewaysPages(page, [...PUBLIC_PAGES, product!], lng)).toEqual([])
  })
}

test('signed-in pages fit a 360px phone in every language', async ({ page }) => {
  await logIn(page, await createPendingSeller(), { path: '/login' })
  await expect(page).toHaveURL('/')
  for (const lng of ['en', 'ru', 'hi']) {
    expect(await sidewaysPages(page, SIGNED_IN_PAGES, lng)).toEqual([])
    // Still signed in: the profile page did not send us to log in.
    await page.goto(`/profile?lng=${lng}`)
    await expect(page).toHaveURL(new RegExp(`^[^?]*/profile\\?lng=${lng}$`))
  }
})
