// Drives the sign-up, verification and sign-in routes the way a browser would, for the auth tests.
import { action as loginAction } from '~/routes/auth/login'
import { action as registerAction } from '~/routes/auth/register'
import { loader as verifyLoader } from '~/routes/auth/verify-email'
import { listOutbox } from '~/lib/email.server'
import { deliverPendingEmails } from '~/lib/outgoing-email.server'
import { callRoute, form } from './account-support'
import { pdfBytes } from '../factories/files'
import { uniquePhone } from '../support/phone'

let counter = 0

/** Unique, valid registration fields; override any of them. */
export function registrationFields(overrides: Record<string, string | Blob> = {}): Record<string, string | Blob> {
  counter += 1
  return {
    name: `Asha Rao ${counter}`,
    email: `asha${counter}-${Date.now().toString(36)}@example.com`,
    password: 'secret-pass-1',
    confirmPassword: 'secret-pass-1',
    country: 'India',
    userType: 'Buyer',
    companyName: 'Rao Spices Pvt Ltd',
    phoneNumber: uniquePhone(),
    ...overrides,
  }
}

/** A small, real PDF as an uploaded file. */
export function pdfFile(name = 'registration.pdf') {
  return new File([pdfBytes() as Uint8Array<ArrayBuffer>], name, { type: 'application/pdf' })
}

export function register(fields: Record<string, string | Blob>, opts: { path?: string; headers?: Record<string, string>; cookie?: string } = {}) {
  return callRoute(registerAction, opts.path ?? '/register', { body: form(fields), headers: opts.headers, cookie: opts.cookie })
}

export function login(email: string, password: string, opts: { path?: string; headers?: Record<string, string>; cookie?: string; redirectTo?: string } = {}) {
  const fields: Record<string, string> = { email, password }
  if (opts.redirectTo) fields.redirectTo = opts.redirectTo
  return callRoute(loginAction, opts.path ?? '/login', { body: form(fields), headers: opts.headers, cookie: opts.cookie })
}

/** The newest email to `to` in the dev outbox, after delivering what is queued (the job queue does not run in tests). */
export async function latestEmail(to: string) {
  await deliverPendingEmails()
  const [message] = await listOutbox({ to, limit: 1 })
  return message ?? null
}

/** Every email to `to` in the dev outbox, newest first, after delivering what is queued. */
export async function deliveredTo(to: string) {
  await deliverPendingEmails()
  return listOutbox({ to })
}

/** The path and query of the verification link in a message body. */
export function verificationPath(text: string): string {
  const match = /https?:\/\/[^\s]+\/verify-email\?[^\s]+/.exec(text)
  if (!match) throw new Error(`no verification link in:\n${text}`)
  const url = new URL(match[0])
  return `${url.pathname}${url.search}`
}

/** Opens /verify-email at `path` and returns the state the page shows. */
export async function openVerification(path: string) {
  const outcome = await callRoute(verifyLoader, path)
  return (outcome.data as { view: { state: string; email?: string | null; reason?: string } }).view
}
