import { desc, eq, sql } from 'drizzle-orm'
import nodemailer, { type SentMessageInfo, type Transport, type Transporter } from 'nodemailer'
import type MailMessage from 'nodemailer/lib/mailer/mail-message'
import { emailOutbox } from '../../db/schema'
import { getDb } from './db.server'
import { devOutboxEnabled, env } from './env.server'

export type EmailMessage = { to: string; subject: string; text: string; html: string }

/** Where a message went: a real SMTP server, the dev outbox, or nowhere (mail is not configured). */
export type SendEmailResult = { delivery: 'smtp' | 'outbox' | 'none'; messageId?: string }

/** Absolute http(s) links in a text body (what the outbox page and the console show). */
export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])]
}

const addressText = (value: unknown): string => {
  if (Array.isArray(value)) return value.map(addressText).join(', ')
  if (value && typeof value === 'object' && 'address' in value) return String((value as { address: string }).address)
  return String(value ?? '')
}

/**
 * A nodemailer transport that stores each message in the email_outbox table and logs its links,
 * so development and tests send mail through the same interface as production.
 */
function outboxTransport(): Transport<SentMessageInfo> {
  return {
    name: 'setu-dev-outbox',
    version: '1.0.0',
    send(mail: MailMessage<SentMessageInfo>, callback) {
      const data = mail.data
      const message = {
        to: addressText(data.to),
        subject: String(data.subject ?? ''),
        text: String(data.text ?? ''),
        html: String(data.html ?? ''),
      }
      getDb()
        .insert(emailOutbox)
        .values(message)
        .returning({ id: emailOutbox.id })
        .then(([row]) => {
          const links = extractLinks(message.text)
          console.log(`[setu] dev outbox: "${message.subject}" to ${message.to}${links.map((l) => `\n[setu]   link: ${l}`).join('')}`)
          callback(null, { envelope: mail.message.getEnvelope(), messageId: row.id })
        }, (err: Error) => callback(err, undefined))
    },
  }
}

let cached: { key: string; transporter: Transporter<SentMessageInfo> } | undefined

function transporter(): { transporter: Transporter<SentMessageInfo>; delivery: 'smtp' | 'outbox' } | null {
  const { SMTP_URL } = env()
  if (SMTP_URL) {
    if (cached?.key !== SMTP_URL) cached = { key: SMTP_URL, transporter: nodemailer.createTransport(SMTP_URL) }
    return { transporter: cached.transporter, delivery: 'smtp' }
  }
  if (!devOutboxEnabled()) return null
  if (cached?.key !== 'outbox') cached = { key: 'outbox', transporter: nodemailer.createTransport(outboxTransport()) }
  return { transporter: cached.transporter, delivery: 'outbox' }
}

/**
 * Sends an email through nodemailer: real SMTP when SMTP_URL is set, otherwise the dev outbox
 * (docs/decisions/003). With neither, the message is not sent and the failure is logged.
 * The transport only: the app itself never calls this from a request. Every email is enqueued with
 * enqueueEmail() (outgoing-email.server.ts, ADR 021), whose worker is the one caller.
 */
export async function sendEmail(message: EmailMessage): Promise<SendEmailResult> {
  const t = transporter()
  if (!t) {
    console.error(`[setu] email "${message.subject}" to ${message.to} was not sent: SMTP_URL is not set and the dev outbox is off`)
    return { delivery: 'none' }
  }
  const info = await t.transporter.sendMail({ from: env().MAIL_FROM, ...message })
  return { delivery: t.delivery, messageId: info.messageId }
}

export type OutboxMessage = {
  id: string
  to: string
  subject: string
  text: string
  links: string[]
  createdAt: string
}

/** The newest dev-outbox messages, optionally only those to one address (case-insensitive). */
export async function listOutbox(opts: { to?: string | null; limit?: number } = {}): Promise<OutboxMessage[]> {
  const limit = Math.min(Math.max(opts.limit ?? 50, 1), 200)
  const to = opts.to?.trim().toLowerCase()
  const rows = await getDb()
    .select({ id: emailOutbox.id, to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text, createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(to ? eq(sql`lower(${emailOutbox.to})`, to) : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit)
  return rows.map((r) => ({ ...r, links: extractLinks(r.text), createdAt: r.createdAt.toISOString() }))
}

/** Test hook: drop the cached transport (after changing SMTP_URL). */
export function resetEmailTransport() {
  cached?.transporter.close()
  cached = undefined
}
