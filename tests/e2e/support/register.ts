// Registering through the /register form as a person would, for the specs about registering (and the
// few whose user must come through the form); the other specs make their users with factories.ts.
import { expect, type Page } from '@playwright/test'
import { uniquePhone } from '../../support/phone'
import { verificationLink } from './outbox'
import type { TradingCountry } from '~/domain'

export type Registration = {
  email: string
  password: string
  userType: 'Buyer' | 'Seller'
  name?: string
  country?: TradingCountry
  company?: string
  /** Default: a number no other account has. */
  phone?: string
  /** A seller's KYC document. */
  kycDocument?: { name: string; mimeType: string; buffer: Buffer }
}

/** Opens /register, waits for it to hydrate and fills the form, without sending it. */
export async function fillRegistration(page: Page, r: Registration) {
  await page.goto('/register?lng=en')
  await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.getByLabel('Full name').fill(r.name ?? 'Asha Rao')
  await page.getByLabel('Email', { exact: true }).fill(r.email)
  await page.getByLabel('Password', { exact: true }).fill(r.password)
  await page.getByLabel('Confirm password').fill(r.password)
  await page.getByLabel('Country').selectOption(r.country ?? 'India')
  await page.getByRole('radio', { name: new RegExp(`^${r.userType}`) }).check()
  if (r.company) await page.getByLabel('Company name (optional)').fill(r.company)
  await page.getByLabel('Phone number').fill(r.phone ?? uniquePhone())
  if (r.kycDocument) await page.getByLabel('KYC document').setInputFiles(r.kycDocument)
}

/** Registers through the form and opens the emailed verification link; returns once the email is verified. */
export async function registerVerified(page: Page, r: Registration) {
  await fillRegistration(page, r)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/verify-email\?email=/, { timeout: 10_000 })
  await page.goto(await verificationLink(page, r.email))
  await expect(page.getByRole('heading', { level: 1, name: 'Email Verified' })).toBeVisible()
}
