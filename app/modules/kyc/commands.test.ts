import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { profiles } from '../../../db/schema'
import { createUser } from '../../../tests/factories/users'
import { pdfBytes, pngBytes, useTempStorage } from '../../../tests/factories/files'
import { getDb } from '~/lib/db.server'
import { KycUploadRefusedError, storeKycDocument } from './commands.server'
import { getKycOverview, readKycDocumentOfUser } from './queries.server'

let temp: ReturnType<typeof useTempStorage>
beforeEach(() => {
  temp = useTempStorage()
})
afterEach(() => temp.cleanup())

const profileOf = async (userId: string) =>
  (await getDb().select().from(profiles).where(eq(profiles.userId, userId)))[0]

describe('storeKycDocument', () => {
  it('stores the file at {userId}/kyc_document.{ext} and marks KYC Pending', async () => {
    const u = await createUser({ profile: { userType: 'Seller' } })
    const before = await profileOf(u.id)
    const key = await storeKycDocument(u.id, { ext: 'pdf', bytes: pdfBytes(), mime: 'application/pdf' })
    expect(key).toBe(`${u.id}/kyc_document.pdf`)
    expect(temp.listFiles()).toEqual([`${u.id}/.kyc_document.pdf.meta.json`, `${u.id}/kyc_document.pdf`])
    const after = await profileOf(u.id)
    expect(after).toMatchObject({ kycDocumentUrl: key, kycStatus: 'Pending' })
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime())
    expect(await readKycDocumentOfUser(u.id)).toMatchObject({ contentType: 'application/pdf', fileName: 'kyc_document.pdf', bytes: pdfBytes() })
  })

  it('replaces an older document stored under another extension', async () => {
    const u = await createUser({ profile: { userType: 'Seller', kycStatus: 'Rejected' } })
    await storeKycDocument(u.id, { ext: 'pdf', bytes: pdfBytes(), mime: 'application/pdf' })
    const key = await storeKycDocument(u.id, { ext: 'png', bytes: pngBytes(), mime: 'image/png' })
    expect(key).toBe(`${u.id}/kyc_document.png`)
    expect(temp.listFiles()).toEqual([`${u.id}/.kyc_document.png.meta.json`, `${u.id}/kyc_document.png`])
    expect(await getKycOverview(u.id)).toEqual({
      userType: 'Seller',
      kycStatus: 'Pending',
      hasDocument: true,
      documentType: 'png',
      uploadDecision: 'allowed',
    })
  })

  it.each([
    ['a buyer', { userType: 'Buyer' as const }, 'notSeller'],
    ['an approved seller', { userType: 'Seller' as const, kycStatus: 'Approved' as const, kycDocumentUrl: 'x/kyc_document.pdf' }, 'approved'],
    ['a suspended seller', { userType: 'Seller' as const, accountStatus: 'suspended' as const }, 'inactive'],
  ])('refuses %s and stores nothing', async (_, profile, reason) => {
    const u = await createUser({ profile })
    const before = await profileOf(u.id)
    const err = await storeKycDocument(u.id, { ext: 'pdf', bytes: pdfBytes(), mime: 'application/pdf' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(KycUploadRefusedError)
    expect((err as KycUploadRefusedError).reason).toBe(reason)
    expect(temp.listFiles()).toEqual([])
    expect(await profileOf(u.id)).toEqual(before)
  })

  it('refuses a user without profile', async () => {
    const u = await createUser({ profile: null })
    await expect(storeKycDocument(u.id, { ext: 'png', bytes: pngBytes(), mime: 'image/png' })).rejects.toMatchObject({ reason: 'noProfile' })
    expect(temp.listFiles()).toEqual([])
  })

  it('keeps exactly one document when replacements race', async () => {
    const u = await createUser({ profile: { userType: 'Seller' } })
    const [a, b] = await Promise.all([
      storeKycDocument(u.id, { ext: 'pdf', bytes: pdfBytes(), mime: 'application/pdf' }),
      storeKycDocument(u.id, { ext: 'png', bytes: pngBytes(), mime: 'image/png' }),
    ])
    expect([a, b]).toEqual([`${u.id}/kyc_document.pdf`, `${u.id}/kyc_document.png`])
    expect(temp.listFiles().filter((f) => !f.includes('.meta.'))).toEqual([`${u.id}/kyc_document.png`])
    expect((await profileOf(u.id)).kycDocumentUrl).toBe(`${u.id}/kyc_document.png`)
  })
})
