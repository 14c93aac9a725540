import { data } from 'react-router'
import type { Route } from './+types/not-found'
import { getI18n } from '~/lib/i18next.server'

export async function loader({ request, context }: Route.LoaderArgs) {
  const i18n = await getI18n(request, context)
  // Any unknown path: 'Page Not Found' with HTTP 404, rendered by the root error boundary.
  throw data({ title: i18n.t('common:notFound.title') }, { status: 404 })
}

export const meta: Route.MetaFunction = () => [{ title: 'Page Not Found | Setu' }, { name: 'robots', content: 'noindex' }]

export default function NotFound() {
  return null
}
