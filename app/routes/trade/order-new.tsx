import { data, redirect } from 'react-router'
import type { Route } from './+types/order-new'
import { parseSubmission } from '~/lib/form'
import { readForm } from '~/lib/form.server'
import { redirectWithToast } from '~/lib/toast.server'
import { getCurrentUser, getUnverifiedEmail, throwSignInRequired } from '~/modules/accounts/index.server'
import { placeProductOrder } from '~/modules/orders/index.server'
import { PlaceOrderSchema } from '~/modules/orders'
import { isUuid } from '~/domain'

// POST /orders/new (issue 8 item 8): the product page's 'Place order' form, posted by a fetcher. A
// resource route: it answers the form's errors as data, or redirects to the new order with a toast.
/** Nothing to show here: a GET goes to the marketplace. */
export function loader() {
  return redirect('/marketplace')
}

export async function action({ request }: Route.ActionArgs) {
  const user = await getCurrentUser(request)
  if (!user) {
    if (await getUnverifiedEmail(request)) return throwSignInRequired(request)
    // A visitor is sent to sign in whatever the body holds (even none): back to the product when it names one.
    const productId = (await request.formData().catch(() => null))?.get('productId')
    const back = isUuid(productId) ? `/products/${productId.toLowerCase()}` : '/marketplace'
    return redirectWithToast(request, `/login?redirectTo=${encodeURIComponent(back)}`, { type: 'info', key: 'catalog:product.order.loginRequired' })
  }
  const form = await readForm(request)
  if (!user.profile) return data({ error: 'catalog:product.order.errors.noProfile', count: undefined }, { status: 403 })
  const parsed = parseSubmission(PlaceOrderSchema, form)
  if (!parsed.ok) {
    // The order form shows one message: the first refusal.
    const error = Object.values(parsed.fieldErrors)[0] ?? 'catalog:product.order.errors.quantity'
    // The payment terms' refusals also go to their fields (PaymentTermsFields on the order form).
    return data({ error, count: undefined, fieldErrors: parsed.fieldErrors }, { status: error.endsWith('notFound') ? 404 : 400 })
  }
  const result = await placeProductOrder(user.profile.id, parsed.value)
  if (!result.ok) return data({ error: result.error, count: result.count }, { status: result.status })
  return redirectWithToast(request, `/orders/${result.orderId}`, { type: 'success', key: 'rfqs:orders.placed' })
}
