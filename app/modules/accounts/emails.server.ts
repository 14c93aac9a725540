import { eq } from 'drizzle-orm'
import { profiles } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { sendEmail, type EmailMessage } from '~/lib/email.server'
import { baseUrl } from '~/lib/env.server'
import { INTL_LOCALES, isLanguage, type Language } from '~/lib/i18n'
import { createFixedInstance, detectLanguage } from '~/lib/i18next.server'
import { LANGUAGE_HEADER } from './auth-endpoint.server'

/** Hours a verification link stays valid (better-auth emailVerification.expiresIn is 24 h). */
export const VERIFICATION_LINK_HOURS = 24

/** The link in a verification email: our /verify-email page (not the raw API), in the user's language. */
export function verificationLink(token: string, lng: Language): string {
  const params = new URLSearchParams({ token, type: 'signup', lng })
  return `${baseUrl()}/verify-email?${params.toString()}`
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/** The verification email in `lng`, as text and HTML. */
export async function composeVerificationEmail(opts: { to: string; name: string; url: string; lng: Language }): Promise<EmailMessage> {
  const i18n = await createFixedInstance(opts.lng)
  const t = (key: string, values?: Record<string, unknown>) => i18n.t(`email:verification.${key}`, values)
  const name = opts.name.trim() || opts.to
  const lines = [
    t('greeting', { name }),
    '',
    t('intro'),
    '',
    `${t('button')}: ${opts.url}`,
    '',
    t('expiry', { hours: VERIFICATION_LINK_HOURS }),
    t('ignore'),
    '',
    t('signature'),
  ]
  const html = `<!doctype html>
<html lang="${opts.lng}"><head><meta charset="utf-8"><title>${escapeHtml(t('subject'))}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<p style="font-size:20px;font-weight:bold;color:#0f766e;margin:0 0 24px">Setu</p>
<p style="margin:0 0 16px">${escapeHtml(t('greeting', { name }))}</p>
<p style="margin:0 0 24px;line-height:1.5">${escapeHtml(t('intro'))}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(opts.url)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(t('button'))}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#4b5563">${escapeHtml(t('linkHint'))}</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHtml(opts.url)}">${escapeHtml(opts.url)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#4b5563">${escapeHtml(t('expiry', { hours: VERIFICATION_LINK_HOURS }))}</p>
<p style="margin:0 0 24px;font-size:13px;color:#4b5563">${escapeHtml(t('ignore'))}</p>
<p style="margin:0">${escapeHtml(t('signature'))}</p>
</td></tr></table>
</body></html>`
  return { to: opts.to, subject: t('subject'), text: lines.join('\n'), html }
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

/** better-auth's sendVerificationEmail hook: mails our own verification link in the user's language. */
export async function sendVerificationEmail(
  data: { user: { id: string; email: string; name: string }; token: string },
  request?: Request,
): Promise<void> {
  const lng = await emailLanguage(data.user.id, request)
  const message = await composeVerificationEmail({
    to: data.user.email,
    name: data.user.name,
    url: verificationLink(data.token, lng),
    lng,
  })
  await sendEmail(message)
}

/** The lockout notice in `lng`: failed sign-ins, from which address, paused until when, how to reset. */
export async function composeLockoutEmail(opts: { to: string; name: string; ip: string | null; until: Date; lng: Language }): Promise<EmailMessage> {
  const i18n = await createFixedInstance(opts.lng)
  const t = (key: string, values?: Record<string, unknown>) => i18n.t(`email:lockout.${key}`, values)
  const name = opts.name.trim() || opts.to
  // The owner's time zone is unknown: UTC, said so.
  const until = `${new Intl.DateTimeFormat(INTL_LOCALES[opts.lng], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(opts.until)} UTC`
  const resetUrl = `${baseUrl()}/forgot-password?${new URLSearchParams({ lng: opts.lng }).toString()}`
  const paragraphs = [
    t('intro', { address: opts.ip ?? t('unknownAddress') }),
    t('paused', { until }),
    t('ifYou'),
    t('ifNotYou'),
  ]
  const lines = [t('greeting', { name }), '', ...paragraphs.flatMap((p) => [p, '']), `${t('button')}: ${resetUrl}`, '', t('signature')]
  const html = `<!doctype html>
<html lang="${opts.lng}"><head><meta charset="utf-8"><title>${escapeHtml(t('subject'))}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<p style="font-size:20px;font-weight:bold;color:#0f766e;margin:0 0 24px">Setu</p>
<p style="margin:0 0 16px">${escapeHtml(t('greeting', { name }))}</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:8px 0 24px"><a href="${escapeHtml(resetUrl)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(t('button'))}</a></p>
<p style="margin:0">${escapeHtml(t('signature'))}</p>
</td></tr></table>
</body></html>`
  return { to: opts.to, subject: t('subject'), text: lines.join('\n'), html }
}

/** Tells an account's owner, in their own language (never the page language of whoever tried), that sign-in is paused. */
export async function sendLockoutEmail(user: { id: string; email: string; name: string }, opts: { ip: string | null; until: Date }): Promise<void> {
  const lng = await emailLanguage(user.id, undefined)
  await sendEmail(await composeLockoutEmail({ to: user.email, name: user.name, ip: opts.ip, until: opts.until, lng }))
}
