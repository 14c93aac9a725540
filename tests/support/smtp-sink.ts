// A real SMTP server on 127.0.0.1 for the tests of outgoing email: it records every message it
// receives, and can point the app's mail transport at itself (SMTP_URL) and back to the dev outbox.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { resetEmailTransport } from '~/lib/email.server'
import { resetEnvCache } from '~/lib/env.server'

export type ReceivedMail = { from: string; to: string[]; raw: string }

/** An SMTP sink; `delayMs` holds each message that long before accepting it (to make deliveries overlap). */
export function smtpSink(opts: { delayMs?: number } = {}) {
  const received: ReceivedMail[] = []
  let server: SMTPServer | null = null
  let port = 0
  const sink = {
    received,
    /** The messages addressed to `email`, oldest first. */
    to: (email: string) => received.filter((m) => m.to.includes(email)),
    /** Listens (on any free port the first time, on the same one after), recording what arrives. */
    async start() {
      const s = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = []
          stream.on('data', (c: Buffer) => chunks.push(c))
          stream.on('end', () => {
            const record = () => {
              received.push({
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((r) => r.address),
                raw: Buffer.concat(chunks).toString('utf8'),
              })
              callback()
            }
            if (opts.delayMs) setTimeout(record, opts.delayMs)
            else record()
          })
        },
      })
      await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', resolve))
      server = s
      port = (s.server.address() as AddressInfo).port
    },
    /** Stops listening (the app's deliveries then fail until `start()`). */
    async stop() {
      const s = server
      server = null
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()))
    },
    /** Starts the sink and sends the app's email to it. */
    async connect() {
      await sink.start()
      process.env.SMTP_URL = `smtp://127.0.0.1:${port}`
      resetEnvCache()
      resetEmailTransport()
    },
    /** Sends the app's email to the dev outbox again and stops the sink. */
    async disconnect() {
      delete process.env.SMTP_URL
      resetEnvCache()
      resetEmailTransport()
      await sink.stop()
    },
  }
  return sink
}

/** Quoted-printable to text (UTF-8 bytes included): soft line breaks and escapes undone. */
export function decodeQuotedPrintable(raw: string) {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}
