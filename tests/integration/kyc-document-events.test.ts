// Every open of a KYC document (identity papers) lands in the security event log: who opened it,
// whose it was, how, and from which address. Refused or failed opens record nothing.
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { securityEvents } from '../../db/schema'
import { makeFile, pdfBytes, useTempStorage } from '../factories/files'
import { createUser, signInCookie } from '../factories/users'
import { callRoute, form } from './account-support'
import { CLIENT_IP_HEADER } from '~/lib/auth.server'
import { getDb } from '~/lib/db.server'
import { createSignedUrl } from '~/lib/storage.server'
import { action as uploadAction } from '~/routes/account/kyc-upload'
import { loader } from '~/routes/account/kyc-document'

let temp: ReturnType<typeof useTempStorage>
beforeEach(() => {
  temp = useTempStorage()
})
afterEach(() => temp.cleanup())

async function sellerWithDocument() {
  const u = await createUser({ profile: { userType: 'Seller' } })
  const cookie = await signInCookie(u.email, u.password)
  const out = await callRoute(uploadAction, '/kyc-upload', { cookie, body: form({ kycDocument: makeFile(pdfBytes(), 'doc.pdf') }) })
  expect(out.location).toBe('/dashboard')
  return { ...u, cookie }
}

const openEvents = () =>
  getDb()
    .select({ userId: securityEvents.userId, ipAddress: securityEvents.ipAddress, userAgent: securityEvents.userAgent, details: securityEvents.details })
    .from(securityEvents)
    .where(eq(securityEvents.type, 'kyc_document_opened'))

const from = (ip: string) => ({ [CLIENT_IP_HEADER]: ip, 'User-Agent': 'KycTest/1.0' })

describe('kyc_document_opened security events', () => {
  it('records the owner opening their own document, with the client address', async () => {
    const seller = await sellerWithDocument()
    const before = (await openEvents()).length
    const out = await callRoute(loader, '/kyc-document', { cookie: seller.cookie, headers: from('203.0.113.7') })
    expect(out.status).toBe(200)
    const events = await openEvents()
    expect(events).toHaveLength(before + 1)
    expect(events.at(-1)).toEqual({
      userId: seller.id,
      ipAddress: '203.0.113.7',
      userAgent: 'KycTest/1.0',
      details: { ownerId: seller.id, access: 'session' },
    })
  })

  it('records a signed link opened without a session (opener unknown, owner in details)', async () => {
    const seller = await sellerWithDocument()
    await getDb().delete(securityEvents)
    const out = await callRoute(loader, createSignedUrl(`${seller.id}/kyc_document.pdf`, 300), { headers: from('198.51.100.20') })
    expect(out.status).toBe(200)
    expect(await openEvents()).toEqual([
      { userId: null, ipAddress: '198.51.100.20', userAgent: 'KycTest/1.0', details: { ownerId: seller.id, access: 'signed_url' } },
    ])
  })

  it('records who was signed in when opening someone else\'s document by signed link', async () => {
    const owner = await sellerWithDocument()
    const reviewer = await createUser({ profile: { userType: 'Buyer' } })
    const cookie = await signInCookie(reviewer.email, reviewer.password)
    await getDb().delete(securityEvents)
    const out = await callRoute(loader, createSignedUrl(`${owner.id}/kyc_document.pdf`, 300), { cookie, headers: from('192.0.2.44') })
    expect(out.status).toBe(200)
    expect(await openEvents()).toMatchObject([{ userId: reviewer.id, ipAddress: '192.0.2.44', details: { ownerId: owner.id, access: 'signed_url' } }])
  })

  it('records nothing when the open is refused, the link is bad or there is no document', async () => {
    const owner = await sellerWithDocument()
    const other = await sellerWithDocument()
    const noDocument = await createUser({ profile: { userType: 'Seller' } })
    await getDb().delete(securityEvents)
    expect((await callRoute(loader, `/kyc-document?user=${encodeURIComponent(owner.id)}`, { cookie: other.cookie })).status).toBe(403)
    const tampered = new URL(createSignedUrl(`${owner.id}/kyc_document.pdf`, 300), 'http://x')
    tampered.searchParams.set('sig', 'AAAA')
    expect((await callRoute(loader, `${tampered.pathname}${tampered.search}`)).status).toBe(403)
    const noDocCookie = await signInCookie(noDocument.email, noDocument.password)
    expect((await callRoute(loader, '/kyc-document', { cookie: noDocCookie })).status).toBe(404)
    expect(await openEvents()).toEqual([])
  })
})
