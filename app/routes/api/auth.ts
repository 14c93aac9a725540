import { data } from 'react-router'
import type { Route } from './+types/auth'
import { getAuth } from '~/lib/auth.server'

// better-auth's HTTP API (/api/auth/*) stays closed: our pages call better-auth on the server
// (modules/accounts: sign-up, sign-in and resend through its handler in-process, the rest through
// auth.api), and the emails link to our own pages (/verify-email, /reset-password), so no browser
// needs this API. Anything not listed here answers the site's 404; in particular get-session never
// hands page scripts the session token. Add 'METHOD /path' (relative to /api/auth) with a test to
// open an endpoint.
const PUBLIC_AUTH_ENDPOINTS: ReadonlySet<string> = new Set<string>([])

function handle(request: Request) {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, '')
  if (!PUBLIC_AUTH_ENDPOINTS.has(`${request.method} ${path}`)) throw data(null, { status: 404 })
  return getAuth().handler(request)
}

export async function loader({ request }: Route.LoaderArgs) {
  return handle(request)
}

export async function action({ request }: Route.ActionArgs) {
  return handle(request)
}

// A component makes this a page route, so the 404 is the translated page of the root error boundary.
export default function AuthApiNotFound() {
  return null
}
