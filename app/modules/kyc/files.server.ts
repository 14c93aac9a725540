import { fileTypeFromBuffer } from 'file-type'
import { KYC_MAX_BYTES, type KycErrorKey, type KycExtension } from './schemas'

/** What the file's bytes say it is, mapped to the extension we store it under. */
const ALLOWED: Record<string, KycExtension> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
}

export type KycFileCheck =
  | { ok: true; ext: KycExtension; mime: string; bytes: Uint8Array }
  | { ok: false; messageKey: KycErrorKey }

/**
 * Checks an uploaded KYC document (spec §5): present and non-empty, at most 5 MB, and a PDF, JPEG
 * or PNG judged by its bytes. The client's file name and type are never trusted.
 */
export async function validateKycFile(file: File | FormDataEntryValue | null | undefined): Promise<KycFileCheck> {
  if (!file || typeof file === 'string' || typeof (file as Blob).arrayBuffer !== 'function') {
    return { ok: false, messageKey: 'kyc:errors.required' }
  }
  // An empty file is what a browser sends when nothing was chosen.
  if (file.size === 0) return { ok: false, messageKey: 'kyc:errors.required' }
  if (file.size > KYC_MAX_BYTES) return { ok: false, messageKey: 'kyc:errors.tooLarge' }
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (bytes.byteLength === 0) return { ok: false, messageKey: 'kyc:errors.required' }
  if (bytes.byteLength > KYC_MAX_BYTES) return { ok: false, messageKey: 'kyc:errors.tooLarge' }
  let detected: { mime: string } | undefined
  try {
    detected = await fileTypeFromBuffer(bytes)
  } catch {
    detected = undefined // a malformed file the detector chokes on is simply not an allowed type
  }
  const ext = detected ? ALLOWED[detected.mime] : undefined
  if (!detected || !ext) return { ok: false, messageKey: 'kyc:errors.invalidType' }
  return { ok: true, ext, mime: detected.mime, bytes }
}

/** Upper bound for a whole multipart request carrying one KYC document plus a few small fields. */
export const KYC_MAX_REQUEST_BYTES = KYC_MAX_BYTES + 64 * 1024

export type LimitedFormData = { ok: true; formData: FormData } | { ok: false; reason: 'tooLarge' | 'malformed' }

/**
 * Reads a form body, giving up as soon as it exceeds `maxBytes`, so an oversized upload is refused
 * without being buffered whole. Malformed bodies are reported instead of throwing.
 */
export async function readFormDataWithLimit(request: Request, maxBytes = KYC_MAX_REQUEST_BYTES): Promise<LimitedFormData> {
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
