import type { Route } from './+types/buying'
import { requireUser } from '~/modules/accounts/index.server'
import { getBuyerOverview } from '~/modules/dashboard/index.server'
import { BuyerOverview } from '~/modules/dashboard'

// The dashboard's Buying tab (issue 26 item 6): a seller who also buys sees their buyer overview inside
// the seller workspace; for a buyer it is the same page as /dashboard.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  // Without a profile the layout shows the profile form in place of this page.
  return { overview: user.profile ? await getBuyerOverview(user.profile.id) : null }
}

export default function Buying({ loaderData }: Route.ComponentProps) {
  return loaderData.overview ? <BuyerOverview overview={loaderData.overview} /> : null
}
