// Issue 30 item 1: trade registry identities in the profile's trade details form (each failure refused
// with its own message, nothing written), one account per number, verified numbers locked, and the
// "GSTIN verified" / "INN verified" badges whose numbers only signed-in viewers get.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { profileIdentities, profiles } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { action as profileAction, loader as profileLoader } from '~/routes/account/profile'
import { loader as productLoader } from '~/routes/public/product'
import { loader as sellerLoader } from '~/routes/public/seller'
import { loader as rfqsLoader } from '~/routes/trade/rfqs'
import { createCategory, createProduct, createSeller } from '../factories/catalog'
import { createQuote } from '../factories/quotes'
import { gstinCheckCharacter } from '~/domain'
import { giveIdentities, validGstin, validInn, validOgrn, validPan } from '../factories/registry'
import { createRfq } from '../factories/trade'
import { createUser, signInCookie, type CreateUserOptions } from '../factories/users'
import { callRoute, form, toastOf } from './account-support'

async function withProfile(profile: CreateUserOptions['profile'] = {}) {
  const u = await createUser({ profile })
  return { ...u, profileId: u.profileId!, cookie: await signInCookie(u.email, u.password) }
}
const identitiesOf = (profileId: string) =>
  getDb().select({ kind: profileIdentities.kind, value: profileIdentities.value, verifiedAt: profileIdentities.verifiedAt }).from(profileIdentities).where(eq(profileIdentities.profileId, profileId))
const save = (cookie: string, fields: Record<string, string>) => callRoute(profileAction, '/profile', { cookie, body: form({ intent: 'updateTradeDetails', registeredAddress: 'Registered office', ...fields }) })
const ownIdentities = async (cookie: string) => ((await callRoute(profileLoader, '/profile', { cookie })).data as { profile: { identities: unknown } }).profile.identities

describe('registry identities in the trade details form', () => {
  it("keeps an Indian seller's IEC, GSTIN and PAN, unverified, and shows them back", async () => {
    const u = await withProfile({ userType: 'Seller', country: 'India' })
    const pan = validPan()
    const gstin = validGstin(pan)
    const out = await save(u.cookie, { iec: pan, gstin, pan })
    expect(out.location).toBe('/profile')
    expect(await toastOf(out.response)).toEqual({ type: 'success', key: 'account:tradeDetails.saved' })
    expect(await ownIdentities(u.cookie)).toEqual({ iec: { value: pan, verified: false }, gstin: { value: gstin, verified: false }, pan: { value: pan, verified: false } })
    // Blank removes a number not yet verified.
    expect((await save(u.cookie, { iec: '', gstin, pan })).location).toBe('/profile')
    expect((await identitiesOf(u.profileId)).map((i) => i.kind).sort()).toEqual(['gstin', 'pan'])
  })

  it("keeps a Russian company's INN, OGRN and KPP, and a sole trader's 12-digit INN with an OGRNIP (stored as one)", async () => {
    const company = await withProfile({ userType: 'Seller', country: 'Russia' })
    const inn = validInn(10)
    const ogrn = validOgrn(13)
    expect((await save(company.cookie, { inn, ogrn, kpp: '7701AB001' })).location).toBe('/profile')
    expect(await ownIdentities(company.cookie)).toEqual({ inn: { value: inn, verified: false }, ogrn: { value: ogrn, verified: false }, kpp: { value: '7701AB001', verified: false } })
    const trader = await withProfile({ userType: 'Buyer', country: 'Russia' })
    const ogrnip = validOgrn(15)
    expect((await save(trader.cookie, { inn: validInn(12), ogrn: ogrnip })).location).toBe('/profile')
    expect((await identitiesOf(trader.profileId)).find((i) => i.value === ogrnip)?.kind).toBe('ogrnip')
  })

  const pan = 'AAPCU0939F'
  const gstin = `27${pan}1Z${gstinCheckCharacter(`27${pan}1Z`)}`
  const wrongCheck = gstin.slice(0, 14) + (gstin[14] === 'A' ? 'B' : 'A')
  const otherState = `39${pan}1Z${gstinCheckCharacter(`39${pan}1Z`)}`
  it.each([
    ['India', { gstin: gstin.slice(0, 14) }, 'gstin', 'account:tradeDetails.errors.gstin.length'],
    ['India', { gstin: gstin.toLowerCase() }, 'gstin', 'account:tradeDetails.errors.gstin.format'],
    ['India', { gstin: otherState }, 'gstin', 'account:tradeDetails.errors.gstin.state'],
    ['India', { gstin: wrongCheck }, 'gstin', 'account:tradeDetails.errors.gstin.checksum'],
    ['India', { gstin, pan: 'AAPCU0939G' }, 'gstin', 'account:tradeDetails.errors.gstin.panMismatch'],
    ['India', { pan: 'AAPXU0939F' }, 'pan', 'account:tradeDetails.errors.pan.holderType'],
    ['India', { pan: 'AAPCU0939' }, 'pan', 'account:tradeDetails.errors.pan.length'],
    ['India', { pan: 'AAPCU09391' }, 'pan', 'account:tradeDetails.errors.pan.format'],
    ['India', { iec: 'AAPCU 939F' }, 'iec', 'account:tradeDetails.errors.iec.format'],
    ['India', { iec: 'AAPCU0939FX' }, 'iec', 'account:tradeDetails.errors.iec.length'],
    ['Russia', { inn: '7707083894' }, 'inn', 'account:tradeDetails.errors.inn.checksum'],
    ['Russia', { inn: '77070838931' }, 'inn', 'account:tradeDetails.errors.inn.length'],
    ['Russia', { inn: '77070838-3' }, 'inn', 'account:tradeDetails.errors.inn.format'],
    ['Russia', { ogrn: '1027700132196' }, 'ogrn', 'account:tradeDetails.errors.ogrn.checksum'],
    ['Russia', { ogrn: '10277001321' }, 'ogrn', 'account:tradeDetails.errors.ogrn.length'],
    ['Russia', { inn: '7707083893', ogrn: '304500116000157' }, 'ogrn', 'account:tradeDetails.errors.ogrn.innMismatch'],
    ['Russia', { kpp: '77A601001' }, 'kpp', 'account:tradeDetails.errors.kpp.format'],
    ['Russia', { kpp: '7736010' }, 'kpp', 'account:tradeDetails.errors.kpp.length'],
    ['Russia', { inn: '500100732259', kpp: '773601001' }, 'kpp', 'account:tradeDetails.errors.kpp.soleTrader'],
  ] as const)('%s: refuses %o on %s with its own message, and writes nothing', async (country, fields, field, message) => {
    const u = await withProfile({ userType: 'Seller', country })
    const [before] = await getDb().select().from(profiles).where(eq(profiles.id, u.profileId))
    const out = await save(u.cookie, { ...fields, registeredAddress: 'A new address' })
    expect(out.status).toBe(400)
    expect(out.data).toMatchObject({ intent: 'updateTradeDetails', fieldErrors: { [field]: message } })
    expect(await identitiesOf(u.profileId)).toEqual([])
    expect((await getDb().select().from(profiles).where(eq(profiles.id, u.profileId)))[0]).toEqual(before)
  })

  it('refuses a GSTIN or INN another account holds, with a message, writing nothing; a shared KPP is fine', async () => {
    const first = await withProfile({ userType: 'Seller', country: 'India' })
    const taken = await giveIdentities(first.profileId, 'India')
    const second = await withProfile({ userType: 'Seller', country: 'India' })
    const out = await save(second.cookie, { iec: validPan(), pan: taken.pan!, gstin: taken.gstin! })
    expect(out.status).toBe(409)
    expect(out.data).toMatchObject({ fieldErrors: { gstin: 'account:tradeDetails.errors.identityTaken', pan: 'account:tradeDetails.errors.identityTaken' } })
    expect(await identitiesOf(second.profileId)).toEqual([])

    const ru1 = await withProfile({ userType: 'Seller', country: 'Russia' })
    const ru = await giveIdentities(ru1.profileId, 'Russia')
    const ru2 = await withProfile({ userType: 'Seller', country: 'Russia' })
    const refused = await save(ru2.cookie, { inn: ru.inn!, ogrn: validOgrn(), kpp: ru.kpp! })
    expect(refused.data).toMatchObject({ fieldErrors: { inn: 'account:tradeDetails.errors.identityTaken' } })
    expect((await save(ru2.cookie, { inn: validInn(), ogrn: validOgrn(), kpp: ru.kpp! })).location).toBe('/profile')
  })

  it('refuses the same number from two accounts at once: one wins', async () => {
    const [a, b] = await Promise.all([withProfile({ userType: 'Seller', country: 'Russia' }), withProfile({ userType: 'Seller', country: 'Russia' })])
    const inn = validInn()
    const outs = await Promise.all([save(a.cookie, { inn }), save(b.cookie, { inn })])
    expect(outs.map((o) => o.status).sort()).toEqual([302, 409])
    expect(outs.find((o) => o.status === 409)!.data).toMatchObject({ fieldErrors: { inn: 'account:tradeDetails.errors.identityTaken' } })
  })

  it("refuses another country's numbers, and a change to a number KYC approval verified", async () => {
    const u = await withProfile({ userType: 'Seller', country: 'India', kycStatus: 'Approved' })
    const other = await save(u.cookie, { inn: validInn() })
    expect(other.status).toBe(409)
    expect(other.data).toMatchObject({ formError: 'account:tradeDetails.errors.identitiesOtherCountry' })
    const given = await giveIdentities(u.profileId, 'India')
    await getDb().update(profileIdentities).set({ verifiedAt: new Date() }).where(eq(profileIdentities.profileId, u.profileId))
    expect(await ownIdentities(u.cookie)).toMatchObject({ gstin: { value: given.gstin, verified: true } })
    const pan = validPan()
    const changed = await save(u.cookie, { ...given, pan, gstin: validGstin(pan) })
    expect(changed.status).toBe(409)
    expect(changed.data).toMatchObject({ fieldErrors: { pan: 'account:tradeDetails.errors.identityLocked', gstin: 'account:tradeDetails.errors.identityLocked' } })
    const removed = await save(u.cookie, { ...given, iec: '' })
    expect(removed.data).toMatchObject({ fieldErrors: { iec: 'account:tradeDetails.errors.identityLocked' } })
    // The same numbers again (the rest of the form changed) are kept, still verified.
    expect((await save(u.cookie, { ...given, registeredAddress: 'Mumbai' })).location).toBe('/profile')
    for (const i of await identitiesOf(u.profileId)) expect(i.verifiedAt).not.toBeNull()
  })
})

describe('the database', () => {
  it('refuses a number in the wrong format for its kind, and a second account with the same number (but not the same KPP)', async () => {
    const seller = await createSeller({ country: 'India' })
    const insert = (kind: 'gstin' | 'inn' | 'kpp' | 'pan', value: string, profileId = seller.id) => getDb().insert(profileIdentities).values({ profileId, kind, value })
    for (const [kind, value] of [['gstin', '27aapfu0939f1zv'], ['inn', '123'], ['pan', 'AAPFU0939'], ['kpp', '7736010011']] as const) {
      await expect(insert(kind, value)).rejects.toMatchObject({ cause: { code: '23514' } })
    }
    const other = await createSeller({ country: 'Russia' })
    const inn = validInn()
    await insert('inn', inn)
    await expect(insert('inn', inn, other.id)).rejects.toMatchObject({ cause: { code: '23505' } })
    await insert('kpp', '773601001')
    await insert('kpp', '773601001', other.id)
  })
})

describe('registry badges', () => {
  it('shows "GSTIN verified" to everyone and the number only to signed-in viewers, on the product and seller pages', async () => {
    const seller = await createSeller({ country: 'India' })
    const given = await giveIdentities(seller.id, 'India')
    const product = await createProduct({ sellerId: seller.id, categoryId: (await createCategory()).id })
    const unverified = async () => ((await callRoute(productLoader, `/products/${product.id}`, { params: { id: product.id } })).data as { registryBadges?: string[] }).registryBadges
    // Not verified yet: no badge.
    expect(await unverified()).toBeUndefined()
    await getDb().update(profileIdentities).set({ verifiedAt: new Date() }).where(eq(profileIdentities.profileId, seller.id))

    const anonymous = await callRoute(productLoader, `/products/${product.id}`, { params: { id: product.id } })
    expect((anonymous.data as { registryBadges: string[] }).registryBadges).toEqual(['GSTIN verified'])
    const sellerPage = await callRoute(sellerLoader, `/sellers/${seller.id}`, { params: { id: seller.id } })
    expect((sellerPage.data as { registryBadges: string[] }).registryBadges).toEqual(['GSTIN verified'])
    // No number of any kind leaves for an anonymous visitor.
    for (const page of [anonymous, sellerPage]) for (const value of Object.values(given)) expect(JSON.stringify(page.data)).not.toContain(value)

    const viewer = await withProfile({ userType: 'Buyer', country: 'Russia' })
    const signedIn = await callRoute(productLoader, `/products/${product.id}?lng=ru`, { params: { id: product.id }, cookie: viewer.cookie })
    expect((signedIn.data as { registryBadges: string[] }).registryBadges).toEqual([`GSTIN подтверждён: ${given.gstin}`])
    const signedInSeller = await callRoute(sellerLoader, `/sellers/${seller.id}`, { params: { id: seller.id }, cookie: viewer.cookie })
    expect((signedInSeller.data as { registryBadges: string[] }).registryBadges).toEqual([`GSTIN verified: ${given.gstin}`])
    // Only the GSTIN and INN make badges; the PAN and IEC stay with the reviewer.
    expect(JSON.stringify(signedIn.data)).not.toContain(`"${given.pan}"`)
  })

  it("shows the quoting seller's verified INN with its number to the buyer comparing quotes", async () => {
    const seller = await createSeller({ country: 'Russia' })
    const given = await giveIdentities(seller.id, 'Russia')
    await getDb().update(profileIdentities).set({ verifiedAt: new Date() }).where(eq(profileIdentities.profileId, seller.id))
    const buyer = await withProfile({ userType: 'Buyer', country: 'India' })
    const rfq = await createRfq(buyer.profileId)
    await createQuote(rfq.id, seller.id)
    const out = await callRoute(rfqsLoader, '/rfqs', { cookie: buyer.cookie })
    expect((out.data as { registryBadges: Record<string, string[]> }).registryBadges).toEqual({ [seller.id]: [`INN verified: ${given.inn}`] })
  })
})
