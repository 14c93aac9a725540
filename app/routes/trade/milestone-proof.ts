import type { Route } from './+types/milestone-proof'
import { fileRefusalText, storedFileResponse } from '~/lib/file-response.server'
import { getI18n } from '~/lib/i18next.server'
import { requireUser } from '~/modules/accounts/index.server'
import { readMilestoneProofForParty } from '~/modules/payments/index.server'

// GET /orders/:id/milestones/:milestoneId/proof: a payment milestone's proof of payment, for the order's
// two parties only (anyone else, a forged or a malformed id, a milestone without a proof: 404). Always
// offered as a download, never sniffed, never cached outside the browser's private store.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const file = user.profile ? await readMilestoneProofForParty(user.profile.id, params.id, params.milestoneId) : null
  if (!file) return fileRefusalText((await getI18n(request, context)).t('payments:milestones.errors.proofNotFound'), 404)
  return storedFileResponse(file, { disposition: 'attachment', userNamed: true })
}
