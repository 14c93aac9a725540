// ADR 022: a phone number belongs to one account, compared as digits with the country code. Spec §8's
// 'An account with this phone number already exists.' (DUPLICATE_PHONE) answers registration, profile
// setup and profile editing; the database's unique index holds the rule under concurrent writes.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox, profiles, users } from '../../db/schema'
import { createUser, signInCookie, type CreateUserOptions } from '../factories/users'
import { uniquePhone } from '../support/phone'
import { callRoute, form } from './account-support'
import { register, registrationFields } from './auth-support'
import { getDb } from '~/lib/db.server'
import { action as completeAction } from '~/routes/account/complete-profile'
import { action as profileAction } from '~/routes/account/profile'

const DUPLICATE = 'errors:db.duplicatePhone'

async function counts() {
  const db = getDb()
  const [u] = await db.select({ n: sql<number>`count(*)::int` }).from(users)
  const [p] = await db.select({ n: sql<number>`count(*)::int` }).from(profiles)
  const [m] = await db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox)
  return { users: u.n, profiles: p.n, emails: m.n }
}

const profileOf = async (userId: string) => (await getDb().select().from(profiles).where(eq(profiles.userId, userId)))[0]

async function signedIn(profile: CreateUserOptions['profile'] = {}) {
  const u = await createUser({ profile })
  return { ...u, cookie: await signInCookie(u.email, u.password) }
}

describe('the same phone number', () => {
  it.each([
    ['+91 98200 45123', 'India', '919820045123'],
    ['+91-98200-45123', 'Russia', '919820045123'],
    ['0091 98200 45123', 'India', '919820045123'],
    ['98200 45123', 'India', '919820045123'],
    ['098200 45123', 'India', '919820045123'],
    ['91 98200 45123', 'India', '919820045123'],
    ['+7 (495) 123-45-67', 'India', '74951234567'],
    ['8 495 123-45-67', 'Russia', '74951234567'],
    ['495 123 45 67', 'Russia', '74951234567'],
    ['7 495 123 45 67', 'Russia', '74951234567'],
    ['8 495 123-45-67', 'India', '84951234567'],
    ['', 'India', null],
  ])('%s (account in %s) reads %s', async (phone, country, normalized) => {
    const [row] = await getDb().execute<{ n: string | null }>(sql`select setu_normalize_phone(${phone}, ${country}) as n`).then((r) => ('rows' in r ? r.rows : r) as { n: string | null }[])
    expect(row.n).toBe(normalized)
  })
})

describe('registration', () => {
  it('refuses a number another account has, typed another way, and writes nothing', async () => {
    const owner = await createUser({ profile: { country: 'India', phoneNumber: '+91 98200 45123' } })
    const before = await counts()
    const out = await register(registrationFields({ phoneNumber: '098200-45123', country: 'India' }))
    expect(out.status).toBe(409)
    expect(out.data).toMatchObject({ ok: false, fieldErrors: { phoneNumber: DUPLICATE } })
    expect(await counts()).toEqual(before)
    expect((await profileOf(owner.id)).phoneNumber).toBe('+91 98200 45123')
  })

  it('refuses it whether or not the other account has verified its email', async () => {
    const phone = uniquePhone()
    await createUser({ verified: false, profile: { phoneNumber: phone } })
    const out = await register(registrationFields({ phoneNumber: phone }))
    expect(out.status).toBe(409)
    expect(out.data).toMatchObject({ fieldErrors: { phoneNumber: DUPLICATE } })
  })

  it('accepts a number only a catalogue profile without a login shows', async () => {
    const phone = uniquePhone()
    await getDb().insert(profiles).values({ name: 'Catalogue Seller', email: `catalogue-${Date.now()}@test.example`, country: 'India', userType: 'Seller', phoneNumber: phone })
    const fields = registrationFields({ phoneNumber: phone })
    const out = await register(fields)
    expect(out.data).toMatchObject({ ok: true, email: fields.email })
  })

  it('accepts a new number and stores it as typed', async () => {
    const fields = registrationFields({ phoneNumber: '+91 (98200) 99-001' })
    const out = await register(fields)
    expect(out.data).toMatchObject({ ok: true })
    const [row] = await getDb().select().from(profiles).where(eq(profiles.email, fields.email as string))
    expect(row).toMatchObject({ phoneNumber: '+91 (98200) 99-001', phoneNumberNormalized: '919820099001' })
  })
})

describe('profile setup and editing', () => {
  const edit = (cookie: string, phoneNumber: string, name = 'Kiran Shah') =>
    callRoute(profileAction, '/profile', { cookie, body: form({ intent: 'updateProfile', name, country: 'India', companyName: '', phoneNumber }) })

  it('refuses a number another account has on the phone field and keeps the profile', async () => {
    const other = await createUser({ profile: { country: 'Russia', phoneNumber: '+7 495 765-43-21' } })
    const u = await signedIn({ country: 'India' })
    const before = await profileOf(u.id)
    const out = await edit(u.cookie, '+7 (495) 765 43 21')
    expect(out.status).toBe(409)
    expect(out.data).toMatchObject({ intent: 'updateProfile', fieldErrors: { phoneNumber: DUPLICATE }, values: { phoneNumber: '+7 (495) 765 43 21' } })
    expect(await profileOf(u.id)).toEqual(before)
    expect((await profileOf(other.id)).phoneNumber).toBe('+7 495 765-43-21')
  })

  it('lets an account keep its own number, in any format', async () => {
    const u = await signedIn({ country: 'India', phoneNumber: '+91 98200 77001' })
    expect((await edit(u.cookie, '+91 98200 77001', 'Renamed Once')).location).toBe('/profile')
    expect((await edit(u.cookie, '98200-77001', 'Renamed Twice')).location).toBe('/profile')
    expect(await profileOf(u.id)).toMatchObject({ name: 'Renamed Twice', phoneNumber: '98200-77001', phoneNumberNormalized: '919820077001' })
  })

  it('refuses the number at profile setup', async () => {
    const phone = uniquePhone()
    await createUser({ profile: { phoneNumber: phone } })
    const u = await createUser({ profile: null })
    const cookie = await signInCookie(u.email, u.password)
    const out = await callRoute(completeAction, '/complete-profile', {
      cookie,
      body: form({ name: 'Kiran Shah', country: 'India', userType: 'Buyer', companyName: '', phoneNumber: phone }),
    })
    expect(out.status).toBe(409)
    expect(out.data).toMatchObject({ fieldErrors: { phoneNumber: DUPLICATE } })
    expect(await profileOf(u.id)).toBeUndefined()
  })

  it('gives a number claimed by two accounts at once to exactly one of them', async () => {
    const [a, b] = await Promise.all([signedIn(), signedIn()])
    const phone = uniquePhone()
    const outs = await Promise.all([edit(a.cookie, phone), edit(b.cookie, phone)])
    expect(outs.map((o) => o.location ?? o.status).sort()).toEqual([409, '/profile'].sort())
    expect(outs.find((o) => o.status === 409)?.data).toMatchObject({ fieldErrors: { phoneNumber: DUPLICATE } })
    const holders = await getDb().select({ id: profiles.id }).from(profiles).where(eq(profiles.phoneNumber, phone))
    expect(holders).toHaveLength(1)
  })

  it('holds in the database whatever the writer: a second account with the number is refused', async () => {
    const phone = uniquePhone()
    await createUser({ profile: { phoneNumber: phone } })
    await expect(createUser({ profile: { phoneNumber: phone.replace(/\s/g, '') } })).rejects.toThrow()
  })

  it('nobody can write the compared form directly', async () => {
    const u = await createUser({ profile: { phoneNumber: '+91 98200 77002' } })
    await getDb().update(profiles).set({ phoneNumberNormalized: '1' }).where(eq(profiles.userId, u.id))
    expect((await profileOf(u.id)).phoneNumberNormalized).toBe('919820077002')
  })
})
