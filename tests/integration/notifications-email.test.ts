// Issue 8 item 10: a notice's email, in the recipient's language, through the real transport (the dev
// outbox, then a real SMTP server started here). The notice hands its composed email to the one
// outgoing-mail queue (ADR 021, issue 26 item 1): a mail server outage keeps that email pending and a
// later run delivers it exactly once; two deliveries at once send one email; a notice is queued once.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox, notifications, outgoingEmails, profiles } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { resetEmailTransport } from '~/lib/email.server'
import { deliverOutgoingEmail, deliverPendingEmails, LEASE_MINUTES as MAIL_LEASE_MINUTES, listUndeliveredEmails } from '~/lib/outgoing-email.server'
import { deliverNotificationEmail, LEASE_MINUTES, listUndeliveredNotifications } from '~/modules/notifications/email-delivery.server'
import { placeProductOrder } from '~/modules/orders/commands.server'
import { submitQuote } from '~/modules/rfqs/quotes.server'
import { SubmitQuoteSchema } from '~/modules/rfqs/schemas/quote'
import { createProduct } from '../factories/catalog'
import { createRfq } from '../factories/trade'
import { createUser } from '../factories/users'
import { smtpSink } from '../support/smtp-sink'
import { termsForm } from '../support/payment-terms'
import { DEFAULT_PAYMENT_TERMS } from '~/modules/payments/schemas'

async function recipient(opts: { lng?: 'en' | 'ru' | 'hi'; verified?: boolean; name?: string } = {}) {
  const u = await createUser({ verified: opts.verified, name: opts.name, profile: { userType: 'Buyer', country: 'India' } })
  if (opts.lng) await getDb().update(profiles).set({ preferredLanguage: opts.lng }).where(eq(profiles.id, u.profileId!))
  return { ...u, profileId: u.profileId! }
}

async function newNotice(recipientId: string, overrides: Partial<typeof notifications.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(notifications)
    .values({ recipientId, kind: 'quote_received', params: { title: 'Basmati rice', amount: '1250.50', currency: 'USD' }, link: '/rfqs/x/quotes/y', ...overrides })
    .returning({ id: notifications.id })
  return row!.id
}
const stateOf = async (id: string) => (await getDb().select().from(notifications).where(eq(notifications.id, id)))[0]!
/** What reached the dev outbox for `to`, after the mail job (run here by hand: the queue is off in tests) delivered what was queued. */
const outboxTo = async (to: string) => {
  await deliverPendingEmails()
  return getDb().select().from(emailOutbox).where(eq(emailOutbox.to, to))
}
/** The outgoing emails queued for `to`. */
const queuedTo = (to: string) => getDb().select().from(outgoingEmails).where(eq(outgoingEmails.to, to))
const mailState = async (id: string) => (await getDb().select().from(outgoingEmails).where(eq(outgoingEmails.id, id)))[0]!

describe('notice emails name the unit (issue 28)', () => {
  /** The one notice of `kind` for `recipientId`. */
  const noticeFor = async (recipientId: string, kind: string) =>
    (await getDb().select({ id: notifications.id, kind: notifications.kind }).from(notifications).where(eq(notifications.recipientId, recipientId))).find((n) => n.kind === kind)!.id

  it('a quote on an RFQ in tonnes says the price is per tonne; a product order says "12 t", in the reader’s language', async () => {
    const buyerUser = await recipient()
    const sellerUser = await createUser({ profile: { userType: 'Seller', country: 'Russia', kycStatus: 'Approved', companyName: 'Volga Grain' } })
    await getDb().update(profiles).set({ preferredLanguage: 'ru' }).where(eq(profiles.id, sellerUser.profileId!))
    const rfq = await createRfq(buyerUser.profileId, { title: 'Durum wheat', quantity: 500, unit: 'tonnes', locationPreference: 'Both' })
    const input = SubmitQuoteSchema.parse({ rfqId: rfq.id, unitPrice: '245.00', currency: 'USD', minOrderQuantity: '100', incoterm: 'FOB', incotermPlace: 'Novorossiysk', leadTimeDays: '20', ...termsForm(), validityDays: '15', message: '' })
    const seller = { id: sellerUser.profileId!, country: 'Russia' as const, kycStatus: 'Approved' as const, accountStatus: 'active' as const }
    expect((await submitQuote(seller, input)).ok).toBe(true)
    expect(await deliverNotificationEmail(await noticeFor(buyerUser.profileId, 'quote_received'))).toBe('sent')
    const [quoteMail] = await outboxTo(buyerUser.email)
    expect(quoteMail!.text).toContain('A seller offers $245.00 per tonne.')

    const wheat = await createProduct({ sellerId: sellerUser.profileId!, price: '245.00', currency: 'USD', unit: 'tonnes', stockQuantity: 50, minimumOrderQuantity: 10, shippingOptions: [] })
    expect((await placeProductOrder(buyerUser.profileId, { productId: wheat.id, quantity: 12, shipping: null, submissionKey: randomUUID(), terms: DEFAULT_PAYMENT_TERMS })).ok).toBe(true)
    expect(await deliverNotificationEmail(await noticeFor(sellerUser.profileId!, 'order_placed'))).toBe('sent')
    const [orderMail] = await outboxTo(sellerUser.email)
    // Russian for the Russian seller: the quantity by the unit's symbol, the total grouped Russian style.
    expect(orderMail!.text).toMatch(/12 т/)
    expect(orderMail!.text).toMatch(/2\s940,00\s?\$/)
  })
})

describe('notice emails through the dev outbox', () => {
  it('sends in the recipient’s language, with the sentence, an absolute link and escaped values; marks the row sent', async () => {
    const r = await recipient({ lng: 'ru', name: 'Ирина <b>Волкова</b>' })
    const id = await newNotice(r.profileId, { params: { title: '<script>alert(1)</script> Рис', amount: '1250.50', currency: 'USD' } })
    expect(await deliverNotificationEmail(id)).toBe('sent')
    const [mail, ...more] = await outboxTo(r.email)
    expect(more).toEqual([])
    expect(mail!.subject).toBe('Новое предложение по запросу «<script>alert(1)</script> Рис»')
    expect(mail!.text).toContain('Здравствуйте, Ирина <b>Волкова</b>!')
    expect(mail!.text).toMatch(/Продавец предлагает 1\s?250,50\s?\$ за единицу/)
    expect(mail!.text).toContain('Открыть в Setu: http://localhost:3000/rfqs/x/quotes/y')
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Рис')
    expect(mail!.html).toContain('Ирина &lt;b&gt;Волкова&lt;/b&gt;')
    expect(mail!.html).not.toContain('<script>')
    expect(mail!.html).toContain('lang="ru"')
    expect(await stateOf(id)).toMatchObject({ emailStatus: 'sent', emailAttempts: 1 })
    // Sent is final: another run (a duplicate job) sends nothing.
    expect(await deliverNotificationEmail(id)).toBe('done')
    expect(await outboxTo(r.email)).toHaveLength(1)
  })

  it('writes Hindi for a Hindi reader and translates an order status', async () => {
    const r = await recipient({ lng: 'hi' })
    const id = await newNotice(r.profileId, { kind: 'order_status_changed', params: { order: 'ab12cd34', status: 'Shipped' }, link: '/orders/ab12cd34' })
    expect(await deliverNotificationEmail(id)).toBe('sent')
    const [mail] = await outboxTo(r.email)
    expect(mail!.subject).toBe('ऑर्डर ab12cd34 अब भेजा गया है')
  })

  it('skips a recipient without a login, or whose email is not verified, and sends them nothing', async () => {
    const [orphan] = await getDb()
      .insert(profiles)
      .values({ userId: null, name: 'No Login Co', email: `nologin-${randomUUID()}@test.example`, country: 'India', userType: 'Buyer' })
      .returning({ id: profiles.id, email: profiles.email })
    const a = await newNotice(orphan!.id)
    expect(await deliverNotificationEmail(a)).toBe('skipped')
    expect(await stateOf(a)).toMatchObject({ emailStatus: 'skipped', emailedAt: null })
    const unverified = await recipient({ verified: false })
    const b = await newNotice(unverified.profileId)
    expect(await deliverNotificationEmail(b)).toBe('skipped')
    expect([...(await outboxTo(orphan!.email)), ...(await outboxTo(unverified.email))]).toEqual([])
    expect(await listUndeliveredNotifications()).not.toEqual(expect.arrayContaining([a]))
  })

  it('an unknown id is nothing to do', async () => {
    expect(await deliverNotificationEmail(randomUUID())).toBe('done')
  })
})

describe('notice emails over SMTP', () => {
  // A little slower than a local sink, so two deliveries started together really overlap.
  const sink = smtpSink({ delayMs: 100 })
  beforeAll(() => sink.connect())
  afterAll(() => sink.disconnect())
  const to = sink.to

  /** A notice handed to the outgoing queue: its one queued email's id. */
  async function queuedNotice() {
    const r = await recipient()
    const id = await newNotice(r.profileId)
    expect(await deliverNotificationEmail(id)).toBe('sent')
    const queued = await queuedTo(r.email)
    expect(queued.map((q) => ({ kind: q.kind, status: q.status }))).toEqual([{ kind: 'notification', status: 'pending' }])
    return { r, id, mailId: queued[0]!.id }
  }

  it('an outage leaves the email pending (attempt counted, claim released); a later run delivers it exactly once', async () => {
    const { r, id, mailId } = await queuedNotice()
    await sink.stop()
    resetEmailTransport()
    await expect(deliverOutgoingEmail(mailId)).rejects.toThrow()
    expect(await mailState(mailId)).toMatchObject({ status: 'pending', attempts: 1, claimedAt: null })
    expect((await mailState(mailId)).lastError).toBeTruthy()
    await expect(deliverOutgoingEmail(mailId)).rejects.toThrow()
    expect(await mailState(mailId)).toMatchObject({ status: 'pending', attempts: 2 })
    // The sweep still sees it.
    expect(await listUndeliveredEmails()).toContain(mailId)
    expect(to(r.email)).toEqual([])

    await sink.start()
    resetEmailTransport()
    expect(await deliverOutgoingEmail(mailId)).toBe('sent')
    expect(await deliverOutgoingEmail(mailId)).toBe('done')
    expect(to(r.email)).toHaveLength(1)
    const body = to(r.email)[0]!.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    expect(body).toContain('A seller offers $1,250.50 per unit.')
    expect(await mailState(mailId)).toMatchObject({ status: 'sent', attempts: 3, lastError: null })
    expect(await listUndeliveredEmails()).not.toContain(mailId)
    // The notice was handed over once: no second email was queued for it.
    expect(await stateOf(id)).toMatchObject({ emailStatus: 'sent', emailAttempts: 1 })
    expect(await queuedTo(r.email)).toHaveLength(1)
  })

  it('after the last retry the email is marked failed and no longer swept', async () => {
    const { r, mailId } = await queuedNotice()
    await sink.stop()
    resetEmailTransport()
    await expect(deliverOutgoingEmail(mailId, { lastAttempt: true })).rejects.toThrow()
    expect(await mailState(mailId)).toMatchObject({ status: 'failed', attempts: 1, claimedAt: null })
    expect(await listUndeliveredEmails()).not.toContain(mailId)
    await sink.start()
    resetEmailTransport()
    expect(await deliverOutgoingEmail(mailId)).toBe('done')
    expect(to(r.email)).toEqual([])
  })

  it('two deliveries of one email at once send one email; three hand-overs of one notice queue one', async () => {
    const r = await recipient()
    const id = await newNotice(r.profileId)
    const handovers = await Promise.all([deliverNotificationEmail(id), deliverNotificationEmail(id), deliverNotificationEmail(id)])
    expect(handovers.filter((o) => o === 'sent')).toHaveLength(1)
    expect(handovers.filter((o) => o === 'busy' || o === 'done')).toHaveLength(2)
    const [mail, ...more] = await queuedTo(r.email)
    expect(more).toEqual([])
    const outcomes = await Promise.all([deliverOutgoingEmail(mail!.id), deliverOutgoingEmail(mail!.id), deliverOutgoingEmail(mail!.id)])
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1)
    expect(outcomes.filter((o) => o === 'busy')).toHaveLength(2)
    expect(to(r.email)).toHaveLength(1)
    expect(await mailState(mail!.id)).toMatchObject({ status: 'sent', attempts: 1 })
  })

  it('a claim left by a delivery that died is taken over after the lease', async () => {
    const { r, mailId } = await queuedNotice()
    await getDb().update(outgoingEmails).set({ attempts: 1, claimedAt: sql`now() - make_interval(mins => ${MAIL_LEASE_MINUTES - 1})` }).where(eq(outgoingEmails.id, mailId))
    expect(await deliverOutgoingEmail(mailId)).toBe('busy')
    expect(await listUndeliveredEmails()).not.toContain(mailId)
    await getDb().update(outgoingEmails).set({ claimedAt: sql`now() - make_interval(mins => ${MAIL_LEASE_MINUTES + 1})` }).where(eq(outgoingEmails.id, mailId))
    expect(await listUndeliveredEmails()).toContain(mailId)
    expect(await deliverOutgoingEmail(mailId)).toBe('sent')
    expect(to(r.email)).toHaveLength(1)
  })

  it('a notice claimed by a job that died is handed over after its lease', async () => {
    const r = await recipient()
    const id = await newNotice(r.profileId)
    await getDb().update(notifications).set({ emailAttempts: 1, emailedAt: sql`now() - make_interval(mins => ${LEASE_MINUTES - 1})` }).where(eq(notifications.id, id))
    expect(await deliverNotificationEmail(id)).toBe('busy')
    expect(await listUndeliveredNotifications()).not.toContain(id)
    await getDb().update(notifications).set({ emailedAt: sql`now() - make_interval(mins => ${LEASE_MINUTES + 1})` }).where(eq(notifications.id, id))
    expect(await listUndeliveredNotifications()).toContain(id)
    expect(await deliverNotificationEmail(id)).toBe('sent')
    expect(await queuedTo(r.email)).toHaveLength(1)
  })
})
