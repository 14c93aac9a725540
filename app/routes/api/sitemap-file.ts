import { data } from 'react-router'
import type { Route } from './+types/sitemap-file'
import { publicOrigin } from '~/lib/origin.server'
import { sitemapFileResponse } from '~/modules/catalog/index.server'

// GET /sitemaps/<file>.xml: one file of the sitemap index (pages, products-N, sellers-N), streamed.
export async function loader({ request, params }: Route.LoaderArgs) {
  const response = await sitemapFileResponse(publicOrigin(request), params.file)
  if (!response) throw data(null, { status: 404 })
  return response
}
