import { redirect } from 'react-router'

// Spec §1: /admin goes to the dashboard (whose guard sends visitors to /admin/login).
export function loader() {
  return redirect('/admin/dashboard')
}
