import { eq, sql } from 'drizzle-orm'
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
      rejectionReason: null,
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

  it('keeps exactly one document, the one on the profile, when replacements race', async () => {
    const u = await createUser({ profile: { userType: 'Seller' } })
    const uploads = await Promise.all([
      storeKycDocument(u.id, { ext: 'pdf', bytes: pdfBytes(), mime: 'application/pdf' }),
      storeKycDocument(u.id, { ext: 'png', bytes: pngBytes(), mime: 'image/png' }),
      storeKycDocument(u.id, { ext: 'pdf', bytes: pdfBytes(), mime: 'application/pdf' }),
      storeKycDocument(u.id, { ext: 'png', bytes: pngBytes(), mime: 'image/png' }),
    ])
    expect(uploads).toEqual([`${u.id}/kyc_document.pdf`, `${u.id}/kyc_document.png`, `${u.id}/kyc_document.pdf`, `${u.id}/kyc_document.png`])
    // On PostgreSQL the lock decides the order, not the call order: whichever ran last is the one kept.
    const kept = (await profileOf(u.id)).kycDocumentUrl
    expect(temp.listFiles().filter((f) => !f.includes('.meta.'))).toEqual([kept])
    expect(await readKycDocumentOfUser(u.id)).not.toBeNull()
  })

  it('waits while another process holds the same user\'s upload lock', async () => {
    const u = await createUser({ profile: { userType: 'Seller' } })
    // What a concurrent upload in another app process does first (on PostgreSQL this is another
    // pooled connection, so another session); an in-process queue would not see it.
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let signalLocked!: () => void
    const locked = new Promise<void>((resolve) => (signalLocked = resolve))
    const otherProcess = getDb().transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`kyc:${u.id}`}, 0))`)
      signalLocked()
      await released
    })
    await locked

    let finished = false
    const upload = storeKycDocument(u.id, { ext: 'png', bytes: pngBytes(), mime: 'image/png' }).finally(() => (finished = true))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(finished).toBe(false)
    // (The profile is read after the release: on PGlite, one session, any query waits for that transaction.)
    expect(temp.listFiles()).toEqual([])

    release()
    await otherProcess
    expect(await upload).toBe(`${u.id}/kyc_document.png`)
    expect((await profileOf(u.id)).kycDocumentUrl).toBe(`${u.id}/kyc_document.png`)
  })
})
