// Reads the dev outbox (/dev/outbox) the way a developer would: the e2e server runs without SMTP,
// so every email the app sends is listed there, a second or two after the request, once the server's
// mail job has delivered it (ADR 021): the helpers wait for it with a deadline.
import { expect, type Page } from '@playwright/test'

/** The links of the newest email to `to`, waiting briefly for it to arrive. */
export async function emailLinks(page: Page, to: string, opts: { count?: number } = {}): Promise<string[]> {
  let links: string[] = []
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/dev/outbox?to=${encodeURIComponent(to)}`)
        expect(response.status()).toBe(200)
        const html = await response.text()
        const messages = html.split('data-testid="outbox-message"').slice(1)
        if (messages.length < (opts.count ?? 1)) return 0
        links = [...messages[0].matchAll(/data-testid="outbox-link"[^>]*>([^<]+)</g)].map((m) => m[1].replace(/&amp;/g, '&'))
        return messages.length
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(opts.count ?? 1)
  return links
}

/** The verification link in the newest email to `to`, as a path the test can open. */
export async function verificationLink(page: Page, to: string, opts: { count?: number } = {}): Promise<string> {
  const link = (await emailLinks(page, to, opts)).find((l) => l.includes('/verify-email?'))
  if (!link) throw new Error(`no verification link in the newest email to ${to}`)
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

/** Opens the newest email to `to` in the dev outbox page and follows its verification link, as a person would. */
export async function openVerificationEmail(page: Page, to: string) {
  await emailLinks(page, to)
  await page.goto(`/dev/outbox?to=${encodeURIComponent(to)}`)
  const message = page.getByTestId('outbox-message').first()
  await expect(message.getByTestId('outbox-to')).toHaveText(to)
  await message.getByTestId('outbox-link').first().click()
}
