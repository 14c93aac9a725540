// Serving stored files (issue 27 item 2): KYC papers, dispute evidence, message attachments. One place
// writes the headers every such answer carries and the refusals of a signed link, so the routes only
// decide who may open what.
import type { RouterContextProvider } from 'react-router'
import type { TFunction } from 'i18next'
import { STORED_FILE_CSP } from '~/lib/document-headers'
import { getI18n, getLocale } from '~/lib/i18next.server'

/**
 * A Content-Disposition header. A name the user chose goes out twice (RFC 6266): an ASCII stand-in in
 * `filename` and the UTF-8 name in `filename*`; a name of ours (kyc_document.pdf) is plain ASCII already.
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string, { userNamed }: { userNamed: boolean }): string {
  if (!userNamed) return `${type}; filename="${fileName}"`
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

export type ServedFile = { bytes: Uint8Array; contentType: string; fileName: string }

/**
 * A stored file's answer: never sniffed, no referrer, and a sandboxed document if opened inline, whatever
 * the file holds. `cacheControl` defaults to the browser's private store only.
 */
export function storedFileResponse(
  file: ServedFile,
  opts: { disposition: 'inline' | 'attachment'; userNamed: boolean; cacheControl?: string; headers?: Record<string, string> },
): Response {
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.byteLength),
      'Content-Disposition': contentDisposition(opts.disposition, file.fileName, { userNamed: opts.userNamed }),
      'Cache-Control': opts.cacheControl ?? 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy': STORED_FILE_CSP,
      ...opts.headers,
    },
  })
}

/** A short translated plain-text refusal for a file that is not there (or not the reader's). */
export function fileRefusalText(message: string, status: number, cacheControl = 'private, no-store'): Response {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': cacheControl, 'X-Content-Type-Options': 'nosniff' } })
}

/** Why a signed link opens nothing, as the link checks report it. */
export type SignedLinkFailure = 'invalid' | 'expired' | 'notFound'

const FAILURE_STATUS = { invalid: 403, expired: 410, notFound: 404 } as const

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * A small translated page for a signed link that opens nothing: 403 for a forged or altered one, 410 for
 * an expired one, 404 for a file gone. The link opens in a new tab, outside the admin panel's shell.
 */
export async function signedLinkRefusal(
  request: Request,
  context: Readonly<RouterContextProvider>,
  reason: SignedLinkFailure,
  text: (t: TFunction, reason: SignedLinkFailure) => { title: string; message: string; hint: string },
): Promise<Response> {
  const i18n = await getI18n(request, context)
  const { title, message, hint } = text(i18n.t, reason)
  const body = `<!doctype html><html lang="${escapeHtml(getLocale(context))}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | Setu</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p>${escapeHtml(hint)}</p></main></body></html>`
  return new Response(body, {
    status: FAILURE_STATUS[reason],
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' },
  })
}
