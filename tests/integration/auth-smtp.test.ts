// The verification email goes through nodemailer to a real SMTP server started here; the link in
// the received message is followed through the /verify-email page, after which sign-in works.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { emailOutbox } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { resetEmailTransport } from '~/lib/email.server'
import { resetEnvCache } from '~/lib/env.server'
import { login, openVerification, register, registrationFields } from './auth-support'

type Received = { from: string; to: string[]; raw: string }
const received: Received[] = []
let server: SMTPServer

/** Undoes quoted-printable soft line breaks and escapes, so links can be read from the raw message. */
function decodeQuotedPrintable(raw: string) {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`
  resetEnvCache()
  resetEmailTransport()
})

afterAll(async () => {
  delete process.env.SMTP_URL
  resetEnvCache()
  resetEmailTransport()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

describe('verification email over SMTP', () => {
  it('arrives at the SMTP server with a working link, and nothing goes to the dev outbox', async () => {
    const fields = registrationFields()
    const email = fields.email as string
    expect((await register(fields)).data).toMatchObject({ ok: true })

    expect(received).toHaveLength(1)
    const [message] = received
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
