import { redirect } from 'react-router'
import type { Route } from './+types/currency'
import { isCurrency } from '~/domain'
import { readForm } from '~/lib/form.server'
import { serializeCurrencyCookie } from '~/lib/reader-currency'
import { safeRedirect } from '~/lib/safe-redirect'
import { redirectWithToast } from '~/lib/toast.server'
import { getCurrentUser, setPreferredCurrency } from '~/modules/accounts/index.server'

// POST /currency (issue 28 item 4): the header's currency menu. Everyone's pick is kept in a cookie (a
// visitor's public pages are cached per currency); a signed-in user's is saved to their profile too.
// Back to the page it was made on.

/** Nothing to show here. */
export function loader() {
  return redirect('/')
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request)
  const back = safeRedirect(form.get('redirectTo'), '/')
  const currency = form.get('currency')
  if (!isCurrency(currency)) return redirectWithToast(request, back, { type: 'error', key: 'common:currency.invalid' })
  const user = await getCurrentUser(request)
  if (user?.profile) await setPreferredCurrency(user.id, currency)
  const headers = new Headers({ 'Set-Cookie': serializeCurrencyCookie(currency, /^https:\/\//i.test(process.env.APP_URL ?? '')) })
  return redirect(back, { headers })
}
