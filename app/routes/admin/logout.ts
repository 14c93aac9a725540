import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { getCurrentAdmin, signOutAdmin } from '~/modules/admin/index.server'

// Signing out changes state, so only POST does it; a GET goes back to the panel (or its login).
export function loader() {
  return redirect('/admin/dashboard')
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await getCurrentAdmin(request)
  if (!admin) return redirect('/admin/login')
  const headers = await signOutAdmin(request, admin)
  return redirect('/admin/login', { headers })
}
