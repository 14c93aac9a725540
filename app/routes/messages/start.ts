import { data, redirect } from 'react-router'
import type { Route } from './+types/start'
import { parseSubmission } from '~/lib/form'
import { readForm } from '~/lib/form.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { getCurrentUser, throwSignInRequired } from '~/modules/accounts/index.server'
import { startConversation } from '~/modules/messaging/index.server'
import { StartConversationSchema } from '~/modules/messaging'

// POST /messages/start (issue 9 item 1): every "Contact seller" and "Message" button. Opens the
// conversation between the caller and the other party of the product, RFQ, quote or order, starting it
// when there is none; someone who may not talk about it gets the 404 page, a seller about their own product 403.

/** Nothing to show here: a GET goes to the inbox. */
export function loader() {
  return redirect('/messages')
}

export async function action({ request }: Route.ActionArgs) {
  const user = await getCurrentUser(request)
  const form = await readForm(request)
  const parsed = parseSubmission(StartConversationSchema, form)
  const input = parsed.ok ? parsed.value : null
  // A visitor signs in and comes back to what they were looking at (a product page), or to the inbox;
  // an unverified session goes to verify (spec §8).
  if (!user) return throwSignInRequired(request, input?.subjectType === 'product' ? `/products/${input.subjectId}` : '/messages')
  if (!user.profile) throw data(null, { status: 403 })
  if (!input) throw data(null, { status: 404 })
  const result = await startConversation(user.profile.id, input)
  if (!result.ok) throw data(null, { status: result.status })
  return redirect(safeRedirect(`/messages/${result.id}`, '/messages'))
}
