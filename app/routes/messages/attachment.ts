import type { Route } from './+types/attachment'
import { fileRefusalText, storedFileResponse } from '~/lib/file-response.server'
import { getI18n } from '~/lib/i18next.server'
import { requireUser } from '~/modules/accounts/index.server'
import { readAttachment } from '~/modules/messaging/index.server'

// GET /messages/:conversationId/attachments/:attachmentId: a file of a message, for the conversation's two
// participants only (anyone else, a forged or a malformed id: 404). Always offered as a download, with
// nosniff and never cached outside the browser's private store.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const file = user.profile ? await readAttachment(user.profile.id, params.conversationId, params.attachmentId) : null
  if (!file) return fileRefusalText((await getI18n(request, context)).t('messages:errors.attachmentNotFound'), 404)
  return storedFileResponse(file, { disposition: 'attachment', userNamed: true })
}
