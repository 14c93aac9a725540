// Message attachments (issue 9 item 3): PDF, JPEG or PNG judged by their bytes, up to 10 MB each and five
// a message, kept in private storage under messages/<conversationId>/<uuid>.<ext>, opened only by the two
// participants through /messages/:conversationId/attachments/:attachmentId.
import { randomUUID } from 'node:crypto'
import { and, eq, or } from 'drizzle-orm'
import { fileTypeFromBuffer } from 'file-type'
import { conversations, messageAttachments, messages } from '../../../db/schema'
import { getDb } from '~/lib/db.server'
import { getStorage } from '~/lib/storage.server'
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_NAME_MAX, ATTACHMENT_TYPES, ATTACHMENTS_MAX, type AttachmentType } from './enums'
import { fileNameMatchesType } from './policy'
import { isUuid } from './schemas'

/** A checked file, ready to store. */
export type CheckedAttachment = { bytes: Uint8Array; contentType: AttachmentType; ext: string; fileName: string }
/** A file written to storage, ready for its row. */
export type StoredAttachment = Omit<CheckedAttachment, 'bytes'> & { storageKey: string; sizeBytes: number }

export type AttachmentCheck = { ok: true; files: CheckedAttachment[] } | { ok: false; status: 400 | 413; error: string }

/** The form's file parts that hold a file (a browser sends one empty part when nothing was chosen). */
export function chosenFiles(entries: FormDataEntryValue[]): (File | Blob)[] {
  return entries.filter((v): v is File => typeof v !== 'string' && typeof (v as Blob).arrayBuffer === 'function' && (v as Blob).size > 0)
}

// Bidirectional overrides, invisible format characters and the like would let a name pose as another
// ("invoice‮fdp.exe"); path separators and control characters have no place in a file name either.
const UNSAFE_NAME = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\\/:*?"<>|]/g

/** The file's name as shown and offered for download: its last path part, without unsafe characters, at most 255 characters, with the type's extension when it had none. */
export function sanitizeFileName(raw: string, type: AttachmentType): string {
  const ext = ATTACHMENT_TYPES[type]
  const base = raw.split(/[\\/]/).pop() ?? ''
  let name = base.replace(UNSAFE_NAME, '_').replace(/\s+/g, ' ').trim().replace(/^\.+/, '')
  const dot = name.lastIndexOf('.')
  if (!name || dot <= 0 || dot === name.length - 1) name = `${name.replace(/\.+$/, '') || 'attachment'}.${ext}`
  const chars = Array.from(name)
  if (chars.length > ATTACHMENT_NAME_MAX) {
    const suffix = Array.from(name.slice(name.lastIndexOf('.')))
    name = chars.slice(0, ATTACHMENT_NAME_MAX - suffix.length).join('') + suffix.join('')
  }
  return name
}

/**
 * Checks the chosen files: at most five, each non-empty, at most 10 MB, a PDF, JPEG or PNG by its bytes,
 * and named as what it is (a ".pdf" that is really a PNG is refused). The client's type is never trusted.
 */
export async function checkAttachments(files: (File | Blob)[]): Promise<AttachmentCheck> {
  if (files.length > ATTACHMENTS_MAX) return { ok: false, status: 400, error: 'messages:errors.tooManyFiles' }
  const out: CheckedAttachment[] = []
  for (const file of files) {
    const name = typeof (file as File).name === 'string' ? (file as File).name : ''
    if (file.size > ATTACHMENT_MAX_BYTES) return { ok: false, status: 413, error: 'messages:errors.fileTooLarge' }
    const bytes = new Uint8Array(await file.arrayBuffer())
    if (bytes.byteLength === 0) continue
    if (bytes.byteLength > ATTACHMENT_MAX_BYTES) return { ok: false, status: 413, error: 'messages:errors.fileTooLarge' }
    let detected: { mime: string } | undefined
    try {
      detected = await fileTypeFromBuffer(bytes)
    } catch {
      detected = undefined // a malformed file the detector chokes on is simply not an allowed type
    }
    const type = detected && detected.mime in ATTACHMENT_TYPES ? (detected.mime as AttachmentType) : null
    if (!type) return { ok: false, status: 400, error: 'messages:errors.fileType' }
    if (!fileNameMatchesType(name, type)) return { ok: false, status: 400, error: 'messages:errors.fileNameMismatch' }
    out.push({ bytes, contentType: type, ext: ATTACHMENT_TYPES[type], fileName: sanitizeFileName(name, type) })
  }
  return { ok: true, files: out }
}

/** Writes the files to private storage (before the message's transaction); on a failure removes what was written. */
export async function storeAttachments(conversationId: string, files: CheckedAttachment[]): Promise<StoredAttachment[]> {
  const storage = getStorage()
  const stored: StoredAttachment[] = []
  try {
    for (const f of files) {
      const storageKey = `messages/${conversationId}/${randomUUID()}.${f.ext}`
      await storage.put(storageKey, f.bytes, { contentType: f.contentType })
      stored.push({ storageKey, sizeBytes: f.bytes.byteLength, contentType: f.contentType, ext: f.ext, fileName: f.fileName })
    }
    return stored
  } catch (err) {
    await deleteStoredAttachments(stored)
    throw err
  }
}

/** Removes files whose message was never stored (refused, a duplicate, or its transaction failed). */
export async function deleteStoredAttachments(stored: { storageKey: string }[]): Promise<void> {
  const storage = getStorage()
  await Promise.all(
    stored.map((s) =>
      storage.delete(s.storageKey).catch((err: unknown) => {
        console.error('[messaging] could not remove an unused attachment', s.storageKey, err)
      }),
    ),
  )
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

/** A Content-Disposition header offering the file for download under its name (RFC 6266, UTF-8 name in filename*). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
