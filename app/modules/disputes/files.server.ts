// Dispute evidence (issue 10 item 7): PDF, JPEG or PNG judged by their bytes, up to 10 MB each and five
// with the opening or an answer, kept in private storage under disputes/<disputeId>/<uuid>.<ext>. The
// parties download them through /orders/:id/dispute/evidence/:evidenceId, admins through a signed link.
import { randomUUID } from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import { STORED_FILE_CSP } from '~/lib/document-headers'
import { getStorage } from '~/lib/storage.server'
import { EVIDENCE_FILES_MAX, EVIDENCE_MAX_BYTES, EVIDENCE_NAME_MAX, EVIDENCE_TYPES, type EvidenceType } from './enums'

/** A checked file, ready to store. */
export type CheckedEvidence = { bytes: Uint8Array; contentType: EvidenceType; ext: string; fileName: string }
/** A file written to storage, ready for its row. */
export type StoredEvidence = { storageKey: string; sizeBytes: number; contentType: EvidenceType; fileName: string }

export type EvidenceCheck = { ok: true; files: CheckedEvidence[] } | { ok: false; status: 400 | 413; error: string }

/** The form's file parts that hold a file (a browser sends one empty part when nothing was chosen). */
export function chosenFiles(entries: FormDataEntryValue[]): (File | Blob)[] {
  return entries.filter((v): v is File => typeof v !== 'string' && typeof (v as Blob).arrayBuffer === 'function' && (v as Blob).size > 0)
}

// Bidirectional overrides, invisible format characters, path separators and control characters would let a
// name pose as another or escape a download dialog.
const UNSAFE_NAME = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\\/:*?"<>|]/g

/** The name as shown and offered for download: last path part, safe characters, ≤255 characters, with the type's extension. */
export function sanitizeEvidenceName(raw: string, type: EvidenceType): string {
  const ext = EVIDENCE_TYPES[type]
  let name = (raw.split(/[\\/]/).pop() ?? '').replace(UNSAFE_NAME, '_').replace(/\s+/g, ' ').trim().replace(/^\.+/, '')
  const dot = name.lastIndexOf('.')
  if (!name || dot <= 0 || dot === name.length - 1) name = `${name.replace(/\.+$/, '') || 'evidence'}.${ext}`
  const chars = Array.from(name)
  if (chars.length > EVIDENCE_NAME_MAX) {
    const suffix = Array.from(name.slice(name.lastIndexOf('.')))
    name = chars.slice(0, EVIDENCE_NAME_MAX - suffix.length).join('') + suffix.join('')
  }
  return name
}

/** A name with an extension must carry the extension of what the bytes are (a ".pdf" that is a PNG is refused). */
function nameMatchesType(fileName: string, type: EvidenceType): boolean {
  const dot = fileName.lastIndexOf('.')
  if (dot <= 0 || dot === fileName.length - 1) return true
  const ext = fileName.slice(dot + 1).toLowerCase()
  return (ext === 'jpeg' ? 'jpg' : ext) === EVIDENCE_TYPES[type]
}

const e = (key: string) => `disputes:errors.${key}`

/** Checks the chosen files: at most five, each ≤10 MB and a PDF, JPEG or PNG by its bytes; the client's type is never trusted. */
export async function checkEvidence(files: (File | Blob)[]): Promise<EvidenceCheck> {
  if (files.length > EVIDENCE_FILES_MAX) return { ok: false, status: 400, error: e('tooManyFiles') }
  const out: CheckedEvidence[] = []
  for (const file of files) {
    if (file.size > EVIDENCE_MAX_BYTES) return { ok: false, status: 413, error: e('fileTooLarge') }
    const bytes = new Uint8Array(await file.arrayBuffer())
    if (bytes.byteLength === 0) continue
    if (bytes.byteLength > EVIDENCE_MAX_BYTES) return { ok: false, status: 413, error: e('fileTooLarge') }
    let detected: { mime: string } | undefined
    try {
      detected = await fileTypeFromBuffer(bytes)
    } catch {
      detected = undefined // a malformed file the detector chokes on is simply not an allowed type
    }
    const type = detected && detected.mime in EVIDENCE_TYPES ? (detected.mime as EvidenceType) : null
    if (!type) return { ok: false, status: 400, error: e('fileType') }
    const name = typeof (file as File).name === 'string' ? (file as File).name : ''
    if (!nameMatchesType(name, type)) return { ok: false, status: 400, error: e('fileType') }
    out.push({ bytes, contentType: type, ext: EVIDENCE_TYPES[type], fileName: sanitizeEvidenceName(name, type) })
  }
  return { ok: true, files: out }
}

/** Writes the files to private storage before the act's transaction; on a failure removes what was written. */
export async function storeEvidence(disputeId: string, files: CheckedEvidence[]): Promise<StoredEvidence[]> {
  const storage = getStorage()
  const stored: StoredEvidence[] = []
  try {
    for (const f of files) {
      const storageKey = `disputes/${disputeId}/${randomUUID()}.${f.ext}`
      await storage.put(storageKey, f.bytes, { contentType: f.contentType })
      stored.push({ storageKey, sizeBytes: f.bytes.byteLength, contentType: f.contentType, fileName: f.fileName })
    }
    return stored
  } catch (err) {
    await deleteEvidence(stored)
    throw err
  }
}

/** Removes files whose act was refused or failed. */
export async function deleteEvidence(stored: { storageKey: string }[]): Promise<void> {
  const storage = getStorage()
  await Promise.all(
    stored.map((s) =>
      storage.delete(s.storageKey).catch((err: unknown) => {
        console.error('[disputes] could not remove unused evidence', s.storageKey, err)
      }),
    ),
  )
}

/** The stored bytes of an evidence file, or null when it is gone. */
export async function readEvidenceBytes(storageKey: string): Promise<Uint8Array | null> {
  const file = await getStorage().get(storageKey)
  return file?.bytes ?? null
}

/** A Content-Disposition header offering the file for download under its name (RFC 6266, UTF-8 name in filename*). */
export function evidenceDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

/** The headers every evidence download carries: a download, never sniffed, never cached outside the browser's private store. */
export function evidenceHeaders(file: { fileName: string; contentType: string; size: number }): HeadersInit {
  return {
    'Content-Type': file.contentType,
    'Content-Length': String(file.size),
    'Content-Disposition': evidenceDisposition(file.fileName),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy': STORED_FILE_CSP,
    'Referrer-Policy': 'no-referrer',
  }
}
