// Dispute evidence (issue 10 item 7): checked against DISPUTE_EVIDENCE (app/domain/uploads.ts) by the upload
// pipeline (app/lib/uploads.server.ts), kept in private storage under disputes/<disputeId>/<uuid>.<ext>.
// The parties download them through /orders/:id/dispute/evidence/:evidenceId, admins through a signed link.
import { getStorage } from '~/lib/storage.server'
import { storeUploads, type CheckedUpload, type StoredUpload } from '~/lib/uploads.server'
import type { EvidenceType } from './enums'

/** A checked file, ready to store. */
export type CheckedEvidence = CheckedUpload<EvidenceType>
/** A file written to storage, ready for its row. */
export type StoredEvidence = StoredUpload<EvidenceType>

/** Writes the files to private storage before the act's transaction; on a failure removes what was written. */
export function storeEvidence(disputeId: string, files: CheckedEvidence[]): Promise<StoredEvidence[]> {
  return storeUploads(`disputes/${disputeId}`, files)
}

/** The stored bytes of an evidence file, or null when it is gone. */
export async function readEvidenceBytes(storageKey: string): Promise<Uint8Array | null> {
  const file = await getStorage().get(storageKey)
  return file?.bytes ?? null
}
