import type { Route } from './+types/dispute-evidence'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { requireAdmin } from '~/modules/admin/session.server'
import { recordEvidenceView } from '~/modules/disputes/commands.server'
import { evidenceHeaders } from '~/modules/disputes/files.server'
import { openEvidenceLink } from '~/modules/disputes/queries.server'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A small translated page for a refused link (the link opens in a new tab, outside the panel's shell). */
async function refusal(request: Request, context: Route.LoaderArgs['context'], status: 403 | 404 | 410, reason: 'invalid' | 'expired' | 'notFound') {
  const i18n = await getI18n(request, context)
  const title = i18n.t('adminDisputes:evidence.title')
  const message = i18n.t(`adminDisputes:evidence.${reason}`)
  const body = `<!doctype html><html lang="${escapeHtml(getLocale(context))}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | Setu</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p>${escapeHtml(i18n.t('adminDisputes:evidence.hint'))}</p></main></body></html>`
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' },
  })
}

/**
 * GET /admin/disputes/:id/evidence/:evidenceId?expires&sig: an evidence file for a moderator. It needs an
 * admin session with dispute:resolve and a signature over this evidence, this admin session, the stored
 * file and the expiry (5 minutes): a leaked, altered, expired or another session's link opens nothing.
 * Every open is audited (dispute_evidence_view) before the bytes leave; always a download.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, 'dispute:resolve')
  const search = new URL(request.url).searchParams
  const opened = await openEvidenceLink(params.id, params.evidenceId, admin.sessionId, search.get('expires'), search.get('sig'))
  if (opened.status === 'invalid') return refusal(request, context, 403, 'invalid')
  if (opened.status === 'expired') return refusal(request, context, 410, 'expired')
  if (opened.status === 'notFound') return refusal(request, context, 404, 'notFound')
  await recordEvidenceView(admin, request, params.id, params.evidenceId)
  const { file } = opened
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, { headers: evidenceHeaders({ fileName: file.fileName, contentType: file.contentType, size: file.bytes.byteLength }) })
}
