import type { Route } from './+types/dispute-proof'
import { signedLinkRefusal, storedFileResponse } from '~/lib/file-response.server'
import { recordAdminAct, requireAdmin } from '~/modules/admin/index.server'
import { openProofLink } from '~/modules/payments/index.server'

/**
 * GET /admin/disputes/:id/proofs/:milestoneId?expires&sig: a milestone's proof of payment (issue 29 item 6)
 * for a moderator of the order's dispute. It needs an admin session with dispute:resolve and a signature
 * over this milestone, this admin session, the proof on record and the expiry (5 minutes): a leaked,
 * altered, expired, replaced or another session's link opens nothing. Every open is audited
 * (payment_proof_view: who, which proof) before the bytes leave; always a download.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, 'dispute:resolve')
  const search = new URL(request.url).searchParams
  const opened = await openProofLink(params.id, params.milestoneId, admin.sessionId, search.get('expires'), search.get('sig'))
  if (opened.status !== 'ok') {
    return signedLinkRefusal(request, context, opened.status, (t, reason) => ({
      title: t('adminDisputes:proof.title'),
      message: t(`adminDisputes:evidence.${reason}`),
      hint: t('adminDisputes:evidence.hint'),
    }))
  }
  const { file } = opened
  await recordAdminAct(admin, request, {
    action: 'payment_proof_view',
    target: ['order_milestone', params.milestoneId.toLowerCase()],
    to: { dispute: params.id.toLowerCase(), order: file.orderId, position: file.position, file_name: file.fileName, access: 'signed_url' },
  })
  return storedFileResponse(file, { disposition: 'attachment', userNamed: true })
}
