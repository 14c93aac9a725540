import type { Route } from './+types/auth'
import { getAuth } from '~/lib/auth.server'

// better-auth's own HTTP API (/api/auth/*), with its rate limits and origin checks. The pages use it
// through the accounts module. Its email and account-status hooks are registered by
// modules/accounts/auth-hooks.server.ts, which the root layout loads (via session.server.ts).
export async function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request)
}

export async function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request)
}
