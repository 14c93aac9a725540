// Shared KYC constants and types (browser-safe: no server imports). The document's upload rule (types,
// size, the picker's accept) is KYC_DOCUMENT in app/domain/uploads.ts.
import { FILE_TYPES, KYC_DOCUMENT, type StoredExtension } from '~/domain/uploads'

/** The extensions a KYC document is stored under, one per allowed type. */
export const KYC_EXTENSIONS = KYC_DOCUMENT.types.map((t) => FILE_TYPES[t][0])
export type KycExtension = StoredExtension<(typeof KYC_DOCUMENT.types)[number]>

/** Name of the file field in every KYC upload form. */
export const KYC_FIELD = KYC_DOCUMENT.field

/** The storage key of a user's KYC document: `{userId}/kyc_document.{ext}` (spec §7). */
export function kycDocumentKey(userId: string, ext: KycExtension) {
  return `${userId}/kyc_document.${ext}`
}

const KEY_PATTERN = new RegExp(`^([A-Za-z0-9_-]{1,128})/kyc_document\\.(${KYC_EXTENSIONS.join('|')})$`)

/** Splits a KYC storage key into owner and extension; null for anything else. */
export function parseKycDocumentKey(key: string): { userId: string; ext: KycExtension } | null {
  const m = KEY_PATTERN.exec(key)
  return m ? { userId: m[1], ext: m[2] as KycExtension } : null
}

export type KycStatusValue = 'Pending' | 'Approved' | 'Rejected' | null

/** A reviewer's reason for rejecting a KYC document: 1–1000 characters, shown to the seller. */
export const KYC_REJECTION_REASON_MAX = 1000
