import { eq } from 'drizzle-orm'
import { profiles } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import type { EmailMessage } from '~/lib/email.server'
import { renderEmail, type EmailLayout } from '~/lib/email-layout.server'
import { baseUrl } from '~/lib/env.server'
import { formatDateTime } from '~/lib/format'
import { isLanguage, readerOf, type Language } from '~/lib/i18n'
import { createFixedInstance, detectLanguage } from '~/lib/i18next.server'
import { enqueueEmail } from '~/lib/outgoing-email.server'
import { LANGUAGE_HEADER } from './auth-endpoint.server'
import { currentSignUp } from './sign-up-scope.server'

/** Hours a verification link stays valid (better-auth emailVerification.expiresIn is 24 h). */
export const VERIFICATION_LINK_HOURS = 24

/** The link in a verification email: our /verify-email page (not the raw API), in the user's language. */
export function verificationLink(token: string, lng: Language): string {
  const params = new URLSearchParams({ token, type: 'signup', lng })
  return `${baseUrl()}/verify-email?${params.toString()}`
}

type EmailTexts = (key: string, values?: Record<string, unknown>) => string

/**
 * An account email in `lng`, as text and HTML, from the texts under `email:<section>`: its subject,
 * greeting (the name, else the address) and signature; `body` gives the rest from the same texts.
 */
export async function composeAccountEmail(
  section: string,
  opts: { to: string; name: string; lng: Language },
  body: (t: EmailTexts) => Pick<EmailLayout, 'paragraphs' | 'button' | 'linkHint' | 'notes'>,
): Promise<EmailMessage> {
  const i18n = await createFixedInstance(opts.lng)
  const t: EmailTexts = (key, values) => i18n.t(`email:${section}.${key}`, values)
  const name = opts.name.trim() || opts.to
  return { to: opts.to, ...renderEmail({ lng: opts.lng, subject: t('subject'), greeting: t('greeting', { name }), signature: t('signature'), ...body(t) }) }
}

/**
 * An email whose point is one link (verify the address, reset the password): the intro, the button
 * to `url` with the hint for copying it, how long it works (`email:<section>.expiry` with `expiry`)
 * and what to do if it was not asked for.
 */
export function composeLinkEmail(section: string, opts: { to: string; name: string; url: string; lng: Language }, expiry: Record<string, number>): Promise<EmailMessage> {
  return composeAccountEmail(section, opts, (t) => ({
    paragraphs: [t('intro')],
    button: { label: t('button'), url: opts.url },
    linkHint: t('linkHint'),
    notes: [t('expiry', expiry), t('ignore')],
  }))
}

/** The verification email in `lng`, as text and HTML. */
export function composeVerificationEmail(opts: { to: string; name: string; url: string; lng: Language }): Promise<EmailMessage> {
  return composeLinkEmail('verification', opts, { hours: VERIFICATION_LINK_HOURS })
}

/** The language in a user's profile, when it has one. */
export async function profileLanguage(userId: string): Promise<Language | null> {
  const [profile] = await getDb()
    .select({ lng: profiles.preferredLanguage })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1)
  return isLanguage(profile?.lng) ? profile.lng : null
}

/**
 * The language for a user's email: the page they are using (our own calls pass it in a header),
 * else their profile's preferred language, else what their browser asks for.
 */
async function emailLanguage(userId: string, request: Request | undefined): Promise<Language> {
  const fromHeader = request?.headers.get(LANGUAGE_HEADER)
  if (isLanguage(fromHeader)) return fromHeader
  return (await profileLanguage(userId)) ?? (request ? detectLanguage(request) : 'en')
}

/**
 * better-auth's sendVerificationEmail hook: queues our own verification link in the user's language
 * (ADR 021). During a sign-up the email is held until the sign-up commits (registerAccount releases
 * it, or deletes it when the sign-up fails); a resend goes out at once.
 */
export async function sendVerificationEmail(
  data: { user: { id: string; email: string; name: string }; token: string },
  request?: Request,
): Promise<void> {
  const signUp = currentSignUp()
  const lng = signUp?.language ?? (await emailLanguage(data.user.id, request))
  const message = await composeVerificationEmail({
    to: data.user.email,
    name: data.user.name,
    url: verificationLink(data.token, lng),
    lng,
  })
  const id = await enqueueEmail(getDb(), 'verification', message, { held: Boolean(signUp) })
  signUp?.heldEmailIds.push(id)
}

/** The lockout notice in `lng`: failed sign-ins, from which address, paused until when, how to reset. */
export function composeLockoutEmail(opts: { to: string; name: string; ip: string | null; until: Date; lng: Language }): Promise<EmailMessage> {
  // The owner's time zone is unknown: UTC, said so (the one time zone rule, lib/i18n.ts).
  const until = formatDateTime(opts.until, readerOf(opts.lng), 'UTC')
  const resetUrl = `${baseUrl()}/forgot-password?${new URLSearchParams({ lng: opts.lng }).toString()}`
  return composeAccountEmail('lockout', opts, (t) => ({
    paragraphs: [t('intro', { address: opts.ip ?? t('unknownAddress') }), t('paused', { until }), t('ifYou'), t('ifNotYou')],
    button: { label: t('button'), url: resetUrl },
  }))
}

/** Queues the notice to an account's owner, in their own language (never the page language of whoever tried), that sign-in is paused. */
export async function sendLockoutEmail(user: { id: string; email: string; name: string }, opts: { ip: string | null; until: Date }): Promise<void> {
  const lng = await emailLanguage(user.id, undefined)
  await enqueueEmail(getDb(), 'lockout', await composeLockoutEmail({ to: user.email, name: user.name, ip: opts.ip, until: opts.until, lng }))
}
