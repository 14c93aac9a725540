import { expect, test } from '@playwright/test'

// The page's JavaScript starts after the browser has drawn the server's HTML (issue #11, Lighthouse;
// app/components/deferred-scripts.tsx): the server sends React Router's module script with an inert
// type, and a small inline script turns it into a real one two frames later. These checks hold the
// markup to that and show that the pages still hydrate, under the CSP, in each language.

test('the server sends the module script inert, with the inline starter after it', async ({ request }) => {
  for (const path of ['/', '/marketplace', '/login?lng=ru']) {
    const html = await (await request.get(path)).text()
    const inert = html.indexOf('type="text/setu-deferred-module"')
    expect(inert, path).toBeGreaterThan(0)
    expect(html, path).not.toMatch(/<script[^>]*type="module"/)
    expect(html.indexOf("s.type='module'", inert), path).toBeGreaterThan(inert)
  }
})

for (const path of ['/', '/marketplace', '/login?lng=hi']) {
  test(`${path}: hydrates once drawn, without a CSP violation`, async ({ page }) => {
    const violations: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text())
    })
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    // React runs the page: a footer link navigates on the client, without a new document.
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true))
    await page.getByRole('contentinfo').getByRole('link', { name: path.includes('lng=hi') ? 'हमारे बारे में' : 'About Us' }).first().click()
    await expect(page).toHaveURL(/\/about/)
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true)
    expect(violations).toEqual([])
  })
}
