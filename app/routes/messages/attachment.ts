import type { Route } from './+types/attachment'
import { STORED_FILE_CSP } from '~/lib/document-headers'
import { getI18n } from '~/lib/i18next.server'
import { requireUser } from '~/modules/accounts/session.server'
import { attachmentDisposition, readAttachment } from '~/modules/messaging/attachments.server'

// GET /messages/:conversationId/attachments/:attachmentId: a file of a message, for the conversation's two
// participants only (anyone else, a forged or a malformed id: 404). Always offered as a download, with
// nosniff and never cached outside the browser's private store.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const file = user.profile ? await readAttachment(user.profile.id, params.conversationId, params.attachmentId) : null
  if (!file) {
    const i18n = await getI18n(request, context)
    return new Response(i18n.t('messages:errors.attachmentNotFound'), {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' },
    })
  }
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.byteLength),
      'Content-Disposition': attachmentDisposition(file.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'Content-Security-Policy': STORED_FILE_CSP,
    },
  })
}
