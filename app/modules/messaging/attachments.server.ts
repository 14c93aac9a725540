// Message attachments (issue 9 item 3): checked against MESSAGE_ATTACHMENT (app/domain/uploads.ts) by the
// upload pipeline (app/lib/uploads.server.ts), kept in private storage under
// messages/<conversationId>/<uuid>.<ext>, opened only by the two participants through
// /messages/:conversationId/attachments/:attachmentId.
import { and, eq, or } from 'drizzle-orm'
import { conversations, messageAttachments, messages } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { getStorage } from '~/lib/storage.server'
import { storeUploads, type CheckedUpload, type StoredUpload } from '~/lib/uploads.server'
import type { AttachmentType } from './enums'
import { isUuid } from './schemas'

/** A checked file, ready to store. */
export type CheckedAttachment = CheckedUpload<AttachmentType>

/** Writes a message's files to private storage (before the message's transaction); on a failure removes what was written. */
export function storeAttachments(conversationId: string, files: CheckedAttachment[]): Promise<StoredUpload<AttachmentType>[]> {
  return storeUploads(`messages/${conversationId}`, files)
}

/** An attachment's bytes for one of the conversation's two participants; null for anyone else, a forged or a malformed id. */
export async function readAttachment(profileId: string, conversationId: string, attachmentId: string): Promise<{ bytes: Uint8Array; fileName: string; contentType: AttachmentType } | null> {
  if (!isUuid(conversationId) || !isUuid(attachmentId)) return null
  const [row] = await getDb()
    .select({ storageKey: messageAttachments.storageKey, fileName: messageAttachments.fileName, contentType: messageAttachments.contentType })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messageAttachments.id, attachmentId.toLowerCase()),
        eq(conversations.id, conversationId.toLowerCase()),
        or(eq(conversations.buyerId, profileId), eq(conversations.sellerId, profileId)),
      ),
    )
  if (!row) return null
  const file = await getStorage().get(row.storageKey)
  if (!file) return null
  return { bytes: file.bytes, fileName: row.fileName, contentType: row.contentType as AttachmentType }
}
