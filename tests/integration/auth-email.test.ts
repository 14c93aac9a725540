import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { emailOutbox } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { extractLinks, listOutbox, resetEmailTransport, sendEmail } from '~/lib/email.server'
import { devOutboxEnabled, resetEnvCache } from '~/lib/env.server'
import { composeVerificationEmail } from '~/modules/accounts/emails.server'
import { loader as outboxLoader } from '~/routes/dev/outbox'
import { callRoute } from './account-support'

const saved = { ...process.env }
afterEach(() => {
  for (const key of ['NODE_ENV', 'APP_URL', 'SMTP_URL', 'DEV_OUTBOX']) {
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  }
  resetEnvCache()
  resetEmailTransport()
  vi.restoreAllMocks()
})

const local = { headers: { 'x-setu-client-ip': '127.0.0.1' } }
const outboxCount = async () => (await getDb().select({ n: sql<number>`count(*)::int` }).from(emailOutbox))[0].n

describe('sendEmail through the dev outbox', () => {
  it('stores the message and logs its links', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const result = await sendEmail({ to: 'Dev@Example.com', subject: 'Hello', text: 'Open http://localhost:3000/verify-email?token=a.b.c&type=signup now', html: '<p>Hi</p>' })
    expect(result.delivery).toBe('outbox')
    const [message] = await listOutbox({ to: 'dev@example.com' })
    expect(message).toMatchObject({ to: 'Dev@Example.com', subject: 'Hello', links: ['http://localhost:3000/verify-email?token=a.b.c&type=signup'] })
    expect(log.mock.calls.flat().join('\n')).toContain('link: http://localhost:3000/verify-email?token=a.b.c&type=signup')
  })

  it('is never on for a production server on a real host; nothing is stored then', async () => {
    process.env.NODE_ENV = 'production'
    process.env.APP_URL = 'https://setu.example'
    resetEnvCache()
    expect(devOutboxEnabled()).toBe(false)
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const before = await outboxCount()
    expect(await sendEmail({ to: 'a@b.co', subject: 'S', text: 'T', html: 'H' })).toEqual({ delivery: 'none' })
    expect(await outboxCount()).toBe(before)
    expect(error).toHaveBeenCalled()
  })
})

describe('/dev/outbox page', () => {
  it('lists messages with recipient, subject, time and clickable links, filtered by recipient', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {})
    await sendEmail({ to: 'one@example.com', subject: 'First', text: 'see https://x.example/a', html: '' })
    await sendEmail({ to: 'two@example.com', subject: 'Second', text: 'no links', html: '' })
    const all = await callRoute(outboxLoader, '/dev/outbox', local)
    const messages = (all.data as { messages: { to: string; subject: string; createdAt: string; links: string[] }[] }).messages
    expect(messages.map((m) => m.subject)).toEqual(expect.arrayContaining(['First', 'Second']))
    const filtered = await callRoute(outboxLoader, '/dev/outbox?to=ONE%40example.com', local)
    const only = (filtered.data as { messages: { to: string; subject: string; createdAt: string; links: string[] }[] }).messages
    expect(only).toHaveLength(1)
    expect(only[0]).toMatchObject({ to: 'one@example.com', subject: 'First', links: ['https://x.example/a'] })
    expect(Number.isNaN(Date.parse(only[0].createdAt))).toBe(false)
  })

  it.each([
    ['SMTP is configured', { SMTP_URL: 'smtp://127.0.0.1:2525' }],
    ['it is switched off', { DEV_OUTBOX: 'false' }],
    ['production on a real host', { NODE_ENV: 'production', APP_URL: 'https://setu.example' }],
  ])('answers 404 when %s', async (_label, vars) => {
    Object.assign(process.env, vars)
    resetEnvCache()
    const out = await callRoute(outboxLoader, '/dev/outbox', local)
    expect(out.status).toBe(404)
  })

  it.each([
    ['a client on the network', '192.168.1.20'],
    ['a client that only claims localhost in its Host header', '203.0.113.7'],
    ['a request with no recorded client address', null],
  ])('answers 404 to %s', async (_label, ip) => {
    vi.spyOn(console, 'log').mockImplementation(() => {})
    await sendEmail({ to: 'secret@example.com', subject: 'Reset', text: 'http://localhost:3000/reset-password?token=x', html: '' })
    const headers: Record<string, string> = { Host: 'localhost:3000' }
    if (ip) headers['x-setu-client-ip'] = ip
    expect((await callRoute(outboxLoader, '/dev/outbox', { headers })).status).toBe(404)
    expect((await callRoute(outboxLoader, '/dev/outbox', { headers: { 'x-setu-client-ip': '::ffff:127.0.0.1' } })).status).toBe(200)
    expect((await callRoute(outboxLoader, '/dev/outbox', { headers: { 'x-setu-client-ip': '::1' } })).status).toBe(200)
  })
})

describe('the verification email', () => {
  it.each([
    ['en', 'Verify your email address for Setu', 'Hello Asha,', 'This link expires in 24 hours.'],
    ['ru', 'Подтвердите адрес электронной почты для Setu', 'Здравствуйте, Asha!', 'Ссылка действительна 24 часа.'],
    ['hi', 'Setu के लिए अपना ईमेल पता सत्यापित करें', 'नमस्ते Asha,', 'यह लिंक 24 घंटे में समाप्त हो जाएगा।'],
  ] as const)('is written in %s with the link in text and HTML', async (lng, subject, greeting, expiry) => {
    const url = `http://localhost:3000/verify-email?token=t.o.k&type=signup&lng=${lng}`
    const mail = await composeVerificationEmail({ to: 'asha@example.com', name: 'Asha', url, lng })
    expect(mail.subject).toBe(subject)
    expect(mail.text).toContain(greeting)
    expect(mail.text).toContain(expiry)
    expect(extractLinks(mail.text)).toEqual([url])
    expect(mail.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`)
    expect(mail.html).toContain(`<html lang="${lng}">`)
  })

  it('escapes the name in HTML', async () => {
    const mail = await composeVerificationEmail({ to: 'x@example.com', name: '<img src=x onerror=alert(1)>', url: 'http://localhost:3000/v', lng: 'en' })
    expect(mail.html).not.toContain('<img')
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })
})
