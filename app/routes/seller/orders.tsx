import type { Route } from './+types/orders'
import { ComingTab } from '~/modules/products/components/coming-tab'
import { sellerGate } from '~/modules/products/seller.server'

// The seller dashboard's orders tab (spec §2). Its data arrives with a later issue; until then the tab
// says what will appear here. The layout shows the gate to non-sellers.
export async function loader({ request }: Route.LoaderArgs) {
  const gate = await sellerGate(request)
  return { seller: gate.state === 'seller' }
}

export default function SellerTab({ loaderData }: Route.ComponentProps) {
  return loaderData.seller ? <ComingTab tab="orders" /> : null
}
