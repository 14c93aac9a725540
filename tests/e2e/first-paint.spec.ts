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
    expect(html.slice(inert), path).toMatch(/var h=\["\/assets\/[\w.-]+\.js"(,"\/assets\/[\w.-]+\.js")*\]/)
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
    // The footer's code loads after the page (root.tsx): the server's footer links work as plain links
    // until React has hydrated them, which it does once that code is there.
    await page.waitForFunction(() => Object.keys(document.querySelector('footer a') ?? {}).some((k) => k.startsWith('__reactFiber')))
    // React runs the page: a footer link navigates on the client, without a new document.
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true))
    await page.getByRole('contentinfo').getByRole('link', { name: path.includes('lng=hi') ? 'हमारे बारे में' : 'About Us' }).first().click()
    await expect(page).toHaveURL(/\/about/)
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true)
    expect(violations).toEqual([])
  })
}

// Before hydrating, the browser loads only the translations a public page's routes name in their
// `handle` (app/entry.client.tsx): these pages must render with them alone. Every other file is
// refused until the page has hydrated, so a component that needs one more fails here (its text would
// not match the server's), in each language.
test('public pages hydrate with only the translation files their routes name', async ({ page, request }) => {
  // Eighteen page loads (six pages in three languages), each waited for until it has hydrated.
  test.setTimeout(150_000)
  const html = await (await request.get('/marketplace')).text()
  const product = /href="(\/products\/[\w-]+)"/.exec(html)![1]
  const seller = /href="(\/sellers\/[\w-]+)"/.exec(html)![1]
  const root = ['common', 'notifications', 'messages']
  const pages: [string, string[]][] = [
    ['/', [...root, 'home', 'catalog', 'units']],
    ['/marketplace', [...root, 'catalog', 'units']],
    ['/marketplace/new', [...root, 'catalog', 'units']],
    ['/categories/agriculture', [...root, 'catalog', 'units']],
    [product, [...root, 'catalog', 'units', 'rfqs', 'messages', 'payments']],
    [seller, [...root, 'catalog', 'units']],
  ]
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  for (const lng of ['en', 'ru', 'hi']) {
    for (const [path, allowed] of pages) {
      const url = `${path}?lng=${lng}`
      let hydratedYet = false
      const asked: string[] = []
      // Away first: the last page's idle-time loading must not land in this page's count.
      await page.goto('about:blank')
      await page.unroute('**/locales/**')
      await page.route('**/locales/**', (route) => {
        const ns = /\/locales\/\w+\/(\w+)\.json/.exec(route.request().url())?.[1] ?? ''
        if (hydratedYet) return route.continue()
        asked.push(ns)
        return allowed.includes(ns) ? route.continue() : route.abort()
      })
      // Asked for in an effect, in the same commit that ends hydration, before the idle-time loading.
      const hydrated = page.waitForRequest(/\/assets\/dropdown-menu-[\w-]+\.js$/).then(() => (hydratedYet = true))
      await page.goto(url)
      await hydrated
      expect(asked.filter((ns) => !allowed.includes(ns)), url).toEqual([])
      expect(new Set(asked), url).toEqual(new Set(allowed))
    }
  }
  expect(errors.filter((e) => /hydrat|did not match|#418|#423|#425/i.test(e))).toEqual([])
})

// In Chromium the first Intl number or date formatter of a page costs 35–110 ms (ICU's setup), the
// largest single item of Lighthouse's Total Blocking Time (issue #11): prices and counts are written
// from tables (app/lib/i18n.ts formatMoney, formatCount) and dates by the loaders, so no public page
// builds one while it hydrates. The page's own Intl is wrapped to count what gets built.
test('public pages build no Intl number or date formatter while they hydrate', async ({ page, request }) => {
  const html = await (await request.get('/marketplace')).text()
  const product = /href="(\/products\/[\w-]+)"/.exec(html)![1]
  const seller = /href="(\/sellers\/[\w-]+)"/.exec(html)![1]
  await page.addInitScript(() => {
    const built: string[] = ((window as unknown as { __intlBuilt: string[] }).__intlBuilt = [])
    const watch = (owner: object, key: string, name: string) => {
      const original = Reflect.get(owner, key) as (...args: unknown[]) => unknown
      Reflect.set(
        owner,
        key,
        new Proxy(original, {
          construct: (target, args) => (built.push(name), Reflect.construct(target, args)),
          apply: (target, self, args) => (built.push(name), Reflect.apply(target, self, args)),
        }),
      )
    }
    watch(Intl, 'NumberFormat', 'Intl.NumberFormat')
    watch(Intl, 'DateTimeFormat', 'Intl.DateTimeFormat')
    watch(Number.prototype, 'toLocaleString', 'Number#toLocaleString')
    for (const key of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) watch(Date.prototype, key, `Date#${key}`)
  })
  for (const lng of ['en', 'ru', 'hi']) {
    for (const path of ['/', '/marketplace', '/marketplace/new', '/categories/agriculture', product, seller]) {
      const url = `${path}?lng=${lng}`
      await page.goto('about:blank')
      // Asked for in an effect, in the same commit that ends hydration.
      const hydrated = page.waitForRequest(/\/assets\/dropdown-menu-[\w-]+\.js$/)
      await page.goto(url)
      await hydrated
      expect(await page.evaluate(() => (window as unknown as { __intlBuilt: string[] }).__intlBuilt), url).toEqual([])
    }
  }
})
