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
    expect(loaded).toContain(`${family} 700`)
    expect(loaded).toContain(`${family} 400`)
    expect(fontUrls.length).toBeGreaterThan(0)
    for (const url of fontUrls) expect(url).toMatch(new RegExp(`^${baseURL}/assets/[\\w-]+\\.woff2$`))
  })
}
