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
    // The preloads wait for the starter too: it names the modules, the HTML links none.
    expect(html, path).not.toMatch(/<link[^>]*rel="modulepreload"/)
    expect(html.slice(inert), path).toMatch(/\["\/assets\/[\w.-]+\.js"(,"\/assets\/[\w.-]+\.js")*\]\.forEach/)
  }
})

test('the stylesheet comes inside the page, nonced, and nothing links it', async ({ request }) => {
  for (const path of ['/', '/marketplace', '/about?lng=hi']) {
    const res = await request.get(path)
    const html = await res.text()
    expect(html, path).not.toMatch(/<link[^>]*rel="stylesheet"/)
    const style = /<style data-precedence="default" data-href="(\/assets\/app-[\w-]+\.css)"([^>]*)>([\s\S]*?)<\/style>/.exec(html)
    expect(style, path).not.toBeNull()
    // The whole built file, as served at its URL.
    const file = await (await request.get(style![1])).text()
    expect(style![3].length, path).toBe(file.length)
    // Allowed by the CSP: the nonce on a fresh render, or the page cache's hash of the text (ADR 016).
    const csp = res.headers()['content-security-policy'] ?? ''
    const nonce = / nonce="([^"]+)"/.exec(style![2])?.[1]
    expect(nonce ? csp.includes(`'nonce-${nonce}'`) : /style-src[^;]*'sha256-/.test(csp), path).toBe(true)
  }
})

test('after hydration the page keeps one styled stylesheet and has loaded its modules', async ({ page }) => {
  await page.goto('/marketplace')
  await page.waitForLoadState('networkidle')
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).first().click()
  await expect(page).toHaveURL(/\/about/)
  const state = await page.evaluate(() => ({
    styles: document.querySelectorAll('style[data-href]').length,
    linked: document.querySelectorAll('link[rel="stylesheet"]').length,
    preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
    font: getComputedStyle(document.body).fontFamily,
  }))
  expect(state.styles).toBe(1)
  expect(state.linked).toBe(0)
  expect(state.preloads).toBeGreaterThan(3)
  expect(state.font).toMatch(/^Inter/)
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
