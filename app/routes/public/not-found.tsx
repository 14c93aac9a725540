import { data } from 'react-router'

// Any unknown path answers HTTP 404; the root error boundary renders the translated page (title,
// heading, site header and footer). This route's own meta would never run, as the error bubbles to the root.
export function loader() {
  throw data(null, { status: 404 })
}

export default function NotFound() {
  return null
}
