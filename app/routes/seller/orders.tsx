import { useTranslation } from 'react-i18next'
import type { Route } from './+types/orders'
import { Card, CardContent } from '~/components/ui/card'
import { Pagination } from '~/modules/catalog/components/pagination'
import { OrderTable } from '~/modules/orders/components/order-list'
import { listOrders } from '~/modules/orders/queries.server'
import { sellerGate } from '~/modules/products/seller.server'
import { parseOrderListPage } from '~/modules/rfqs/schemas'

// The seller dashboard's orders tab (spec §2, issue 8 item 7): orders made when a buyer accepted the
// seller's quote (or the seller accepted a counter), newest first, paginated on the server. The layout
// shows the gate to non-sellers. Status changes come with a later issue.
export async function loader({ request }: Route.LoaderArgs) {
  const gate = await sellerGate(request)
  if (gate.state !== 'seller') return { list: null }
  return { list: await listOrders(gate.seller.id, 'seller', parseOrderListPage(new URL(request.url).searchParams)) }
}

export default function SellerOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('rfqs')
  const { list } = loaderData
  if (!list) return null
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">{t('orders.sellerTitle')}</h2>
      {list.items.length === 0 ? (
        <Card>
          <CardContent className="py-10 text-center text-muted-foreground">{t('orders.sellerEmpty')}</CardContent>
        </Card>
      ) : (
        <OrderTable items={list.items} side="seller" />
      )}
      <Pagination page={list.page} totalPages={list.pageCount} hrefFor={(page) => (page > 1 ? `/dashboard/orders?page=${page}` : '/dashboard/orders')} />
    </div>
  )
}
