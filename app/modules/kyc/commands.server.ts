import { and, eq, isNull, ne, or } from 'drizzle-orm'
import { profiles } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
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

// Uploads for one user run one after another, so two quick replacements with different file types
// cannot delete each other's file.
const queues = new Map<string, Promise<unknown>>()
function serialised<T>(userId: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(userId) ?? Promise.resolve()
  const run = previous.catch(() => {}).then(task)
  queues.set(userId, run)
  void run.finally(() => {
    if (queues.get(userId) === run) queues.delete(userId)
  }).catch(() => {})
  return run
}

/**
 * Stores a validated KYC document at `{userId}/kyc_document.{ext}` (replacing any earlier one) and
 * marks the profile's KYC as Pending. Returns the storage key. Throws KycUploadRefusedError when
 * the user's profile may not upload.
 */
export function storeKycDocument(
  userId: string,
  file: { ext: KycExtension; bytes: Uint8Array; mime: string },
): Promise<string> {
  return serialised(userId, async () => {
    const db = getDb()
    const [profile] = await db
      .select({ userType: profiles.userType, kycStatus: profiles.kycStatus, accountStatus: profiles.accountStatus, key: profiles.kycDocumentUrl })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .limit(1)
    const decision = kycUploadDecision(profile ? { ...profile, kycStatus: profile.kycStatus ?? null } : null)
    if (decision !== 'allowed') throw new KycUploadRefusedError(decision)

    const storage = getStorage()
    const key = kycDocumentKey(userId, file.ext)
    await storage.put(key, file.bytes, { contentType: file.mime })

    let updated: { id: string }[]
    try {
      updated = await db
        .update(profiles)
        .set({ kycDocumentUrl: key, kycStatus: 'Pending', updatedAt: new Date() })
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
      // Approved (or changed) by someone else between the check and the update.
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
