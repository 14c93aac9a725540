import { and, eq, isNull, ne, or, sql } from 'drizzle-orm'
import { profiles } from '../../../db/schema'
import { getDb, type Db } from '~/lib/db.server'
import { getStorage } from '~/lib/storage.server'
import { kycUploadDecision, type KycUploadDecision } from './policy'
import { KYC_EXTENSIONS, kycDocumentKey, type KycExtension } from './schemas'

/** Thrown when the profile may not upload a KYC document (no profile, not a seller, already approved, blocked). */
export class KycUploadRefusedError extends Error {
  readonly reason: Exclude<KycUploadDecision, 'allowed'>
  constructor(reason: Exclude<KycUploadDecision, 'allowed'>) {
    super(`KYC upload refused: ${reason}`)
    this.name = 'KycUploadRefusedError'
    this.reason = reason
  }
}

/**
 * Stores a validated KYC document at `{userId}/kyc_document.{ext}` (replacing any earlier one) and
 * marks the profile's KYC as Pending (clearing a reviewer's rejection reason). Returns the storage key. Throws KycUploadRefusedError when
 * the user's profile may not upload. With `opts.db` (a transaction), it runs inside that transaction.
 */
export async function storeKycDocument(
  userId: string,
  file: { ext: KycExtension; bytes: Uint8Array; mime: string },
  opts: { db?: Pick<Db, 'transaction'> } = {},
): Promise<string> {
  const storage = getStorage()
  const key = kycDocumentKey(userId, file.ext)
  // Inside a caller's transaction (a sign-up) this is a savepoint: the rows commit with the caller's.
  return (opts.db ?? getDb()).transaction(async (tx) => {
    // Uploads for one user run one after another, in every app process: the lock is held until
    // commit, across the check, the file write, the profile update and the removal of a document
    // stored under another extension, so two quick replacements cannot delete each other's file.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`kyc:${userId}`}, 0))`)
    const [profile] = await tx
      .select({ userType: profiles.userType, kycStatus: profiles.kycStatus, accountStatus: profiles.accountStatus, key: profiles.kycDocumentUrl })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .limit(1)
    const decision = kycUploadDecision(profile ? { ...profile, kycStatus: profile.kycStatus ?? null } : null)
    if (decision !== 'allowed') throw new KycUploadRefusedError(decision)

    await storage.put(key, file.bytes, { contentType: file.mime })

    let updated: { id: string }[]
    try {
      updated = await tx
        .update(profiles)
        .set({ kycDocumentUrl: key, kycStatus: 'Pending', kycRejectionReason: null, updatedAt: new Date() })
        .where(
          and(
            eq(profiles.userId, userId),
            eq(profiles.userType, 'Seller'),
            or(isNull(profiles.kycStatus), ne(profiles.kycStatus, 'Approved')),
          ),
        )
        .returning({ id: profiles.id })
    } catch (err) {
      if (profile.key !== key) await storage.delete(key).catch(() => {})
      throw err
    }
    if (updated.length === 0) {
      // Approved (or changed) by a reviewer between the check and the update: reviews do not take the lock.
      if (profile.key !== key) await storage.delete(key).catch(() => {})
      throw new KycUploadRefusedError('approved')
    }

    // Only one document per user: drop a previous one stored under another extension.
    for (const ext of KYC_EXTENSIONS) {
      if (ext !== file.ext) await storage.delete(kycDocumentKey(userId, ext)).catch(() => {})
    }
    return key
  })
}
