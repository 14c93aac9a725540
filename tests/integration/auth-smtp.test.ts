// The verification email goes through the outgoing-mail queue and nodemailer to a real SMTP server
// started here; the link in the received message is followed through the /verify-email page, after
// which sign-in works. With the server stopped, sign-ups still answer, and once it is back each
// verification email arrives exactly once (issue 26 item 1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inArray, sql } from 'drizzle-orm'
import { emailOutbox, outgoingEmails } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { startJobs, stopJobs } from '~/lib/jobs.server'
import { deliverPendingEmails, listUndeliveredEmails, OUTGOING_EMAIL_JOBS, OUTGOING_EMAIL_QUEUE } from '~/lib/outgoing-email.server'
import { login, openVerification, register, registrationFields } from './auth-support'
import { decodeQuotedPrintable, smtpSink } from '../support/smtp-sink'

const sink = smtpSink()

/** Polls `read` until `done` holds, or gives up at the deadline (no fixed sleeps). */
async function waitFor<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > until) return value
    await new Promise((r) => setTimeout(r, 100))
  }
}

const receivedBy = sink.to

beforeAll(() => sink.connect())

afterAll(async () => {
  await stopJobs()
  await sink.disconnect()
})

describe('verification email over SMTP', () => {
  it('arrives at the SMTP server with a working link, and nothing goes to the dev outbox', async () => {
    const fields = registrationFields()
    const email = fields.email as string
    expect((await register(fields)).data).toMatchObject({ ok: true })
    // The answer came once the email was stored; the mail job delivers it (run here by hand).
    expect(receivedBy(email)).toHaveLength(0)
    expect(await deliverPendingEmails()).toEqual({ sent: 1, failed: 0 })

    expect(receivedBy(email)).toHaveLength(1)
    const [message] = receivedBy(email)
    expect(message.to).toEqual([email])
    expect(message.from).toBe('no-reply@setu.local')
    const body = decodeQuotedPrintable(message.raw)
    expect(body).toMatch(/^Subject: Verify your email address for Setu$/m)
    expect(body).toContain('Content-Type: text/html')
    const link = /http:\/\/localhost:3000\/verify-email\?token=[\w.-]+&type=signup&lng=en/.exec(body)?.[0]
    expect(link).toBeTruthy()

    const [{ n }] = await getDb().select({ n: sql<number>`count(*)::int` }).from(emailOutbox)
    expect(n).toBe(0)

    expect((await login(email, fields.password as string)).location).toMatch(/^\/verify-email\?email=/)
    const url = new URL(link!)
    expect(await openVerification(`${url.pathname}${url.search}`)).toEqual({ state: 'success' })
    expect((await login(email, fields.password as string)).location).toBe('/')
  })
})

describe('a mail server outage during sign-ups (issue 26 item 1)', () => {
  it('answers each sign-up once its email is stored, and delivers every verification email exactly once after the server is back', async () => {
    // The app's own mail jobs, with retries after 1–2 s instead of 30 s doubling, so the test need not wait minutes.
    const jobs = OUTGOING_EMAIL_JOBS.map((def) =>
      def.name === OUTGOING_EMAIL_QUEUE ? { ...def, queue: { ...def.queue, retryDelay: 1, retryDelayMax: 2 }, pollingIntervalSeconds: 0.5 } : def,
    )
    await startJobs(jobs)
    await sink.stop()

    const emails: string[] = []
    for (let i = 0; i < 3; i++) {
      const fields = registrationFields()
      const out = await register(fields)
      expect(out.data).toMatchObject({ ok: true, messageKey: 'auth:register.success' })
      emails.push(fields.email as string)
    }
    const rows = () => getDb().select().from(outgoingEmails).where(inArray(outgoingEmails.to, emails))
    // The worker tries while the server is down: every attempt fails, nothing is lost.
    const failing = await waitFor(rows, (r) => r.length === 3 && r.every((row) => row.attempts >= 2))
    expect(failing.map((r) => ({ status: r.status, failed: r.attempts >= 2, error: Boolean(r.lastError) }))).toEqual(
      Array(3).fill({ status: 'pending', failed: true, error: true }),
    )
    expect(emails.flatMap(receivedBy)).toEqual([])

    await sink.start()
    const sent = await waitFor(rows, (r) => r.every((row) => row.status === 'sent'))
    expect(sent.map((r) => r.status)).toEqual(['sent', 'sent', 'sent'])
    await stopJobs()

    // Nothing is left to send, and a sweep or a second delivery finds nothing to do.
    expect(await listUndeliveredEmails()).toEqual([])
    expect(await deliverPendingEmails()).toEqual({ sent: 0, failed: 0 })
    for (const email of emails) {
      const got = receivedBy(email)
      expect(got).toHaveLength(1)
      expect(decodeQuotedPrintable(got[0].raw)).toMatch(/^Subject: Verify your email address for Setu$/m)
    }
  }, 120_000)
})
