import type { Route } from './+types/sitemap'
import { publicOrigin } from '~/lib/origin.server'
import { sitemapIndexResponse } from '~/modules/catalog/index.server'

// GET /sitemap.xml: the sitemap index, pointing to /sitemaps/*.xml (ADR 017).
export async function loader({ request }: Route.LoaderArgs) {
  return sitemapIndexResponse(publicOrigin(request))
}
