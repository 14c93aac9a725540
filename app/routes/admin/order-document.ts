import type { Route } from './+types/order-document'
import { fileRefusalText, storedFileResponse } from '~/lib/file-response.server'
import { getI18n } from '~/lib/i18next.server'
import { recordAdminAct, requireAdmin } from '~/modules/admin/index.server'
import { readDocumentForAdmin } from '~/modules/documents/index.server'

// GET /admin/orders/:id/documents/:documentId: a trade document (PDF) for an admin with documents:read
// (a dispute's papers). Every download is audited (trade_document_view) before the bytes leave.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, 'documents:read')
  const file = await readDocumentForAdmin(params.id, params.documentId)
  if (!file) return fileRefusalText((await getI18n(request, context)).t('documents:errors.notFound'), 404)
  await recordAdminAct(admin, request, { action: 'trade_document_view', target: ['trade_document', params.documentId], to: { order: params.id, number: file.number, version: file.version } })
  return storedFileResponse(file, { disposition: 'attachment', userNamed: false })
}
