import type { Route } from './+types/order-document'
import { fileRefusalText, storedFileResponse } from '~/lib/file-response.server'
import { getI18n } from '~/lib/i18next.server'
import { requireUser } from '~/modules/accounts/index.server'
import { readDocumentForParty } from '~/modules/documents/index.server'

// GET /orders/:id/documents/:documentId: a trade document (PDF) for the order's two parties only (anyone
// else, another order's document, a forged or a malformed id: 404; admins download through
// /admin/orders/:id/documents/:documentId). Always a download with our own file name, never sniffed.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const file = user.profile ? await readDocumentForParty(user.profile.id, params.id, params.documentId) : null
  if (!file) return fileRefusalText((await getI18n(request, context)).t('documents:errors.notFound'), 404)
  return storedFileResponse(file, { disposition: 'attachment', userNamed: false })
}
