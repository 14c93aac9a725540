import type { Route } from './+types/kyc-document'
import { KYC_DOCUMENT } from '~/domain/uploads'
import { signedLinkRefusal, storedFileResponse } from '~/lib/file-response.server'
import { openKycDocumentLink, recordKycDocumentView, requireAdmin } from '~/modules/admin/index.server'

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
  if (opened.status !== 'ok') {
    return signedLinkRefusal(request, context, opened.status, (t, reason) => ({
      title: t('admin:kyc.document.title'),
      message: t('admin:kyc.errors.openFailed', { message: t(`admin:kyc.document.${reason}`) }),
      hint: t('admin:kyc.document.hint'),
    }))
  }
  await recordKycDocumentView(admin, request, params.profileId.toLowerCase())
  const { document } = opened
  // Only types that were checked at upload are shown inline; anything else downloads.
  const inline = (KYC_DOCUMENT.types as readonly string[]).includes(document.contentType)
  return storedFileResponse(document, { disposition: inline ? 'inline' : 'attachment', userNamed: false })
}
