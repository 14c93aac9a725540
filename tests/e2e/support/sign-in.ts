// The one way a browser spec signs in: the marketplace's /login form or the admin panel's
// /admin/login form, filled as a person would. Who signs in is a user the spec made itself
// (factories.ts); a bare email means a demo account (db/seed/accounts.ts) with the demo password,
// for the few specs that are about the demo data.
import { expect, type Page } from '@playwright/test'
import { DEMO_PASSWORD } from '../../../db/seed/accounts'

export { DEMO_PASSWORD }

export type Credentials = { email: string; password: string }

function credentials(who: Credentials | string): Credentials {
  return typeof who === 'string' ? { email: who, password: DEMO_PASSWORD } : who
}

type Options = {
  /** The sign-in page to open (default /login?lng=en, /admin/login?lng=en); null: the form is already open. */
  path?: string | null
  /** Keep the browser's cookies (default: clear them first, so the session is only this user's). */
  keepCookies?: boolean
  /** Wait for the signed-in state (default), or only submit, for a spec that checks what the form answers. */
  waitForSignedIn?: boolean
  /** Wait for the page to hydrate before filling in (the form's own checks run in the browser). */
  hydrated?: boolean
}

/** Fills a sign-in form (opened at `defaultPath` unless `opts.path` says otherwise) and submits it. */
async function fillSignInForm(page: Page, who: Credentials | string, opts: Options, defaultPath: string, button: string) {
  const { email, password } = credentials(who)
  if (!opts.keepCookies) await page.context().clearCookies()
  if (opts.path !== null) await page.goto(opts.path ?? defaultPath)
  if (opts.hydrated) await page.waitForLoadState('networkidle')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: button, exact: true }).click()
  return email
}

/** Signs in at /login and waits for the user menu to show the email. */
export async function logIn(page: Page, who: Credentials | string, opts: Options = {}) {
  const email = await fillSignInForm(page, who, opts, '/login?lng=en', 'Log In')
  if (opts.waitForSignedIn !== false) await expect(page.getByTestId('user-menu')).toContainText(email)
}

/** Signs in at /admin/login and waits for the dashboard (an admin without two-factor sign-in). */
export async function adminLogIn(page: Page, who: Credentials | string, opts: Options = {}) {
  await fillSignInForm(page, who, opts, '/admin/login?lng=en', 'Sign In')
  if (opts.waitForSignedIn !== false) await expect(page).toHaveURL(/\/admin\/dashboard$/)
}

/**
 * Fills and submits /login once the page has hydrated, without clearing cookies or waiting for
 * success: for specs about what the form answers.
 */
export function submitLogIn(page: Page, who: Credentials | string, path = '/login') {
  return logIn(page, who, { path, keepCookies: true, waitForSignedIn: false, hydrated: true })
}
