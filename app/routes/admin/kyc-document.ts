import type { Route } from './+types/kyc-document'
import { STORED_FILE_CSP } from '~/lib/document-headers'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { recordKycDocumentView } from '~/modules/admin/commands.server'
import { openKycDocumentLink } from '~/modules/admin/queries.server'
import { requireAdmin } from '~/modules/admin/session.server'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A small translated page for a refused link (the link opens in a new tab, outside the panel's shell). */
async function refusal(request: Request, context: Route.LoaderArgs['context'], status: 403 | 404 | 410, reason: 'invalid' | 'expired' | 'notFound') {
  const i18n = await getI18n(request, context)
  const title = i18n.t('admin:kyc.document.title')
  const message = i18n.t('admin:kyc.errors.openFailed', { message: i18n.t(`admin:kyc.document.${reason}`) })
  const body = `<!doctype html><html lang="${escapeHtml(getLocale(context))}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | Setu</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p>${escapeHtml(i18n.t('admin:kyc.document.hint'))}</p></main></body></html>`
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' },
  })
}

/**
 * GET /admin/kyc/:profileId/document?expires&sig: a View KYC link. It needs both an admin session with
 * kyc:review and a signature over this profile, the document on record and the expiry (5 minutes), so
 * a link that leaks, is altered, outlives its time or names a replaced document opens nothing. Every
 * open is audited (kyc_document_view) before the bytes leave.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, 'kyc:review')
  const search = new URL(request.url).searchParams
  const opened = await openKycDocumentLink(params.profileId, search.get('expires'), search.get('sig'))
  if (opened.status === 'invalid') return refusal(request, context, 403, 'invalid')
  if (opened.status === 'expired') return refusal(request, context, 410, 'expired')
  if (opened.status === 'notFound') return refusal(request, context, 404, 'notFound')
  await recordKycDocumentView(admin, request, params.profileId.toLowerCase())
  const { document } = opened
  // Only types that were checked at upload are shown inline; anything else downloads.
  const inline = document.contentType === 'application/pdf' || document.contentType.startsWith('image/')
  return new Response(document.bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'Content-Type': document.contentType,
      'Content-Length': String(document.bytes.byteLength),
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${document.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      // Shown inline: a sandboxed document, whatever the file holds.
      'Content-Security-Policy': STORED_FILE_CSP,
    },
  })
}
