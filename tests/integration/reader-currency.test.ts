// The reader's currency beside the seller's (issue 28 item 4): the preferred currency a profile starts
// with and changes, the visitor's pick in the header (a cookie), the rates the root loader hands the
// page (none stale), and the catalog's price and minimum order filters across currencies and units.
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { exchangeRates, profiles } from '../../db/schema'
import { utcDay, type Currency } from '~/domain'
import { getDb } from '~/lib/db.server'
import { createProfile, updateProfile } from '~/modules/accounts/index.server'
import { loadListing } from '~/modules/catalog/index.server'
import { requestReaderRates } from '~/modules/rates/index.server'
import { loader as rootLoader } from '~/root'
import { action as currencyAction } from '~/routes/account/currency'
import { createCategory, createProduct } from '../factories/catalog'
import { createSignedInUser, createUser, requestAs } from '../factories/users'
import { callRoute, form, toastOf } from './account-support'

const DAY = 24 * 60 * 60 * 1000
const daysAgo = (n: number) => utcDay(new Date(Date.now() - n * DAY))

async function seedRates(rows: { from: Currency; to: Currency; rate: string; effectiveDate: string }[]) {
  await getDb()
    .insert(exchangeRates)
    .values(rows.map((r) => ({ fromCurrency: r.from, toCurrency: r.to, rate: r.rate, effectiveDate: r.effectiveDate, source: 'test rates', origin: 'cli' as const })))
}

const rootData = async (cookie: string | null, path = '/') => (await callRoute(rootLoader as never, path, { cookie })).data as { rates: { currency: Currency; rates: Record<string, { rate: string; effectiveDate: string; source: string }> } }

beforeEach(async () => {
  await getDb().delete(exchangeRates)
})

describe('preferred currency', () => {
  it('starts as the country’s: India INR, Russia RUB', async () => {
    for (const [country, currency] of [['India', 'INR'], ['Russia', 'RUB']] as const) {
      const u = await createUser({ profile: null })
      const out = await createProfile({ id: u.id, email: u.email }, { name: 'New Trader', country, userType: 'Buyer', companyName: undefined, phoneNumber: `+9198${Math.floor(10000000 + Math.random() * 89999999)}` } as never)
      expect(out.ok).toBe(true)
      const [row] = await getDb().select({ c: profiles.preferredCurrency }).from(profiles).where(eq(profiles.userId, u.id))
      expect(row?.c).toBe(currency)
    }
  })

  it('changes in the profile form and refuses a currency outside the list', async () => {
    const u = await createUser({ profile: { country: 'India' } })
    const [p] = await getDb().select().from(profiles).where(eq(profiles.userId, u.id))
    expect(p!.preferredCurrency).toBe('INR')
    const ok = await updateProfile(u.id, { name: p!.name, country: 'India', companyName: undefined, phoneNumber: p!.phoneNumber!, preferredCurrency: 'EUR' } as never)
    expect(ok.ok).toBe(true)
    const [after] = await getDb().select({ c: profiles.preferredCurrency }).from(profiles).where(eq(profiles.userId, u.id))
    expect(after!.c).toBe('EUR')
    // The database refuses what the schema would: a currency is one of CURRENCIES.
    await expect(getDb().update(profiles).set({ preferredCurrency: 'GBP' as never }).where(eq(profiles.userId, u.id))).rejects.toThrow()
  })
})

describe('POST /currency (the header’s menu)', () => {
  it('keeps a visitor’s pick in a cookie and goes back to the page', async () => {
    const out = await callRoute(currencyAction as never, '/currency', { body: form({ currency: 'EUR', redirectTo: '/products/x?lng=ru' }) })
    expect(out.status).toBe(302)
    expect(out.location).toBe('/products/x?lng=ru')
    expect(out.headers.getSetCookie().find((c) => c.startsWith('cur='))).toMatch(/^cur=EUR; Path=\/; Max-Age=\d+; SameSite=Lax/)
  })

  it('saves a signed-in user’s pick to their profile', async () => {
    const u = await createSignedInUser({ country: 'Russia' })
    const out = await callRoute(currencyAction as never, '/currency', { cookie: u.cookie, body: form({ currency: 'INR', redirectTo: '/marketplace' }) })
    expect(out.location).toBe('/marketplace')
    const [row] = await getDb().select({ c: profiles.preferredCurrency }).from(profiles).where(eq(profiles.id, u.profileId))
    expect(row!.c).toBe('INR')
  })

  it('refuses a currency outside the list with a message, changing nothing, and never redirects off the site', async () => {
    const out = await callRoute(currencyAction as never, '/currency', { body: form({ currency: 'GBP', redirectTo: 'https://evil.example/' }) })
    expect(out.location).toBe('/')
    expect(out.headers.getSetCookie().some((c) => c.startsWith('cur='))).toBe(false)
    expect(await toastOf(out.response)).toMatchObject({ type: 'error', key: 'common:currency.invalid' })
  })
})

describe('the reader’s rates (root loader)', () => {
  it('names the reader’s currency: the profile’s, else the cookie’s, else the language’s country', async () => {
    await seedRates([{ from: 'RUB', to: 'INR', rate: '0.9333', effectiveDate: daysAgo(1) }])
    expect((await rootData(null, '/?lng=hi')).rates.currency).toBe('INR')
    expect((await rootData(null, '/?lng=ru')).rates.currency).toBe('RUB')
    expect((await rootData(null, '/?lng=en')).rates.currency).toBe('USD')
    expect((await rootData('cur=EUR', '/?lng=hi')).rates.currency).toBe('EUR')
    // A forged cookie is ignored.
    expect((await rootData('cur=XYZ', '/?lng=ru')).rates.currency).toBe('RUB')
    const buyer = await createSignedInUser({ country: 'India' })
    const data = await rootData(`${buyer.cookie}; cur=USD`, '/?lng=en')
    expect(data.rates.currency).toBe('INR')
    expect(data.rates.rates.RUB).toMatchObject({ rate: '0.9333000000', effectiveDate: daysAgo(1), source: 'test rates' })
  })

  it('passes only fresh rates, one from each other currency, inverted where only the other direction is kept', async () => {
    await seedRates([
      { from: 'USD', to: 'INR', rate: '84.00', effectiveDate: daysAgo(2) },
      // Older than RATE_MAX_AGE_DAYS (7): nothing converted rather than a stale figure.
      { from: 'EUR', to: 'INR', rate: '90.00', effectiveDate: daysAgo(8) },
      { from: 'INR', to: 'RUB', rate: '1.25', effectiveDate: daysAgo(0) },
    ])
    const rates = await requestReaderRates(requestAs(null, 'http://localhost:3000/?lng=hi'), 'hi')
    expect(rates.currency).toBe('INR')
    expect(Object.keys(rates.rates).sort()).toEqual(['RUB', 'USD'])
    expect(rates.rates.RUB!.rate).toBe('0.8000000000')
    expect(rates.rates.EUR).toBeUndefined()
  })
})

describe('catalog filters across currencies and units', () => {
  it('compares a price range in the reader’s currency through the same rates; products without a rate never match', async () => {
    await seedRates([
      { from: 'USD', to: 'INR', rate: '84.00', effectiveDate: daysAgo(1) },
      { from: 'RUB', to: 'INR', rate: '0.93', effectiveDate: daysAgo(1) },
    ])
    const category = await createCategory()
    const inr = await createProduct({ categoryId: category.id, price: '9000.00', currency: 'INR' })
    const usd = await createProduct({ categoryId: category.id, price: '100.00', currency: 'USD' }) // ₹8,400.00
    const rub = await createProduct({ categoryId: category.id, price: '10000.00', currency: 'RUB' }) // ₹9,300.00
    await createProduct({ categoryId: category.id, price: '200.00', currency: 'USD' }) // ₹16,800.00
    const prices = await requestReaderRates(requestAs(null, 'http://localhost:3000/?lng=hi'), 'hi')
    const ids = async (search: string, p = prices) =>
      (await loadListing(new URL(`http://localhost:3000/marketplace?category=${category.id}&sort=price_asc&${search}`), 'hi', { prices: p })).result.items.map((i) => i.id).sort()
    expect(await ids('minPrice=8000&maxPrice=9500')).toEqual([inr.id, usd.id, rub.id].sort())
    // The bounds are inclusive of the converted figure as shown (10000 × 0.93 = 9300.00).
    expect(await ids('minPrice=9300&maxPrice=9300')).toEqual([rub.id])
    expect(await ids('minPrice=8000&maxPrice=9500&currency=RUB')).toEqual([rub.id])
    // Without a usable rate for roubles, a rouble price has no rupee figure: it matches no range.
    const noRub = { ...prices, rates: { USD: prices.rates.USD } }
    expect(await ids('minPrice=8000&maxPrice=9500', noRub)).toEqual([inr.id, usd.id].sort())
  })

  it('compares the minimum order within a unit’s dimension: 500 t never passes for 500 pieces', async () => {
    const category = await createCategory()
    const tonnes = await createProduct({ categoryId: category.id, unit: 'tonnes', minimumOrderQuantity: 500 })
    const kg = await createProduct({ categoryId: category.id, unit: 'kg', minimumOrderQuantity: 200 })
    const pieces = await createProduct({ categoryId: category.id, unit: 'pieces', minimumOrderQuantity: 400 })
    const bags = await createProduct({ categoryId: category.id, unit: 'bags', minimumOrderQuantity: 10 })
    const ids = async (search: string) =>
      (await loadListing(new URL(`http://localhost:3000/marketplace?category=${category.id}&${search}`), 'en')).result.items.map((i) => i.id).sort()
    expect(await ids('maxMoq=500&moqUnit=pieces')).toEqual([pieces.id])
    // 200 kg is 0.2 t; 500 t is 500,000 kg.
    expect(await ids('maxMoq=1&moqUnit=tonnes')).toEqual([kg.id])
    expect(await ids('maxMoq=500&moqUnit=tonnes')).toEqual([tonnes.id, kg.id].sort())
    expect(await ids('maxMoq=500000&moqUnit=kg')).toEqual([tonnes.id, kg.id].sort())
    expect(await ids('maxMoq=10&moqUnit=bags')).toEqual([bags.id])
    // No unit named: pieces, and the page says so.
    const listing = await loadListing(new URL(`http://localhost:3000/marketplace?category=${category.id}&maxMoq=500`), 'en')
    expect(listing.query.moqUnit).toBe('pieces')
    expect(listing.notices).toContain('moqUnitAssumed')
    expect(listing.result.items.map((i) => i.id)).toEqual([pieces.id])
  })
})

