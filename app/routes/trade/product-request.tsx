import { data, redirect } from 'react-router'
import { parseSubmission } from '~/lib/form'
import type { Route } from './+types/product-request'
import { readForm } from '~/lib/form.server'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { redirectWithToast } from '~/lib/toast.server'
import { limitInit } from '~/lib/rate-limit.server'
import { getCurrentUser, getUnverifiedEmail, throwSignInRequired } from '~/modules/accounts/index.server'
import { PRODUCT_REQUEST_FORM, type ProductRequestAnswer, ProductRequestSchema } from '~/modules/rfqs'
import { createProductRequest } from '~/modules/rfqs/index.server'
import { UUID_PATTERN } from '~/domain'

// POST /products/:id/request-quote (issue 8 item 2): the product page's "Request a quote" dialog,
// posted by a fetcher. A resource route: it answers the form's errors as data, or redirects to My RFQs
// with a toast. The request is an RFQ addressed to the product's seller (ADR 009).
/** Nothing to show here: a GET goes back to the product. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(UUID_PATTERN.test(params.id) ? `/products/${params.id.toLowerCase()}` : '/marketplace')
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await getCurrentUser(request)
  const back = UUID_PATTERN.test(params.id) ? `/products/${params.id.toLowerCase()}` : '/marketplace'
  // A visitor is sent to sign in whatever the body holds, and comes back to the product (an unverified session: to verify).
  if (!user && (await getUnverifiedEmail(request))) return throwSignInRequired(request)
  if (!user) return redirectWithToast(request, `/login?redirectTo=${encodeURIComponent(back)}`, { type: 'info', key: 'catalog:product.request.loginRequired' })
  const form = await readForm(request)
  if (!user.profile) return data<ProductRequestAnswer>({ formError: 'rfqs:errors.profileNotFound' }, { status: 403 })
  if (!UUID_PATTERN.test(params.id)) return data<ProductRequestAnswer>({ formError: 'rfqs:productRequest.errors.notFound' }, { status: 404 })
  const parsed = parseSubmission(ProductRequestSchema, form, PRODUCT_REQUEST_FORM)
  if (!parsed.ok) return data<ProductRequestAnswer>({ fieldErrors: parsed.fieldErrors }, { status: 400 })
  const i18n = await getI18n(request, context)
  const result = await createProductRequest(user.profile.id, params.id, parsed.value, {
    locale: getLocale(context),
    shortTitle: (name) => i18n.t('rfqs:productRequest.shortTitle', { name, interpolation: { escapeValue: false } }),
  })
  if (!result.ok) {
    // The quantity's refusal belongs to its field; the others are about the whole request.
    const answer: ProductRequestAnswer = result.error.endsWith('belowMoq') || result.error.startsWith('units:') ? { fieldErrors: { quantity: result.error }, count: result.count } : { formError: result.error }
    // Over the buyer's request limit (counted in the command): 429 with Retry-After.
    return data(answer, result.limit ? limitInit(result.limit) : { status: result.status })
  }
  return redirectWithToast(request, '/rfqs', { type: 'success', key: 'rfqs:productRequest.sent' })
}
