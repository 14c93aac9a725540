// The password-reset email: sent by better-auth's sendResetPassword hook (registered in
// auth-hooks.server.ts) while password-reset.server.ts asks for a reset inside `withResetRequest`.
import { AsyncLocalStorage } from 'node:async_hooks'
import { getDb } from '~/lib/db.server'
import type { EmailMessage } from '~/lib/email.server'
import { baseUrl } from '~/lib/env.server'
import type { Language } from '~/lib/i18n'
import { enqueueEmail } from '~/lib/outgoing-email.server'
import { composeLinkEmail, profileLanguage } from './emails.server'

/** Minutes a reset link stays valid (better-auth resetPasswordTokenExpiresIn is one hour). */
export const RESET_LINK_MINUTES = 60

/** What one reset request knows that better-auth's hook does not: the page language, and (filled in) who it was for. */
type ResetRequestScope = { pageLanguage: Language; userId?: string; emailQueued?: boolean }

const scope = new AsyncLocalStorage<ResetRequestScope>()

/** Runs `fn` (a call to better-auth's requestPasswordReset) with the page language the hook falls back to. */
export async function withResetRequest<T>(pageLanguage: Language, fn: () => Promise<T>): Promise<{ result: T; userId: string | null }> {
  const store: ResetRequestScope = { pageLanguage }
  const result = await scope.run(store, fn)
  // better-auth only logs a failed hook: an email for an account that could not be stored is a failure.
  if (store.userId && !store.emailQueued) throw new Error('the password-reset email could not be stored')
  return { result, userId: store.userId ?? null }
}

/** The link in a reset email: our /reset-password page (better-auth's GET callback is not public), in `lng`. */
export function passwordResetLink(token: string, lng: Language): string {
  const params = new URLSearchParams({ token, lng })
  return `${baseUrl()}/reset-password?${params.toString()}`
}

/** The password-reset email in `lng`, as text and HTML, in the look of the verification email. */
export function composePasswordResetEmail(opts: { to: string; name: string; url: string; lng: Language }): Promise<EmailMessage> {
  return composeLinkEmail('passwordReset', opts, { minutes: RESET_LINK_MINUTES })
}

/** better-auth's sendResetPassword hook: queues our own reset link in the owner's language (ADR 021). */
export async function sendPasswordResetEmail(data: { user: { id: string; email: string; name: string }; token: string }): Promise<void> {
  const current = scope.getStore()
  if (current) current.userId = data.user.id
  // The account owner's preferred language, else the page's: whoever asked, the email goes to the owner.
  const lng = (await profileLanguage(data.user.id)) ?? current?.pageLanguage ?? 'en'
  const message = await composePasswordResetEmail({ to: data.user.email, name: data.user.name, url: passwordResetLink(data.token, lng), lng })
  // Stored, not sent: one insert, well inside the answer's fixed minimum time (RESET_REQUEST_MIN_MS),
  // so the answer for a registered email takes as long as for an unknown one. The mail job sends it.
  await enqueueEmail(getDb(), 'password-reset', message)
  if (current) current.emailQueued = true
}
