import { eq } from 'drizzle-orm'
import { profiles } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { getStorage, type StoredFile } from '~/lib/storage.server'
import { kycUploadDecision, type KycUploadDecision } from './policy'
import { parseKycDocumentKey, type KycExtension, type KycStatusValue } from './schemas'

/** What a page may know about a user's KYC: never the storage key itself. */
export type KycOverview = {
  userType: 'Buyer' | 'Seller'
  kycStatus: KycStatusValue
  hasDocument: boolean
  documentType: KycExtension | null
  uploadDecision: KycUploadDecision
  /** The reviewer's reason, while the status is Rejected. */
  rejectionReason: string | null
}

/** KYC state of the user's profile, or null when the user has no profile. */
export async function getKycOverview(userId: string): Promise<KycOverview | null> {
  const [row] = await getDb()
    .select({
      userType: profiles.userType,
      kycStatus: profiles.kycStatus,
      accountStatus: profiles.accountStatus,
      key: profiles.kycDocumentUrl,
      rejectionReason: profiles.kycRejectionReason,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1)
  if (!row) return null
  const parsed = row.key ? parseKycDocumentKey(row.key) : null
  const kycStatus = row.kycStatus ?? null
  return {
    userType: row.userType,
    kycStatus,
    hasDocument: parsed !== null,
    documentType: parsed?.ext ?? null,
    uploadDecision: kycUploadDecision({ userType: row.userType, kycStatus, accountStatus: row.accountStatus }),
    rejectionReason: kycStatus === 'Rejected' ? row.rejectionReason : null,
  }
}

export type KycDocument = StoredFile & { fileName: string }

/** Reads a stored KYC document by key; null when the key is not a KYC key or the file is gone. */
export async function readKycDocumentByKey(key: string): Promise<KycDocument | null> {
  const parsed = parseKycDocumentKey(key)
  if (!parsed) return null
  const stored = await getStorage().get(key)
  return stored ? { ...stored, fileName: `kyc_document.${parsed.ext}` } : null
}

/** Reads the KYC document currently recorded on `userId`'s profile (callers check canViewKycDocument first). */
export async function readKycDocumentOfUser(userId: string): Promise<KycDocument | null> {
  const [row] = await getDb()
    .select({ key: profiles.kycDocumentUrl })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1)
  if (!row?.key) return null
  return readKycDocumentByKey(row.key)
}
