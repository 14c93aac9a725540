// Shared KYC constants and types (browser-safe: no server imports).

/** Spec §9: KYC documents are at most 5 MB. */
export const KYC_MAX_BYTES = 5 * 1024 * 1024

export const KYC_EXTENSIONS = ['pdf', 'jpg', 'png'] as const
export type KycExtension = (typeof KYC_EXTENSIONS)[number]

/** What the file picker offers (spec §5); the server checks the bytes regardless. */
export const KYC_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png'

/** Name of the file field in every KYC upload form. */
export const KYC_FIELD = 'kycDocument'

export type KycErrorKey = 'kyc:errors.required' | 'kyc:errors.tooLarge' | 'kyc:errors.invalidType'

/** The storage key of a user's KYC document: `{userId}/kyc_document.{ext}` (spec §7). */
export function kycDocumentKey(userId: string, ext: KycExtension) {
  return `${userId}/kyc_document.${ext}`
}

const KEY_PATTERN = /^([A-Za-z0-9_-]{1,128})\/kyc_document\.(pdf|jpg|png)$/

/** Splits a KYC storage key into owner and extension; null for anything else. */
export function parseKycDocumentKey(key: string): { userId: string; ext: KycExtension } | null {
  const m = KEY_PATTERN.exec(key)
  return m ? { userId: m[1], ext: m[2] as KycExtension } : null
}

export type KycStatusValue = 'Pending' | 'Approved' | 'Rejected' | null

/** A reviewer's reason for rejecting a KYC document: 1–1000 characters, shown to the seller. */
export const KYC_REJECTION_REASON_MAX = 1000
