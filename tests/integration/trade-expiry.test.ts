// Issue 8 item 6: the expiry job writes Expired for lapsed offers (so lists and filters agree), tells
// both parties, leaves live offers alone, expires past-deadline RFQs, and a stored Expired quote
// cannot be accepted or countered by either side.
import { randomUUID } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications, quoteRounds, quotes, rfqs } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { expireLapsedOffers } from '~/modules/rfqs/expiry.server'
import { actOnQuote } from '~/modules/rfqs/negotiation.server'
import { withdrawQuote } from '~/modules/rfqs/quotes.server'
import { CounterOfferSchema } from '~/modules/rfqs/schemas/negotiation'
import { createQuote } from '../factories/quotes'
import { createRfq } from '../factories/trade'
import { createUser } from '../factories/users'
import { termsForm } from '../support/payment-terms'

const buyer = async () => (await createUser({ profile: { userType: 'Buyer', country: 'India' } })).profileId!
const seller = async () => (await createUser({ profile: { userType: 'Seller', country: 'Russia', kycStatus: 'Approved', companyName: `S ${randomUUID().slice(0, 4)}` } })).profileId!
const statusOf = async (id: string) => (await getDb().select({ s: quotes.status }).from(quotes).where(eq(quotes.id, id)))[0]!.s
const past = () => new Date(Date.now() - 60_000)
const dateOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

describe('the expiry job', () => {
  it('flips Quoted and Countered past expiry to Expired, notifies buyer and seller, adds no round, and leaves the rest', async () => {
    const [b, s1, s2, s3, s4] = [await buyer(), await seller(), await seller(), await seller(), await seller()]
    const rfq = await createRfq(b, { title: 'Cardamom 8 mm, 2 t' })
    const lapsedQuoted = await createQuote(rfq.id, s1, { expiresAt: past() })
    const lapsedCountered = await createQuote(rfq.id, s2, { status: 'Countered', expiresAt: past() })
    const fresh = await createQuote(rfq.id, s3)
    const lapsedButFinal = await createQuote(rfq.id, s4, { status: 'Withdrawn', expiresAt: past() })

    const result = await expireLapsedOffers()
    expect(result.quotes).toBeGreaterThanOrEqual(2)
    expect(await statusOf(lapsedQuoted.id)).toBe('Expired')
    expect(await statusOf(lapsedCountered.id)).toBe('Expired')
    expect(await statusOf(fresh.id)).toBe('Quoted')
    expect(await statusOf(lapsedButFinal.id)).toBe('Withdrawn')
    expect(await getDb().select().from(quoteRounds).where(inArray(quoteRounds.quoteId, [lapsedQuoted.id, lapsedCountered.id]))).toEqual([])

    const notices = await getDb()
      .select({ recipientId: notifications.recipientId, actorId: notifications.actorId, kind: notifications.kind, link: notifications.link, params: notifications.params })
      .from(notifications)
      .where(inArray(notifications.recipientId, [b, s1, s2, s3, s4]))
    const expect4 = [
      { recipientId: b, link: `/rfqs/${rfq.id}/quotes/${lapsedQuoted.id}` },
      { recipientId: s1, link: `/rfqs/${rfq.id}/quotes/${lapsedQuoted.id}` },
      { recipientId: b, link: `/rfqs/${rfq.id}/quotes/${lapsedCountered.id}` },
      { recipientId: s2, link: `/rfqs/${rfq.id}/quotes/${lapsedCountered.id}` },
    ].map((n) => ({ ...n, actorId: null, kind: 'quote_expired', params: { title: 'Cardamom 8 mm, 2 t' } }))
    expect(notices).toHaveLength(4)
    expect(notices).toEqual(expect.arrayContaining(expect4))

    // A second run finds nothing more and writes no second notice.
    await expireLapsedOffers()
    const again = await getDb().select({ n: sql<number>`count(*)::int` }).from(notifications).where(inArray(notifications.recipientId, [b, s1, s2, s3, s4]))
    expect(again[0]!.n).toBe(4)
  })

  it('a stored Expired quote cannot be accepted, countered or declined (409), and writes nothing; the seller may still withdraw it', async () => {
    const [b, s] = [await buyer(), await seller()]
    const rfq = await createRfq(b)
    const q = await createQuote(rfq.id, s, { status: 'Expired', expiresAt: past() })
    const counterInput = CounterOfferSchema.parse({ unitPrice: '10', quantity: '5', incoterm: 'FOB', incotermPlace: 'Mundra', leadTimeDays: '10', ...termsForm(), validityDays: '5', message: '' })
    for (const [who, act] of [[b, 'accept'], [b, 'decline'], [b, 'counter'], [s, 'counter'], [s, 'accept']] as const) {
      const res = await actOnQuote(who, rfq.id, q.id, act, act === 'counter' ? counterInput : undefined)
      expect(res, `${act} by ${who === b ? 'buyer' : 'seller'}`).toMatchObject({ ok: false })
      if (who === b || act === 'counter') expect((res as { status: number }).status).toBe(409)
    }
    expect(await statusOf(q.id)).toBe('Expired')
    expect(await getDb().select().from(quoteRounds).where(eq(quoteRounds.quoteId, q.id))).toEqual([])
    // Same once stored by the job (not only computed from expires_at).
    const q2 = await createQuote(rfq.id, await seller(), { expiresAt: past() })
    await expireLapsedOffers()
    expect(await statusOf(q2.id)).toBe('Expired')
    expect(await actOnQuote(b, rfq.id, q2.id, 'accept')).toMatchObject({ ok: false, status: 409, error: 'rfqs:negotiation.errors.expired' })
    expect(await withdrawQuote(s, q.id)).toEqual({ ok: true })
    expect(await statusOf(q.id)).toBe('Withdrawn')
  })

  it('expires open RFQs whose deadline day has ended (UTC), not those due today or later, nor closed ones', async () => {
    const b = await buyer()
    const yesterday = await createRfq(b, { deadline: dateOffset(-1) })
    const today = await createRfq(b, { deadline: dateOffset(0) })
    const later = await createRfq(b, { deadline: dateOffset(5) })
    const none = await createRfq(b)
    const closed = await createRfq(b, { deadline: dateOffset(-3), status: 'closed', closedAt: new Date() })
    await expireLapsedOffers()
    const rows = await getDb().select({ id: rfqs.id, status: rfqs.status }).from(rfqs).where(inArray(rfqs.id, [yesterday.id, today.id, later.id, none.id, closed.id]))
    const status = Object.fromEntries(rows.map((r) => [r.id, r.status]))
    expect(status).toEqual({ [yesterday.id]: 'expired', [today.id]: 'open', [later.id]: 'open', [none.id]: 'open', [closed.id]: 'closed' })
  })
})
