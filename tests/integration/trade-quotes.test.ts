import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { profiles, quotes } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { RFQ_PAGE_SIZE } from '~/modules/rfqs/schemas/common'
import { loader as layoutLoader } from '~/routes/seller/dashboard'
import { action as boardAction, loader as boardLoader } from '~/routes/seller/rfqs'
import { loader as listLoader } from '~/routes/trade/rfqs'
import { createCategory, createProduct } from '../factories/catalog'
import { createQuote } from '../factories/quotes'
import { createRfq } from '../factories/trade'
import { createUser, signInCookie, type CreateUserOptions } from '../factories/users'
import { callRoute, form, toastOf } from './account-support'
import en from '../../public/locales/en/rfqs.json'
import type { TradingCountry } from '~/domain'
import { termsForm } from '../support/payment-terms'
import { DEFAULT_PAYMENT_TERMS } from '~/modules/payments/schemas'

async function signedIn(profile: CreateUserOptions['profile']) {
  const u = await createUser({ profile })
  return { ...u, profileId: u.profileId!, cookie: await signInCookie(u.email, u.password) }
}
const buyer = () => signedIn({ userType: 'Buyer', country: 'India' })
const seller = (country: TradingCountry = 'Russia', kycStatus: 'Approved' | 'Pending' | null = 'Approved') =>
  signedIn({ userType: 'Seller', country, kycStatus, companyName: `Seller Co ${randomUUID().slice(0, 4)}` })

const quote = (rfqId: string, extra: Record<string, string> = {}) =>
  form({
    intent: 'quote',
    rfqId,
    unitPrice: '1250.50',
    currency: 'USD',
    minOrderQuantity: '5',
    incoterm: 'FOB',
    incotermPlace: 'Novorossiysk',
    leadTimeDays: '30',
    ...termsForm(),
    validityDays: '',
    message: 'Certified organic, SGS at loading.',
    ...extra,
  })

const allQuotes = async () => (await getDb().execute<{ n: number }>(sql`select count(*)::int as n from quotes`)).rows[0].n
const text = (key: string) => key.replace(/^rfqs:/, '').split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], en) as string
type Board = { board: { items: { id: string; quoteCount: number; ownQuote: { id: string; status: string } | null }[]; total: number; pageCount: number }; blocker: string | null }
const board = async (cookie: string, qs = '') => (await callRoute(boardLoader, `/dashboard/rfqs${qs}`, { cookie })).data as Board
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
const today = new Date().toISOString().slice(0, 10)

describe('the RFQ board (/dashboard/rfqs)', () => {
  it("matches the buyer's location preference to the seller's country and hides own, closed and past-deadline RFQs", async () => {
    const b = await buyer()
    const ru = await seller('Russia')
    const india = await seller('India')
    const both = await createRfq(b.profileId, { locationPreference: 'Both' })
    const wantsIndia = await createRfq(b.profileId, { locationPreference: 'India' })
    const wantsRussia = await createRfq(b.profileId, { locationPreference: 'Russia' })
    const closed = await createRfq(b.profileId, { status: 'closed', closedAt: new Date() })
    const past = await createRfq(b.profileId, { deadline: yesterday })
    const dueToday = await createRfq(b.profileId, { deadline: today })
    const own = await createRfq(ru.profileId)
    const ids = (d: Board) => d.board.items.map((i) => i.id).sort()
    expect(ids(await board(ru.cookie))).toEqual([both.id, wantsRussia.id, dueToday.id].sort())
    expect(ids(await board(india.cookie))).toEqual([both.id, wantsIndia.id, dueToday.id, own.id].sort())
    for (const hidden of [closed, past]) expect(ids(await board(india.cookie))).not.toContain(hidden.id)
  })

  it("drops a suspended or banned buyer's RFQs from the board (no quote on them either) and shows them again on activation", async () => {
    const b = await buyer()
    const s = await seller('Russia')
    const rfq = await createRfq(b.profileId, { locationPreference: 'Both' })
    const ids = async () => (await board(s.cookie)).board.items.map((i) => i.id)
    expect(await ids()).toContain(rfq.id)
    for (const status of ['suspended', 'banned'] as const) {
      await getDb().update(profiles).set({ accountStatus: status }).where(eq(profiles.id, b.profileId))
      expect(await ids()).not.toContain(rfq.id)
      const before = await allQuotes()
      const out = await callRoute(boardAction, '/dashboard/rfqs', { cookie: s.cookie, body: quote(rfq.id) })
      expect([out.status, out.data]).toEqual([404, { formError: 'rfqs:quote.errors.notFound' }])
      expect(await allQuotes()).toBe(before)
    }
    await getDb().update(profiles).set({ accountStatus: 'active' }).where(eq(profiles.id, b.profileId))
    expect(await ids()).toContain(rfq.id)
  })

  it('filters by search, category, currency, catalog match and "not yet quoted", and pages on the server', async () => {
    const b = await buyer()
    const s = await seller()
    const parent = await createCategory()
    const child = await createCategory({ parentId: parent.id })
    const other = await createCategory()
    await createProduct({ sellerId: s.profileId, categoryId: child.id })
    const saffron = await createRfq(b.profileId, { title: 'Kashmiri saffron 100%', categoryId: parent.id, currency: 'EUR' })
    const tea = await createRfq(b.profileId, { title: 'Assam tea CTC', description: 'Assam CTC BOP grade, 100_% pure, packed in paper sacks.', categoryId: other.id })
    const open = await createRfq(b.profileId, { title: 'Anything goes here' })
    // The database is shared by this file's tests: look only at this test's RFQs.
    const mine = new Set([saffron.id, tea.id, open.id])
    const ids = async (qs: string) => (await board(s.cookie, qs)).board.items.map((i) => i.id).filter((id) => mine.has(id)).sort()
    expect(await ids('?q=SAFFRON')).toEqual([saffron.id])
    expect(await ids('?q=100_%25')).toEqual([tea.id])
    expect(await ids(`?category=${parent.id}`)).toEqual([saffron.id])
    expect(await ids('?currency=EUR')).toEqual([saffron.id])
    expect(await ids('?match=1')).toEqual([saffron.id, open.id].sort())
    await createQuote(tea.id, s.profileId)
    expect(await ids('?notQuoted=1')).toEqual([saffron.id, open.id].sort())
    expect(await ids('?currency=XXX&category=%00&page=-1')).toHaveLength(3)
    for (let i = 0; i <= RFQ_PAGE_SIZE; i++) await createRfq(b.profileId, { title: `Pagination lot ${i}` })
    const p1 = await board(s.cookie, '?q=pagination+lot')
    const p2 = await board(s.cookie, '?q=pagination+lot&page=2')
    expect([p1.board.items.length, p2.board.items.length, p1.board.total, p1.board.pageCount]).toEqual([RFQ_PAGE_SIZE, 1, RFQ_PAGE_SIZE + 1, 2])
    expect(p2.board.items.map((i) => i.id)).not.toContain(p1.board.items[0]!.id)
  })

  it('tells a pending seller why they cannot quote, and an approved one nothing', async () => {
    const pending = await seller('India', 'Pending')
    expect((await board(pending.cookie)).blocker).toBe('kycPending')
    expect(text('rfqs:board.blocked.kycPending')).toMatch(/under review/)
    expect((await board((await seller()).cookie)).blocker).toBeNull()
  })

  it("counts on the dashboard the open RFQs on the seller's board they have not quoted yet", async () => {
    const b = await buyer()
    const s = await seller('Russia')
    const stats = async () => ((await callRoute(layoutLoader, '/dashboard', { cookie: s.cookie })).data as { stats: { openRfqs: number } }).stats.openRfqs
    const before = await stats()
    const a = await createRfq(b.profileId)
    await createRfq(b.profileId, { locationPreference: 'India' })
    await createRfq(b.profileId, { deadline: yesterday })
    expect(await stats()).toBe(before + 1)
    await callRoute(boardAction, '/dashboard/rfqs', { cookie: s.cookie, body: quote(a.id) })
    expect(await stats()).toBe(before)
  })
})

describe('submitting a quote', () => {
  it('saves the quote with an exact price and a 30-day expiry, and answers with the spec toast', async () => {
    const b = await buyer()
    const s = await seller()
    const rfq = await createRfq(b.profileId)
    const out = await callRoute(boardAction, '/dashboard/rfqs?q=turmeric&page=1', { cookie: s.cookie, body: quote(rfq.id) })
    expect(out.status).toBe(302)
    expect(out.location).toBe('/dashboard/rfqs?q=turmeric')
    const toast = await toastOf(out.response)
    expect(toast).toMatchObject({ type: 'success', key: 'rfqs:quote.submitted' })
    expect(text(toast!.key)).toBe('Quote submitted successfully')
    const [row] = await getDb().select().from(quotes).where(eq(quotes.rfqId, rfq.id))
    expect(row).toMatchObject({ sellerId: s.profileId, unitPrice: '1250.50', currency: 'USD', minOrderQuantity: 5, incoterm: 'FOB', leadTimeDays: 30, validityDays: 30, status: 'Quoted', paymentSchedule: DEFAULT_PAYMENT_TERMS, paymentTerms: null })
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000
    expect(days).toBeCloseTo(30, 5)
    const mine = (await board(s.cookie)).board.items.find((i) => i.id === rfq.id)
    expect(mine?.ownQuote?.status).toBe('Quoted')
  })

  it.each([
    ['a buyer', async () => (await buyer()).cookie, 403, null],
    ['a pending-KYC seller', async () => (await seller('India', 'Pending')).cookie, 403, 'rfqs:quote.errors.kycPending'],
    ['a seller without KYC', async () => (await seller('India', null)).cookie, 403, 'rfqs:quote.errors.kycMissing'],
  ])('refuses %s and writes nothing', async (_, cookie, status, error) => {
    const rfq = await createRfq((await buyer()).profileId)
    const before = await allQuotes()
    const out = await callRoute(boardAction, '/dashboard/rfqs', { cookie: await cookie(), body: quote(rfq.id) })
    expect(out.status).toBe(status)
    if (error) expect(out.data).toEqual({ formError: error })
    expect(await allQuotes()).toBe(before)
  })

  it('refuses own, closed, past-deadline, full, location-mismatched and forged RFQs, writing nothing', async () => {
    const b = await buyer()
    const s = await seller('Russia')
    const cases: [string, number, string][] = [
      [(await createRfq(s.profileId)).id, 403, 'ownRfq'],
      [(await createRfq(b.profileId, { status: 'closed', closedAt: new Date() })).id, 409, 'closed'],
      [(await createRfq(b.profileId, { deadline: yesterday })).id, 409, 'deadlinePassed'],
      [(await createRfq(b.profileId, { locationPreference: 'India' })).id, 404, 'notFound'],
      [randomUUID(), 404, 'notFound'],
    ]
    const full = await createRfq(b.profileId)
    for (let i = 0; i < 10; i++) await createQuote(full.id, (await seller()).profileId)
    cases.push([full.id, 409, 'full'])
    for (const [rfqId, status, key] of cases) {
      const before = await allQuotes()
      const out = await callRoute(boardAction, '/dashboard/rfqs', { cookie: s.cookie, body: quote(rfqId) })
      expect([rfqId, out.status, out.data]).toEqual([rfqId, status, { formError: `rfqs:quote.errors.${key}` }])
      expect(await allQuotes()).toBe(before)
      expect(text(`rfqs:quote.errors.${key}`)).toBeTruthy()
    }
    const forged = await callRoute(boardAction, '/dashboard/rfqs', { cookie: s.cookie, body: quote("1' or 1=1--") })
    expect(forged.status).toBe(400)
  })

  it('a withdrawn quote frees a place: withdrawn ones do not count towards the ten', async () => {
    const b = await buyer()
    const s = await seller()
    const rfq = await createRfq(b.profileId)
    for (let i = 0; i < 9; i++) await createQuote(rfq.id, (await seller()).profileId)
    await createQuote(rfq.id, (await seller()).profileId, { status: 'Withdrawn' })
    expect((await callRoute(boardAction, '/dashboard/rfqs', { cookie: s.cookie, body: quote(rfq.id) })).status).toBe(302)
  })

  it('takes a quote in EUR on an RFQ in EUR, and the database keeps it (issue 27: a seller could quote only in USD, INR or RUB)', async () => {
    const b = await buyer()
    const s = await seller()
    const rfq = await createRfq(b.profileId, { currency: 'EUR' })
    const out = await callRoute(boardAction, '/dashboard/rfqs', { cookie: s.cookie, body: quote(rfq.id, { currency: 'EUR' }) })
    expect(out.status).toBe(302)
    const [row] = await getDb().select().from(quotes).where(eq(quotes.rfqId, rfq.id))
    expect(row).toMatchObject({ currency: 'EUR', unitPrice: '1250.50', status: 'Quoted' })
    await expect(createQuote(rfq.id, (await seller()).profileId, { currency: 'EUR' })).resolves.toBeTruthy()
  })

  it.each([
    [{ unitPrice: '' }, 'unitPrice', 'priceRequired'],
    [{ unitPrice: '-1' }, 'unitPrice', 'pricePositive'],
    [{ unitPrice: '1.234' }, 'unitPrice', 'priceFormat'],
    [{ unitPrice: '1e5' }, 'unitPrice', 'priceFormat'],
    [{ unitPrice: '1000000000000' }, 'unitPrice', 'priceFormat'],
    [{ currency: 'CHF' }, 'currency', 'currency'],
    [{ minOrderQuantity: '0' }, 'minOrderQuantity', 'moq'],
    [{ minOrderQuantity: '2.5001' }, 'minOrderQuantity', 'moq'],
    [{ minOrderQuantity: '0' }, 'minOrderQuantity', 'moq'],
    [{ incoterm: 'XYZ' }, 'incoterm', 'incoterm'],
    [{ incotermPlace: ' ' }, 'incotermPlace', 'placeRequired'],
    [{ leadTimeDays: '0' }, 'leadTimeDays', 'leadTime'],
    [{ leadTimeDays: '366' }, 'leadTimeDays', 'leadTime'],
    [{ validityDays: '181' }, 'validityDays', 'validity'],
    [{ message: 'x'.repeat(2001) }, 'message', 'messageMax'],
  ])('refuses %o with a translated field error and writes nothing', async (change, field, key) => {
    const rfq = await createRfq((await buyer()).profileId)
    const s = await seller()
    const before = await allQuotes()
    const out = await callRoute(boardAction, '/dashboard/rfqs', { cookie: s.cookie, body: quote(rfq.id, change) })
    expect(out.status).toBe(400)
    expect((out.data as { fieldErrors: Record<string, string> }).fieldErrors[field]).toBe(`rfqs:quote.errors.${key}`)
    expect(text(`rfqs:quote.errors.${key}`)).toBeTruthy()
    expect(await allQuotes()).toBe(before)
  })

  it('accepts a price of 0 and a MOQ above the RFQ quantity', async () => {
    const rfq = await createRfq((await buyer()).profileId, { quantity: 2 })
    const s = await seller()
    const out = await callRoute(boardAction, '/dashboard/rfqs', { cookie: s.cookie, body: quote(rfq.id, { unitPrice: '0', minOrderQuantity: '500' }) })
    expect(out.status).toBe(302)
    const [row] = await getDb().select().from(quotes).where(eq(quotes.rfqId, rfq.id))
    expect([row!.unitPrice, row!.minOrderQuantity]).toEqual(['0.00', 500])
  })

  it('makes one quote of a double-clicked submit; a second live quote is refused; after withdrawing the seller may quote again', async () => {
    const rfq = await createRfq((await buyer()).profileId)
    const s = await seller()
    const outs = await Promise.all([1, 2].map(() => callRoute(boardAction, '/dashboard/rfqs', { cookie: s.cookie, body: quote(rfq.id) })))
    expect(outs.map((o) => o.status).sort()).toEqual([302, 409])
    const rows = await getDb().select().from(quotes).where(eq(quotes.rfqId, rfq.id))
    expect(rows).toHaveLength(1)
    const again = await callRoute(boardAction, '/dashboard/rfqs', { cookie: s.cookie, body: quote(rfq.id) })
    expect([again.status, again.data]).toEqual([409, { formError: 'rfqs:quote.errors.alreadyQuoted' }])
    // Someone else cannot withdraw it.
    const other = await seller()
    const stolen = await callRoute(boardAction, '/dashboard/rfqs', { cookie: other.cookie, body: form({ intent: 'withdraw', quoteId: rows[0]!.id }) })
    expect(stolen.status).toBe(404)
    const withdrawn = await callRoute(boardAction, '/dashboard/rfqs', { cookie: s.cookie, body: form({ intent: 'withdraw', quoteId: rows[0]!.id }) })
    expect(withdrawn.status).toBe(302)
    expect((await callRoute(boardAction, '/dashboard/rfqs', { cookie: s.cookie, body: form({ intent: 'withdraw', quoteId: rows[0]!.id }) })).status).toBe(409)
    expect((await callRoute(boardAction, '/dashboard/rfqs', { cookie: s.cookie, body: quote(rfq.id) })).status).toBe(302)
    const statuses = (await getDb().select({ status: quotes.status }).from(quotes).where(eq(quotes.rfqId, rfq.id))).map((r) => r.status).sort()
    expect(statuses).toEqual(['Quoted', 'Withdrawn'])
  })

  it('lets exactly one of ten sellers racing for the last place on an RFQ with 9 quotes win', async () => {
    const rfq = await createRfq((await buyer()).profileId)
    for (let i = 0; i < 9; i++) await createQuote(rfq.id, (await seller()).profileId)
    const racers = await Promise.all(Array.from({ length: 10 }, () => seller()))
    const outs = await Promise.all(racers.map((r) => callRoute(boardAction, '/dashboard/rfqs', { cookie: r.cookie, body: quote(rfq.id) })))
    expect(outs.map((o) => o.status).sort()).toEqual([302, ...Array(9).fill(409)])
    expect(outs.filter((o) => o.status === 409).every((o) => (o.data as { formError: string }).formError === 'rfqs:quote.errors.full')).toBe(true)
    expect((await getDb().select().from(quotes).where(eq(quotes.rfqId, rfq.id))).length).toBe(10)
  })

  it('the database refuses what the form refuses (check constraints and the live-quote index)', async () => {
    const rfq = await createRfq((await buyer()).profileId)
    const s = await seller()
    for (const bad of [{ unitPrice: '-1' }, { currency: 'CHF' as 'USD' }, { leadTimeDays: 0 }, { validityDays: 181 }, { minOrderQuantity: 0 }, { status: 'Open' as 'Quoted' }]) {
      await expect(createQuote(rfq.id, s.profileId, bad)).rejects.toThrow()
    }
    await createQuote(rfq.id, s.profileId)
    await expect(createQuote(rfq.id, s.profileId)).rejects.toThrow()
    await createQuote(rfq.id, s.profileId, { status: 'Withdrawn' })
  })
})

describe("the buyer's quotes (/rfqs)", () => {
  it('shows every quote under its RFQ with seller company, country and verification; past expiry shows Expired', async () => {
    const b = await buyer()
    const rfq = await createRfq(b.profileId)
    const empty = await createRfq(b.profileId)
    const verified = await seller('Russia')
    const unverified = await seller('India', 'Pending')
    // Explicit times: two inserts in the same millisecond would tie, and the list is oldest first.
    await createQuote(rfq.id, verified.profileId, { unitPrice: '99.90', currency: 'RUB', createdAt: new Date(Date.now() - 2000) })
    await createQuote(rfq.id, unverified.profileId, { expiresAt: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - 1500) })
    const out = (await callRoute(listLoader, '/rfqs', { cookie: b.cookie })).data as {
      list: { items: { id: string; quoteCount: number }[] }
      quotes: Record<string, { sellerCountry: string; sellerVerified: boolean; unitPrice: string; currency: string; status: string }[]>
    }
    expect(out.list.items.find((i) => i.id === rfq.id)?.quoteCount).toBe(2)
    expect(out.list.items.find((i) => i.id === empty.id)?.quoteCount).toBe(0)
    expect(out.quotes[rfq.id]).toMatchObject([
      { sellerCountry: 'Russia', sellerVerified: true, unitPrice: '99.90', currency: 'RUB', status: 'Quoted' },
      { sellerCountry: 'India', sellerVerified: false, status: 'Expired' },
    ])
    expect(out.quotes[empty.id]).toBeUndefined()
    // Another buyer sees none of them.
    const stranger = await buyer()
    expect(((await callRoute(listLoader, '/rfqs', { cookie: stranger.cookie })).data as { quotes: object }).quotes).toEqual({})
  })
})
