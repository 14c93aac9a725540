import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rfqs } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { RFQ_PAGE_SIZE, utcToday } from '~/modules/rfqs/schemas/common'
import { action as createAction, loader as createLoader } from '~/routes/trade/create-rfq'
import { action as listAction, loader as listLoader } from '~/routes/trade/rfqs'
import { createCategory } from '../factories/catalog'
import { createRfq, rfqFormFields } from '../factories/trade'
import { createUser, signInCookie, type CreateUserOptions } from '../factories/users'
import { callRoute, form, toastOf } from './account-support'
import en from '../../public/locales/en/rfqs.json'

async function signedIn(profile: CreateUserOptions['profile'] = { userType: 'Buyer' }) {
  const u = await createUser({ profile })
  return { ...u, cookie: await signInCookie(u.email, u.password) }
}

const valid = rfqFormFields

const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
const rowsOf = async (buyerId: string) => getDb().select().from(rfqs).where(eq(rfqs.buyerId, buyerId))
const allRfqs = async () => (await getDb().execute<{ n: number }>(sql`select count(*)::int as n from rfqs`)).rows[0].n
/** English text of an i18n key such as 'rfqs:form.errors.titleMin'. */
const text = (key: string) => key.replace(/^rfqs:/, '').split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], en) as string

describe('Create RFQ (/create-rfq)', () => {
  it("shows visitors 'Login Required' and refuses their post, writing nothing", async () => {
    expect((await callRoute(createLoader, '/create-rfq')).data).toMatchObject({ state: 'anonymous', form: null })
    expect(text('rfqs:gate.loginTitle')).toBe('Login Required')
    expect(text('rfqs:gate.loginDescription')).toBe('Please log in to create an RFQ.')
    const before = await allRfqs()
    const out = await callRoute(createAction, '/create-rfq', { body: form(valid()) })
    expect(out.status).toBe(302)
    expect(out.location).toBe('/login?redirectTo=%2Fcreate-rfq')
    expect(await allRfqs()).toBe(before)
  })

  it("answers a signed-in user without a profile with 'Profile not found' and writes nothing", async () => {
    const u = await signedIn(null)
    const before = await allRfqs()
    const out = await callRoute(createAction, '/create-rfq', { cookie: u.cookie, body: form(valid()) })
    expect(out.status).toBe(400)
    expect(out.data).toEqual({ formError: 'rfqs:errors.profileNotFound' })
    expect(text('rfqs:errors.profileNotFound')).toBe('Profile not found. Please refresh and try again.')
    expect(await allRfqs()).toBe(before)
  })

  it('gives the form categories from the database, a fresh one-time token and the product page quantity', async () => {
    const u = await signedIn()
    const parent = await createCategory()
    const child = await createCategory({ parentId: parent.id })
    const a = await callRoute(createLoader, '/create-rfq?quantity=3', { cookie: u.cookie })
    const b = await callRoute(createLoader, '/create-rfq?quantity=-4', { cookie: u.cookie })
    const fa = (a.data as { form: { categories: { id: string; children: { id: string }[] }[]; submissionKey: string; quantity: string; today: string } }).form
    const fb = (b.data as { form: { submissionKey: string; quantity: string } }).form
    expect(fa.categories.find((c) => c.id === parent.id)?.children.map((c) => c.id)).toEqual([child.id])
    expect(fa.submissionKey).toMatch(/^[0-9a-f-]{36}$/)
    expect(fa.submissionKey).not.toBe(fb.submissionKey)
    expect([fa.quantity, fb.quantity]).toEqual(['3', '1'])
    expect(fa.today).toBe(utcToday())
  })

  it('creates the RFQ with exact money and trade terms, then opens /rfqs with the spec message', async () => {
    const u = await signedIn()
    const { id: categoryId } = await createCategory()
    const out = await callRoute(createAction, '/create-rfq', { cookie: u.cookie, body: form(valid({ categoryId, deadline: inAMonth })) })
    expect(out.status).toBe(302)
    expect(out.location).toBe('/rfqs')
    const toast = await toastOf(out.response)
    expect(toast).toMatchObject({ type: 'success', key: 'rfqs:create.success' })
    expect(text(toast!.key)).toBe('RFQ created successfully! Sellers will be able to view and respond to your request.')
    const [row] = await rowsOf(u.profileId!)
    expect(row).toMatchObject({
      title: 'Basmati rice 1121, 25 kg bags',
      categoryId,
      budgetMin: '1000.00',
      budgetMax: '2500.50',
      currency: 'INR',
      quantity: 20,
      unit: 'tonnes',
      deadline: inAMonth,
      locationPreference: 'India',
      incoterm: 'FOB',
      incotermPlace: 'Nhava Sheva',
      destination: 'Saint Petersburg',
      hsCode: '100630',
      status: 'open',
      closedAt: null,
    })
  })

  it('sends empty optional fields as null, with the defaults USD, quantity 1 and Both', async () => {
    const u = await signedIn({ userType: 'Seller', kycStatus: 'Approved' })
    const body = form({ title: 'Jute bags, food grade', description: 'Food grade jute bags, 50 kg, laminated inside.', quantity: '1', submissionKey: randomUUID() })
    const out = await callRoute(createAction, '/create-rfq', { cookie: u.cookie, body })
    expect(out.status).toBe(302)
    const [row] = await rowsOf(u.profileId!)
    expect(row).toMatchObject({ categoryId: null, budgetMin: null, budgetMax: null, currency: 'USD', quantity: 1, unit: 'pieces', deadline: null, locationPreference: 'Both', incoterm: null, hsCode: null })
  })

  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
  it.each([
    ['an empty title', { title: '' }, 'title', 'Title must be at least 5 characters'],
    ['a 4-character title', { title: '  Rice  ' }, 'title', 'Title must be at least 5 characters'],
    ['a 201-character title', { title: 'x'.repeat(201) }, 'title', 'Title must be at most 200 characters'],
    ['a short description', { description: 'Too short to quote' }, 'description', 'Description must be at least 20 characters'],
    ['a huge description', { description: 'x'.repeat(5001) }, 'description', 'Description must be at most 5000 characters'],
    ['a malformed category', { categoryId: '<script>' }, 'categoryId', 'Please select a category'],
    ['an unknown category', { categoryId: 'no-such-category' }, 'categoryId', 'Please select a category'],
    ['a negative minimum budget', { budgetMin: '-1' }, 'budgetMin', 'Budget must be positive'],
    ['a negative maximum budget', { budgetMin: '', budgetMax: '-0.01' }, 'budgetMax', 'Budget must be positive'],
    ['a budget with three decimals', { budgetMin: '1.005' }, 'budgetMin', 'Enter an amount with at most two decimal places'],
    ['a budget too large for numeric(14,2)', { budgetMax: '1000000000000' }, 'budgetMax', 'Enter an amount with at most two decimal places'],
    ['a maximum below the minimum', { budgetMin: '100.01', budgetMax: '100' }, 'budgetMax', 'Maximum budget must be greater than or equal to minimum budget'],
    ['a minimum budget that is not a number beside a valid maximum (was a 500)', { budgetMin: '\u0000', budgetMax: '0' }, 'budgetMin', 'Enter an amount with at most two decimal places'],
    ['quantity 0', { quantity: '0' }, 'quantity', 'Quantity must be more than 0'],
    ['an empty quantity', { quantity: '' }, 'quantity', 'Quantity must be more than 0'],
    ['more decimals than any unit has', { quantity: '1.5005' }, 'quantity', 'Type the quantity as a number more than 0, such as 12.5.'],
    ['a deadline in the past', { deadline: yesterday }, 'deadline', 'The deadline cannot be in the past'],
    ['a deadline before 1900', { deadline: '1899-12-31' }, 'deadline', 'The deadline cannot be in the past'],
    ['an impossible date', { deadline: '2027-02-30' }, 'deadline', 'Please enter a valid date'],
    ['a deadline more than 5 years out', { deadline: '2099-01-01' }, 'deadline', 'The deadline must be within 5 years'],
    ['an unknown currency', { currency: 'GBP' }, 'currency', 'Please select USD, INR, RUB or EUR'],
    ['an unknown location', { locationPreference: 'China' }, 'locationPreference', 'Please select India, Russia or Both'],
    ['an unknown unit', { unit: 'furlongs' }, 'unit', 'Please select a unit'],
    ['an Incoterms 2010 rule', { incoterm: 'DAT' }, 'incoterm', 'Please select an Incoterms 2020 rule'],
    ['a rule without its place', { incotermPlace: '' }, 'incotermPlace', 'Please name the place for this Incoterms rule'],
    ['a place without a rule', { incoterm: '' }, 'incoterm', 'Please select the Incoterms rule this place belongs to'],
    ['a 121-character destination', { destination: 'x'.repeat(121) }, 'destination', 'At most 120 characters'],
    ['a 3-digit HS code', { hsCode: '100' }, 'hsCode', 'HS code must be 4 to 10 digits'],
    ['an 11-digit HS code', { hsCode: '10063012345' }, 'hsCode', 'HS code must be 4 to 10 digits'],
    ['a missing form token', { submissionKey: '' }, 'form', 'This form has expired. Please reload the page and try again.'],
  ])('refuses %s with its message and writes nothing', async (_, change, field, message) => {
    const u = await signedIn()
    const out = await callRoute(createAction, '/create-rfq', { cookie: u.cookie, body: form(valid(change)) })
    expect(out.status).toBe(400)
    const errors = (out.data as { fieldErrors: Record<string, string> }).fieldErrors
    expect(text(errors[field]!)).toBe(message)
    expect(await rowsOf(u.profileId!)).toHaveLength(0)
  })

  it('accepts equal budgets, 0 and a deadline of today', async () => {
    const u = await signedIn()
    const out = await callRoute(createAction, '/create-rfq', { cookie: u.cookie, body: form(valid({ budgetMin: '0', budgetMax: '0', deadline: utcToday() })) })
    expect(out.status).toBe(302)
    expect((await rowsOf(u.profileId!))[0]).toMatchObject({ budgetMin: '0.00', budgetMax: '0.00', deadline: utcToday() })
  })

  it('gives the typed values back with the errors, so the form refills without JavaScript', async () => {
    const u = await signedIn()
    const out = await callRoute(createAction, '/create-rfq', { cookie: u.cookie, body: form(valid({ title: 'Rice' })) })
    expect((out.data as { values: Record<string, string> }).values).toMatchObject({ title: 'Rice', currency: 'INR', incoterm: 'FOB' })
    expect((out.data as { values: Record<string, string> }).values.submissionKey).toBeUndefined()
  })

  it('creates one RFQ when the same form is submitted twice, even at the same moment', async () => {
    const u = await signedIn()
    const fields = valid()
    const [a, b] = await Promise.all([
      callRoute(createAction, '/create-rfq', { cookie: u.cookie, body: form(fields) }),
      callRoute(createAction, '/create-rfq', { cookie: u.cookie, body: form(fields) }),
    ])
    const c = await callRoute(createAction, '/create-rfq', { cookie: u.cookie, body: form(fields) })
    expect([a.status, b.status, c.status]).toEqual([302, 302, 302])
    expect(c.location).toBe('/rfqs')
    expect(await rowsOf(u.profileId!)).toHaveLength(1)
    // A new form (a new token) is a new RFQ.
    await callRoute(createAction, '/create-rfq', { cookie: u.cookie, body: form(valid()) })
    expect(await rowsOf(u.profileId!)).toHaveLength(2)
  })

  it('the database refuses what the form refuses (check constraints)', async () => {
    const u = await signedIn()
    await expect(createRfq(u.profileId!, { budgetMin: '10', budgetMax: '9.99' })).rejects.toThrow()
    await expect(createRfq(u.profileId!, { quantity: 0 })).rejects.toThrow()
    await expect(createRfq(u.profileId!, { budgetMin: '-1' })).rejects.toThrow()
    await expect(createRfq(u.profileId!, { status: 'pending' as never })).rejects.toThrow()
    expect(await rowsOf(u.profileId!)).toHaveLength(0)
  })
})

type ListData = { list: { items: { id: string; title: string; status: string; budgetMin: string | null }[]; total: number; page: number; pageCount: number } | null }

describe('My RFQs (/rfqs)', () => {
  it('sends visitors to sign in and back', async () => {
    const out = await callRoute(listLoader, '/rfqs')
    expect(out.status).toBe(302)
    expect(out.location).toBe('/login?redirectTo=%2Frfqs')
    const post = await callRoute(listAction, '/rfqs', { body: form({ intent: 'close', rfqId: randomUUID() }) })
    expect(post.location).toBe('/login?redirectTo=%2Frfqs')
  })

  it("lists only the user's own RFQs, newest first, 20 a page", async () => {
    const u = await signedIn()
    const other = await signedIn()
    await createRfq(other.profileId!, { title: 'Someone else’s request' })
    const base = Date.now() - 1_000_000
    for (let i = 0; i < RFQ_PAGE_SIZE + 3; i++) await createRfq(u.profileId!, { title: `Request number ${i}`, createdAt: new Date(base + i * 1000), budgetMin: '1234567890.05' })
    const first = (await callRoute(listLoader, '/rfqs', { cookie: u.cookie })).data as ListData
    expect(first.list).toMatchObject({ total: RFQ_PAGE_SIZE + 3, page: 1, pageCount: 2 })
    expect(first.list!.items).toHaveLength(RFQ_PAGE_SIZE)
    expect(first.list!.items[0]).toMatchObject({ title: `Request number ${RFQ_PAGE_SIZE + 2}`, status: 'open', budgetMin: '1234567890.05' })
    const second = (await callRoute(listLoader, '/rfqs?page=2', { cookie: u.cookie })).data as ListData
    expect(second.list!.items.map((r) => r.title)).toEqual(['Request number 2', 'Request number 1', 'Request number 0'])
    const junk = (await callRoute(listLoader, '/rfqs?page=-1%00', { cookie: u.cookie })).data as ListData
    expect(junk.list!.page).toBe(1)
    expect([...first.list!.items, ...second.list!.items].some((r) => r.title.startsWith('Someone'))).toBe(false)
  })

  it('closes an open RFQ of its owner, once', async () => {
    const u = await signedIn()
    const rfq = await createRfq(u.profileId!)
    const out = await callRoute(listAction, '/rfqs', { cookie: u.cookie, body: form({ intent: 'close', rfqId: rfq.id }) })
    expect(out.status).toBe(302)
    expect(out.location).toBe('/rfqs')
    expect(await toastOf(out.response)).toMatchObject({ key: 'rfqs:list.closed' })
    const [row] = await rowsOf(u.profileId!)
    expect(row.status).toBe('closed')
    expect(row.closedAt).toBeInstanceOf(Date)
    const again = await callRoute(listAction, '/rfqs', { cookie: u.cookie, body: form({ intent: 'close', rfqId: rfq.id }) })
    expect(again.status).toBe(409)
    expect((await rowsOf(u.profileId!))[0].updatedAt).toEqual(row.updatedAt)
  })

  it("answers 404 for someone else's RFQ or a forged id, and writes nothing", async () => {
    const owner = await signedIn()
    const stranger = await signedIn({ userType: 'Seller', kycStatus: 'Approved' })
    const rfq = await createRfq(owner.profileId!)
    for (const rfqId of [rfq.id, randomUUID()]) {
      const out = await callRoute(listAction, '/rfqs', { cookie: stranger.cookie, body: form({ intent: 'close', rfqId }) })
      expect(out.status).toBe(404)
    }
    const bad = await callRoute(listAction, '/rfqs', { cookie: stranger.cookie, body: form({ intent: 'close', rfqId: "1' or 1=1--" }) })
    expect(bad.status).toBe(400)
    const [row] = await rowsOf(owner.profileId!)
    expect(row).toMatchObject({ status: 'open', closedAt: null })
  })
})
