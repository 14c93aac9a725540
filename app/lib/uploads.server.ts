// The one upload pipeline (issue 27 item 2, ADR 025): read a form body under a cap, then check the files
// against their rule (app/domain/uploads.ts): count, size, type by the bytes (never the client's type),
// name against type, and the safe name they are kept under. Also stores checked files and removes them.
import { randomUUID } from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import { FILE_TYPES, nameMatchesType, STORED_NAME_MAX, type FileMime, type StoredExtension, type UploadRule } from '~/domain/uploads'
import { getStorage } from '~/lib/storage.server'

export type LimitedFormData = { ok: true; formData: FormData } | { ok: false; reason: 'tooLarge' | 'malformed' }

/**
 * Reads a form body, giving up as soon as it exceeds `maxBytes`, so an oversized upload is refused
 * without being buffered whole. Malformed bodies are reported instead of throwing.
 */
export async function readFormDataWithLimit(request: Request, maxBytes: number): Promise<LimitedFormData> {
  const declared = Number(request.headers.get('Content-Length') ?? '')
  // Over-long bodies are left unread rather than cancelled: the server drains what is left after the
  // answer (so the browser sees it), and cancelling undici's own request streams rejects inside undici.
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, reason: 'tooLarge' }
  const chunks: Uint8Array[] = []
  let total = 0
  if (request.body) {
    const reader = request.body.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        total += value.byteLength
        if (total > maxBytes) {
          reader.releaseLock()
          return { ok: false, reason: 'tooLarge' }
        }
        chunks.push(value)
      }
    } catch {
      return { ok: false, reason: 'malformed' }
    }
  }
  const body = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  const headers = new Headers()
  const contentType = request.headers.get('Content-Type')
  if (contentType) headers.set('Content-Type', contentType)
  try {
    const formData = await new Request(request.url, { method: 'POST', headers, body }).formData()
    return { ok: true, formData }
  } catch {
    return { ok: false, reason: 'malformed' }
  }
}

/** Reads an upload form under its rule's body cap (the same cap bodyLimits gives the route). */
export function readUploadForm(request: Request, rule: UploadRule): Promise<LimitedFormData> {
  return readFormDataWithLimit(request, rule.maxRequestBytes)
}

/** A file that passed its rule, ready to store. `fileName` is the safe name (unused where the rule keeps no name). */
export type CheckedUpload<M extends FileMime = FileMime> = { bytes: Uint8Array; mime: M; ext: StoredExtension<M>; fileName: string }
/** Why an upload was refused: a translation key, and 413 for a file over its size, else 400. */
export type UploadRefusal = { ok: false; error: string; status: 400 | 413 }

const isBlob = (v: unknown): v is Blob => !!v && typeof v === 'object' && typeof (v as Blob).arrayBuffer === 'function' && typeof (v as Blob).size === 'number'

/** The form's file parts that hold a file (a browser sends one empty part when nothing was chosen). */
export function chosenFiles(entries: readonly unknown[]): Blob[] {
  return entries.filter((v): v is Blob => isBlob(v) && v.size > 0)
}

// Bidirectional overrides, invisible format characters and the like would let a name pose as another
// ("invoice‮fdp.exe"); path separators and control characters have no place in a file name either.
const UNSAFE_NAME = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\\/:*?"<>|]/g

/** The name a file is shown and offered for download under: its last path part, without unsafe characters, at most 255 characters, with the type's extension when it had none. */
export function safeFileName(raw: string, type: FileMime, fallback: string): string {
  const ext = FILE_TYPES[type][0]
  let name = (raw.split(/[\\/]/).pop() ?? '').replace(UNSAFE_NAME, '_').replace(/\s+/g, ' ').trim().replace(/^\.+/, '')
  const dot = name.lastIndexOf('.')
  if (!name || dot <= 0 || dot === name.length - 1) name = `${name.replace(/\.+$/, '') || fallback}.${ext}`
  const chars = Array.from(name)
  if (chars.length > STORED_NAME_MAX) {
    const suffix = Array.from(name.slice(name.lastIndexOf('.')))
    name = chars.slice(0, STORED_NAME_MAX - suffix.length).join('') + suffix.join('')
  }
  return name
}

/** What the bytes say the file is, or undefined when the detector knows nothing (SVG, text) or chokes on it. */
async function sniff(bytes: Uint8Array): Promise<string | undefined> {
  try {
    return (await fileTypeFromBuffer(bytes))?.mime
  } catch {
    return undefined // a malformed file the detector chokes on is simply not an allowed type
  }
}

// Control characters other than tab, line feed and carriage return; text files never hold them.
const BINARY_BYTE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** Whether bytes are UTF-8 text (a byte order mark allowed) without control characters: a text file, not a binary one renamed. */
export function isPlainText(bytes: Uint8Array): boolean {
  try {
    return !BINARY_BYTE.test(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    return false
  }
}

const refuse = (error: string, status: 400 | 413 = 400): UploadRefusal => ({ ok: false, error, status })

/**
 * Checks the files of one request against their rule: no more than `maxCount` with the `listed` ones
 * the form already holds, one at least when the rule requires it, each at most `maxBytes`, one of the
 * rule's types by its bytes and, where names are kept, named as what it is. Nothing is trusted from the
 * client but the bytes.
 */
export async function checkUploads<M extends FileMime>(rule: UploadRule<M>, entries: readonly unknown[], { listed = 0 } = {}): Promise<{ ok: true; files: CheckedUpload<M>[] } | UploadRefusal> {
  const files = chosenFiles(entries)
  if (listed + Math.max(files.length, rule.errors.missing ? 1 : 0) > rule.maxCount) return refuse(rule.errors.tooMany ?? rule.errors.invalidType)
  const out: CheckedUpload<M>[] = []
  for (const file of files) {
    if (file.size > rule.maxBytes) return refuse(rule.errors.tooLarge, 413)
    const bytes = new Uint8Array(await file.arrayBuffer())
    if (bytes.byteLength === 0) continue
    if (bytes.byteLength > rule.maxBytes) return refuse(rule.errors.tooLarge, 413)
    // Text has no signature: where the rule takes CSV, bytes that are plain UTF-8 text are CSV.
    const detected = (await sniff(bytes)) ?? ((rule.types as readonly string[]).includes('text/csv') && isPlainText(bytes) ? 'text/csv' : undefined)
    const mime = (rule.types as readonly string[]).includes(detected ?? '') ? (detected as M) : null
    if (!mime) return refuse(rule.errors.invalidType)
    const name = typeof (file as File).name === 'string' ? (file as File).name : ''
    if (rule.keptName && !nameMatchesType(name, mime)) return refuse(rule.errors.nameMismatch ?? rule.errors.invalidType)
    out.push({ bytes, mime, ext: FILE_TYPES[mime][0] as StoredExtension<M>, fileName: safeFileName(name, mime, rule.keptName?.fallback ?? 'file') })
  }
  if (out.length === 0 && rule.errors.missing) return refuse(rule.errors.missing)
  return { ok: true, files: out }
}

/** Checks the one file a one-file form sends (its first part in the rule's field); see checkUploads. */
export async function checkUpload<M extends FileMime>(rule: UploadRule<M>, entry: unknown, opts: { listed?: number } = {}): Promise<{ ok: true; file: CheckedUpload<M> } | UploadRefusal> {
  const checked = await checkUploads(rule, [entry], opts)
  if (!checked.ok) return checked
  const [file] = checked.files
  return file ? { ok: true, file } : refuse(rule.errors.missing ?? rule.errors.invalidType)
}

/** A file written to storage, ready for its row. */
export type StoredUpload<M extends FileMime = FileMime> = { storageKey: string; sizeBytes: number; contentType: M; fileName: string }

/** Writes checked files to private storage under `folder/<uuid>.<ext>` (before the caller's transaction); on a failure removes what was written. */
export async function storeUploads<M extends FileMime>(folder: string, files: readonly CheckedUpload<M>[]): Promise<StoredUpload<M>[]> {
  const storage = getStorage()
  const stored: StoredUpload<M>[] = []
  try {
    for (const f of files) {
      const storageKey = `${folder}/${randomUUID()}.${f.ext}`
      await storage.put(storageKey, f.bytes, { contentType: f.mime })
      stored.push({ storageKey, sizeBytes: f.bytes.byteLength, contentType: f.mime, fileName: f.fileName })
    }
    return stored
  } catch (err) {
    await deleteUploads(stored)
    throw err
  }
}

/** Removes stored files whose row was never written (refused, a duplicate, or its transaction failed). */
export async function deleteUploads(stored: readonly { storageKey: string }[]): Promise<void> {
  const storage = getStorage()
  await Promise.all(
    stored.map((s) =>
      storage.delete(s.storageKey).catch((err: unknown) => {
        console.error('[uploads] could not remove an unused file', s.storageKey, err)
      }),
    ),
  )
}
