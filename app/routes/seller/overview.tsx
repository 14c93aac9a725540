import type { ComponentProps } from 'react'
import type { Route } from './+types/overview'
import ProductsPage, { action, loader as productsLoader } from './products'
import { getCurrentUser } from '~/modules/accounts/index.server'
import { getBuyerOverview, type BuyerOverviewDto } from '~/modules/dashboard/index.server'
import { BuyerOverview } from '~/modules/dashboard'
import { sellerGate } from '~/modules/products/index.server'

// /dashboard, the account menu's "Dashboard": a seller's opens on My Products (spec §2: the dashboard's
// first tab); anyone else's is their buyer overview (issue 26 item 6). The actions are My Products'
// (sellers only, refused to anyone else).
export { action }

type ProductsData = Awaited<ReturnType<typeof productsLoader>>

export async function loader(args: Route.LoaderArgs): Promise<{ products: ProductsData | null; buyer: BuyerOverviewDto | null }> {
  // Visitors (and unverified or blocked sessions) go to sign in and come back.
  const gate = await sellerGate(args.request)
  if (gate.state === 'seller') return { products: await productsLoader(args as unknown as Parameters<typeof productsLoader>[0]), buyer: null }
  const user = await getCurrentUser(args.request)
  // Without a profile the layout shows the profile form in place of this page.
  return { products: null, buyer: user?.profile ? await getBuyerOverview(user.profile.id) : null }
}

export default function DashboardHome(props: Route.ComponentProps) {
  const { products, buyer } = props.loaderData
  if (products) return <ProductsPage {...(props as unknown as ComponentProps<typeof ProductsPage>)} loaderData={products} />
  return buyer ? <BuyerOverview overview={buyer} /> : null
}
