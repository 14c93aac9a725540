import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/orders'
import { PagedList } from '~/components/paged-list'
import { parseSubmission } from '~/lib/form'
import { readForm } from '~/lib/form.server'
import type { Language } from '~/lib/i18n'
import { getLocale } from '~/lib/i18next.server'
import { redirectWithToast } from '~/lib/toast.server'
import { Pagination } from '~/modules/catalog'
import { changeOrderStatus, listOrders } from '~/modules/orders/index.server'
import { OrderStatusInListSchema, OrderTable } from '~/modules/orders'
import { requireSeller, sellerGate } from '~/modules/products/index.server'
import { parseOrderListPage } from '~/modules/rfqs'

// The seller dashboard's orders tab (spec §2, issue 8 items 7 and 9): orders made when a buyer accepted
// the seller's quote (or the seller accepted a counter), newest first, paginated on the server, each
// with the status dialog. The layout shows the gate to non-sellers.
export async function loader({ request, context }: Route.LoaderArgs) {
  const gate = await sellerGate(request)
  if (gate.state !== 'seller') return { list: null }
  return { list: await listOrders(gate.seller.id, 'seller', parseOrderListPage(new URL(request.url).searchParams), getLocale(context) as Language) }
}

/** The status dialog: another seller's order (or a forged id) is the 404 page; refusals write nothing. */
export async function action({ request }: Route.ActionArgs) {
  const seller = await requireSeller(request)
  const form = await readForm(request)
  if (form.get('intent') !== 'status') return data({ formError: 'rfqs:errors.unknownAction' }, { status: 400 })
  const parsed = parseSubmission(OrderStatusInListSchema, form)
  if (!parsed.ok) {
    if (parsed.fieldErrors.orderId) throw data(null, { status: 404 })
    return data({ formError: parsed.fieldErrors.status ?? parsed.fieldErrors.note ?? 'rfqs:orders.errors.status' }, { status: 400 })
  }
  const result = await changeOrderStatus(seller.id, parsed.value.orderId, parsed.value.status, parsed.value.note, 'seller')
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404 })
    return data({ formError: result.error }, { status: result.status })
  }
  const page = parseOrderListPage(new URL(request.url).searchParams)
  return redirectWithToast(request, page > 1 ? `/dashboard/orders?page=${page}` : '/dashboard/orders', { type: 'success', key: 'rfqs:orders.updated' })
}

export default function SellerOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('rfqs')
  const { list } = loaderData
  if (!list) return null
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">{t('orders.sellerTitle')}</h2>
      <PagedList
        error={actionData?.formError ? t(actionData.formError) : undefined}
        isEmpty={list.items.length === 0}
        empty={t('orders.sellerEmpty')}
        pagination={<Pagination page={list.page} totalPages={list.pageCount} hrefFor={(page) => (page > 1 ? `/dashboard/orders?page=${page}` : '/dashboard/orders')} />}
      >
        <OrderTable items={list.items} side="seller" />
      </PagedList>
    </div>
  )
}
