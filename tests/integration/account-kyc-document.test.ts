import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeFile, pdfBytes, pngBytes, SANDBOXED, servedFileHeaders, useTempStorage } from '../factories/files'
import { createUser, signInCookie } from '../factories/users'
import { callRoute, form } from './account-support'
import { createSignedUrl } from '~/lib/storage.server'
import { action as uploadAction } from '~/routes/account/kyc-upload'
import { loader } from '~/routes/account/kyc-document'

let temp: ReturnType<typeof useTempStorage>
beforeEach(() => {
  temp = useTempStorage()
})
afterEach(() => temp.cleanup())

async function sellerWithDocument(bytes = pdfBytes(), name = 'doc.pdf') {
  const u = await createUser({ profile: { userType: 'Seller' } })
  const cookie = await signInCookie(u.email, u.password)
  const out = await callRoute(uploadAction, '/kyc-upload', { cookie, body: form({ kycDocument: makeFile(bytes, name) }) })
  expect(out.location).toBe('/dashboard')
  return { ...u, cookie }
}

describe('GET /kyc-document', () => {
  it('streams the owner\'s own document with safe headers', async () => {
    const seller = await sellerWithDocument()
    const out = await callRoute(loader, '/kyc-document', { cookie: seller.cookie })
    expect(out.status).toBe(200)
    const res = out.response!
    expect(servedFileHeaders(res)).toEqual({ ...SANDBOXED, type: 'application/pdf', disposition: 'inline; filename="kyc_document.pdf"', cache: 'private, max-age=3600' })
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdfBytes())
  })

  it('serves a PNG with its own content type', async () => {
    const seller = await sellerWithDocument(pngBytes(), 'x.pdf')
    const res = (await callRoute(loader, '/kyc-document', { cookie: seller.cookie })).response!
    expect(servedFileHeaders(res)).toMatchObject({ type: 'image/png', disposition: 'inline; filename="kyc_document.png"', csp: SANDBOXED.csp })
  })

  it('refuses another signed-in user asking for someone else\'s document', async () => {
    const owner = await sellerWithDocument()
    const other = await sellerWithDocument(pngBytes())
    const out = await callRoute(loader, `/kyc-document?user=${encodeURIComponent(owner.id)}`, { cookie: other.cookie })
    expect(out.status).toBe(403)
    expect(await out.response!.text()).toBe('You do not have permission to open this document.')
  })

  it('answers 404 to a seller without a document', async () => {
    const u = await createUser({ profile: { userType: 'Seller' } })
    const out = await callRoute(loader, '/kyc-document', { cookie: await signInCookie(u.email, u.password) })
    expect(out.status).toBe(404)
  })

  it('sends anonymous visitors to log in', async () => {
    await sellerWithDocument()
    const out = await callRoute(loader, '/kyc-document')
    expect(out.status).toBe(302)
    expect(out.location).toBe('/login?redirectTo=%2Fkyc-document')
  })

  describe('signed URLs', () => {
    it('opens the document without a session while valid', async () => {
      const seller = await sellerWithDocument()
      const url = createSignedUrl(`${seller.id}/kyc_document.pdf`, 300)
      const out = await callRoute(loader, url)
      expect(out.status).toBe(200)
      expect(out.response!.headers.get('Content-Type')).toBe('application/pdf')
      expect(out.response!.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(Number(/max-age=(\d+)/.exec(out.response!.headers.get('Cache-Control')!)![1])).toBeLessThanOrEqual(300)
    })

    it('refuses an expired link', async () => {
      const seller = await sellerWithDocument()
      const url = createSignedUrl(`${seller.id}/kyc_document.pdf`, 60, { now: Date.now() - 120_000 })
      const out = await callRoute(loader, `${url}&lng=ru`)
      expect(out.status).toBe(403)
      expect(await out.response!.text()).toBe('Ссылка на документ недействительна или устарела.')
    })

    it('refuses a tampered link (another user\'s key with a copied signature)', async () => {
      const a = await sellerWithDocument()
      const b = await sellerWithDocument()
      const url = new URL(createSignedUrl(`${a.id}/kyc_document.pdf`, 300), 'http://x')
      url.searchParams.set('key', `${b.id}/kyc_document.pdf`)
      expect((await callRoute(loader, `${url.pathname}${url.search}`)).status).toBe(403)
      url.searchParams.set('key', `${a.id}/kyc_document.pdf`)
      url.searchParams.set('sig', 'AAAA')
      expect((await callRoute(loader, `${url.pathname}${url.search}`)).status).toBe(403)
    })

    it('answers 404 for a validly signed key that is not a KYC document', async () => {
      const seller = await sellerWithDocument()
      // A signed key outside the KYC naming scheme is never served by this route.
      await temp.storage.put(`${seller.id}/notes.pdf`, pdfBytes(), { contentType: 'application/pdf' })
      const out = await callRoute(loader, createSignedUrl(`${seller.id}/notes.pdf`, 300))
      expect(out.status).toBe(404)
    })
  })
})
