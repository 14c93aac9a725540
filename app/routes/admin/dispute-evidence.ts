import type { Route } from './+types/dispute-evidence'
import { signedLinkRefusal, storedFileResponse } from '~/lib/file-response.server'
import { requireAdmin } from '~/modules/admin/index.server'
import { openEvidenceLink, recordEvidenceView } from '~/modules/disputes/index.server'

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
  if (opened.status !== 'ok') {
    return signedLinkRefusal(request, context, opened.status, (t, reason) => ({
      title: t('adminDisputes:evidence.title'),
      message: t(`adminDisputes:evidence.${reason}`),
      hint: t('adminDisputes:evidence.hint'),
    }))
  }
  await recordEvidenceView(admin, request, params.id, params.evidenceId)
  return storedFileResponse(opened.file, { disposition: 'attachment', userNamed: true })
}
