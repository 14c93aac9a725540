import type { Route } from './+types/dispute-evidence'
import { fileRefusalText, storedFileResponse } from '~/lib/file-response.server'
import { getI18n } from '~/lib/i18next.server'
import { requireUser } from '~/modules/accounts/index.server'
import { readEvidenceForParty } from '~/modules/disputes/index.server'

// GET /orders/:id/dispute/evidence/:evidenceId: a dispute's evidence file, for the order's two parties only
// (anyone else, a forged or a malformed id: 404; admins open evidence through their own signed links).
// Always offered as a download, never sniffed, never cached outside the browser's private store.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const file = user.profile ? await readEvidenceForParty(user.profile.id, params.id, params.evidenceId) : null
  if (!file) return fileRefusalText((await getI18n(request, context)).t('disputes:errors.evidenceNotFound'), 404)
  return storedFileResponse(file, { disposition: 'attachment', userNamed: true })
}
