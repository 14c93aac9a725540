import { useTranslation } from 'react-i18next'
import type { Route } from './+types/orders'
import { PageHeader } from '~/components/page-header'
import { PagedList } from '~/components/paged-list'
import type { Language } from '~/lib/i18n'
import { getI18n, getLocale } from '~/lib/i18next.server'
import { publicOrigin } from '~/lib/origin.server'
import { noindexMeta } from '~/lib/noindex-meta'
import { requireUser } from '~/modules/accounts/index.server'
import { Pagination } from '~/modules/catalog'
import { OrderTable } from '~/modules/orders'
import { listOrders } from '~/modules/orders/index.server'
import { parseOrderListPage } from '~/modules/rfqs'

// My orders (issue 8 items 7 and 8): the orders the signed-in user placed as a buyer, by accepting quotes or from a product page.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const i18n = await getI18n(request, context)
  const seo = { locale: getLocale(context) as Language, origin: publicOrigin(request), title: i18n.t('rfqs:orders.title'), description: i18n.t('rfqs:orders.description') }
  // Without a profile the layout shows the profile form in place of this page.
  if (!user.profile) return { ...seo, list: null }
  return { ...seo, list: await listOrders(user.profile.id, 'buyer', parseOrderListPage(new URL(request.url).searchParams), seo.locale) }
}

export const meta: Route.MetaFunction = noindexMeta('/orders')

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('rfqs')
  const { list } = loaderData
  if (!list) return null
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-10">
      <PageHeader title={t('orders.title')} description={t('orders.description')} />
      <PagedList
        isEmpty={list.items.length === 0}
        empty={t('orders.empty')}
        pagination={<Pagination page={list.page} totalPages={list.pageCount} hrefFor={(page) => (page > 1 ? `/orders?page=${page}` : '/orders')} />}
      >
        <OrderTable items={list.items} side="buyer" />
      </PagedList>
    </div>
  )
}
