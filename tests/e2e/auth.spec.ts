import { expect, test, type Page } from '@playwright/test'
import { createEmailVerificationToken } from 'better-auth/api'
import { openVerificationEmail, verificationLink } from './support/outbox'
import { E2E_AUTH_SECRET } from './support/secret'
import { uniquePhone } from '../support/phone'
import { fillRegistration as fillRegistrationForm, registerVerified } from './support/register'
import { logIn, submitLogIn } from './support/sign-in'
import type { TradingCountry } from '~/domain'

/** A small but real PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
const PASSWORD = 'Trade-Bridge-42'

let counter = 0
function newEmail(kind: string) {
  counter += 1
  return `${kind}-${Date.now().toString(36)}-${counter}@example.com`
}

/** The registration form filled for this spec's users (the password PASSWORD). */
const fillRegistration = (page: Page, opts: { email: string; userType: 'Buyer' | 'Seller'; name?: string; country?: TradingCountry }) =>
  fillRegistrationForm(page, { ...opts, password: PASSWORD, company: 'Rao Spices Pvt Ltd' })

/** Registers a buyer through the form and verifies the email through the outbox. */
async function registeredBuyer(page: Page) {
  const email = newEmail('buyer')
  await registerVerified(page, { email, password: PASSWORD, userType: 'Buyer', company: 'Rao Spices Pvt Ltd' })
  return email
}

test('a new seller registers with a KYC document, verifies the email, signs in, sees KYC pending and signs out', async ({ page }) => {
  const email = newEmail('seller')
  await fillRegistration(page, { email, userType: 'Seller', name: 'Ivan Petrov', country: 'Russia' })
  await page.getByLabel('KYC document').setInputFiles({ name: 'registration.pdf', mimeType: 'application/pdf', buffer: PDF })
  await page.getByRole('button', { name: 'Create Account' }).click()

  await expect(page.getByText('Registration and KYC upload successful!')).toBeVisible()
  // Spec §2: on to /verify-email after 2 seconds.
  await expect(page).toHaveURL(`/verify-email?email=${encodeURIComponent(email)}`, { timeout: 5_000 })
  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible()
  await expect(page.getByText(`We sent a verification link to ${email}.`)).toBeVisible()

  await openVerificationEmail(page, email)
  await expect(page.getByRole('heading', { level: 1, name: 'Email Verified' })).toBeVisible()
  await expect(page.getByText('Email verified successfully! You can now log in.')).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'Log In' }).click()
  await expect(page).toHaveURL('/login')

  await logIn(page, { email, password: PASSWORD }, { path: null, keepCookies: true, hydrated: true })
  await expect(page).toHaveURL('/')

  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Dashboard' })).toBeVisible()
  await expect(page.getByText('KYC Under Review').first()).toBeVisible()

  // The header menus open once the page has hydrated (its modules start after the first paint).
  await page.waitForLoadState('networkidle')
  await page.getByTestId('user-menu').click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Signed out successfully')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible()
  await page.goto('/dashboard')
  await expect(page).toHaveURL('/login?redirectTo=%2Fdashboard')
})

test('a new buyer registers without a KYC document', async ({ page }) => {
  const email = newEmail('buyer')
  await fillRegistration(page, { email, userType: 'Seller' })
  await expect(page.getByLabel('KYC document')).toBeVisible()
  await page.getByRole('radio', { name: /^Buyer/ }).check()
  // The document picker is for sellers only.
  await expect(page.getByLabel('KYC document')).toBeHidden()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Registration successful! Please check your email to verify your account.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Continue to email verification' })).toBeVisible()
  await expect(page).toHaveURL(/\/verify-email\?email=/, { timeout: 5_000 })

  await page.goto(await verificationLink(page, email))
  await expect(page.getByRole('heading', { level: 1, name: 'Email Verified' })).toBeVisible()
  await submitLogIn(page, { email, password: PASSWORD })
  await expect(page.getByTestId('user-menu')).toContainText(email)
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
})

test('the registration form explains every problem before sending, and the server refuses a fake document', async ({ page }) => {
  await page.goto('/register')
  await page.waitForLoadState('networkidle')
  await page.getByLabel('Full name').fill('A')
  await page.getByLabel('Email', { exact: true }).fill('not-an-email')
  await page.getByLabel('Password', { exact: true }).fill('12345')
  await page.getByLabel('Confirm password').fill('54321')
  await page.getByLabel('Phone number').fill('call me')
  await page.getByRole('button', { name: 'Create Account' }).click()

  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  // Both password fields are too short.
  await expect(page.getByText('Password must be at least 8 characters')).toHaveCount(2)
  await expect(page.getByText('Please select your country', { exact: true })).toBeVisible()
  await expect(page.getByText('Please select your account type')).toBeVisible()
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible()
  await expect(page.getByText('Please select a user type (Buyer or Seller).')).toBeVisible()
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Full name')).toBeFocused()

  // A web page renamed .pdf passes the browser's name check; the server reads its bytes and refuses it.
  const email = newEmail('fake-doc')
  await fillRegistration(page, { email, userType: 'Seller' })
  await page.getByLabel('KYC document').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><script>alert(1)</script></html>') })
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Only PDF, JPG, or PNG files are allowed')).toBeVisible()
  await expect(page.getByText('KYC Document is missing or invalid for seller registration.')).toBeVisible()
  // What was typed is kept (never the password), and no account was created.
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await submitLogIn(page, { email, password: PASSWORD })
  await expect(page.getByTestId('toast')).toHaveText('Invalid email or password. Please check your credentials.')
})

test('a wrong password is refused with the spec message', async ({ page }) => {
  const email = await registeredBuyer(page)
  await submitLogIn(page, { email, password: 'not-my-password' })
  await expect(page.getByTestId('toast')).toHaveText('Invalid email or password. Please check your credentials.')
  await expect(page).toHaveURL('/login')
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await expect(page.getByTestId('user-menu')).toHaveCount(0)
})

test('an unverified email cannot sign in and is sent to /verify-email', async ({ page }) => {
  const email = newEmail('unverified')
  await fillRegistration(page, { email, userType: 'Buyer' })
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/verify-email/)

  await submitLogIn(page, { email, password: PASSWORD })
  await expect(page).toHaveURL(`/verify-email?email=${encodeURIComponent(email)}`)
  await expect(page.getByTestId('toast')).toHaveText('Please verify your email address before logging in.')
  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible()
  await expect(page.getByTestId('user-menu')).toHaveCount(0)
})

test('a broken link shows "Verification Failed", and a resent link verifies the email', async ({ page }) => {
  const email = newEmail('resend')
  await fillRegistration(page, { email, userType: 'Buyer' })
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/verify-email/)
  const first = await verificationLink(page, email)

  await page.goto('/verify-email?token=not-a-real-token&type=signup')
  await expect(page.getByRole('heading', { level: 1, name: 'Verification Failed' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Resend verification email' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Verification email sent! Please check your inbox.')
  await expect(page).toHaveURL(`/verify-email?email=${encodeURIComponent(email)}`)

  const second = await verificationLink(page, email, { count: 2 })
  expect(second).not.toBe(first)
  await page.goto(second)
  await expect(page.getByRole('heading', { level: 1, name: 'Email Verified' })).toBeVisible()
  await submitLogIn(page, { email, password: PASSWORD })
  await expect(page.getByTestId('user-menu')).toContainText(email)
})

test('a link opened after it expired shows "Link Expired" and offers a new one that works', async ({ page }) => {
  const email = newEmail('expired')
  await fillRegistration(page, { email, userType: 'Buyer' })
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/verify-email/)
  // The emailed link, as it would be a day later: same claims, lifetime over.
  const first = new URL(await verificationLink(page, email), 'http://localhost')
  const claims = JSON.parse(Buffer.from(first.searchParams.get('token')!.split('.')[1], 'base64url').toString())
  const stale = await createEmailVerificationToken(E2E_AUTH_SECRET, email, undefined, -60, { userId: claims.userId })
  first.searchParams.set('token', stale)

  await page.goto(`${first.pathname}${first.search}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Link Expired' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
  await page.getByRole('button', { name: 'Resend verification email' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Verification email sent! Please check your inbox.')

  await page.goto(await verificationLink(page, email, { count: 2 }))
  await expect(page.getByRole('heading', { level: 1, name: 'Email Verified' })).toBeVisible()
  await submitLogIn(page, { email, password: PASSWORD })
  await expect(page.getByTestId('user-menu')).toContainText(email)
})

test('signed-in users are sent home from /login and /register', async ({ page }) => {
  const email = await registeredBuyer(page)
  await submitLogIn(page, { email, password: PASSWORD })
  await expect(page.getByTestId('user-menu')).toContainText(email)
  await page.goto('/login')
  await expect(page).toHaveURL('/')
  await page.goto('/register')
  await expect(page).toHaveURL('/')
})

test('a form posted from another site is refused', async ({ page, baseURL }) => {
  const forged = await page.request.post('/login', {
    headers: { Origin: 'https://evil.example' },
    form: { email: 'someone@example.com', password: 'whatever-1' },
    maxRedirects: 0,
  })
  expect(forged.status()).toBe(403)
  expect(await forged.text()).toContain('did not come from a Setu page')

  const own = await page.request.post('/login', {
    headers: { Origin: baseURL! },
    form: { email: 'someone@example.com', password: 'whatever-1' },
    maxRedirects: 0,
  })
  expect(own.status()).toBe(401)
})

test('the verification email comes in the visitor’s language', async ({ page }) => {
  const email = newEmail('ru')
  await page.goto('/register?lng=ru')
  await expect(page.getByRole('heading', { level: 1, name: 'Создать учётную запись' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.getByLabel('Полное имя').fill('Иван Петров')
  await page.getByLabel('Электронная почта').fill(email)
  await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Подтвердите пароль').fill(PASSWORD)
  await page.getByLabel('Страна').selectOption('Russia')
  await page.getByRole('radio', { name: /^Покупатель/ }).check()
  await page.getByLabel('Номер телефона').fill(uniquePhone())
  await page.getByRole('button', { name: 'Создать учётную запись' }).click()
  await expect(page.getByText('Регистрация прошла успешно! Проверьте почту, чтобы подтвердить учётную запись.')).toBeVisible()

  await page.goto(await verificationLink(page, email))
  await expect(page.getByRole('heading', { level: 1, name: 'Почта подтверждена' })).toBeVisible()
})
