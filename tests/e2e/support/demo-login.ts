import { expect, type Page } from '@playwright/test'

/** The demo logins' password (db/seed/accounts.ts). */
export const DEMO_PASSWORD = 'SetuDemo2026!'

/** Signs in as a demo user from a clean cookie jar and waits for the user menu. */
export async function logIn(page: Page, email: string) {
  await page.context().clearCookies()
  await page.goto('/login')
  await page.getByLabel(/email/i).fill(email)
  await page.getByLabel(/password/i).first().fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click()
  await expect(page.getByTestId('user-menu')).toContainText(email)
}
