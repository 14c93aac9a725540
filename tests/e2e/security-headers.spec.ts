import { expect, test, type Page } from '@playwright/test'
import { createBuyer } from './support/factories'
import { logIn, submitLogIn } from './support/sign-in'

// The Content-Security-Policy must not break the app: pages hydrate, menus and toasts work, and the
// browser reports no violation on the way.

/** Collects every CSP violation the browser reports, from the console and from the DOM event. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = []
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (execute|evaluate|load|apply|connect|frame)/i.test(msg.text())) violations.push(msg.text())
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`)
    })
  })
  return violations
}

test('public pages send the security headers, hydrate and switch language with no CSP violation', async ({ page }) => {
  const violations = await watchCsp(page)
  for (const path of ['/', '/marketplace', '/faq', '/trade-instructions', '/login', '/register', '/about?lng=hi']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    const headers = response!.headers()
    // A page rendered for this request carries its nonce; one the anonymous page cache shares carries
    // the hashes of its inline scripts instead (ADR 016). Either way no inline script runs unlisted.
    expect(headers['content-security-policy'], path).toMatch(/script-src 'self' (?:'nonce-[^']+'|'sha256-[^']+'(?: 'sha256-[^']+')*);/)
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(headers['content-security-policy'] ?? '')?.[1] ?? ''
    expect(scriptSrc, path).not.toContain('unsafe-inline')
    expect(headers['x-content-type-options'], path).toBe('nosniff')
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
    expect(headers['permissions-policy'], path).toContain('camera=()')
    await page.waitForLoadState('networkidle')
  }

  // The header's language menu is a hydrated Radix dropdown: it only opens when the bundles ran.
  await page.goto('/about')
  await page.waitForLoadState('networkidle')
  await page.getByTestId('language-menu').click()
  await page.getByRole('menuitem', { name: 'Русский' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Надёжный мост для торговли между Индией и Россией')
  expect(violations).toEqual([])
})

test('sign-in toasts and signed-in pages work under the CSP, and signed-in pages are not cached', async ({ page }) => {
  const violations = await watchCsp(page)
  const buyer = await createBuyer()
  await submitLogIn(page, { email: buyer.email, password: 'not-the-password' })
  await expect(page.getByTestId('toast')).toHaveText('Invalid email or password. Please check your credentials.')

  await logIn(page, buyer, { path: null, keepCookies: true })

  const dashboard = await page.goto('/dashboard')
  expect(dashboard?.headers()['cache-control']).toBe('no-store')
  await page.waitForLoadState('networkidle')
  await page.getByTestId('user-menu').click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Signed out successfully')
  expect(violations).toEqual([])
})

test('a form body over the limit gets the translated 413 in the browser, not a broken connection', async ({ page }) => {
  await page.goto('/about?lng=ru')
  const answer = await page.evaluate(async () => {
    const res = await fetch('/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `email=${'a'.repeat(3 * 1024 * 1024)}&password=x`,
    })
    return { status: res.status, text: await res.text() }
  })
  expect(answer).toEqual({ status: 413, text: 'Отправленные данные слишком велики (допустимо не более 64 кБ). Сократите их и попробуйте ещё раз.' })
})
