import { eq } from 'drizzle-orm'
import { profiles } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import type { EmailMessage } from '~/lib/email.server'
import { renderEmail } from '~/lib/email-layout.server'
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

/** The verification email in `lng`, as text and HTML. */
export async function composeVerificationEmail(opts: { to: string; name: string; url: string; lng: Language }): Promise<EmailMessage> {
  const i18n = await createFixedInstance(opts.lng)
  const t = (key: string, values?: Record<string, unknown>) => i18n.t(`email:verification.${key}`, values)
  const name = opts.name.trim() || opts.to
  return {
    to: opts.to,
    ...renderEmail({
      lng: opts.lng,
      subject: t('subject'),
      greeting: t('greeting', { name }),
      paragraphs: [t('intro')],
      button: { label: t('button'), url: opts.url },
      linkHint: t('linkHint'),
      notes: [t('expiry', { hours: VERIFICATION_LINK_HOURS }), t('ignore')],
      signature: t('signature'),
    }),
  }
}

/**
 * The language for a user's email: the page they are using (our own calls pass it in a header),
 * else their profile's preferred language, else what their browser asks for.
 */
async function emailLanguage(userId: string, request: Request | undefined): Promise<Language> {
  const fromHeader = request?.headers.get(LANGUAGE_HEADER)
  if (isLanguage(fromHeader)) return fromHeader
  const [profile] = await getDb()
    .select({ lng: profiles.preferredLanguage })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1)
  if (isLanguage(profile?.lng)) return profile.lng
  return request ? detectLanguage(request) : 'en'
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
export async function composeLockoutEmail(opts: { to: string; name: string; ip: string | null; until: Date; lng: Language }): Promise<EmailMessage> {
  const i18n = await createFixedInstance(opts.lng)
  const t = (key: string, values?: Record<string, unknown>) => i18n.t(`email:lockout.${key}`, values)
  const name = opts.name.trim() || opts.to
  // The owner's time zone is unknown: UTC, said so (the one time zone rule, lib/i18n.ts).
  const until = formatDateTime(opts.until, readerOf(opts.lng), 'UTC')
  const resetUrl = `${baseUrl()}/forgot-password?${new URLSearchParams({ lng: opts.lng }).toString()}`
  const paragraphs = [
    t('intro', { address: opts.ip ?? t('unknownAddress') }),
    t('paused', { until }),
    t('ifYou'),
    t('ifNotYou'),
  ]
  return {
    to: opts.to,
    ...renderEmail({
      lng: opts.lng,
      subject: t('subject'),
      greeting: t('greeting', { name }),
      paragraphs,
      button: { label: t('button'), url: resetUrl },
      signature: t('signature'),
    }),
  }
}

/** Queues the notice to an account's owner, in their own language (never the page language of whoever tried), that sign-in is paused. */
export async function sendLockoutEmail(user: { id: string; email: string; name: string }, opts: { ip: string | null; until: Date }): Promise<void> {
  const lng = await emailLanguage(user.id, undefined)
  await enqueueEmail(getDb(), 'lockout', await composeLockoutEmail({ to: user.email, name: user.name, ip: opts.ip, until: opts.until, lng }))
}
