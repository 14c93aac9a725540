import type { Route } from './+types/dispute-evidence'
import { getI18n } from '~/lib/i18next.server'
import { requireUser } from '~/modules/accounts/session.server'
import { evidenceHeaders } from '~/modules/disputes/files.server'
import { readEvidenceForParty } from '~/modules/disputes/queries.server'

// GET /orders/:id/dispute/evidence/:evidenceId: a dispute's evidence file, for the order's two parties only
// (anyone else, a forged or a malformed id: 404; admins open evidence through their own signed links).
// Always offered as a download, never sniffed, never cached outside the browser's private store.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const file = user.profile ? await readEvidenceForParty(user.profile.id, params.id, params.evidenceId) : null
  if (!file) {
    const i18n = await getI18n(request, context)
    return new Response(i18n.t('disputes:errors.evidenceNotFound'), {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' },
    })
  }
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, { headers: evidenceHeaders({ fileName: file.fileName, contentType: file.contentType, size: file.bytes.byteLength }) })
}
