import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { profiles } from '../../db/schema'
import { elfBytes, exeBytes, htmlBytes, jpegBytes, makeFile, padTo, pdfBytes, pngBytes, useTempStorage } from '../factories/files'
import { createSignedInUser } from '../factories/users'
import { callRoute, form, toastOf } from './account-support'
import { getDb } from '~/lib/db.server'
import { action, loader } from '~/routes/account/kyc-upload'

let temp: ReturnType<typeof useTempStorage>
beforeEach(() => {
  temp = useTempStorage()
})
afterEach(() => temp.cleanup())

const profileOf = async (userId: string) => (await getDb().select().from(profiles).where(eq(profiles.userId, userId)))[0]
const upload = (cookie: string | null, file: File | string) => callRoute(action, '/kyc-upload', { cookie, body: form({ kycDocument: file }) })
const MB5 = 5 * 1024 * 1024

describe('/kyc-upload loader: every state of the spec', () => {
  it('shows "Login Required" (200, not a redirect) to anonymous visitors', async () => {
    const out = await callRoute(loader, '/kyc-upload')
    expect(out.status).toBe(200)
    expect(out.data).toMatchObject({ state: 'anonymous', title: 'KYC Verification' })
  })

  it('shows "Seller Account Required" to a buyer', async () => {
    const buyer = await createSignedInUser({ userType: 'Buyer' })
    expect((await callRoute(loader, '/kyc-upload', { cookie: buyer.cookie })).data).toMatchObject({ state: 'notSeller', kyc: null })
  })

  it.each([
    [null, 'allowed'],
    ['Pending', 'allowed'],
    ['Rejected', 'allowed'],
    ['Approved', 'approved'],
  ] as const)('seller with KYC %s → upload %s', async (kycStatus, uploadDecision) => {
    const seller = await createSignedInUser({ userType: 'Seller', kycStatus, kycDocumentUrl: null })
    const out = await callRoute(loader, '/kyc-upload?lng=ru', { cookie: seller.cookie })
    expect(out.data).toMatchObject({ state: 'seller', title: 'Проверка KYC', kyc: { kycStatus, uploadDecision, hasDocument: false } })
  })

  it('never reveals the storage key', async () => {
    const seller = await createSignedInUser({ userType: 'Seller' })
    await upload(seller.cookie, makeFile(pdfBytes()))
    const out = await callRoute(loader, '/kyc-upload', { cookie: seller.cookie })
    expect(out.data).toMatchObject({ kyc: { hasDocument: true, documentType: 'pdf', kycStatus: 'Pending' } })
    expect(JSON.stringify(out.data)).not.toContain('kyc_document')
    expect(JSON.stringify(out.data)).not.toContain(seller.id)
  })
})

describe('/kyc-upload action', () => {
  it('stores a first document, sets KYC Pending and goes to /dashboard with the success message', async () => {
    const seller = await createSignedInUser({ userType: 'Seller' })
    const out = await upload(seller.cookie, makeFile(pdfBytes(), 'Certificate of Incorporation.pdf'))
    expect(out.status).toBe(302)
    expect(out.location).toBe('/dashboard')
    expect(await toastOf(out.response)).toEqual({ type: 'success', key: 'kyc:uploaded' })
    expect(temp.listFiles()).toContain(`${seller.id}/kyc_document.pdf`)
    expect(await profileOf(seller.id)).toMatchObject({ kycStatus: 'Pending', kycDocumentUrl: `${seller.id}/kyc_document.pdf` })
  })

  it('lets a pending seller replace the document (old extension removed)', async () => {
    const seller = await createSignedInUser({ userType: 'Seller' })
    await upload(seller.cookie, makeFile(pdfBytes()))
    const out = await upload(seller.cookie, makeFile(pngBytes(), 'scan.png', 'image/png'))
    expect(out.location).toBe('/dashboard')
    expect(temp.listFiles().filter((f) => !f.includes('.meta.'))).toEqual([`${seller.id}/kyc_document.png`])
    expect(await profileOf(seller.id)).toMatchObject({ kycStatus: 'Pending', kycDocumentUrl: `${seller.id}/kyc_document.png` })
  })

  it('lets a rejected seller upload a new document, which goes back to Pending', async () => {
    const seller = await createSignedInUser({ userType: 'Seller', kycStatus: 'Rejected' })
    const out = await upload(seller.cookie, makeFile(jpegBytes(), 'photo.jpeg', 'image/jpeg'))
    expect(out.location).toBe('/dashboard')
    expect(await profileOf(seller.id)).toMatchObject({ kycStatus: 'Pending', kycDocumentUrl: `${seller.id}/kyc_document.jpg` })
  })

  it('sends anonymous visitors to log in', async () => {
    const out = await upload(null, makeFile(pdfBytes()))
    expect(out.status).toBe(302)
    expect(out.location).toBe('/login?redirectTo=%2Fkyc-upload')
    expect(temp.listFiles()).toEqual([])
  })

  it.each([
    ['a buyer', { userType: 'Buyer' as const }, 'kyc:errors.sellerOnly'],
    ['an approved seller', { userType: 'Seller' as const, kycStatus: 'Approved' as const }, 'kyc:errors.alreadyApproved'],
  ])('refuses %s with 403 and stores nothing', async (_, profile, error) => {
    const user = await createSignedInUser(profile)
    const before = await profileOf(user.id)
    const out = await upload(user.cookie, makeFile(pdfBytes()))
    expect(out.status).toBe(403)
    expect(out.data).toEqual({ error })
    expect(temp.listFiles()).toEqual([])
    expect(await profileOf(user.id)).toEqual(before)
  })

  it.each([
    ['HTML renamed .pdf', () => makeFile(htmlBytes(), 'kyc.pdf', 'application/pdf'), 'kyc:errors.invalidType'],
    ['an ELF executable renamed .pdf', () => makeFile(elfBytes(), 'kyc.pdf', 'application/pdf'), 'kyc:errors.invalidType'],
    ['a Windows executable renamed .png', () => makeFile(exeBytes(), 'kyc.png', 'image/png'), 'kyc:errors.invalidType'],
    ['a text file', () => makeFile(new TextEncoder().encode('hello world, this is not a document'), 'kyc.txt', 'text/plain'), 'kyc:errors.invalidType'],
    ['5 MB + 1 byte', () => makeFile(padTo(pdfBytes(), MB5 + 1)), 'kyc:errors.tooLarge'],
    ['an empty file', () => makeFile(new Uint8Array(), 'kyc.pdf'), 'kyc:upload.missingFile'],
    ['no file at all', () => '', 'kyc:upload.missingFile'],
    ['a hostile file name with HTML inside', () => makeFile(htmlBytes(), '../../../public/index.html', 'text/html'), 'kyc:errors.invalidType'],
  ])('rejects %s with the spec message and stores nothing', async (_, file, error) => {
    const seller = await createSignedInUser({ userType: 'Seller', kycStatus: 'Rejected' })
    const before = await profileOf(seller.id)
    const out = await upload(seller.cookie, file())
    expect([400, 413]).toContain(out.status)
    expect(out.data).toEqual({ error })
    expect(temp.listFiles()).toEqual([])
    expect(await profileOf(seller.id)).toEqual(before)
  })

  it('accepts exactly 5 MB', async () => {
    const seller = await createSignedInUser({ userType: 'Seller' })
    const out = await upload(seller.cookie, makeFile(padTo(pdfBytes(), MB5)))
    expect(out.location).toBe('/dashboard')
    expect(temp.listFiles()).toContain(`${seller.id}/kyc_document.pdf`)
  })

  it('stores a file with a hostile name under the fixed key only', async () => {
    const seller = await createSignedInUser({ userType: 'Seller' })
    const out = await upload(seller.cookie, makeFile(pngBytes(), '../../etc/passwd<script>.png', 'text/html'))
    expect(out.location).toBe('/dashboard')
    expect(temp.listFiles()).toEqual([`${seller.id}/.kyc_document.png.meta.json`, `${seller.id}/kyc_document.png`])
  })

  it('refuses an oversized request without reading it whole (413)', async () => {
    const seller = await createSignedInUser({ userType: 'Seller' })
    const out = await upload(seller.cookie, makeFile(padTo(pdfBytes(), 7 * 1024 * 1024)))
    expect(out.status).toBe(413)
    expect(out.data).toEqual({ error: 'kyc:errors.tooLarge' })
    expect(temp.listFiles()).toEqual([])
  })

  it('answers a malformed multipart body with 400, not 500', async () => {
    const seller = await createSignedInUser({ userType: 'Seller' })
    const out = await callRoute(action, '/kyc-upload', {
      cookie: seller.cookie,
      body: '--x\r\nContent-Disposition: form-data; name="kycDocument"; filename="a.pdf"\r\n\r\n%PDF-trunc',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
    })
    expect(out.status).toBe(400)
    expect(out.data).toEqual({ error: 'kyc:errors.badRequest' })
    expect(temp.listFiles()).toEqual([])
  })
})
