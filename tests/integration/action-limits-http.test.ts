// The action limits as a browser meets them, through the production build (root middleware, action,
// SSR): a refused form post renders the page again with the translated message, status 429 and
// Retry-After; a fetcher's .data post gets the same status and header; and the write-burst backstop
// answers any write with the translated "Too many requests" page. Needs `npm run build` first.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rfqs } from '../../db/schema'
import { ACTION_LIMITS } from '~/lib/action-limits'
import { getDb } from '~/lib/db.server'
import { countInWindow, limitKey } from '~/lib/rate-limit.server'
import { createUser, signInCookie } from '../factories/users'
import { rfqFormFields } from '../factories/trade'
import { dispatch } from '../support/app'
import { dbFingerprint, fingerprintTables } from '../support/db-fingerprint'
import en from '../../public/locales/en/common.json'
import ru from '../../public/locales/ru/common.json'

async function buyer() {
  const u = await createUser({ profile: { userType: 'Buyer', country: 'India' } })
  return { ...u, profileId: u.profileId!, cookie: await signInCookie(u.email, u.password) }
}

const rfqBody = (title: string) => new URLSearchParams(rfqFormFields({ title }))

const rfqCount = async (buyerId: string) => (await getDb().select({ id: rfqs.id }).from(rfqs).where(eq(rfqs.buyerId, buyerId))).length
const [rfqHour] = ACTION_LIMITS.rfqCreate.windows

describe('a limited form post through the app', () => {
  it('renders the RFQ form again with the message, what was typed, 429 and Retry-After; nothing is written', async () => {
    const b = await buyer()
    await countInWindow(limitKey('rfqCreate', rfqHour!.windowMs, b.profileId), rfqHour!.windowMs, rfqHour!.max)
    const res = await dispatch('/create-rfq', { cookie: b.cookie, body: rfqBody('Sona masoori rice, 50 tonnes') })
    expect(res.status).toBe(429)
    const retryAfter = Number(res.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(rfqHour!.windowMs / 1000)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const html = await res.text()
    expect(html).toContain(en.limits.rfqCreate)
    // The form is there with what the buyer typed.
    expect(html).toContain('value="Sona masoori rice, 50 tonnes"')
    expect(await rfqCount(b.profileId)).toBe(0)
  })

  it('answers a fetcher-style .data post with 429 and Retry-After too, in Russian for a Russian reader', async () => {
    const b = await buyer()
    await countInWindow(limitKey('rfqCreate', rfqHour!.windowMs, b.profileId), rfqHour!.windowMs, rfqHour!.max)
    const page = await dispatch('/create-rfq', { cookie: b.cookie, body: rfqBody('Parboiled rice, 20 tonnes'), headers: { 'Accept-Language': 'ru' } })
    expect(page.status).toBe(429)
    expect(await page.text()).toContain(ru.limits.rfqCreate)
    const res = await dispatch('/create-rfq.data', { cookie: b.cookie, body: rfqBody('Parboiled rice, 20 tonnes') })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await res.text()).toContain('common:limits.rfqCreate')
    expect(await rfqCount(b.profileId)).toBe(0)
  })
})

describe('the write-burst backstop (every write of a signed-in account)', () => {
  const [burst] = ACTION_LIMITS.writeBurst.windows

  it(`answers the write after ${burst!.max} in a minute with the translated "Too many requests" page, 429 and Retry-After; nothing written; reading and other accounts go on`, async () => {
    const b = await buyer()
    const other = await buyer()
    await countInWindow(limitKey('writeBurst', burst!.windowMs, b.id), burst!.windowMs, burst!.max)
    const tables = await fingerprintTables()
    const before = await dbFingerprint(tables)
    const res = await dispatch('/create-rfq', { cookie: b.cookie, body: rfqBody('Parboiled rice, 20 tonnes'), headers: { 'Accept-Language': 'ru' } })
    expect(res.status).toBe(429)
    const retryAfter = Number(res.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(burst!.windowMs / 1000)
    const html = await res.text()
    expect(html).toContain(ru.tooMany.title)
    expect(html).toContain(ru.tooMany.description)
    expect(await dbFingerprint(tables)).toBe(before)
    // A page load is not a write.
    expect((await dispatch('/create-rfq', { cookie: b.cookie })).status).toBe(200)
    // A fetcher's post gets the message as data.
    const data = await dispatch('/create-rfq.data', { cookie: b.cookie, body: rfqBody('Parboiled rice, 20 tonnes') })
    expect(data.status).toBe(429)
    expect(Number(data.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await data.text()).toContain(en.tooMany.description)
    // Someone else's post goes through.
    const theirs = await dispatch('/create-rfq', { cookie: other.cookie, body: rfqBody('Parboiled rice, 20 tonnes') })
    expect(theirs.status).toBe(302)
  })
})
