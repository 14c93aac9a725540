import { expect, test, type Browser, type Page } from '@playwright/test'
import { emailLinks } from './support/outbox'
import { registerVerified } from './support/register'
import { submitLogIn } from './support/sign-in'

// Each test registers, verifies and signs in several browsers: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 })

const PASSWORD = 'Trade-Bridge-42'
const NEW_PASSWORD = 'Spice-Route-77'

let counter = 0
function newEmail(kind: string) {
  counter += 1
  return `${kind}-${Date.now().toString(36)}-${counter}@example.com`
}

/** Registers a buyer through the form and verifies the email through the outbox. */
async function registeredBuyer(page: Page) {
  const email = newEmail('reset')
  await registerVerified(page, { email, password: PASSWORD, userType: 'Buyer' })
  return email
}

/** A signed-in browser of its own (another device). */
async function signedInDevice(browser: Browser, email: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await submitLogIn(page, { email, password: PASSWORD })
  await expect(page.getByTestId('user-menu')).toContainText(email)
  return { context, page }
}

/** The reset link of the newest email to `to`, as a path. */
async function resetLink(page: Page, to: string, count: number) {
  const link = (await emailLinks(page, to, { count })).find((l) => l.includes('/reset-password?'))
  if (!link) throw new Error(`no reset link in the newest email to ${to}`)
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

test('forgot password: the emailed link sets a new password and signs out every other session', async ({ page, browser }) => {
  const email = await registeredBuyer(page)
  const laptop = await signedInDevice(browser, email)
  const phone = await signedInDevice(browser, email)

  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL('/forgot-password')
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible()
  await expect(page.getByText('If an account exists for that email, we have sent a link to reset your password.')).toBeVisible()

  // The first email was the verification; the newest is the reset link.
  const link = await resetLink(page, email, 2)
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.getByLabel('New password').fill(NEW_PASSWORD)
  await page.getByLabel('Confirm password').fill(`${NEW_PASSWORD}x`)
  await page.getByRole('button', { name: 'Set New Password' }).click()
  await expect(page.getByText('Passwords do not match')).toBeVisible()
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Set New Password' }).click()
  await expect(page).toHaveURL('/login')
  await expect(page.getByText('Your password has been changed and you have been signed out everywhere.')).toBeVisible()

  // The devices signed in before the reset are anonymous now.
  for (const device of [laptop, phone]) {
    await device.page.goto('/profile')
    await expect(device.page).toHaveURL('/login?redirectTo=%2Fprofile')
    await expect(device.page.getByTestId('user-menu')).toHaveCount(0)
    await expect(device.page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible()
    await device.context.close()
  }

  await submitLogIn(page, { email, password: PASSWORD })
  await expect(page.getByText('Invalid email or password')).toBeVisible()
  await submitLogIn(page, { email, password: NEW_PASSWORD })
  await expect(page).toHaveURL('/')
  await expect(page.getByTestId('user-menu')).toContainText(email)

  // The link worked once.
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Link Not Valid' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Request a New Link' })).toHaveAttribute('href', '/forgot-password')
})

test('without JavaScript both forms work, and a bad link says how to get a new one', async ({ page, browser }) => {
  const email = await registeredBuyer(page)
  const context = await browser.newContext({ javaScriptEnabled: false })
  const nojs = await context.newPage()

  await nojs.goto('/forgot-password?lng=ru')
  await expect(nojs.getByRole('heading', { level: 1, name: 'Сброс пароля' })).toBeVisible()
  await nojs.goto('/forgot-password?lng=en')
  await nojs.getByLabel('Email').fill(email)
  await nojs.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(nojs.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible()

  const link = await resetLink(page, email, 2)
  await nojs.goto(link)
  await nojs.getByLabel('New password').fill(NEW_PASSWORD)
  await nojs.getByLabel('Confirm password').fill('Spice-Route-78')
  await nojs.getByRole('button', { name: 'Set New Password' }).click()
  await expect(nojs.getByText('Passwords do not match')).toBeVisible()
  await nojs.getByLabel('New password').fill(NEW_PASSWORD)
  await nojs.getByLabel('Confirm password').fill(NEW_PASSWORD)
  await nojs.getByRole('button', { name: 'Set New Password' }).click()
  await expect(nojs).toHaveURL('/login')
  await submitLogIn(page, { email, password: NEW_PASSWORD })
  await expect(page).toHaveURL('/')

  await nojs.goto('/reset-password?token=not-a-real-token')
  await expect(nojs.getByRole('heading', { level: 1, name: 'Link Not Valid' })).toBeVisible()
  await nojs.getByRole('main').getByRole('link', { name: 'Request a New Link' }).click()
  await expect(nojs).toHaveURL('/forgot-password')
  await context.close()
})
