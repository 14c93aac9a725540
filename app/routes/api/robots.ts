import type { Route } from './+types/robots'
import { publicOrigin } from '~/lib/origin.server'

/** Areas behind a login or for machines: nothing there for a search engine. */
const DISALLOW = ['/dashboard', '/profile', '/kyc-upload', '/api/', '/dev/', '/admin']

export function loader({ request }: Route.LoaderArgs) {
  const body = ['User-agent: *', 'Allow: /', ...DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicOrigin(request)}/sitemap.xml`, ''].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
