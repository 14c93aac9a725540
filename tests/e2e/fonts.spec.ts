import { expect, test } from '@playwright/test'

// The app ships its own fonts (app/fonts.css), so a Russian or Hindi heading looks the same on every
// system: bold, in one family per script, loaded from our origin (the CSP allows font-src 'self' only).
for (const { lng, family } of [
  { lng: 'ru', family: 'Inter' },
  { lng: 'hi', family: 'Noto Sans Devanagari' },
]) {
  test(`a ${lng} page renders its bold headings in the bundled ${family}`, async ({ page, baseURL }) => {
    const fontUrls: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontUrls.push(request.url())
    })
    await page.goto(`/about?lng=${lng}`)
    const heading = page.getByRole('heading', { level: 1 })
    await expect(heading).toHaveCSS('font-weight', '700')
    await expect(heading).toHaveCSS('font-family', /^Inter, "Noto Sans Devanagari"/)
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready
      return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family.replace(/"/g, '')} ${f.weight}`)
    })
    // One variable face per subset serves every weight (400–700).
    expect(loaded).toContain(`${family} 100 900`)
    expect(fontUrls.length).toBeGreaterThan(0)
    for (const url of fontUrls) expect(url).toMatch(new RegExp(`^${baseURL}/assets/[\\w-]+\\.woff2$`))
  })
}

test('an English page with rupee prices loads the small currency face, not Latin Extended', async ({ page }) => {
  const fontUrls: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontUrls.push(new URL(request.url()).pathname)
  })
  await page.goto('/marketplace?currency=INR')
  await expect(page.getByText('₹').first()).toBeVisible()
  await page.evaluate(() => document.fonts.ready)
  expect(fontUrls.some((u) => /\/inter-currency-wght-normal-[\w-]+\.woff2$/.test(u)), fontUrls.join(', ')).toBe(true)
  expect(fontUrls.some((u) => u.includes('latin-ext')), fontUrls.join(', ')).toBe(false)
})
